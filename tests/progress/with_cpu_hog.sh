#!/bin/sh
# with_cpu_hog.sh N COMMAND...: runs COMMAND beside N processes that only spin (CPU hogs, as
# other jobs on a shared node), and stops them when COMMAND ends; COMMAND's exit status.
set -u
n=$1
shift
pids=""
i=0
while [ "$i" -lt "$n" ]; do
  sh -c 'while :; do :; done' &
  pids="$pids $!"
  i=$((i + 1))
done
trap 'kill $pids 2>/dev/null' EXIT INT TERM
"$@"
