#!/bin/bash
# One run of every benchmark the documentation shows, and every table and plot made from it:
#   node-local  2 PEs on one node: shmem_bench + shmem_amo_bench with mpishmem and with Debian's
#               Open MPI OSHMEM, and their raw-MPI twin mpi_rma_bench (MPICH, same node)
#   collectives 2 and 4 PEs on one node: shmem_coll_bench (mpishmem, OSHMEM), mpi_coll_bench
#   remote      the emulated cluster (scripts/cluster.sh, 2 hosts x 1 PE, TCP): the same three
#               programs, mpishmem in both AMO modes (MPISHMEM_AMO=mpi and =am), raw MPI, OSHMEM
#   first AMO   amo_first_bench / mpi_amo_first_bench (first remote fetch_add vs later ones) on
#               the cluster and in the simulated two-node mode
#   callgrind   instructions per call inside the library (bench/callgrind.sh, callgrind_remote.sh)
#   start-up    init_bench (time in shmem_init): 2 and 16 PEs on one node, mpishmem and OSHMEM,
#               and mpishmem in the simulated two-node mode
# and, as the part "contention" (PEs that share cores, other jobs on the node):
#   fine        bench/compare_fine_grained.sh ROUNDS: fine-grained blocking remote operations from
#               every PE at once on the emulated cluster at 2 hosts x 1, 2 and 4 PEs, the hosts
#               sharing the CPUs or on CPUs of their own, and 4 PEs on one node beside 2 CPU hogs;
#               with the default AMO mode and with MPISHMEM_AMO=am; Open MPI's OSHMEM beside
#               the default mode on the clusters
#   bale        bench/compare_bale_kernels.sh BALE_RUNS 4 2: bale-like kernels, 4 PEs on one node
#               beside 2 CPU hogs and beside a concurrent 4-PE job, mpishmem and Open MPI OSHMEM
#   cluster     bench/compare_bale_kernels.sh with SCENARIOS=cluster, CLUSTER_RUNS runs: the same
#               kernels on the emulated cluster at 2 hosts x 1 and 2 hosts x 2 PEs (mpishmem)
# Every program runs ROUNDS times, implementations alternated within a round; tables show the
# median of the rounds' medians. Output (stamped with date, machine, MPI versions, command):
#   docs/perf/raw/*.txt   the programs' raw output, all rounds, and meta.txt (the stamp);
#                         the contention part's in contention_*.txt, stamp contention_meta.txt
#   docs/perf/*.md        the markdown tables, each with a legend of its rows and columns
#   docs/plots/*.png      the plots
# and the tables are pasted into docs/performance.md, docs/user-guide.md and docs/multinode.md
# between their "<!-- report:NAME -->" and "<!-- /report:NAME -->" markers (bench/report.py).
#   usage: bench/report.sh BUILD_DIR [ROUNDS]      (as root: the cluster needs namespaces)
# Environment: PARTS (default "main contention"): the parts to run, "main" being everything
# above but the contention part; PARTS=contention regenerates the contention tables alone, and
# a part's run leaves the other part's raw output, stamp and tables as they are. The contention
# part's sizes: FINE_ARGS (compare_fine_grained.sh's ARGS, default its own), BALE_RUNS
# (default 8), BALE_ARGS (bale_kernels' options on one node, default its own), CLUSTER_RUNS
# (default 5), CLUSTER_ARGS (bale_kernels' options on the cluster), TIMEOUT (seconds per
# bale_kernels run, default 60). CLUSTER_WAIT: minutes to wait while another emulated cluster is
# up (default 30; 0: go on beside it).
# Takes about 10 minutes per part with ROUNDS=3 on 2 cores. Needs Open MPI, valgrind,
# matplotlib: installed by scripts/install-deps.sh --report (called here). Not part of the test
# suite or CI.
set -e -o pipefail
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/cpu_steal.sh"
raw="$root/docs/perf/raw"
parts=${PARTS:-main contention}
for p in $parts; do
  case $p in main|contention) ;; *) echo "report.sh: unknown part $p (main, contention)" >&2; exit 2;; esac
done
has_part() { case " $parts " in *" $1 "*) return 0;; esac; return 1; }
[ "$(id -u)" = 0 ] || { echo "report.sh: run as root (the emulated cluster needs namespaces)" >&2; exit 1; }
# The contention part alone needs Open MPI (OSHMEM), not valgrind or matplotlib.
if has_part main; then sh "$root/scripts/install-deps.sh" --report
else sh "$root/scripts/install-deps.sh" --openmpi; fi
py=/usr/bin/python3 # Debian's python3-matplotlib is installed for Debian's python3
if has_part main; then
  for b in shmem_bench shmem_amo_bench shmem_coll_bench mpi_rma_bench mpi_coll_bench \
           amo_first_bench mpi_amo_first_bench; do
    [ -x "$build/bench/$b" ] || { echo "report.sh: $build/bench/$b missing: build first" >&2; exit 1; }
  done
fi
[ -x "$build/bin/oshcc" ] || { echo "report.sh: $build/bin/oshcc missing: build first" >&2; exit 1; }
mpi=$(sed -n 's/^MPISHMEM_MPI:[A-Z]*=//p' "$build/CMakeCache.txt")
# The full report compares against Debian's MPICH and Open MPI's OSHMEM; a build against another
# MPI gets that MPI's remote table (mpishmem against raw MPI, instructions per call).
if [ "${mpi:-mpich}" != mpich ]; then
  has_part main || { echo "report.sh: the contention part needs a build against Debian's MPICH" >&2; exit 1; }
  echo "report.sh: a build against $mpi: the remote table of that MPI (bench/report_mpi.sh)" >&2
  exec bash "$here/report_mpi.sh" "$rounds" "$build"
fi
# The command as the stamps show it: the settings given, then the script and its arguments.
settings=""
for v in PARTS FINE_ARGS BALE_RUNS BALE_ARGS CLUSTER_RUNS CLUSTER_ARGS TIMEOUT; do
  val=${!v:-}
  [ -n "$val" ] || continue
  case $val in *' '*) val="\"$val\"";; esac
  settings="$settings$v=$val "
done
command="${settings}bash bench/report.sh $1 $rounds"
mpiexec=$(sed -n 's/^MPIEXEC_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
tmp=$(mktemp -d /tmp/report.XXXXXX)
cluster="sh $root/scripts/cluster.sh"
export MPISHMEM_CLUSTER=mpishmem-report
trap '$cluster down >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

mkdir -p "$raw"
# The stamp of a part's run: date, command, machine, versions, load average.
stamp_lines() {
  echo "date $(date -u '+%Y-%m-%d %H:%M') UTC"
  echo "command $command"
  echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "cores $(nproc) x $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
  echo "kernel $(uname -r)"
  echo "mpich $(mpichversion 2>/dev/null | sed -n 's/^MPICH Version:[[:space:]]*//p') ($(mpichversion 2>/dev/null | sed -n 's/^MPICH Device:[[:space:]]*//p'))"
  echo "openmpi $(ompi_info --version 2>/dev/null | sed -n 's/^Open MPI v//p' | head -1)"
  # ucx_info is in Debian's ucx-utils, often not installed; the library package names it too
  echo "ucx $( { ucx_info -v 2>/dev/null | sed -n 's/^# Version //p'
               dpkg-query -W -f '${Version}\n' libucx0 2>/dev/null | sed 's/-[^-]*$//'; } | head -1)"
  echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "steal_mark_before $(steal_mark)"
  echo "rounds $rounds"
}
# The end of a part's stamp FILE: the load average now, and the hypervisor's steal since the
# stamp began (cpu_steal.sh: time the CPUs ran other guests, which no load average shows).
finish_stamp() {
  echo "load_after $(cut -d' ' -f1-3 /proc/loadavg)" >> "$1"
  echo "steal $(steal_percent "$(sed -n 's/^steal_mark_before //p' "$1")" "$(steal_mark)")" >> "$1"
}
if has_part main; then
  # Only this part's files: remote_mpi_*.txt are bench/report_mpi.sh's, from other MPIs, and
  # contention_*.txt the contention part's.
  find "$raw" -maxdepth 1 -name '*.txt' ! -name 'remote_mpi_*' ! -name 'contention_*' -delete
  stamp_lines > "$raw/meta.txt"
fi

if has_part main; then
  # Open MPI's OSHMEM builds of the OpenSHMEM 1.4 benchmarks.
  for b in shmem_bench shmem_amo_bench shmem_coll_bench init_bench; do
    /usr/bin/oshcc -O2 "$here/$b.c" -o "$tmp/${b}_oshmem"
  done
  stamp="# $(tr '\n' ';' < "$raw/meta.txt" | sed 's/;/; /g')"
fi
# Open MPI as root needs these; its OSHMEM crashes at finalize with the rdma osc component.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# out FILE ROUND: append a run's output to FILE, after a comment naming the round (and, first,
# the stamp of the run).
out() { [ -s "$1" ] || echo "$stamp" > "$1"; echo "# round $2" >> "$1"; cat >> "$1"; }
oshmem_local() { OMPI_MCA_osc=^rdma /usr/bin/oshrun "$@" 2>/dev/null; }

# The phases on one host (node-local, collectives, start-up, callgrind, first AMO in the
# simulated two-node mode) and the phase on the emulated cluster.
one_host() {
  echo "report.sh: node-local and collectives ($rounds rounds)" >&2
  for r in $(seq "$rounds"); do
    for b in shmem_bench shmem_amo_bench; do
      "$build/bin/oshrun" -n 2 -bind-to core "$build/bench/$b" | out "$raw/local_mpishmem.txt" "$r"
      oshmem_local -np 2 --bind-to core "$tmp/${b}_oshmem" | out "$raw/local_oshmem.txt" "$r" ||
        echo "report.sh: OSHMEM $b failed (round $r)" >&2
    done
    "$mpiexec" -n 2 -bind-to core "$build/bench/mpi_rma_bench" | out "$raw/local_rawmpi.txt" "$r"
    for np in 2 4; do
      if [ "$np" -le "$(nproc)" ]; then bind="-bind-to core"; obind="--bind-to core"
      else bind="-bind-to none"; obind="--oversubscribe --bind-to none"; fi
      "$build/bin/oshrun" -n "$np" $bind "$build/bench/shmem_coll_bench" | out "$raw/coll_mpishmem.txt" "$r"
      "$mpiexec" -n "$np" $bind "$build/bench/mpi_coll_bench" | out "$raw/coll_mpi.txt" "$r"
      oshmem_local -np "$np" $obind "$tmp/shmem_coll_bench_oshmem" | out "$raw/coll_oshmem.txt" "$r" ||
        echo "report.sh: OSHMEM shmem_coll_bench failed with $np PEs (round $r)" >&2
    done
  done

  echo "report.sh: start-up" >&2
  "$build/bin/oshcc" -O2 "$here/init_bench.c" -o "$tmp/init_bench_mpishmem"
  for r in $(seq "$rounds"); do
    for np in 2 16; do
      "$build/bin/oshrun" -n "$np" "$tmp/init_bench_mpishmem" | out "$raw/init_mpishmem.txt" "$r"
      oshmem_local -np "$np" --oversubscribe "$tmp/init_bench_oshmem" | out "$raw/init_oshmem.txt" "$r" ||
        echo "report.sh: OSHMEM init_bench failed with $np PEs (round $r)" >&2
      MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self "$build/bin/oshrun" -n "$np" "$tmp/init_bench_mpishmem" |
        out "$raw/init_mpishmem_twonode.txt" "$r"
    done
  done

  echo "report.sh: instructions per call (callgrind)" >&2
  sh "$here/callgrind.sh" "$build" > "$raw/callgrind_local.txt"
  sh "$here/callgrind_remote.sh" "$build" > "$raw/callgrind_remote.txt"

  echo "report.sh: first AMO, simulated two nodes" >&2
  for r in $(seq "$rounds"); do
    ( export MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self # the two-node test mode (docs/multinode.md)
      "$build/bin/oshrun" -n 2 -bind-to core "$build/bench/amo_first_bench" | out "$raw/first_twonode_mpishmem.txt" "$r"
      "$mpiexec" -n 2 -bind-to core "$build/bench/mpi_amo_first_bench" | out "$raw/first_twonode_rawmpi.txt" "$r"
      "$build/bin/oshrun" -n 2 -bind-to core "$build/bench/amo_first_bench" -w self | out "$raw/first_twonode_mpishmem_self.txt" "$r" )
  done
}

# Only one emulated cluster fits on a machine (its runs share the cores): wait (up to
# CLUSTER_WAIT minutes, default 30) while another is up.
wait_cluster_free() {
  local i
  for i in $(seq $((${CLUSTER_WAIT:-30} * 2))); do
    [ -z "$(ip netns list 2>/dev/null)" ] && return 0
    echo "report.sh: another emulated cluster is up (ip netns list); waiting" >&2
    sleep 30
  done
  [ -z "$(ip netns list 2>/dev/null)" ] && return 0
  if [ "${CLUSTER_WAIT:-30}" = 0 ]; then
    echo "report.sh: another emulated cluster is up; going on beside it (CLUSTER_WAIT=0)" >&2
    return 0
  fi
  echo "report.sh: the cluster never went down" >&2; exit 1
}

cluster_phase() {
  wait_cluster_free
  echo "report.sh: emulated cluster" >&2
  $cluster up 2 >/dev/null
  crun() { $cluster run -n 2 -ppn 1 "$@"; }
  oshmem_cluster() { MPISHMEM_CLUSTER_MPIEXEC=mpirun.openmpi OMPI_MCA_osc=ucx crun "$@" 2>/dev/null; }
  for r in $(seq "$rounds"); do
    for b in shmem_bench shmem_amo_bench; do
      MPISHMEM_AMO=mpi crun "$build/bench/$b" | out "$raw/remote_mpishmem_mpi.txt" "$r"
      MPISHMEM_AMO=am crun "$build/bench/$b" | out "$raw/remote_mpishmem_am.txt" "$r"
      oshmem_cluster "$tmp/${b}_oshmem" | out "$raw/remote_oshmem.txt" "$r" ||
        echo "report.sh: OSHMEM $b failed on the cluster (round $r)" >&2
    done
    crun "$build/bench/mpi_rma_bench" | out "$raw/remote_rawmpi.txt" "$r"
    crun "$build/bench/amo_first_bench" | out "$raw/first_cluster_mpishmem.txt" "$r"
    crun "$build/bench/mpi_amo_first_bench" | out "$raw/first_cluster_rawmpi.txt" "$r"
    crun "$build/bench/amo_first_bench" -w self | out "$raw/first_cluster_mpishmem_self.txt" "$r"
  done
  $cluster down >/dev/null
}

# The contention part: each comparison script brings up its own emulated cluster (its own name)
# and takes it down; their output, progress messages included, is the raw output.
contention_part() {
  local bale_runs=${BALE_RUNS:-8} cluster_runs=${CLUSTER_RUNS:-5}
  find "$raw" -maxdepth 1 -name 'contention_*.txt' -delete
  { stamp_lines; echo "bale_runs $bale_runs"; echo "cluster_runs $cluster_runs"; } \
    > "$raw/contention_meta.txt"
  wait_cluster_free
  # The library's defaults, whatever the caller's environment says, then the am mode.
  for mode in default am; do
    echo "report.sh: contention: fine-grained operations, AMO mode $mode ($rounds rounds)" >&2
    # The native peer (Open MPI's OSHMEM) once, beside the default mode.
    env -u MPISHMEM_AMO ARGS="${FINE_ARGS:-}" ENV="$([ "$mode" = am ] && echo MPISHMEM_AMO=am)" \
      LIBS="m$([ "$mode" = default ] && echo " o")" OARGS= \
      BEFORE= BEFORE_ENV= CONFIGS= HOGS= KEEP= \
      bash "$here/compare_fine_grained.sh" "$build" "$rounds" 2>&1 |
      tee "$raw/contention_fine_$mode.txt" >&2
  done
  echo "report.sh: contention: bale-like kernels on one node ($bale_runs runs)" >&2
  env -u MPISHMEM_AMO SCENARIOS="hogs job" LIBS="m o" ARGS="${BALE_ARGS:-}" BEFORE= \
    SLOW= KEEP= bash "$here/compare_bale_kernels.sh" "$build" "$bale_runs" 4 2 2>&1 |
    tee "$raw/contention_bale.txt" >&2
  echo "report.sh: contention: bale-like kernels on the emulated cluster ($cluster_runs runs)" >&2
  env -u MPISHMEM_AMO SCENARIOS=cluster LIBS=m ARGS="${CLUSTER_ARGS:-}" BEFORE= \
    SLOW= KEEP= bash "$here/compare_bale_kernels.sh" "$build" "$cluster_runs" 2>&1 |
    tee "$raw/contention_cluster.txt" >&2
  finish_stamp "$raw/contention_meta.txt"
}

if has_part main; then
  # The cluster first when it is free now (another may come up later), else after the rest.
  if [ -z "$(ip netns list 2>/dev/null)" ]; then
    cluster_phase
    one_host
  else
    one_host
    cluster_phase
  fi
  finish_stamp "$raw/meta.txt"
fi
has_part contention && contention_part

"$py" "$here/report.py" --raw "$raw" --tables "$root/docs/perf" --plots "$root/docs/plots" \
  --docs "$root/docs" --parts "${parts// /,}"
