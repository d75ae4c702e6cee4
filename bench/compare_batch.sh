#!/bin/bash
# Batching of small remote operations on and off (issue 22; src/transport/mpi/mpi_batch.h), on
# the emulated cluster (scripts/cluster.sh: 2 hosts x 1 PE, MPI over TCP; as root), with raw
# MPI-3 RMA beside them: bench/shmem_bench, shmem_amo_bench and shmem_coll_bench with
# MPISHMEM_BATCH=1 and =0, and bench/mpi_rma_bench, alternated, ROUNDS times each. Prints the
# medians per operation, the ratio of each mode to raw MPI, and on/off.
#   usage: bench/compare_batch.sh BUILD_DIR [ROUNDS]   (extra settings through the environment,
#          e.g. MPISHMEM_BATCH_BYTES=4096 bench/compare_batch.sh build)
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
cluster="sh $here/../scripts/cluster.sh"
. "$here/compare_lib.sh"
export MPISHMEM_CLUSTER=${MPISHMEM_CLUSTER:-mpishmem-batch}
out=$(mktemp -d /tmp/compare_batch.XXXXXX)
trap '$cluster down >/dev/null 2>&1; rm -rf "$out"' EXIT
$cluster up 2 >/dev/null
run() { $cluster run -n 2 -ppn 1 "$@"; }
for r in $(seq "$rounds"); do
  for b in 1 0; do
    MPISHMEM_BATCH=$b run "$build/bench/shmem_bench" > "$out/b$b.rma.$r"
    MPISHMEM_BATCH=$b run "$build/bench/shmem_amo_bench" > "$out/b$b.amo.$r"
    MPISHMEM_BATCH=$b run "$build/bench/shmem_coll_bench" | grep '^barrier_all' > "$out/b$b.coll.$r" || true
  done
  run "$build/bench/mpi_rma_bench" > "$out/raw.$r"
done
for p in b1 b0 raw; do compare_median "$out" $p > "$out/median_$p"; done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds;" \
     "$("$build/bin/shmem-info" | sed -n 's/^MPI library: *//p' | cut -c1-40)"
rows='^(p heap 8|put heap 8|put_nbi_rate heap 8|add_rate other 8|put\+quiet heap 8|add\+quiet other 8|g heap 8|get heap 8|fetch_add heap 8|compare_swap heap 8|put heap 8192|get heap 8192|put_signal other 8|pingpong_p other 8|barrier_all np2 0) '
printf '%-22s %10s %10s %10s %9s %9s %8s\n' operation batch_on batch_off raw_mpi on/raw off/raw on/off
ns() { awk '$4 == "ns" {print $1"|"$2"|"$3, $5}' "$1" | sort; }
join -j1 <(ns "$out/median_b1") <(ns "$out/median_b0") |
  join -a1 -j1 - <(ns "$out/median_raw") |
  tr '|' ' ' | grep -E "$rows" |
  awk '{raw = (NF >= 6 ? $6 : 0); name = $1" "$3
        printf "%-22s %10.1f %10.1f %10s %9s %9s %8.2f\n", name, $4, $5, (raw ? sprintf("%.1f", raw) : "-"),
               (raw ? sprintf("%.3f", $4 / raw) : "-"), (raw ? sprintf("%.3f", $5 / raw) : "-"), $4 / $5}'
echo "# ns per operation (rates: ns per operation in a stream closed by one quiet); medians of the runs"
