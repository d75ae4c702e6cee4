#!/bin/bash
# What mpishmem's layer costs above MPI on the remote path: runs bench/shmem_bench.c and
# bench/shmem_amo_bench.c with mpishmem in the simulated two-node mode of the build's MPI
# (MPICH: MPIR_CVAR_NUM_CLIQUES=2; others: MPISHMEM_SIMULATED_NODES=2; the two PEs reach each
# other through MPI RMA) and their raw-MPI twin bench/mpi_rma_bench.c (the same transfers with
# MPI-3 RMA, same MPI, same environment), alternated, each ROUNDS times, and prints the medians
# side by side (ratio = mpishmem / raw MPI). On any MPI: run it with that MPI's run-time
# environment (eval "$(scripts/mpi.sh env NAME)").
#   usage: bench/compare_mpi.sh BUILD_DIR [ROUNDS] [MPISHMEM_AMO mode: mpi|am]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
export MPISHMEM_AMO=${3:-mpi}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
# shellcheck disable=SC2046 # the variables are words
export $(twonode_env "$build")
bind=$(bind_core "$build")
for r in $(seq "$rounds"); do
  "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_bench" > "$out/m.rma.$r"
  "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_amo_bench" > "$out/m.amo.$r"
  "$build/bin/oshrun" -n 2 $bind "$build/bench/mpi_rma_bench" > "$out/r.$r"
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" r > "$out/median_r"
compare_side_by_side "$out/median_m" "$out/median_r" mpishmem raw_mpi
rm -rf "$out"
