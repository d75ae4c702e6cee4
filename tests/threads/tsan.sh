#!/bin/sh
# The threads test under ThreadSanitizer: builds the library and threads_ops with
# -DMPISHMEM_TSAN=ON in a build tree of its own, then runs it with 2 and 4 PEs on one node, in
# the simulated two-node mode (both AMO modes) and with globals through MPI. Any report fails.
#   usage: tsan.sh SOURCE_DIR BUILD_DIR MPIEXEC [MPICC]
# MPICC: the MPI compiler wrapper of the main build, so that the program runs on the MPI that
# MPIEXEC belongs to (without it, the default MPI's: an MPICH 5 build's test ran Debian's MPICH
# 4.0.2 under MPICH 5's launcher).
set -e
src=$1 build=$2 mpiexec=$3 mpicc=${4:-}
if [ -n "$mpicc" ] && [ -f "$build/CMakeCache.txt" ] &&
   ! grep -qx "MPI_C_COMPILER:[A-Z]*=$mpicc" "$build/CMakeCache.txt"; then
  rm -rf "$build" # configured for another MPI: FindMPI would keep that one's libraries
fi
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMPISHMEM_TSAN=ON \
  -DMPISHMEM_MPI=mpich ${mpicc:+-DMPI_C_COMPILER=$mpicc} -DMPIEXEC_EXECUTABLE="$mpiexec" \
  > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target threads_ops > "$build.build.log" 2>&1 ||
  { tail -50 "$build.build.log"; exit 1; }
# UCX's memory hooks intercept madvise in exiting threads after TSan has let go of them and
# crash there: turn the hooks off (MPICH then registers memory without them).
export UCX_MEM_EVENTS=no MPISHMEM_OVERSUBSCRIBED=1 MPISHMEM_CONTEXTS=5
# The largest history: a report whose earlier access ran in MPI (incoming RMA written by MPI's
# progress engine) matches the suppressions only if TSan can still restore that access's stack
# (a CI run failed on "[failed to restore the stack]" with globals through MPI).
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 history_size=7 suppressions=$src/tests/threads/tsan.supp"
status=0
for mode in "" "MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self" "MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self MPISHMEM_AMO=am" \
            "MPISHMEM_GLOBALS_SHARED=0"; do
  for np in 2 4; do
    if env $mode "$mpiexec" -n $np "$build/tests/threads/threads_ops"; then
      echo "ok: np $np ${mode:-single node}"
    else
      echo "FAILED: np $np ${mode:-single node}"
      status=1
    fi
  done
done
exit $status
