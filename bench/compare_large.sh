#!/bin/bash
# Large remote transfers on the emulated cluster (2 hosts x 1 PE, TCP; as root), issue 22:
# mpishmem with its default UCX TCP segment (64 KiB, set by the library) and with UCX's own
# (UCX_TCP_TX_SEG_SIZE=8k), raw MPI-3 RMA (bench/mpi_rma_bench) with both, and Open MPI's
# OSHMEM (Debian's, over UCX), alternated ROUNDS times; prints the medians of the put, put+quiet
# and get rows from 32 KiB up, and each column's ratio to the best of the row. Then the ratio
# that holds on this wire: bench/paired_bench, mpishmem and raw MPI timed pair by pair in one
# process (separate runs land in different phases of the wire: 2 MiB takes 0.4 or 1.1 ms in
# phases of about a second, raw MPI's as much as mpishmem's), median over the rounds of each
# run's median pair ratio.
#   usage: bench/compare_large.sh BUILD_DIR [ROUNDS]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
cluster="sh $here/../scripts/cluster.sh"
. "$here/compare_lib.sh"
export MPISHMEM_CLUSTER=${MPISHMEM_CLUSTER:-mpishmem-large}
out=$(mktemp -d /tmp/compare_large.XXXXXX)
trap '$cluster down >/dev/null 2>&1; rm -rf "$out"' EXIT
$cluster up 2 >/dev/null
have_oshmem=0
if [ -x /usr/bin/oshcc ] && /usr/bin/oshcc -O2 "$here/shmem_bench.c" -o "$out/shmem_bench_oshmem" 2>/dev/null; then
  have_oshmem=1
fi
run() { $cluster run -n 2 -ppn 1 "$@"; }
for r in $(seq "$rounds"); do
  run "$build/bench/paired_bench" > "$out/p.$r"
  run "$build/bench/shmem_bench" > "$out/m64.$r"
  UCX_TCP_TX_SEG_SIZE=8k run "$build/bench/shmem_bench" > "$out/m8.$r"
  run "$build/bench/mpi_rma_bench" > "$out/r8.$r"
  UCX_TCP_TX_SEG_SIZE=64k run "$build/bench/mpi_rma_bench" > "$out/r64.$r"
  if [ $have_oshmem = 1 ]; then
    MPISHMEM_CLUSTER_MPIEXEC=mpirun.openmpi OMPI_MCA_osc=ucx run "$out/shmem_bench_oshmem" \
      2>/dev/null > "$out/o.$r" || echo "# oshmem run $r failed" >&2
  fi
done
cols="m64 m8 r64 r8"
[ $have_oshmem = 1 ] && cols="$cols o"
for c in $cols; do
  compare_median "$out" $c | awk '$4 == "ns" && $2 == "heap" && $3 >= 32768 &&
    ($1 == "put" || $1 == "put+quiet" || $1 == "get") {print $1"|"$3, $5}' | sort > "$out/med_$c"
done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds; us per operation (ratio to the row's best)"
echo "# mpishmem (64 KiB segments: default) | mpishmem 8 KiB (UCX's default) | raw MPI 64 KiB | raw MPI 8 KiB | Open MPI OSHMEM"
f="$out/med_m64"
for c in m8 r64 r8 o; do [ -f "$out/med_$c" ] && { join -a1 "$f" "$out/med_$c" > "$out/j"; f="$out/j2"; cp "$out/j" "$f"; }; done
tr '|' ' ' < "$f" | sort -k1,1 -k2n | awk '{best = 0; for (i = 3; i <= NF; i++) if ($i > 0 && (best == 0 || $i < best)) best = $i
  printf "%-10s %8s", $1, $2; for (i = 3; i <= NF; i++) printf " %9.0f (%4.2f)", $i / 1000, $i / best; printf "\n"}'
echo "# paired in one process (bench/paired_bench): mpishmem / raw MPI, median pair ratio over $rounds rounds"
cat "$out"/p.* | awk '!/^#/ && $2 >= 32768 {print $1, $2, $6}' |
  awk '{k=$1" "$2; v[k]=v[k]" "$3} END {for (k in v) {n=split(v[k],a," ");
    for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t};
    printf "%-10s %8s %6.2f\n", substr(k,1,index(k," ")-1), substr(k,index(k," ")+1), a[int((n+1)/2)]}}' |
  sort -k1,1 -k2n
