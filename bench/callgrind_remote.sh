#!/bin/sh
# Instructions that one REMOTE call of each probed routine executes inside mpishmem, next to
# those it executes inside MPI (the MPI library and its transports), counted by callgrind with
# 2 PEs in the simulated two-node mode of the build's MPI (MPICH: MPIR_CVAR_NUM_CLIQUES=2; every
# other MPI: the library's own MPISHMEM_SIMULATED_NODES=2), so that the peer is reached through
# MPI RMA. "mpishmem" counts every function of libmpishmem (by object, so a Release build
# without debug information counts too; inlined functions are counted where they were
# inlined), "mpi" those of the MPI's libraries (libmpich, libmpi, libmpi_abi, UCX, libfabric,
# Open MPI's components), "libc" libc's (memcpy). Run it with the MPI's run-time environment
# (e.g. eval "$(scripts/mpi.sh env openmpi5)"). Calls that
# wait for the target (g, fetch_add, putmem_quiet: a put and shmem_quiet) spin inside MPI for
# as long as the target takes: their "mpi" column is not a cost of the call, only the
# "mpishmem" one is (with batching on, a quiet's wait for the acknowledgement polls in
# mpishmem, and on MPICH 5 at MPI_THREAD_MULTIPLE the interposed sched_yield that MPI's waits
# call is counted as mpishmem's).
#   usage: bench/callgrind_remote.sh BUILD_DIR
set -e
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
if grep -q '^MPISHMEM_MPI:[A-Z]*=mpich$' "$build/CMakeCache.txt"; then
  twonode="MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self"
else
  twonode="MPISHMEM_SIMULATED_NODES=2"
fi
echo "# routine  instructions per remote call (2 PEs, two simulated nodes): mpishmem mpi libc"
for p in putmem putmem_nbi p g fetch_add putmem_quiet; do
  env $twonode LD_BIND_NOW=1 "$build/bin/oshrun" -n 2 valgrind --tool=callgrind \
    --toggle-collect="probe_$p" --callgrind-out-file="$out/cg.$p.%p" \
    "$build/bench/callgrind_probe" >/dev/null 2>&1
  f=$(ls "$out"/cg.$p.* | head -1)
  callgrind_annotate --auto=no --threshold=100 --inclusive=no "$f" 2>/dev/null |
    awk -v p="$p" -v root="$root" '/^ *[0-9,]+ .*:/ && !/PROGRAM TOTALS/ {
        n = $1; gsub(",", "", n);
        # The interposed ucp_worker_progress (src/transport/mpi/quirks/ucx_yield_idle.c) runs at
        # every poll of MPI progress: it is a part of MPI waiting, not of the call.
        if ($0 ~ /ucx_yield_idle\.c|:ucp_worker_progress /) mpi += n;
        else if (index($0, root "/src/") || index($0, root "/include/") || $0 ~ /\/libmpishmem\./)
          ours += n; # our sources (with debug information) or our object
        else if ($0 ~ /\/lib(mpi|mpich|uc[pstm]|fabric|open-|pmix|prrte|psm|hwloc|event)|\/mca_/) mpi += n;
        else if ($0 ~ /libc\.so/) libc += n; }
      END { printf "%s %d %d %d\n", p, ours / 3, mpi / 3, libc / 3 }'
done
[ -n "$KEEP" ] && echo "kept $out" || rm -rf "$out"
