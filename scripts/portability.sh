#!/bin/sh
# portability.sh [NAME ...]: the portability stage of CI. For each MPI named (scripts/mpi.sh
# list; default: every one but Debian's MPICH, whose full suite scripts/test.sh runs), builds
# mpishmem against it and runs the portable subset of the suite (ctest -L portable: one or two
# tests per family at 2 and 4 PEs on one node, two simulated nodes, and the emulated cluster
# where that MPI's launcher drives it), one MPI after another. Writes the support matrix
# (MPI x mode: passed/run) to build/portability/matrix.md, each run's output beside it, and
# ends with one line "portability: N passed, N failed". Exit status 1 if any test failed.
set -u
cd "$(dirname "$0")/.."
names=${*:-"mpich5 mpich5-ofi openmpi5 impi abi abi-impi"}
out=build/portability
mkdir -p "$out"
matrix=$out/matrix.md
{
  echo "| MPI | single | twonode | simnodes | cluster | time |"
  echo "|---|---:|---:|---:|---:|---:|"
} > "$matrix"
total_pass=0
total_fail=0
for name in $names; do
  log=$out/$name.log
  start=$(date +%s)
  echo "portability: $name (log: $log)"
  sh scripts/test.sh --mpi "$name" -L portable --timeout 240 > "$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  # ctest's result lines: "12/159 Test #34: name.np2.mode ....   Passed    1.2 sec"
  row=$(awk -v name="$name" -v secs="$secs" '
    /Test +#[0-9]+: / {
      test = $0; sub(/.*Test +#[0-9]+: /, "", test); sub(/ .*/, "", test)
      mode = test; sub(/.*\./, "", mode)
      if (test ~ /^cluster_(up|down)$/) mode = "cluster"
      else if (mode !~ /^(single|twonode|simnodes|cluster)$/) mode = "single"
      run[mode]++
      if ($0 ~ / Passed /) pass[mode]++; else fail++
      if ($0 ~ / Passed /) p++
    }
    END {
      line = "| " name
      split("single twonode simnodes cluster", modes, " ")
      for (i = 1; i <= 4; i++) {
        m = modes[i]
        line = line " | " (run[m] ? (pass[m] + 0) "/" run[m] : "-")
      }
      printf "%s | %d s |\t%d\t%d\n", line, secs, p + 0, fail + 0
    }' "$log")
  pass=$(printf '%s' "$row" | cut -f2)
  fail=$(printf '%s' "$row" | cut -f3)
  # A build or set-up that failed before ctest ran counts as one failure.
  if [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then fail=1; fi
  printf '%s\n' "$row" | cut -f1 >> "$matrix"
  total_pass=$((total_pass + pass))
  total_fail=$((total_fail + fail))
  echo "portability: $name: $pass passed, $fail failed ($secs s)"
  if [ "$fail" -ne 0 ]; then
    grep -E '\*\*\*|The following tests FAILED|^[[:space:]]+[0-9]+ - ' "$log" | head -40
    tail -5 "$log"
  fi
done
cat "$matrix"
echo "portability: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
