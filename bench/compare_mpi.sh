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
# environment (eval "$(scripts/mpi.sh env NAME)"). With --cluster, the two PEs run on two hosts of
# the emulated cluster instead (scripts/cluster.sh, one PE per host, MPI over TCP between them as
# between real hosts; needs root), started by the build's own launcher.
#   usage: bench/compare_mpi.sh [--cluster] BUILD_DIR [ROUNDS] [MPISHMEM_AMO mode: mpi|am]
set -e
cluster=0
if [ "$1" = --cluster ]; then cluster=1; shift; fi
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
export MPISHMEM_AMO=${3:-mpi}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
if [ "$cluster" = 1 ]; then
  export MPISHMEM_CLUSTER=mpishmem-bench
  MPISHMEM_CLUSTER_MPIEXEC=$(sed -n 's/^MPIEXEC_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
  export MPISHMEM_CLUSTER_MPIEXEC
  trap 'sh "$here/../scripts/cluster.sh" down >/dev/null 2>&1' EXIT
  sh "$here/../scripts/cluster.sh" up 2 >/dev/null
  launch() { sh "$here/../scripts/cluster.sh" run -n 2 -ppn 1 "$@"; }
else
  twonode_setup "$build"
  # shellcheck disable=SC2086 # $bind is words
  launch() { "$build/bin/oshrun" -n 2 $bind "$@"; }
fi
for r in $(seq "$rounds"); do
  launch "$build/bench/shmem_bench" > "$out/m.rma.$r"
  launch "$build/bench/shmem_amo_bench" > "$out/m.amo.$r"
  launch "$build/bench/mpi_rma_bench" > "$out/r.$r"
  launch "$build/bench/mpi_rma_bench" -t > "$out/t.$r"
  MPISHMEM_PROGRESS_THREAD=0 launch "$build/bench/shmem_bench" > "$out/z.rma.$r"
  MPISHMEM_PROGRESS_THREAD=0 launch "$build/bench/shmem_amo_bench" > "$out/z.amo.$r"
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
