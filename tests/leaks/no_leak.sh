#!/bin/sh
# no_leak.sh HOW EXPECT OSHRUN NP PROGRAM: runs PROGRAM HOW with NP PEs; EXPECT is "ok" (the
# job must succeed) or "fail" (it must fail); either way no /dev/shm/mpishmem-<uid>-* object
# may be left that was not there before. A job that must fail must end within 30 seconds
# (every PE, not just the failing one), say why, and not crash on the way out (no assertion or
# backtrace from MPI's libraries, as when an exit handler calls MPI from inside MPI).
# On the emulated cluster (OSHRUN is scripts/cluster.sh) every host's /dev/shm is checked.
how=$1 expect=$2 oshrun=$3 np=$4 prog=$5
shm_dirs=/dev/shm
case $oshrun in
  */cluster.sh)
    shm_dirs=$("$oshrun" shm-dirs)
    rc=$?
    [ $rc -eq 0 ] || { echo "no_leak: cluster.sh shm-dirs failed"; exit $rc; };;
esac
pattern=""
for d in $shm_dirs; do pattern="$pattern $d/mpishmem-$(id -u)-*"; done
before=$(ls $pattern 2>/dev/null | sort)
log=$(mktemp)
start=$(date +%s)
timeout 100 "$oshrun" -n "$np" "$prog" "$how" > "$log" 2>&1
rc=$?
if [ $rc -eq 77 ] && grep -q '^cluster.sh: SKIP' "$log"; then cat "$log"; rm -f "$log"; exit 77; fi
elapsed=$(( $(date +%s) - start ))
cat "$log"
after=$(ls $pattern 2>/dev/null | sort)
left=$(printf '%s\n' "$after" | grep -vxF -e "$before" | grep . || true)
[ -z "$before" ] && left=$after
status=0
if [ "$expect" = ok ] && [ $rc -ne 0 ]; then echo "no_leak: job failed (exit $rc)"; status=1; fi
if [ "$expect" = fail ] && [ $rc -eq 0 ]; then echo "no_leak: job should have failed"; status=1; fi
if [ $rc -eq 124 ]; then echo "no_leak: job hung"; status=1; fi
if [ "$expect" = fail ]; then
  if [ $elapsed -gt 30 ]; then echo "no_leak: the job took $elapsed s to end"; status=1; fi
  if ! grep -q . "$log"; then echo "no_leak: the job ended without a message"; status=1; fi
  if grep -qi "assertion\|backtrace" "$log"; then echo "no_leak: crash on the way out"; status=1; fi
fi
rm -f "$log"
if [ -n "$left" ]; then echo "no_leak: left behind: $left"; status=1; fi
[ $status -eq 0 ] && echo "no_leak: $how: exit $rc, nothing left in /dev/shm"
exit $status
