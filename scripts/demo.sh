#!/bin/sh
# Builds mpishmem and runs the demo program on 4 PEs.
set -e
cd "$(dirname "$0")/.."
sh scripts/build.sh
exec build/bin/oshrun -n 4 build/examples/demo
