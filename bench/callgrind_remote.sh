#!/bin/sh
# Instructions that one REMOTE call of each probed routine executes inside mpishmem, next to
# those it executes inside MPI (MPICH and UCX), counted by callgrind with 2 PEs in the
# simulated two-node mode (MPICH: MPIR_CVAR_NUM_CLIQUES=2), so that the peer is reached
# through MPI RMA. "mpishmem" counts every function of the library's sources (inlined ones
# included), "mpi" those of libmpich/libucp/libuct/libucs, "libc" the rest (memcpy). Calls that
# wait for the target (g, fetch_add) spin inside MPI for as long as the target takes: their
# "mpi" column is not a cost of the call, only the "mpishmem" one is.
#   usage: bench/callgrind_remote.sh BUILD_DIR
set -e
build=${1:-build}
out=$(mktemp -d)
echo "# routine  instructions per remote call (2 PEs, two simulated nodes): mpishmem mpi libc"
for p in putmem putmem_nbi p g fetch_add; do
  MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self LD_BIND_NOW=1 "$build/bin/oshrun" -n 2 valgrind --tool=callgrind \
    --toggle-collect="probe_$p" --callgrind-out-file="$out/cg.$p.%p" \
    "$build/bench/callgrind_probe" >/dev/null 2>&1
  f=$(ls "$out"/cg.$p.* | head -1)
  callgrind_annotate --auto=no --threshold=100 --inclusive=no "$f" 2>/dev/null |
    awk -v p="$p" '/^ *[0-9,]+ .*:/ && !/PROGRAM TOTALS/ {
        n = $1; gsub(",", "", n);
        # The interposed ucp_worker_progress (src/transport/mpi/mpich_ucx_yield.c) runs at
        # every poll of MPI progress: it is a part of MPI waiting, not of the call.
        if ($0 ~ /mpich_ucx_yield\.c/) mpi += n;
        else if ($0 ~ /src\//) ours += n; # our sources (inlined functions have no object)
        else if ($0 ~ /libmpich|libuc[pts]/) mpi += n;
        else if ($0 ~ /libc\.so/) libc += n; }
      END { printf "%s %d %d %d\n", p, ours / 3, mpi / 3, libc / 3 }'
done
[ -n "$KEEP" ] && echo "kept $out" || rm -rf "$out"
