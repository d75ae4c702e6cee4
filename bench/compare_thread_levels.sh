#!/bin/bash
# What MPI's thread levels alone cost raw MPI RMA: bench/mpi_rma_bench in the simulated
# two-node mode of the build's MPI (as bench/compare_mpi.sh runs it) at MPI_THREAD_SINGLE,
# MPI_THREAD_SERIALIZED (-s), MPI_THREAD_MULTIPLE (-t) and MPI_THREAD_MULTIPLE with a second
# thread that only sleeps (-t -i: what the mere presence of mpishmem's progress thread costs
# MPI), one after the other in each of ROUNDS rounds; prints each level's median and the
# median of the rounds' ratios to SINGLE (the idle thread's to MULTIPLE alone). The
# progress thread of mpishmem needs MPI_THREAD_MULTIPLE (docs/mpi-support.md, "Remote
# operations on each MPI"). Run it with the MPI's run-time environment (scripts/mpi.sh env).
#   usage: bench/compare_thread_levels.sh BUILD_DIR [ROUNDS]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-7}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
twonode_setup "$build"
for r in $(seq "$rounds"); do
  for level in single:"" serialized:-s multiple:-t idle:"-t -i"; do
    # shellcheck disable=SC2086 # the options are words
    "$build/bin/oshrun" -n 2 $bind "$build/bench/mpi_rma_bench" ${level#*:} > "$out/${level%%:*}.$r"
  done
done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds," \
  "$("$build/bin/shmem-info" | sed -n 's/^MPI library: *//p' | cut -c1-40)"
compare_median "$out" single > "$out/m_single"
compare_median "$out" serialized > "$out/m_serialized"
compare_median "$out" multiple > "$out/m_multiple"
compare_round_ratios "$out" serialized single "$rounds" > "$out/r_serialized"
compare_round_ratios "$out" multiple single "$rounds" > "$out/r_multiple"
compare_round_ratios "$out" idle multiple "$rounds" > "$out/r_idle"
printf '%-14s %6s %10s %10s %10s %14s %12s %14s\n' op bytes single serialized multiple \
  serialized/single multiple/single idle/multiple
awk '$2 == "heap" && ($3 == 8 || $1 ~ /rate/)' "$out/m_single" | while read -r op target bytes unit v; do
  z=$(awk -v o="$op" -v b="$bytes" '$1 == o && $2 == "heap" && $3 == b {print $5}' "$out/m_serialized")
  t=$(awk -v o="$op" -v b="$bytes" '$1 == o && $2 == "heap" && $3 == b {print $5}' "$out/m_multiple")
  rz=$(awk -v o="$op" -v b="$bytes" '$1 == o && $2 == "heap" && $3 == b {print $5}' "$out/r_serialized")
  rt=$(awk -v o="$op" -v b="$bytes" '$1 == o && $2 == "heap" && $3 == b {print $5}' "$out/r_multiple")
  ri=$(awk -v o="$op" -v b="$bytes" '$1 == o && $2 == "heap" && $3 == b {print $5}' "$out/r_idle")
  printf '%-14s %6s %10s %10s %10s %14.3f %12.3f %14.3f\n' "$op" "$bytes" "$v" "$z" "$t" "$rz" "$rt" "$ri"
done
