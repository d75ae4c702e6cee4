#!/bin/bash
# What mpishmem's layer costs above MPI on the remote path: runs bench/shmem_bench.c and
# bench/shmem_amo_bench.c with mpishmem in the simulated two-node mode of the build's MPI
# (MPICH: MPIR_CVAR_NUM_CLIQUES=2; others: MPISHMEM_SIMULATED_NODES=2; the two PEs reach each
# other through MPI RMA) and their raw-MPI twin bench/mpi_rma_bench.c (the same transfers with
# MPI-3 RMA, same MPI, same environment), alternated, each ROUNDS times, and prints the medians
# side by side (ratio: the median over the rounds of mpishmem / raw MPI within each round,
# bench/compare_lib.sh); then the same against raw MPI at MPI_THREAD_MULTIPLE
# (mpi_rma_bench -t), the level mpishmem asks for when its progress thread is on (the default
# when peers are reached through MPI): the second ratio is the layer's own cost, the gap between
# the two raw columns what MPI's thread safety costs; then mpishmem with MPISHMEM_PROGRESS_THREAD=0
# (MPI_THREAD_SINGLE) against raw MPI. On any MPI: run it with that MPI's run-time
# environment (eval "$(scripts/mpi.sh env NAME)").
#   usage: bench/compare_mpi.sh BUILD_DIR [ROUNDS] [MPISHMEM_AMO mode: mpi|am]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
export MPISHMEM_AMO=${3:-mpi}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
twonode_setup "$build"
for r in $(seq "$rounds"); do
  "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_bench" > "$out/m.rma.$r"
  "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_amo_bench" > "$out/m.amo.$r"
  "$build/bin/oshrun" -n 2 $bind "$build/bench/mpi_rma_bench" > "$out/r.$r"
  "$build/bin/oshrun" -n 2 $bind "$build/bench/mpi_rma_bench" -t > "$out/t.$r"
  MPISHMEM_PROGRESS_THREAD=0 "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_bench" > "$out/z.rma.$r"
  MPISHMEM_PROGRESS_THREAD=0 "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_amo_bench" > "$out/z.amo.$r"
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" r > "$out/median_r"
compare_median "$out" t > "$out/median_t"
compare_round_ratios "$out" m r "$rounds" > "$out/ratio_mr"
compare_round_ratios "$out" m t "$rounds" > "$out/ratio_mt"
compare_round_ratios "$out" z r "$rounds" > "$out/ratio_zr"
compare_side_by_side "$out/median_m" "$out/median_r" mpishmem raw_mpi "$out/ratio_mr"
echo "# against raw MPI at MPI_THREAD_MULTIPLE"
compare_side_by_side "$out/median_m" "$out/median_t" mpishmem raw_mpi_mt "$out/ratio_mt"
compare_median "$out" z > "$out/median_z"
echo "# without the progress thread, against raw MPI"
compare_side_by_side "$out/median_z" "$out/median_r" mpishmem_no_thread raw_mpi "$out/ratio_zr"
rm -rf "$out"
