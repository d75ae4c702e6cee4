#!/bin/bash
# What the progress thread costs on the remote path: bench/shmem_bench.c and
# bench/shmem_amo_bench.c on two PEs that reach each other through MPI (the simulated
# two-node mode, MPIR_CVAR_NUM_CLIQUES=2 with UCX_TLS=tcp,self; or the emulated cluster with
# CLUSTER=1), once with the thread (MPISHMEM_PROGRESS_THREAD=1) and once without (=0),
# alternated, each ROUNDS times; prints the medians side by side (ratio = with / without).
#   usage: bench/compare_progress.sh BUILD_DIR [ROUNDS] [MPISHMEM_AMO mode: mpi|am]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
export MPISHMEM_AMO=${3:-mpi}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
if [ "${CLUSTER:-0}" = 1 ]; then
  export MPISHMEM_CLUSTER=mpishmem-bench
  sh "$here/../scripts/cluster.sh" up 2 >/dev/null
  trap 'sh "$here/../scripts/cluster.sh" down >/dev/null 2>&1' EXIT
  run() { sh "$here/../scripts/cluster.sh" run -n 2 -ppn 1 "$@"; }
else
  export MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self # TCP: docs/multinode.md
  run() { "$build/bin/oshrun" -n 2 -bind-to core "$@"; }
fi
for r in $(seq "$rounds"); do
  for t in 1 0; do
    MPISHMEM_PROGRESS_THREAD=$t run "$build/bench/shmem_bench" > "$out/t$t.rma.$r"
    MPISHMEM_PROGRESS_THREAD=$t run "$build/bench/shmem_amo_bench" > "$out/t$t.amo.$r"
  done
done
compare_median "$out" t1 > "$out/median_1"
compare_median "$out" t0 > "$out/median_0"
compare_side_by_side "$out/median_1" "$out/median_0" thread no_thread
rm -rf "$out"
