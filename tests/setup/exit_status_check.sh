#!/bin/sh
# exit_status_check.sh STATUS RUNS COMMAND...: runs COMMAND RUNS times; each run must end with
# exit status STATUS (the job's status, src/base/exit_status.h).
want=$1 runs=$2
shift 2
fail=0
i=0
while [ "$i" -lt "$runs" ]; do
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq 77 ] && echo "$out" | grep -q "cluster.sh: SKIP"; then echo "$out"; exit 77; fi
  if [ "$rc" -ne "$want" ]; then
    echo "run $i: exit status $rc, expected $want; output:"
    echo "$out" | tail -20
    fail=1
  fi
  i=$((i + 1))
done
[ "$fail" -eq 0 ] && echo "exit status $want in all $runs runs"
exit $fail
