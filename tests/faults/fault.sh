#!/bin/sh
# fault.sh KIND NP CLUSTER_SH PROGRAM REGEX: one host's failure ends the job on every host.
# Runs PROGRAM (tests/faults/fault.c) with NP PEs on two hosts of the emulated cluster
# (CLUSTER_SH run, NP/2 per host); once every PE is up and waiting in the library, the last PE
# (on host h2) fails as KIND says:
#   kill      it is killed with SIGKILL while the others wait in shmem_wait_until
#   abort     it calls MPI_Abort on MPI_COMM_SELF (an exit from inside MPI) while the others
#             wait in shmem_fcollect
#   linkdown  host h2's network link goes down while every PE waits in a barrier
#   proxy     the launcher's process on h2 (the PE's parent) is killed while mpiexec is stopped
#             (SIGSTOP; so that only the PEs can end the job) and every PE waits in a barrier;
#             mpiexec continues once every other process of the job is gone
# Passes when, within 10 s of the failure, the launcher has exited with a non-zero status and
# every process of the job (on both hosts) is gone; the output has a line matching REGEX (an
# extended regular expression: the message naming the failure); and no file was left in any
# host's /dev/shm. Exit 77 (skip) when the cluster is not up.
# Launchers other than MPICH's hydra (Intel MPI's mpiexec, Open MPI's prterun and daemons) wait
# for a host cut off until it is back, whatever the PEs do: with them, linkdown requires every
# PE to be gone within 10 s and the launcher to end within 15 s of the link coming back, and
# proxy (whose launcher is stopped) is skipped (docs/mpi-support.md).
kind=$1 np=$2 cluster=$3 prog=$4 regex=$5
limit_ms=10000
case $kind in
  kill) wait=wait_until victim=wait;;
  abort) wait=fcollect victim=abort_self;;
  linkdown|proxy) wait=barrier victim=wait;;
  *) echo "fault.sh: unknown kind '$kind'"; exit 2;;
esac
# The launcher cluster.sh runs (the same choice as its own).
mpiexec=${MPISHMEM_CLUSTER_MPIEXEC:-mpiexec.mpich}
case ${MPISHMEM_MPIEXEC:-} in ""|*cluster.sh) ;; *) mpiexec=$MPISHMEM_MPIEXEC;; esac
case $("$mpiexec" --version 2>&1) in
  *"Intel(R) MPI"*) hydra=0;;
  *HYDRA*) hydra=1;;
  *) hydra=0;;
esac
if [ "$kind" = proxy ] && [ $hydra -eq 0 ]; then
  echo "fault.sh: SKIP: $mpiexec is not MPICH's hydra, which alone survives being stopped"
  exit 77
fi
shm_dirs=$(sh "$cluster" shm-dirs 2>&1) || { echo "$shm_dirs"; exit 77; }
shm_list() { for d in $shm_dirs; do ls -A "$d" | sed "s|^|$d/|"; done | sort; }
shm_before=$(shm_list)
dir=$(mktemp -d) || exit 1
log=$dir/log
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# Every descendant of process $1 (the job's processes on both hosts: mpiexec's proxies and
# the PEs), as "pid:start-time" so that a reused pid does not count.
tree() {
  for p in $(ps -e -o pid= -o ppid= | awk -v root="$1" '
      { parent[$1] = $2 }
      END {
        n = 1; q[1] = root
        for (i = 1; i <= n; i++)
          for (c in parent) if (parent[c] == q[i]) { q[++n] = c; print c }
      }'); do
    s=$(stat_of "$p") && echo "$p:${s#* }"
  done
}
# "STATE START-TIME" of process $1 (fields 3 and 22 of /proc/PID/stat), or fails.
stat_of() {
  line=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  set -- ${line##*) }
  echo "$1 ${20}"
}
# The processes of list $1 still running (zombies have ended).
alive() {
  for e in $1; do
    s=$(stat_of "${e%%:*}") && [ "${s%% *}" != Z ] && [ "${s#* }" = "${e#*:}" ] && echo "${e%%:*}"
  done
}
running() { s=$(stat_of "$1") && [ "${s%% *}" != Z ]; }
say() { echo "fault.sh: $*" >>"$dir/verdict"; }
restore() { if [ "$kind" = linkdown ]; then sh "$cluster" link h2 up; fi; }
finish() { restore; cat "$log" "$dir/verdict" 2>/dev/null; rm -rf "$dir"; exit "$1"; }

trap 'restore; rm -rf "$dir"; exit 1' INT TERM HUP
: >"$log" # before the job starts: the loop below reads it at once
# A status file of its own (unread): cluster.sh then execs the launcher, so $! is mpiexec.
: >"$dir/status"
MPISHMEM_EXIT_STATUS_FILE=$dir/status sh "$cluster" run -n "$np" -ppn $((np / 2)) "$prog" "$wait" "$victim" "$dir/go" >>"$log" 2>&1 &
launcher=$!
t=0
while [ "$(grep -c '^fault: PE [0-9]* pid [0-9]* ready' "$log")" -lt "$np" ]; do
  if ! running $launcher; then
    wait $launcher
    rc=$?
    [ $rc -eq 77 ] && grep -q '^cluster.sh: SKIP' "$log" && finish 77
    say "the job ended (exit $rc) before every PE was up"
    finish 1
  fi
  t=$((t + 1))
  [ $t -gt 600 ] && { say "the PEs did not start within 60 s"; kill -KILL $launcher; finish 1; }
  sleep 0.1
done
victim_pid=$(sed -n "s/^fault: PE $((np - 1)) pid \([0-9]*\) ready.*/\1/p" "$log")
job=$(tree $launcher)
if [ -z "$victim_pid" ] || [ "$(alive "$job" | wc -l)" -lt $((np + 2)) ]; then
  say "cannot find the job's processes (PE $((np - 1)): pid '$victim_pid'; the job: $job)"
  kill -KILL $launcher
  finish 1
fi
sleep 0.5 # every PE inside its wait
start=$(now_ms)
case $kind in
  kill) kill -KILL "$victim_pid";;
  abort) touch "$dir/go";;
  linkdown) sh "$cluster" link h2 down || { say "cannot take h2's link down"; finish 1; };;
  proxy) kill -STOP $launcher && kill -KILL "$(ps -o ppid= -p "$victim_pid")";;
esac
pes=$(for e in $job; do grep -q "^fault: PE [0-9]* pid ${e%%:*} ready" "$log" && echo "$e"; done)
# Wait for every process of the job and the launcher (30 s at most): a stopped launcher
# continues once the rest is gone; one that waits for a host cut off, once the PEs are gone
# (their end is measured) and the link is back.
lingers=0
[ "$kind" = linkdown ] && [ $hydra -eq 0 ] && lingers=1
elapsed=
while running $launcher || [ -n "$(alive "$job")" ]; do
  [ $(( $(now_ms) - start )) -gt 30000 ] && break
  [ "$kind" = proxy ] && [ -z "$(alive "$job")" ] && kill -CONT $launcher
  if [ $lingers -eq 1 ] && [ -z "$elapsed" ] && [ -z "$(alive "$pes")" ]; then
    elapsed=$(( $(now_ms) - start ))
    restore
    back=$(now_ms)
  fi
  [ -n "$elapsed" ] && [ $(( $(now_ms) - back )) -gt 15000 ] && break
  sleep 0.05
done
[ "$kind" = proxy ] && kill -CONT $launcher
[ -z "$elapsed" ] && elapsed=$(( $(now_ms) - start ))
status=0
left=$(alive "$job")
running $launcher && left="$launcher $left"
if [ -n "$left" ]; then
  say "still running at the end ($(( $(now_ms) - start )) ms after the failure):"
  for p in $left; do say "  $p $(tr '\0' ' ' <"/proc/$p/cmdline" | cut -c1-100)"; done
  kill -KILL $left 2>/dev/null
  status=1
fi
wait $launcher
rc=$?
restore
sleep 0.2
shm_after=$(shm_list)
if [ $lingers -eq 1 ]; then
  say "$kind with $np PEs: every PE ended $elapsed ms after the failure; the launcher (not" \
    "MPICH's hydra) ended after the link was back, exit $rc"
else
  say "$kind with $np PEs: the job ended $elapsed ms after the failure, exit $rc"
fi
if [ $rc -eq 0 ]; then say "the launcher exited 0"; status=1; fi
if [ $elapsed -ge $limit_ms ]; then say "slower than $limit_ms ms"; status=1; fi
if ! grep -Eq -- "$regex" "$log"; then say "no output line matches: $regex"; status=1; fi
if grep -q '^fault: FAIL' "$log"; then status=1; fi
new=$(printf '%s\n' "$shm_after" | grep -vxF -e "$shm_before" | grep . || true)
[ -z "$shm_before" ] && new=$shm_after
if [ -n "$new" ]; then say "left in /dev/shm: $new"; status=1; fi
[ $status -eq 0 ] && say PASS
finish $status
