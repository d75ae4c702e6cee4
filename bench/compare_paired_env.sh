#!/bin/bash
# Two settings of one build side by side, paired: runs bench/shmem_bench in the simulated
# two-node mode of the build's MPI (as bench/compare_mpi.sh does) under environment A, then
# under environment B, ROUNDS times, and prints for the 8-byte heap rows the median of each and
# the median of the rounds' ratios B/A. On this 2-core virtual machine separate runs drift by
# 10-20% in phases; a ratio taken within each round, A and B back to back, is what stays
# (a null run of 15 rounds, A = B, gave 0.985-1.01; of 5 rounds 0.89-1.07). Run it a second
# time with A and B swapped before believing a few percent. Two libraries: put each libmpishmem.so.0 in a directory of its own
# and pass LD_LIBRARY_PATH=DIR as the setting (the build's RUNPATH comes after it).
#   usage: bench/compare_paired_env.sh BUILD_DIR ROUNDS "VAR=value ..." "VAR=value ..."
#   e.g.   bench/compare_paired_env.sh build-impi 15 X=1 MPISHMEM_BATCH=0
set -e
build=$(cd "${1:?usage: compare_paired_env.sh BUILD_DIR ROUNDS ENV_A ENV_B}" && pwd)
rounds=${2:-15}
A=${3:-X=1}
B=${4:-X=1}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
twonode_setup "$build"
for r in $(seq "$rounds"); do
  # shellcheck disable=SC2086 # the settings are words
  env $A "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_bench" > "$out/a.$r"
  # shellcheck disable=SC2086
  env $B "$build/bin/oshrun" -n 2 $bind "$build/bench/shmem_bench" > "$out/b.$r"
done
row() { awk -v k="$1" '$1 == k && $2 == "heap" && $3 == 8 {print $4}' "$2"; }
median() { sort -n | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]}'; }
echo "# A: $A"
echo "# B: $B"
printf '%-14s %10s %10s %8s %16s\n' op A_ns B_ns B/A "median(B/A)"
for k in get g put put+quiet fetch_add compare_swap; do
  a=$(for r in $(seq "$rounds"); do row "$k" "$out/a.$r"; done | median)
  b=$(for r in $(seq "$rounds"); do row "$k" "$out/b.$r"; done | median)
  [ -n "$a" ] && [ -n "$b" ] || continue
  ratio=$(for r in $(seq "$rounds"); do
            x=$(row "$k" "$out/a.$r"); y=$(row "$k" "$out/b.$r")
            [ -n "$x" ] && [ -n "$y" ] && awk -v x="$x" -v y="$y" 'BEGIN {printf "%.3f\n", y / x}'
          done | median)
  printf '%-14s %10s %10s %8.3f %16s\n' "$k" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {print b / a}')" "$ratio"
done
rm -rf "$out"
