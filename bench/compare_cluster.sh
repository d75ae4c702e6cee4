#!/bin/bash
# Remote latency and rate on the emulated cluster (scripts/cluster.sh: two hosts as network
# namespaces, MPI over TCP between them), one PE per host, side by side in one run:
#   mpishmem   bench/shmem_bench.c + shmem_amo_bench.c with mpishmem (MPICH)
#   raw_mpi    bench/mpi_rma_bench.c, the same transfers with MPI-3 RMA (same MPICH)
#   oshmem     the OpenSHMEM benchmarks built with Debian's Open MPI OSHMEM (its oshcc),
#              started by Open MPI's mpirun on the same cluster
# alternated, each ROUNDS times; prints the medians and the ratios mpishmem/raw_mpi and
# mpishmem/oshmem. Needs root (namespaces) and Open MPI (scripts/install-deps.sh --openmpi).
#   usage: bench/compare_cluster.sh BUILD_DIR [ROUNDS] [MPISHMEM_AMO mode: mpi|am]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
export MPISHMEM_AMO=${3:-mpi}
here=$(cd "$(dirname "$0")" && pwd)
cluster="sh $here/../scripts/cluster.sh"
. "$here/compare_lib.sh"
export MPISHMEM_CLUSTER=mpishmem-bench
out=$(mktemp -d /tmp/compare_cluster.XXXXXX)
trap '$cluster down >/dev/null 2>&1; rm -rf "$out"' EXIT
$cluster up 2 >/dev/null
for b in shmem_bench shmem_amo_bench; do
  /usr/bin/oshcc -O2 "$here/$b.c" -o "$out/${b}_oshmem"
done
openmpi() { MPISHMEM_CLUSTER_MPIEXEC=mpirun.openmpi OMPI_MCA_osc=ucx $cluster run -n 2 -ppn 1 "$@"; }
for r in $(seq "$rounds"); do
  $cluster run -n 2 -ppn 1 "$build/bench/shmem_bench" > "$out/m.rma.$r"
  $cluster run -n 2 -ppn 1 "$build/bench/shmem_amo_bench" > "$out/m.amo.$r"
  $cluster run -n 2 -ppn 1 "$build/bench/mpi_rma_bench" > "$out/r.$r"
  for b in shmem_bench shmem_amo_bench; do
    openmpi "$out/${b}_oshmem" 2>/dev/null > "$out/o.$b.$r" || echo "# oshmem $b failed" >&2
  done
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" r > "$out/median_r"
compare_median "$out" o > "$out/median_o"
echo "# mpishmem against raw MPI-3 RMA (same MPICH, same cluster)"
compare_side_by_side "$out/median_m" "$out/median_r" mpishmem raw_mpi
echo "# mpishmem against Open MPI's OSHMEM (same cluster)"
compare_side_by_side "$out/median_m" "$out/median_o" mpishmem oshmem
