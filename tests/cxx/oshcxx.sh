#!/bin/sh
# oshcxx.sh BINDIR SOURCE TESTDIR OUT: compiles SOURCE (C++) with BINDIR/oshc++ as a user would,
# warnings as errors, and runs it on 2 PEs with BINDIR/oshrun.
set -e
bindir=$1 src=$2 testdir=$3 out=$4
"$bindir/oshc++" --showme | grep -q "mpicxx" || { echo "oshc++ does not wrap mpicxx"; exit 1; }
"$bindir/oshc++" -std=c++11 -Wall -Wextra -Werror -O2 -I"$testdir" "$src" -o "$out"
exec "$bindir/oshrun" -n 2 "$out"
