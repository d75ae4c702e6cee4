#!/bin/sh
# Builds mpishmem and runs the whole test suite (ctest). Extra arguments go to ctest.
set -e
cd "$(dirname "$0")/.."
sh scripts/build.sh
cd build
exec ctest -j "$(nproc)" --output-on-failure "$@"
