#!/bin/sh
# wrong_launcher.sh N MIN OSHRUN COMMAND...: COMMAND starts processes of a program, each a
# singleton MPI job, under launcher variables that say the job has N (another MPI's launcher,
# or variables faked around a direct run). Passes when it exits non-zero, within the test's
# timeout, and at least MIN processes reported the wrong launch, naming OSHRUN (this build's)
# as the one to use (or their MPI refused the launcher by itself). Under a real launcher MIN is
# 1: the launcher ends the other processes once one fails, maybe before they print.
n=$1 min=$2 oshrun=$3
shift 3
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -ne 0 ] || { echo "wrong_launcher: exit status 0; the launch should have failed"; exit 1; }
got=$(printf '%s\n' "$out" | grep -c "^mpishmem: error in shmem_init[a-z_]* on PE 0: the launcher started $n processes ([A-Z_]*=$n, set by .*) but MPI sees a job of 1: this program was launched with another MPI's launcher.*Launch it with mpishmem's oshrun ($oshrun), which runs ")
# MPICH 5 sees Open MPI's PMIx itself and stops in MPI_Init, before the library's check: a
# clear error too (Debian's MPICH 4.0 starts a singleton instead).
refused=$(printf '%s\n' "$out" | grep -c "Runtime environment uses unsupported PMI version PMIx")
got=$((got + refused))
[ "$got" -ge "$min" ] ||
  { echo "wrong_launcher: $got processes reported the wrong launch, fewer than $min"; exit 1; }
echo "wrong_launcher: $got processes stopped (exit $rc)"
