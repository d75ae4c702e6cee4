#!/bin/sh
# Builds, in ./build, what the demo needs and what `cmake --install build` copies (target
# `installable`: the shared and static library and shmem-info; the oshcc/oshrun wrappers are
# written when cmake configures), quietly, and runs the demo on 4 PEs. Missing Debian packages
# are installed first. The build's output is shown only if it fails.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
log=build/demo-build.log
mkdir -p build
echo "demo: building mpishmem and the demo (log: $log)"
# The wrappers (build/bin/oshcc, oshrun) are written when cmake configures.
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
       cmake --build build -j "$(nproc)" --target installable demo; } >"$log" 2>&1; then
  cat "$log"
  echo "demo: the build failed (output above, also in $log)" >&2
  exit 1
fi
echo "demo: build/bin/oshrun -n 4 build/examples/demo"
exec build/bin/oshrun -n 4 build/examples/demo
