#!/bin/sh
# cluster-launch.sh [ssh options] HOST command...: what ssh or rsh would do for MPI's
# launchers (hydra's -launcher-exec, Open MPI's plm_rsh_agent) on the emulated cluster of
# scripts/cluster.sh: runs the command, a shell command line like ssh's, on HOST (hN or its
# address) by entering the namespaces of that host's holder process. The environment passes
# through unchanged (unlike ssh), so variables set for the job reach every PE. On a cluster
# whose hosts have CPUs of their own (cluster.sh up --cpus), the command runs on HOST's CPUs:
# nsenter would keep the launcher's.
set -u
name=${MPISHMEM_CLUSTER:-mpishmem}
state=/run/mpishmem-cluster/$name
# ssh-style options before the host name (hydra passes -x); -o/-l/-p take a value.
while [ $# -gt 0 ]; do
  case $1 in
    -o|-l|-p|-i|-F) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
[ $# -ge 1 ] || { echo "cluster-launch.sh: no host given" >&2; exit 255; }
host=${1%%:*}
shift
case $host in
  *.*.*.*) host=h${host##*.};;
esac
pid=$(cat "$state/$host.pid" 2>/dev/null) && [ -d "/proc/$pid" ] ||
  { echo "cluster-launch.sh: host $host of cluster $name is not up" >&2; exit 255; }
cpus=$(cat "$state/$host.cpus" 2>/dev/null) || cpus=""
if [ -n "$cpus" ]; then
  exec taskset -c "$cpus" nsenter -t "$pid" -n -u -m -w"$PWD" -- sh -c "$*"
fi
exec nsenter -t "$pid" -n -u -m -w"$PWD" -- sh -c "$*"
