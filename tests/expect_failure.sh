#!/bin/sh
# expect_failure.sh REGEX COMMAND...: passes when COMMAND exits non-zero and its output
# (stdout and stderr) has a line matching the extended regular expression REGEX.
regex=$1
shift
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
# The emulated cluster (scripts/cluster.sh) exits 77 when it is not available: a skip.
if [ "$rc" -eq 77 ] && printf '%s\n' "$out" | grep -q '^cluster.sh: SKIP'; then
  exit 77
fi
if [ "$rc" -eq 0 ]; then
  echo "expect_failure: the command succeeded; it should have failed" >&2
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
  echo "expect_failure: no output line matches: $regex (exit $rc, $(printf '%s' "$out" | wc -c) bytes of output)" >&2
  exit 1
fi
echo "expect_failure: failed as expected (exit $rc)"
