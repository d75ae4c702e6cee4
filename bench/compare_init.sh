#!/bin/bash
# Start-up time: bench/init_bench.c (time in shmem_init, slowest PE) with mpishmem and with
# Debian's Open MPI OSHMEM, NPES PEs on one node, alternated, each ROUNDS times; medians side by
# side (ratio = mpishmem / oshmem). TWONODE=1 runs mpishmem in the simulated two-node mode
# (MPIR_CVAR_NUM_CLIQUES=2, UCX_TLS=tcp,self), where its windows span "nodes"; CONTEXT_WINDOWS=1
# sets MPISHMEM_CONTEXT_WINDOWS=1 (every pooled context with windows of its own).
#   usage: bench/compare_init.sh BUILD_DIR [ROUNDS] [NPES]
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
npes=${3:-16}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
"$build/bin/oshcc" -O2 "$here/init_bench.c" -o "$out/init_mpishmem"
/usr/bin/oshcc -O2 "$here/init_bench.c" -o "$out/init_oshmem"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
mode=""
[ "${TWONODE:-0}" = 1 ] && mode="MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self"
[ "${CONTEXT_WINDOWS:-0}" = 1 ] && mode="$mode MPISHMEM_CONTEXT_WINDOWS=1"
for r in $(seq "$rounds"); do
  env $mode "$build/bin/oshrun" -n "$npes" "$out/init_mpishmem" > "$out/m.$r"
  /usr/bin/oshrun -np "$npes" --oversubscribe "$out/init_oshmem" 2>/dev/null > "$out/o.$r"
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" o > "$out/median_o"
compare_side_by_side "$out/median_m" "$out/median_o" mpishmem oshmem
rm -rf "$out"
