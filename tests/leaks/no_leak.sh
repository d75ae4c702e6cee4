#!/bin/sh
# no_leak.sh HOW EXPECT OSHRUN NP PROGRAM: runs PROGRAM HOW with NP PEs; EXPECT is "ok" (the
# job must succeed) or "fail" (it must fail); either way no /dev/shm/mpishmem-<uid>-* object
# may be left that was not there before.
how=$1 expect=$2 oshrun=$3 np=$4 prog=$5
pattern="/dev/shm/mpishmem-$(id -u)-*"
before=$(ls $pattern 2>/dev/null | sort)
timeout 100 "$oshrun" -n "$np" "$prog" "$how"
rc=$?
after=$(ls $pattern 2>/dev/null | sort)
left=$(printf '%s\n' "$after" | grep -vxF -e "$before" | grep . || true)
[ -z "$before" ] && left=$after
status=0
if [ "$expect" = ok ] && [ $rc -ne 0 ]; then echo "no_leak: job failed (exit $rc)"; status=1; fi
if [ "$expect" = fail ] && [ $rc -eq 0 ]; then echo "no_leak: job should have failed"; status=1; fi
if [ $rc -eq 124 ]; then echo "no_leak: job hung"; status=1; fi
if [ -n "$left" ]; then echo "no_leak: left behind: $left"; status=1; fi
[ $status -eq 0 ] && echo "no_leak: $how: exit $rc, nothing left in /dev/shm"
exit $status
