#!/bin/sh
# partial_build.sh SOURCE_DIR MPI_C_COMPILER MPIEXEC: `cmake --install` after a build of some
# targets only (what scripts/demo.sh once built: the shared library and the demo) stops before
# copying anything, with a message naming the target to build; after the target `installable`
# (what scripts/demo.sh builds now) it installs, and the installed shmem-info reports the
# prefix it runs from, also once the installed tree is moved. A build directory of its own,
# without the tests, so that only the library is compiled.
set -e
src=$1 mpicc=$2 mpiexec=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
b="$work/build" prefix="$work/prefix"
cmake -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=Release -DMPISHMEM_TESTS=OFF \
  -DMPI_C_COMPILER="$mpicc" -DMPIEXEC_EXECUTABLE="$mpiexec" >/dev/null

refused() {
  if cmake --install "$b" --prefix "$prefix" >"$work/log" 2>&1; then
    cat "$work/log"; echo "install succeeded $1"; exit 1
  fi
  # (CMake wraps the message's lines.)
  tr '\n' ' ' <"$work/log" | grep -q "not built yet: .*Nothing was installed.*--target installable" ||
    { cat "$work/log"; echo "no clear message $1"; exit 1; }
  [ ! -e "$prefix" ] || { find "$prefix"; echo "files installed $1"; exit 1; }
  echo "install refused $1"
}
refused "before any build"
cmake --build "$b" -j2 --target mpishmem demo >/dev/null
refused "after building mpishmem and demo only"

cmake --build "$b" -j2 --target installable >/dev/null
cmake --install "$b" --prefix "$prefix" >/dev/null
want=$(cd "$prefix" && pwd -P)
"$prefix/bin/shmem-info" | tee "$work/info" | grep "^Install prefix:"
grep -q "^Install prefix: *$want\$" "$work/info" || { echo "not $want"; exit 1; }
mv "$prefix" "$work/moved"
want=$(cd "$work/moved" && pwd -P)
"$work/moved/bin/shmem-info" | tee "$work/info" | grep "^Install prefix:"
grep -q "^Install prefix: *$want\$" "$work/info" || { echo "not $want"; exit 1; }
echo "partial build install ok"
