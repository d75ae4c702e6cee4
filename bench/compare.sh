#!/bin/bash
# Runs bench/shmem_bench.c and bench/shmem_amo_bench.c with mpishmem and with Debian's Open MPI
# OSHMEM in one go (2 PEs on one node, runs alternated, each ROUNDS times) and prints the
# medians side by side (ratio = mpishmem / oshmem: below 1 is faster).
#   usage: bench/compare.sh BUILD_DIR [ROUNDS]
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
for b in shmem_bench shmem_amo_bench; do
  "$build/bin/oshcc" -O2 "$here/$b.c" -o "$out/${b}_mpishmem"
  /usr/bin/oshcc -O2 "$here/$b.c" -o "$out/${b}_oshmem"
done
# Open MPI as root needs these; its OSHMEM crashes at finalize with the rdma osc component.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
for r in $(seq "$rounds"); do
  for b in shmem_bench shmem_amo_bench; do
    "$build/bin/oshrun" -n 2 -bind-to core "$out/${b}_mpishmem" > "$out/m.$b.$r"
    /usr/bin/oshrun -np 2 --bind-to core "$out/${b}_oshmem" 2>/dev/null > "$out/o.$b.$r"
  done
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" o > "$out/median_o"
compare_side_by_side "$out/median_m" "$out/median_o" mpishmem oshmem
rm -rf "$out"
