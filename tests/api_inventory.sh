#!/bin/sh
# api_inventory.sh LIBRARY SPEC_DIR: checks the library's exported symbols against the
# OpenSHMEM 1.6 inventory (tests/api/api-1.6-*.txt: the specification's API list, and the
# names that appear only in its deprecation table; api-1.4-cache.txt: the cache-management
# routines removed in 1.5, kept as no-ops for old programs):
#   - every current and deprecated name is exported, and so is its profiling name
#     (pshmem_x for shmem_x, p<name> for the others), unless tests/api/pending.txt lists it;
#   - no name listed as pending is exported (the list must shrink as families land);
#   - nothing else is exported but spec names, pshmem_/shmemx_ names, the SHMEM_ handles and
#     the MPI_Init/MPI_Init_thread/MPI_Finalize interposers and those of MPI's dynamic
#     processes (src/api/mpi_dynamic.c), and the UCX and Open MPI calls
#     that src/transport/mpi/quirks/ucx_{close_grace,yield_idle}.c and
#     ompi_ucx_{pooled_ep,thread_exit}.c interpose, and
#     the C library's sched_yield (src/transport/mpi/quirks/mpich_mt_poll_yield.c).
lib=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# (names sanitizers add, such as __odr_asan.X, are theirs, not ours)
nm -D --defined-only "$lib" | awk '{print $NF}' | grep -v "^__odr_asan" | sort -u > "$tmp/exported"
cat "$dir"/api-1.6-*.txt "$dir"/api-1.4-cache.txt | sort -u > "$tmp/spec"
grep -v -e '^#' -e '^$' "$dir/pending.txt" | sed 's/.*/^(&)$/' > "$tmp/pending"
grep -E -f "$tmp/pending" "$tmp/spec" > "$tmp/spec_pending"
grep -v -x -F -f "$tmp/spec_pending" "$tmp/spec" > "$tmp/spec_due"
sed -E 's/^shmem_/pshmem_/; t; s/^/p/' "$tmp/spec_due" > "$tmp/profiling_due"
fail=0
missing=$(cat "$tmp/spec_due" "$tmp/profiling_due" | grep -v -x -F -f "$tmp/exported")
if [ -n "$missing" ]; then
  echo "NOT EXPORTED ($(echo "$missing" | wc -l)):"; echo "$missing" | head -50; fail=1
fi
early=$(grep -x -F -f "$tmp/spec_pending" "$tmp/exported")
if [ -n "$early" ]; then
  echo "EXPORTED BUT LISTED AS PENDING (remove them from tests/api/pending.txt):"
  echo "$early" | head -50; fail=1
fi
extra=$(grep -v -E '^(p?shmem_|shmemx_|pshmemx_|SHMEM_|MPI_Init$|MPI_Init_thread$|MPI_Finalize$|MPI_Comm_(spawn|spawn_multiple|connect|accept|join)$|ucp_disconnect_nb$|ucp_request_is_completed$|ucp_worker_progress$|ucp_ep_create$|ucp_ep_destroy$|ucp_worker_destroy$|opal_common_ucx_ctx_flush$|opal_common_ucx_wpmem_fence$|opal_common_ucx_wpctx_release$|sched_yield$)' "$tmp/exported" \
  | grep -v -x -F -f "$tmp/spec" | grep -v -x -F -f "$tmp/profiling_due")
if [ -n "$extra" ]; then
  echo "EXPORTED BUT NOT A SPEC NAME:"; echo "$extra" | head -50; fail=1
fi
echo "spec names: $(wc -l < "$tmp/spec"), due now: $(wc -l < "$tmp/spec_due"), pending: $(wc -l < "$tmp/spec_pending")"
[ "$fail" -eq 0 ] && echo "api inventory: OK"
exit $fail
