#!/bin/bash
# Collectives across nodes on the emulated cluster (scripts/cluster.sh: two hosts as network
# namespaces, shared memory inside a host, TCP between them), NP/2 PEs per host, side by side:
#   node     bench/shmem_coll_bench.c with mpishmem, MPISHMEM_COLL_NODE_AWARE=1 (node shared
#            memory, MPI between one leader per host)
#   mpicoll  the same with MPISHMEM_COLL_NODE_AWARE=0 (MPI collectives on the whole team)
#   auto     the same with the default (-1: the library's choice per collective and size)
#   mpi      bench/mpi_coll_bench.c, plain MPI collectives on MPI_COMM_WORLD (same MPICH)
#   oshmem   shmem_coll_bench.c built with Debian's Open MPI OSHMEM, started by Open MPI's
#            mpirun on the same cluster, each run cut at OSHMEM_TIMEOUT seconds (default 300;
#            it needs ~8 ms per remote operation here): what it printed by then is kept
# mpishmem runs with MPISHMEM_OVERSUBSCRIBED=1: the emulated hosts share the machine's cores,
# which the library's detection (PEs per host against the host's cores) cannot see, so with 2
# PEs per host it would wait in MPI's spinning blocking calls.
# Runs alternate, each ROUNDS times; prints the median of the rounds' medians (ns per call,
# slowest PE) and node/mpicoll, node/mpi. Sizes: 8 B, 4 KiB, 256 KiB, 1 MiB (-f).
# Needs root (namespaces) and, for the oshmem column, Open MPI (scripts/install-deps.sh
# --openmpi).
#   usage: bench/compare_coll_cluster.sh BUILD_DIR [ROUNDS] [PE counts, default "4 8"]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
nps=${3:-4 8}
here=$(cd "$(dirname "$0")" && pwd)
cluster="sh $here/../scripts/cluster.sh"
export MPISHMEM_CLUSTER=${MPISHMEM_CLUSTER:-mpishmem-bench}
out=$(mktemp -d /tmp/compare_coll_cluster.XXXXXX)
trap '$cluster down >/dev/null 2>&1; rm -rf "$out"' EXIT
$cluster up 2 >/dev/null
have_oshmem=0
if [ -x /usr/bin/oshcc ] && /usr/bin/oshcc -O2 "$here/shmem_coll_bench.c" -o "$out/bench_oshmem" 2>/dev/null
then have_oshmem=1; fi
run() { # NP PPN program args...
  local np=$1 ppn=$2; shift 2
  MPISHMEM_OVERSUBSCRIBED=1 $cluster run -n "$np" -ppn "$ppn" "$@"
}
for r in $(seq "$rounds"); do
  for np in $nps; do
    ppn=$(( (np + 1) / 2 ))
    MPISHMEM_COLL_NODE_AWARE=1 run "$np" "$ppn" "$build/bench/shmem_coll_bench" -f > "$out/n.$np.$r"
    MPISHMEM_COLL_NODE_AWARE=0 run "$np" "$ppn" "$build/bench/shmem_coll_bench" -f > "$out/c.$np.$r"
    run "$np" "$ppn" "$build/bench/shmem_coll_bench" -f > "$out/a.$np.$r"
    run "$np" "$ppn" "$build/bench/mpi_coll_bench" -f > "$out/p.$np.$r"
    if [ "$have_oshmem" = 1 ]; then
      MPISHMEM_CLUSTER_MPIEXEC=mpirun.openmpi OMPI_MCA_osc=ucx \
        timeout "${OSHMEM_TIMEOUT:-300}" $cluster run -n "$np" -ppn "$ppn" \
        "$out/bench_oshmem" -f -r 3 2>/dev/null > "$out/o.$np.$r" || true
    fi
  done
done
# median over the rounds of each (op, npes, bytes): "op|np|bytes value"
median() {
  cat "$out"/$1.* 2>/dev/null | grep -v '^#' | awk 'NF == 4' |
    awk '{k=$1"|"$2"|"$3; v[k]=v[k]" "$4}
         END {for (k in v) {n=split(v[k],a," ");
                for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]+0<a[i]+0) {t=a[i];a[i]=a[j];a[j]=t};
                print k, a[int((n+1)/2)]}}' | sort
}
for p in n c a p o; do median $p > "$out/$p.med"; done
echo "# emulated cluster, 2 hosts, NP/2 PEs each; median of $rounds rounds, ns per call (slowest PE)"
echo "# oshmem: 3 batches per measurement, each run cut at ${OSHMEM_TIMEOUT:-300} s ('-': none)"
printf '%-12s %-4s %8s %11s %11s %11s %11s %11s %6s %6s\n' op npes bytes node mpicoll auto mpi \
  oshmem n/mcoll n/mpi
join -a1 -e - -o 0,1.2,2.2 "$out/n.med" "$out/c.med" |
  join -a1 -e - -o 0,1.2,1.3,2.2 - "$out/a.med" |
  join -a1 -e - -o 0,1.2,1.3,1.4,2.2 - "$out/p.med" |
  join -a1 -e - -o 0,1.2,1.3,1.4,1.5,2.2 - "$out/o.med" |
  tr '|' ' ' | sed 's/ np/ /' | sort -k1,1 -k2n -k3n |
  awk '{r1 = ($5 != "-" && $5 > 0) ? sprintf("%.2f", $4 / $5) : "-";
        r2 = ($7 != "-" && $7 > 0) ? sprintf("%.2f", $4 / $7) : "-";
        printf "%-12s %-4s %8s %11s %11s %11s %11s %11s %6s %6s\n", $1, $2, $3, $4, $5, $6, $7, $8, r1, r2}'
