#!/bin/sh
# Builds what the demo needs (the library, the oshcc/oshrun wrappers, the demo program) in
# ./build, quietly, and runs the demo on 4 PEs. Missing Debian packages are installed first.
# The build's output is shown only if it fails.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
log=build/demo-build.log
mkdir -p build
echo "demo: building mpishmem and the demo (log: $log)"
# The wrappers (build/bin/oshcc, oshrun) are written when cmake configures.
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
       cmake --build build -j "$(nproc)" --target mpishmem demo; } >"$log" 2>&1; then
  cat "$log"
  echo "demo: the build failed (output above, also in $log)" >&2
  exit 1
fi
echo "demo: build/bin/oshrun -n 4 build/examples/demo"
exec build/bin/oshrun -n 4 build/examples/demo
