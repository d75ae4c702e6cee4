#!/bin/sh
# install_tree.sh BUILD_DIR SOURCE_DIR: installs the build into a fresh prefix and, against
# that installed tree only, builds and runs a program (2 PEs) three ways: with find_package
# (shared and static library), with pkg-config (shared, and static with --static), and with
# the installed oshcc; pkg-config's flags are clean paths, and the section 3 man pages are
# found through the installed manpath. The prefix is then moved, to check that the installed
# wrappers find their files relative to themselves and pkg-config --define-prefix finds them;
# shmem-info reports the prefix in both places, and a program of the moved tree started by
# another MPI's launcher names the moved tree's oshrun.
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

# The pkg-config flags name clean paths (they land in the programs' run paths).
pc_libs=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" pkg-config --cflags --libs --static mpishmem)
case "$pc_libs" in
  *//*|*/../*|*/./*) echo "pkg-config flags are not clean paths: $pc_libs"; exit 1 ;;
  *"-L$prefix/lib"*) ;;
  *) echo "pkg-config flags do not name $prefix/lib: $pc_libs"; exit 1 ;;
esac
"$prefix/bin/oshcc" --showme | grep -q -- "-lmpishmem"
# Section 3: a family page and aliases of every kind are found through the installed manpath.
if command -v man >/dev/null 2>&1; then
  for name in shmem_put shmem_long_atomic_fetch_add shmem_team_split_strided shmem_int_sum_reduce \
    shmem_ctx_putmem_nbi shmemx_space_malloc; do
    MANWIDTH=80 man -M "$prefix/share/man" 3 "$name" 2>/dev/null | grep -q "^SYNOPSIS" ||
      { echo "man -M $prefix/share/man 3 $name: no page"; exit 1; }
  done
  MANWIDTH=80 man -M "$prefix/share/man" 3 shmem_ctx_putmem_nbi | grep -q "shmem_ctx_putmem_nbi(shmem_ctx_t ctx" ||
    { echo "shmem_ctx_putmem_nbi(3) lacks its prototype"; exit 1; }
fi
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
# The moved tree through pkg-config --define-prefix (the prefix derived from the file's place).
moved_libs=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" pkg-config --define-prefix --libs mpishmem)
case "$moved_libs" in
  *"-L$prefix/lib"*) ;;
  *) echo "pkg-config --define-prefix does not name the moved $prefix/lib: $moved_libs"; exit 1 ;;
esac
PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" \
  cc -std=c11 "$src/tests/install/project/ring.c" -o "$work/ring_pc_moved" $moved_libs \
  $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig" pkg-config --define-prefix --cflags mpishmem)
run "$work/ring_pc_moved"
echo "install tree ok"
