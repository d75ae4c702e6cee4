#!/bin/bash
# Remote operations on a busy target, against the raw-MPI floor, on the emulated cluster
# (2 hosts x 1 PE, TCP between them; as root): bench/target_state_bench.c (PE 1 idle in a
# barrier, computing in 10 ms stretches, blocked in wait_until) and bench/mpi_target_state_bench.c
# (rank 1 calling MPI_Win_flush in a loop), alternated, each ROUNDS times; prints, per
# operation, the floor's median and mpishmem's in each state with the ratio to the floor, the
# 99th percentiles the same way, and the CPU each PE used (percent of one core, its progress
# thread included), and the computing the target kept while serving (cpu_work_pe1: percent of
# its computing alone). Extra environment (e.g. MPISHMEM_PROGRESS_THREAD=0, MPISHMEM_AMO=am) is
# passed to mpishmem's run. Issue 20's goal: every ratio <= 1.5.
# TARGET_ARGS=-q makes mpishmem's runs quick (40 operations each instead of 300).
#   usage: bench/compare_target.sh BUILD_DIR [ROUNDS]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
out=$(mktemp -d)
export MPISHMEM_CLUSTER=mpishmem-target-bench
export MPISHMEM_CLUSTER_MPIEXEC=$(sed -n 's/^MPIEXEC_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
sh "$here/../scripts/cluster.sh" up 2 >/dev/null
trap 'sh "$here/../scripts/cluster.sh" down >/dev/null 2>&1; rm -rf "$out"' EXIT
run() { sh "$here/../scripts/cluster.sh" run -n 2 -ppn 1 "$@"; }
for r in $(seq "$rounds"); do
  run "$build/bench/target_state_bench" ${TARGET_ARGS:-} > "$out/m.$r"
  run "$build/bench/mpi_target_state_bench" > "$out/f.$r"
done
compare_median "$out" m > "$out/median_m"
compare_median "$out" f > "$out/median_f"
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds," \
  "$("$build/bin/shmem-info" | sed -n 's/^MPI library: *//p' | cut -c1-40)"
printf '%-24s %6s %10s   %-16s %-16s %-16s\n' op bytes floor_ns idle compute wait
cat "$out/median_f" "$out/median_m" | awk '
  { v[$1 " " $3 " " $2] = $5; if ($2 == "floor") { k = $1 " " $3; if (!(k in seen)) { seen[k] = 1; order[++n] = k } } }
  END {
    for (i = 1; i <= n; i++) {
      split(order[i], f, " "); op = f[1]; b = f[2]
      fl = v[op " " b " floor"]
      line = sprintf("%-24s %6s %10.0f  ", op, b, fl)
      split("idle compute wait", st, " ")
      for (s = 1; s <= 3; s++) {
        m = v[op " " b " " st[s]]
        if (op ~ /^cpu_/) line = line sprintf(" %7.1f%% (%5.1f%%)", m, fl)
        else line = line sprintf(" %9.0f %5.2fx", m, (fl > 0 ? m / fl : 0))
      }
      print line
    }
  }'
