#!/bin/sh
# Builds mpishmem and runs the whole test suite (ctest). Extra arguments go to ctest.
#
#   test.sh [ctest args]              Debian's MPICH (the default MPI), in ./build
#   test.sh --mpi NAME [ctest args]   the same suite on another MPI (scripts/mpi.sh list:
#                                     mpich5, mpich5-ofi, openmpi5, impi, abi, abi-impi), installed into
#                                     a virtual environment first if missing, built in
#                                     ./build-NAME; e.g. `test.sh --mpi openmpi5 -L portable`
#                                     runs the portability subset (one or two tests per family,
#                                     2 and 4 PEs, every mode) that CI runs on each MPI
set -e
cd "$(dirname "$0")/.."
dir=build
if [ "${1:-}" = "--mpi" ]; then
  name=${2:?test.sh: --mpi needs a name (scripts/mpi.sh list)}
  shift 2
  sh scripts/build.sh --mpi "$name"
  MPI_BUILD=""
  eval "$(sh scripts/mpi.sh env "$name")"
  [ "$name" != debian ] && dir=build-${MPI_BUILD:-$name}
else
  # As root the suite also runs the emulated cluster's tests, Slurm's among them.
  [ "$(id -u)" -eq 0 ] && sh scripts/install-deps.sh --slurm
  sh scripts/build.sh
fi
cd "$dir"
exec ctest -j "$(nproc)" --output-on-failure "$@"
