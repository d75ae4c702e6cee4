#!/bin/sh
# Configures and builds mpishmem in ./build for development: warnings are errors
# (MPISHMEM_WERROR=ON; scripts/test.sh and CI build through this script). Extra arguments go
# to cmake and come last, so e.g. -DMPISHMEM_WERROR=OFF overrides it.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMPISHMEM_WERROR=ON "$@" >/dev/null
cmake --build build -j "$(nproc)"
