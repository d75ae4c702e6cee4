#!/bin/sh
# with_concurrent_job.sh PER_CPU OSHRUN PROGRAM [ARGS...]: runs PROGRAM as two jobs at the same
# time, each of PER_CPU PEs per CPU of the machine (as two users' jobs sharing a node, which
# neither job's count of PEs per core sees); prints both outputs, and fails if either fails.
# Exit status 77 (skipped) where that would be over 16 PEs a job.
set -u
per_cpu=$1
oshrun=$2
shift 2
np=$((per_cpu * $(nproc)))
if [ "$np" -gt 16 ]; then
  echo "skipped: $np PEs a job on this machine"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$oshrun" -n "$np" "$@" > "$out/a" 2>&1 &
a=$!
"$oshrun" -n "$np" "$@" > "$out/b" 2>&1
sb=$?
wait "$a"
sa=$?
cat "$out/a" "$out/b"
[ "$sa" -eq 0 ] && [ "$sb" -eq 0 ]
