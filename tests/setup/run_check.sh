#!/bin/sh
# run_check.sh WANT FORBID COMMAND...: passes when COMMAND exits 0, its output (stdout and
# stderr) has a line matching the extended regular expression WANT (unless WANT is empty) and
# no line matching FORBID (unless FORBID is empty).
want=$1 forbid=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
# The emulated cluster (scripts/cluster.sh) exits 77 when it is not available: a skip.
if [ "$rc" -eq 77 ] && printf '%s\n' "$out" | grep -q '^cluster.sh: SKIP'; then
  exit 77
fi
status=0
if [ "$rc" -ne 0 ]; then
  echo "run_check: the command failed (exit $rc)" >&2
  status=1
fi
if [ -n "$want" ] && ! printf '%s\n' "$out" | grep -Eq -- "$want"; then
  echo "run_check: no output line matches: $want" >&2
  status=1
fi
if [ -n "$forbid" ] && printf '%s\n' "$out" | grep -Eq -- "$forbid"; then
  echo "run_check: an output line matches what must not appear: $forbid" >&2
  status=1
fi
exit $status
