#!/bin/sh
# wrong_launcher.sh N PROCS OSHRUN COMMAND...: COMMAND starts PROCS processes of a program, each
# a singleton MPI job, under launcher variables that say the job has N (another MPI's launcher
# with N = PROCS, or variables faked around a direct run, PROCS = 1). Passes when it exits
# non-zero, within the test's timeout, and each process reported the wrong launch, naming
# OSHRUN (this build's) as the one to use.
n=$1 procs=$2 oshrun=$3
shift 3
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -ne 0 ] || { echo "wrong_launcher: exit status 0; the launch should have failed"; exit 1; }
got=$(printf '%s\n' "$out" | grep -c "^mpishmem: error in shmem_init[a-z_]* on PE 0: the launcher started $n processes ([A-Z_]*=$n, set by .*) but MPI sees a job of 1: this program was launched with another MPI's launcher.*Launch it with mpishmem's oshrun ($oshrun), which runs ")
[ "$got" -eq "$procs" ] ||
  { echo "wrong_launcher: $got of $procs processes reported the wrong launch"; exit 1; }
echo "wrong_launcher: $procs processes stopped (exit $rc)"
