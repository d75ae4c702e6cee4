#!/bin/sh
# cluster-slurm.sh: Slurm on the emulated cluster of scripts/cluster.sh, so that OpenSHMEM jobs
# start the way they do on a real cluster: under srun.
#
#   cluster-slurm.sh up       start Slurm on the hosts that are up (cluster.sh up first): munged,
#                             slurmctld on h1, one slurmd per host; waits until every node is idle
#   cluster-slurm.sh down     stop the daemons and remove their state
#   cluster-slurm.sh status   sinfo of the cluster (exit 1 when Slurm is not up)
#   cluster-slurm.sh srun ARGS...    srun ARGS from h1 (e.g. srun -N 2 -n 4 ./prog)
#   cluster-slurm.sh sbatch ARGS...  sbatch ARGS from h1
#   cluster-slurm.sh exec CMD...     CMD on h1 with the cluster's SLURM_CONF (squeue, scancel)
#
# Debian's packages (slurmd, slurmctld, slurm-client, munge: scripts/install-deps.sh --slurm).
# The configuration is written to the cluster's state directory (SLURM_CONF points there; the
# machine's /etc/slurm is not touched). Each host is a node with the CPUs it reports, accepted
# as configured (SlurmdParameters=config_overrides) and shared by jobs (OverSubscribe=FORCE):
# the emulated hosts share this machine's cores. MPI processes are started through Slurm's
# PMI-2 plugin (MpiDefault=pmi2), which MPICH's and Intel MPI's PMI clients speak; tasks are
# tracked by the process tree (no cgroups here). munged is shared by the hosts: its socket is
# a path in the file system they share. Needs root, as cluster.sh does; exits 77 (skip) without
# it or without the cluster.
set -u
here=$(cd "$(dirname "$0")" && pwd)
name=${MPISHMEM_CLUSTER:-mpishmem}
state=/run/mpishmem-cluster/$name
dir=$state/slurm
conf=$dir/slurm.conf
export SLURM_CONF=$conf
skip=77

die() { echo "cluster-slurm.sh: $*" >&2; exit 1; }
skip() { echo "cluster-slurm.sh: SKIP: $*" >&2; exit $skip; }
hosts() { cat "$state/hosts" 2>/dev/null; }
on() { host=$1; shift; sh "$here/cluster.sh" exec "$host" env SLURM_CONF="$conf" "$@"; }

write_conf() {
  n=$(hosts | wc -l)
  cpus=$(nproc)
  mkdir -p "$dir/ctld"
  cat >"$conf" <<EOF
# Written by scripts/cluster-slurm.sh for the emulated cluster $name.
ClusterName=$name
SlurmctldHost=h1
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=pmi2
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/spool-%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd-%n.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd-%n.log
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=30
KillWait=5
Waittime=0
NodeName=h[1-$n] CPUs=$cpus Boards=1 SocketsPerBoard=1 CoresPerSocket=$cpus ThreadsPerCore=1 State=UNKNOWN
PartitionName=cluster Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:8
EOF
}

# Shell commands that mount, in a host, the cgroup file systems the machine has under
# /sys/fs/cgroup: slurmd starts its cgroup plugin whatever the configuration, and a host's
# mount namespace has the network namespace's own /sys (ip netns exec) without them. The same
# controllers mounted again are the same hierarchies.
cgroup_mounts() {
  echo "mountpoint -q /sys/fs/cgroup && exit 0"
  awk '{ for (i = 7; i <= NF; i++) if ($i == "-") { t = $(i + 1); o = $(i + 3); break } }
       $5 ~ /^\/sys\/fs\/cgroup(\/|$)/ && t ~ /^(tmpfs|cgroup|cgroup2)$/ {
         print "mkdir -p " $5 " && mount -t " t " -o " o " " t " " $5 " || exit 1"
       }' /proc/self/mountinfo
}

# munged: one for every host and every emulated cluster (its socket is a path in the file
# system they share). Started here if none answers; stopped by the last cluster's down.
munge_mark=/run/mpishmem-cluster/munged.ours
munge_up() {
  munge -n </dev/null >/dev/null 2>&1 && return 0
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null
  [ -s /etc/munge/munge.key ] || die "no /etc/munge/munge.key (reinstall the munge package)"
  munged --force 2>"$dir/munged.err" || die "munged did not start: $(cat "$dir/munged.err")"
  touch "$munge_mark"
}
munge_down() {
  [ -f "$munge_mark" ] || return 0
  ls /run/mpishmem-cluster/*/slurm/slurm.conf >/dev/null 2>&1 && return 0
  pkill -x munged 2>/dev/null
  rm -f "$munge_mark"
}

up() {
  [ "$(id -u)" -eq 0 ] || skip "needs root (the emulated cluster)"
  [ -s "$state/hosts" ] || skip "cluster $name is not up (cluster.sh up)"
  for t in slurmctld slurmd srun sinfo munged munge; do
    command -v $t >/dev/null 2>&1 || skip "$t is missing (scripts/install-deps.sh --slurm)"
  done
  down_daemons
  rm -rf "$dir"
  mkdir -p "$dir"
  write_conf
  munge_up
  on h1 slurmctld -i || die "slurmctld did not start: $(tail -5 "$dir/slurmctld.log" 2>/dev/null)"
  for h in $(hosts); do
    mkdir -p "$dir/spool-$h"
    on "$h" sh -c "$(cgroup_mounts)" || die "cannot give host $h the cgroup file systems"
    on "$h" slurmd || die "slurmd did not start on $h: $(tail -5 "$dir/slurmd-$h.log" 2>/dev/null)"
  done
  # Up when every node is idle (registered and usable).
  n=$(hosts | wc -l)
  t=0
  while :; do
    idle=$(on h1 sinfo -h -N -o '%N %t' 2>/dev/null | grep -c ' idle$')
    [ "$idle" -eq "$n" ] && break
    t=$((t + 1))
    [ $t -le 120 ] || die "nodes not idle after 60 s: $(on h1 sinfo -N 2>&1 | tr '\n' ';')"
    sleep 0.5
  done
  echo "cluster-slurm.sh: Slurm up on $(hosts | tr '\n' ' ')(SLURM_CONF=$conf)"
}

# Stops the daemons of this cluster's Slurm (found by their pid files).
down_daemons() {
  for f in "$dir"/slurmd-*.pid "$dir"/slurmctld.pid; do
    [ -s "$f" ] || continue
    p=$(cat "$f")
    kill -TERM "$p" 2>/dev/null
    t=0
    while kill -0 "$p" 2>/dev/null && [ $t -lt 50 ]; do sleep 0.1; t=$((t + 1)); done
    kill -KILL "$p" 2>/dev/null
    rm -f "$f"
  done
}

case ${1:-} in
  up) up ;;
  down) down_daemons; rm -rf "$dir"; munge_down ;;
  status) [ -s "$conf" ] || { echo "Slurm on cluster $name: not up"; exit 1; }; on h1 sinfo -N ;;
  srun | sbatch) cmd=$1; shift; [ -s "$conf" ] || skip "Slurm is not up (cluster-slurm.sh up)"
    on h1 "$cmd" "$@" ;;
  exec) shift; on h1 "$@" ;;
  *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
