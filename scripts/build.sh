#!/bin/sh
# Configures and builds mpishmem for development: warnings are errors (MPISHMEM_WERROR=ON;
# scripts/test.sh and CI build through this script). Extra arguments go to cmake and come last,
# so e.g. -DMPISHMEM_WERROR=OFF overrides it.
#
#   build.sh [--mpi NAME] [cmake args]   NAME from scripts/mpi.sh list (default: Debian's
#                                        MPICH in ./build); another MPI builds in ./build-NAME
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
dir=build
mpi_args=""
if [ "${1:-}" = "--mpi" ]; then
  [ -n "${2:-}" ] || { echo "build.sh: --mpi needs a name (scripts/mpi.sh list)" >&2; exit 2; }
  MPI_BUILD=""
  eval "$(sh scripts/mpi.sh env "$2" | grep -v '^export')"
  # An MPI that runs another's build (MPI_BUILD: mpich5-ofi runs mpich5's, the netmod chosen at
  # run time; abi-impi runs abi's) builds that one, in its environment.
  if [ -n "$MPI_BUILD" ] && [ "$MPI_BUILD" != "$2" ]; then
    shift 2
    exec sh scripts/build.sh --mpi "$MPI_BUILD" "$@"
  fi
  eval "$(sh scripts/mpi.sh env "$2")"
  [ "$2" != debian ] && dir=build-$2
  mpi_args="-DMPI_C_COMPILER=$MPI_CC -DMPIEXEC_EXECUTABLE=$MPI_EXEC"
  shift 2
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMPISHMEM_WERROR=ON $mpi_args "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
