#!/bin/sh
# cluster.sh: an emulated cluster of N hosts on this machine, for multi-node tests.
#
#   cluster.sh up [N] [--cpus | --cpus-per-host K]
#                                create hosts h1..hN (default 2); removes a stale cluster first.
#                                The hosts share the caller's CPUs unless given their own: with
#                                --cpus-per-host K, hI gets the I-th K of the CPUs the caller
#                                may run on (normally all online CPUs; an error when there are
#                                fewer than N x K); --cpus: K = those CPUs / N, rounded down
#                                (2 CPUs, 2 hosts: one each)
#   cluster.sh down              remove everything (namespaces, holder processes, state)
#   cluster.sh status            list the hosts and their CPUs (exit 1 when the cluster is not up)
#   cluster.sh exec HOST cmd...  run cmd on HOST (h1, h2, ...)
#   cluster.sh run -n NP [-ppn K] prog args...
#                                run an MPI job from h1 over ceil(NP/K) hosts, K PEs per host
#                                (K defaults to NP spread evenly over the hosts that are up)
#   cluster.sh -n NP prog args   the same as run (so cluster.sh can stand in for oshrun)
#   cluster.sh shm-dirs          every host's /dev/shm as seen from here (for leak checks)
#   cluster.sh link HOST up|down take HOST's network link up or down (failure tests)
#
# Each host is a Linux network namespace NAME-hN joined by a veth pair to a bridge that lives
# in a switch namespace NAME-sw (no interface or address in the caller's namespace), plus a
# holder process in that network namespace with its own UTS and mount namespaces: its own
# hostname hN, its own tmpfs on /dev/shm and a cluster /etc/hosts naming every host. Entering
# a host is `nsenter` into the holder's namespaces; everything else (the build tree, the test
# programs) is the shared file system. MPI's launchers start remote PEs through
# scripts/cluster-launch.sh, an ssh/rsh stand-in. See docs/multinode.md.
#
# A host's own CPUs are a CPU affinity mask, kept in the state directory (hI.cpus) and set with
# taskset on every way into the host: its holder, `exec`, `run` and cluster-launch.sh (nsenter
# starts from its caller's affinity, not the holder's; fork and exec keep it from there). A
# process may still widen its own mask (sched_setaffinity): it is no cpuset.
#
# NAME is $MPISHMEM_CLUSTER (default "mpishmem"), so clusters of two builds side by side do
# not collide; the addresses (SUBNET.N) exist only inside the cluster's own namespaces.
# Needs root: without it, or when namespaces are refused, `up` and `run` exit 77 (skip).
set -u
name=${MPISHMEM_CLUSTER:-mpishmem}
state=/run/mpishmem-cluster/$name
subnet=10.213.0
sw=$name-sw
here=$(cd "$(dirname "$0")" && pwd)
skip=77

die() { echo "cluster.sh: $*" >&2; exit 1; }
skip() { echo "cluster.sh: SKIP: $*" >&2; exit $skip; }

# The holder PID of host $1 (h1, h2 ...) if it is alive and still in that host's namespace.
holder_pid() {
  [ -r "$state/$1.pid" ] || return 1
  p=$(cat "$state/$1.pid")
  [ -n "$p" ] && [ -d "/proc/$p" ] || return 1
  [ "$(ip netns identify "$p" 2>/dev/null)" = "$name-$1" ] || return 1
  echo "$p"
}

hosts_up() { cat "$state/hosts" 2>/dev/null; }

# The command words that start a process on host $1's own CPUs ("taskset -c 0,1"), or nothing
# when the hosts share the CPUs. Used unquoted: a CPU list has no blanks.
pin() {
  c=$(cat "$state/$1.cpus" 2>/dev/null) || c=""
  [ -z "$c" ] || echo "taskset -c $c"
}

enter() {
  host=$1; shift
  p=$(holder_pid "$host") || die "host $host of cluster $name is not up (cluster.sh up)"
  # shellcheck disable=SC2046 # pin's words
  exec $(pin "$host") nsenter -t "$p" -n -u -m -w"$PWD" -- "$@"
}

# The CPUs this process may run on, one a line, from taskset's list ("0-3,6"). Its affinity,
# not /sys/devices/system/cpu/online: where a container's cpuset allows fewer CPUs, a mask of
# CPUs outside it would be refused; sched_getaffinity leaves out CPUs that are offline.
usable_cpus() {
  l=$(LC_ALL=C taskset -pc $$ 2>/dev/null) || return 1
  echo "${l##*: }" | tr ',' '\n' |
    awk -F- 'NF == 1 { print $1 } NF == 2 { for (i = $1; i <= $2; i++) print i }'
}

# Removes every trace of cluster $name, whatever state a crash left it in. The processes
# killed are the holders and anything still running inside the cluster's namespaces.
down() {
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^$name-(h[0-9]+|sw)\$"); do
    for p in $(ip netns pids "$ns" 2>/dev/null); do
      kill -KILL "$p" 2>/dev/null
    done
    ip netns del "$ns" 2>/dev/null
  done
  rm -rf "$state"
}

up() {
  n="" per=""
  while [ $# -gt 0 ]; do
    case $1 in
      --cpus) per=all; shift;;
      --cpus-per-host) [ $# -ge 2 ] || die "up: --cpus-per-host needs a number"; per=$2; shift 2;;
      --cpus-per-host=*) per=${1#*=}; shift;;
      -*) die "up: unknown option '$1' (up [N] [--cpus | --cpus-per-host K])";;
      *) [ -z "$n" ] || die "up: one number of hosts, not '$n' and '$1'"; n=$1; shift;;
    esac
  done
  n=${n:-2}
  case $n in ''|*[!0-9]*) die "up: the number of hosts must be a number, not '$n'";; esac
  [ "$n" -ge 1 ] && [ "$n" -le 200 ] || die "up: 1 to 200 hosts, not $n"
  [ "$(id -u)" -eq 0 ] || skip "the emulated cluster needs root (network namespaces)"
  for t in ip unshare nsenter ${per:+taskset}; do
    command -v $t >/dev/null 2>&1 || skip "$t is missing (scripts/install-deps.sh installs it)"
  done
  # CPUs of their own: checked before anything is torn down or built.
  cpus=""
  if [ -n "$per" ]; then
    cpus=$(usable_cpus) && [ -n "$cpus" ] || die "up: cannot read this process's CPUs (taskset -p)"
    m=$(echo "$cpus" | wc -l)
    list=$(echo "$cpus" | paste -sd, -)
    if [ "$per" = all ]; then
      per=$((m / n))
      [ "$per" -ge 1 ] ||
        die "up: $n hosts with CPUs of their own need $n CPUs; there are $m ($list)"
    fi
    case $per in ''|*[!0-9]*|0) die "up: CPUs per host must be a number from 1, not '$per'";; esac
    [ $((n * per)) -le "$m" ] ||
      die "up: $n hosts x $per CPUs need $((n * per)) CPUs; there are $m ($list)"
  fi
  down
  mkdir -p "$state" || skip "cannot create $state"
  ip netns add "$sw" 2>"$state/err" || { e=$(cat "$state/err"); down;
    skip "network namespaces are refused here: $e"; }
  ip -n "$sw" link add br0 type bridge && ip -n "$sw" link set br0 up &&
    ip -n "$sw" link set lo up || { down; die "up: cannot create the bridge"; }
  {
    echo "127.0.0.1 localhost"
    i=1; while [ $i -le "$n" ]; do echo "$subnet.$i h$i"; i=$((i + 1)); done
  } >"$state/etc-hosts"
  i=1
  while [ $i -le "$n" ]; do
    h=h$i ns=$name-h$i
    if ! { ip netns add "$ns" &&
           ip -n "$sw" link add p$i type veth peer name eth0 netns "$ns" &&
           ip -n "$sw" link set p$i master br0 up &&
           ip -n "$ns" link set lo up &&
           ip -n "$ns" addr add "$subnet.$i/24" dev eth0 &&
           ip -n "$ns" link set eth0 up; } 2>"$state/err"; then
      e=$(cat "$state/err"); down; skip "cannot create host $h: $e"
    fi
    if [ -n "$per" ]; then
      echo "$cpus" | sed -n "$(((i - 1) * per + 1)),$((i * per))p" | paste -sd, - >"$state/$h.cpus"
    fi
    # The holder: own hostname, own /dev/shm, the cluster's /etc/hosts; it sleeps until down.
    # shellcheck disable=SC2046 # pin's words
    setsid $(pin "$h") ip netns exec "$ns" unshare --uts --mount --propagation private sh -c '
      hostname "$1" && mount -t tmpfs -o mode=1777 shm /dev/shm &&
      mount --bind "$2/etc-hosts" /etc/hosts && echo $$ >"$2/$1.pid.new" &&
      exec sleep infinity' holder "$h" "$state" </dev/null >/dev/null 2>"$state/err" 9>&- &
    t=0
    while [ ! -s "$state/$h.pid.new" ]; do
      t=$((t + 1))
      if [ $t -gt 100 ] || ! kill -0 $! 2>/dev/null && [ ! -s "$state/$h.pid.new" ]; then
        e=$(cat "$state/err"); down; skip "cannot start host $h: $e"
      fi
      sleep 0.1
    done
    mv "$state/$h.pid.new" "$state/$h.pid"
    echo "$h" >>"$state/hosts"
    i=$((i + 1))
  done
  # Every host must reach every other one before the cluster counts as up.
  for h in $(hosts_up); do
    p=$(holder_pid "$h") || { down; die "up: host $h died"; }
    for o in $(hosts_up); do
      # No ping on a minimal system: a TCP connection to a closed port is refused (reachable)
      # rather than timing out (unreachable).
      e=$(nsenter -t "$p" -n timeout 5 bash -c "exec 3<>/dev/tcp/$subnet.${o#h}/9" 2>&1)
      case $e in *refused*) ;; *) down; die "up: $h cannot reach $o: $e";; esac
    done
  done
  echo "cluster.sh: cluster $name up: $(hosts_up | tr '\n' ' ')${per:+(own CPUs: $per each)}"
}

status() {
  [ -s "$state/hosts" ] || { echo "cluster $name: not up"; exit 1; }
  ok=0
  for h in $(hosts_up); do
    if p=$(holder_pid "$h"); then
      c=$(cat "$state/$h.cpus" 2>/dev/null) || c="shared"
      echo "$h  $subnet.${h#h}  holder $p  netns $name-$h  cpus $c"
    else
      echo "$h  DOWN"; ok=1
    fi
  done
  exit $ok
}

# Intel MPI's hydra (its mpiexec prints "Intel(R) MPI Library"): the same -launcher options as
# MPICH's. Its wheel's environment script puts I_MPI_ROOT/lib on LD_LIBRARY_PATH for the
# libfabric it loads (dlopen) once a job spans hosts, and nothing else would find it; the
# root is that of the launcher unless I_MPI_ROOT is set. Fabric: Intel's shared memory
# inside a host, libfabric's tcp provider between hosts (FI_PROVIDER unless set).
run_intel() {
  np=$1 ppn=$2 list=$3; shift 3
  root=${I_MPI_ROOT:-$(cd "$(dirname "$(command -v "$mpiexec")")/.." && pwd)}
  enter h1 env I_MPI_ROOT="$root" LD_LIBRARY_PATH="$root/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    FI_PROVIDER_PATH="${FI_PROVIDER_PATH:-$root/lib}" FI_PROVIDER="${FI_PROVIDER:-tcp}" \
    "$mpiexec" -launcher ssh -launcher-exec "$here/cluster-launch.sh" \
    -hosts "$list" -ppn "$ppn" -n "$np" "$@"
}

# run -n NP [-ppn K] prog args: mpiexec inside h1 with a host list; MPICH's hydra by default,
# Open MPI's mpirun when $MPISHMEM_CLUSTER_MPIEXEC (the launcher to use) is an Open MPI one
# (its --version names Open MPI or OpenRTE); exactly one of the two runs.
run() {
  np="" ppn=""
  while [ $# -gt 0 ]; do
    case $1 in
      -n|-np) np=$2; shift 2;;
      -ppn) ppn=$2; shift 2;;
      --) shift; break;;
      *) break;;
    esac
  done
  [ $# -gt 0 ] && [ -n "$np" ] || die "usage: cluster.sh run -n NP [-ppn K] prog args..."
  [ -s "$state/hosts" ] || skip "cluster $name is not up (cluster.sh up; it needs root)"
  nhosts=$(hosts_up | wc -l)
  [ -n "$ppn" ] || ppn=$(( (np + nhosts - 1) / nhosts ))
  need=$(( (np + ppn - 1) / ppn ))
  [ "$need" -le "$nhosts" ] || die "run: $np PEs at $ppn per host need $need hosts; $nhosts are up"
  list=$(hosts_up | head -n "$need" | tr '\n' ',' | sed 's/,$//')
  # MPISHMEM_MPIEXEC replaces the launcher as it does for oshrun (e.g. a build against the MPI
  # standard ABI run on another MPI's libmpi_abi, with that MPI's launcher), unless it names
  # this script (oshrun told to start its PEs through the cluster: tests/python).
  mpiexec=${MPISHMEM_CLUSTER_MPIEXEC:-mpiexec.mpich}
  case ${MPISHMEM_MPIEXEC:-} in
    ""|*cluster.sh) ;;
    *) mpiexec=$MPISHMEM_MPIEXEC ;;
  esac
  export MPISHMEM_CLUSTER="$name"
  "$mpiexec" --version 2>&1 | grep -q "Intel(R) MPI" && run_intel "$np" "$ppn" "$list" "$@"
  # UCX finds peers on "one machine" by the kernel's boot id, which every namespace shares: its
  # shared-memory transports (posix through /proc/PID/fd, cma) would carry traffic between
  # hosts (8-byte get 0.4 us, 26 GB/s). Network transports only, as between real hosts;
  # inside a host MPICH still uses its own shared memory for messages.
  export UCX_TLS="${UCX_TLS:-tcp,self}"
  version=$("$mpiexec" --version 2>&1)
  case $version in
    *"Open MPI"*|*OpenRTE*) run_openmpi "$@";;
    *) # MPICH's hydra (and Intel MPI's, which takes the same options)
       enter h1 "$mpiexec" -launcher ssh -launcher-exec "$here/cluster-launch.sh" \
         -hosts "$list" -ppn "$ppn" -n "$np" "$@";;
  esac
}

# run's Open MPI launch (mpirun/prterun): $list $ppn $np $mpiexec $version set by run.
run_openmpi() {
  olist=$(echo "$list" | sed "s/\([^,]*\)/\1:$ppn/g")
  # More PEs than cores on a host is allowed: Open MPI 5's launcher (PRRTE) reads its own
  # variable and takes the modifier in --map-by; Open MPI 4's (ORTE) its rmaps variable.
  case $version in
    *OpenRTE*|*"Open MPI) 4."*|*"Open MPI) 3."*) over=OMPI_MCA_rmaps_base_oversubscribe=1 map=;;
    *) over=PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe map=:oversubscribe;;
  esac
  # The launcher's session files go to a directory of this launch, removed after it: PRRTE
  # leaves /tmp/ompi.PID (PMIx rendezvous sockets) behind when a job is killed, and a later
  # launcher that gets the same PID cannot listen there ("The PMIx server's listener thread
  # failed to start": 3 of 4 runs of the portable cluster set after a day of fault tests).
  tmp=$(mktemp -d /tmp/mpishmem-prte.XXXXXX)
  # Open MPI binds each process itself by default, from the whole machine's topology (4.1.4: a
  # job of up to 2 processes to a core each, CPU 0 on every host, h2's too; a larger job to the
  # package, every CPU). On hosts with CPUs of their own the processes keep the host's mask.
  bind=""
  [ -s "$state/h1.cpus" ] && bind="--bind-to none"
  # Open MPI's RMA across hosts goes through UCX (its components refuse TCP-only machines
  # unless told any transport will do); the user's OMPI_MCA_* settings win.
  # --leave-session-attached: the launcher's daemons on the other hosts stay in the caller's
  # session instead of starting their own. The emulated hosts share this machine's cores, and
  # with the kernel's automatic session groups (sched_autogroup_enabled) a session is
  # scheduled as one group: one holding busy PEs and threads that sleep and wake often (the
  # progress threads) was seen to keep every other session off both cores for 4-11 s
  # (progress_exchange_hog.np4 on the cluster, 2-11 s rounds in 1 of 3 runs; 0 of 8 with this
  # option; tests/progress/sched_group_starvation.c shows it without MPI). On real hosts the
  # sessions of different hosts never share cores (docs/multinode.md, "Sessions").
  # The launcher's stderr passes through a filter of one line: PRRTE's ssh launcher forks the
  # agent, and both the child and the parent put the child in a group of its own; when the
  # child has exec'd first, the parent's setpgid fails with EACCES and PRRTE prints "plm:ssh:
  # Warning: setpgid(PID,PID) failed in parent with errno=Permission denied(13)", ignoring it
  # (src/mca/plm/ssh/plm_ssh_module.c). The launch is unaffected, but tests that check a run
  # prints no error (setup_quiet_run.np2.cluster) failed on it in 1 of ~15 runs.
  (
    {
      ( (enter h1 env TMPDIR="$tmp" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        "$over" OMPI_MCA_pml="${OMPI_MCA_pml:-ucx}" OMPI_MCA_osc="${OMPI_MCA_osc:-ucx}" \
        OMPI_MCA_pml_ucx_tls="${OMPI_MCA_pml_ucx_tls:-any}" \
        OMPI_MCA_pml_ucx_devices="${OMPI_MCA_pml_ucx_devices:-any}" \
        "$mpiexec" --leave-session-attached $bind --mca plm_rsh_agent "$here/cluster-launch.sh" \
        --host "$olist" --map-by "ppr:$ppn:node$map" -n "$np" "$@") 2>&1 1>&3 3>&-
        echo $? > "$tmp/rc") |
        sed -u '/^\[[^]]*\] plm:ssh: Warning: setpgid([0-9]*,[0-9]*) failed in parent with errno=Permission denied(13)$/d' >&2
    } 3>&1
  )
  rc=$(cat "$tmp/rc" 2>/dev/null || echo 1)
  rm -rf "$tmp"
  exit "$rc"
}

# run, with the job's exit status as oshrun gives it (tools/oshrun.in, src/base/exit_status.h):
# the first status a PE wrote into the file named by MPISHMEM_EXIT_STATUS_FILE, else the
# launcher's. A file given by the caller (oshrun running its PEs through this script) is the
# caller's to read, and then this process becomes the launcher (run's exec), which
# tests/faults/fault.sh relies on to stop it.
run_with_status() {
  if [ -n "${MPISHMEM_EXIT_STATUS_FILE:-}" ]; then run "$@"; exit $?; fi
  status_file=$(mktemp "${TMPDIR:-/tmp}/mpishmem-exit.XXXXXX") || { (run "$@"); exit $?; }
  trap 'rm -f "$status_file"; exit 130' INT
  trap 'rm -f "$status_file"; exit 143' TERM
  MPISHMEM_EXIT_STATUS_FILE=$status_file
  export MPISHMEM_EXIT_STATUS_FILE
  (run "$@")
  rc=$?
  if [ -s "$status_file" ]; then
    read -r given < "$status_file" && rc=$given
  fi
  rm -f "$status_file"
  exit "$rc"
}

# up and down of one cluster never overlap (a lock file next to the state directory; the
# holders do not inherit it).
locked() {
  mkdir -p /run/mpishmem-cluster 2>/dev/null || skip "cannot create /run/mpishmem-cluster"
  exec 9>"/run/mpishmem-cluster/$name.lock"
  command -v flock >/dev/null 2>&1 && flock 9
  "$@"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
  up) [ "$(id -u)" -eq 0 ] || skip "the emulated cluster needs root (network namespaces)"
      locked up "$@";;
  down) [ "$(id -u)" -eq 0 ] || skip "the emulated cluster needs root"; locked down;;
  status) status;;
  exec) [ $# -ge 2 ] || die "usage: cluster.sh exec HOST cmd..."; enter "$@";;
  run) run_with_status "$@";;
  -n|-np) run_with_status "$cmd" "$@";;
  shm-dirs)
    for h in $(hosts_up); do
      p=$(holder_pid "$h") || die "host $h of cluster $name is not up"
      echo "/proc/$p/root/dev/shm"
    done;;
  link)
    [ $# -eq 2 ] && { [ "$2" = up ] || [ "$2" = down ]; } ||
      die "usage: cluster.sh link HOST up|down"
    holder_pid "$1" >/dev/null || die "host $1 of cluster $name is not up"
    ip -n "$name-$1" link set eth0 "$2";;
  *) sed -n '2,19s/^# \{0,1\}//p' "$0"; exit 2;;
esac
