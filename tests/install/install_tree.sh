#!/bin/sh
# install_tree.sh BUILD_DIR SOURCE_DIR: installs the build into a fresh prefix and, against
# that installed tree only, builds and runs a program (2 PEs) three ways: with find_package
# (shared and static library), with pkg-config (shared, and static with --static), and with
# the installed oshcc. The prefix is then moved, to check that the installed wrappers find
# their files relative to themselves; shmem-info reports the prefix in both places, and a
# program of the moved tree started by another MPI's launcher names the moved tree's oshrun.
set -e
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
# shmem-info reports the prefix it runs from, not the one configured.
info_prefix() {
  want=$(cd "$prefix" && pwd -P)
  "$prefix/bin/shmem-info" >"$work/info"
  grep -q "^Install prefix: *$want\$" "$work/info" ||
    { grep "^Install prefix" "$work/info"; echo "shmem-info: not $want"; exit 1; }
}
info_prefix
run() { "$prefix/bin/oshrun" -n 2 "$@" | tee "$work/out"; grep -q "^ring ok$" "$work/out"; }

cmake -S "$src/tests/install/project" -B "$work/proj" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/proj" >/dev/null
run "$work/proj/ring"
run "$work/proj/ring_static"

PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" \
  cc -std=c11 "$src/tests/install/project/ring.c" -o "$work/ring_pc" \
  $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" pkg-config --cflags --libs mpishmem)
run "$work/ring_pc"

# The static library through pkg-config --static: Libs.private must bring MPI (and threads,
# libm). -l:libmpishmem.a picks the archive where -lmpishmem would pick the shared library.
pc_static=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" \
  pkg-config --static --cflags --libs mpishmem | sed 's/-lmpishmem\b/-l:libmpishmem.a/')
case "$pc_static" in *-l:libmpishmem.a*) ;; *) echo "no -lmpishmem in: $pc_static"; exit 1 ;; esac
cc -std=c11 "$src/tests/install/project/ring.c" -o "$work/ring_pc_static" $pc_static
if ldd "$work/ring_pc_static" | grep -q libmpishmem; then
  echo "ring_pc_static is linked with the shared library"; exit 1
fi
run "$work/ring_pc_static"

"$prefix/bin/oshcc" --showme | grep -q -- "-lmpishmem"
# Documentation: the license, the man pages (oshc++ has oshcc's page).
for f in share/doc/mpishmem/LICENSE share/man/man1/oshcc.1 share/man/man1/oshc++.1 \
  share/man/man1/oshrun.1 share/man/man1/shmem-info.1 share/man/man7/mpishmem.7; do
  [ -s "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
mv "$prefix" "$work/moved"
prefix="$work/moved"
info_prefix
"$prefix/bin/oshcc" "$src/tests/install/project/ring.c" -o "$work/ring_cc"
run "$work/ring_cc"
# Started as if by another MPI's launcher, the program names the moved tree's oshrun.
if env OMPI_COMM_WORLD_SIZE=2 "$work/ring_cc" >"$work/out" 2>&1; then
  cat "$work/out"; echo "a wrong launch ran"; exit 1
fi
grep -q "Launch it with mpishmem's oshrun ($(cd "$prefix" && pwd -P)/bin/oshrun)" "$work/out" ||
  { cat "$work/out"; echo "the wrong launch's error does not name $prefix/bin/oshrun"; exit 1; }
echo "install tree ok"
