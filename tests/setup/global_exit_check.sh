#!/bin/sh
# global_exit_check.sh RUNS COMMAND...: runs COMMAND RUNS times; each run must end with exit
# status 99 (the status the program passes to shmem_global_exit).
runs=$1
shift
fail=0
i=0
while [ "$i" -lt "$runs" ]; do
  "$@" > /dev/null 2>&1
  rc=$?
  if [ "$rc" -ne 99 ]; then
    echo "run $i: exit status $rc, expected 99"
    fail=1
  fi
  i=$((i + 1))
done
[ "$fail" -eq 0 ] && echo "global_exit: status 99 in all $runs runs"
exit $fail
