#!/bin/sh
# The build a user makes: a plain `cmake -DCMAKE_BUILD_TYPE=Release` (no -Werror, default
# options, Debian's MPICH), with GCC and with Clang, each in a fresh directory
# (build-release-gcc, build-release-clang). Fails if either prints a warning. CI runs it.
#   usage: scripts/release_builds.sh [gcc|clang ...]     (default: both)
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
status=0
for cc in ${*:-gcc clang}; do
  [ "$cc" = clang ] && sh scripts/install-deps.sh --clang
  cxx=g++
  [ "$cc" = clang ] && cxx=clang++
  dir=build-release-$cc
  rm -rf "$dir"
  mkdir -p "$dir"
  log=$dir/release_build.log
  if ! { CC=$cc CXX=$cxx cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release &&
         cmake --build "$dir" -j "$(nproc)"; } > "$log" 2>&1; then
    tail -30 "$log"
    echo "release_builds: $cc: the build failed ($log)"
    status=1
  elif grep -qi "warning" "$log"; then
    grep -i -B2 -A6 "warning" "$log" | head -60
    echo "release_builds: $cc: warnings ($log)"
    status=1
  else
    echo "release_builds: $cc: clean ($($cc --version | head -1))"
  fi
done
exit $status
