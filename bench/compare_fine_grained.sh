#!/bin/bash
# Fine-grained blocking remote operations from every PE at once (issue 44):
# bench/fine_grained_bench.c (each PE throws fetch_add, compare_swap, g and add at random PEs it
# reaches through MPI) where PEs share cores and where they do not, each configuration ROUNDS
# times:
#   shared.2xK  the emulated cluster (scripts/cluster.sh up 2), K PEs per host (1, 2 and 4 by
#               default), the hosts sharing the machine's CPUs
#   own.2xK     the same with each host on CPUs of its own (cluster.sh up 2 --cpus: one CPU
#               per host on a 2-CPU machine)
#   hogs.np4    one node, 4 PEs as two simulated nodes of 2 (the build's two-node mode, as the
#               test suite runs it: MPICH's cliques over TCP, else MPISHMEM_SIMULATED_NODES=2),
#               beside HOGS spinning processes (tests/progress/with_cpu_hog.sh)
# Prints per configuration, operation and build: the median over the rounds of the bench's
# median (ns per operation), the largest max= and pe_max= of all rounds, and x2x1, that median
# over the same build's 2x1 median on the same kind of cluster (hogs.np4: the shared one's).
# The cluster is brought up under a name of this script's (mpishmem-fine), with and without
# --cpus as the configurations need, and taken down at exit. Needs root (namespaces).
#   usage: bench/compare_fine_grained.sh BUILD_DIR [ROUNDS]   (default 3)
# Environment: ARGS (the bench's options, default "-n 300 -r 3": 900 operations of each kind
# per PE and run, ~2 s of operations at 600 us each; a round of the 7 configurations took 16 s
# at 0.05-0.8 ms per operation); ENV="VAR=value ..." (set for every run, e.g. MPISHMEM_AMO=am);
# BEFORE=BUILD_DIR2 (another build, e.g. the commit before a change, run alternately with
# BUILD_DIR in every configuration); BEFORE_ENV="VAR=value ..." (for BEFORE's runs only, after
# ENV: with BEFORE=BUILD_DIR, two settings of one build); CONFIGS (some of the names above, e.g.
# "own.2x1 own.2x2"; the table keeps their order); HOGS (default 2); KEEP=DIR (keep each run's
# output there).
# LIBS="m o" adds the native peer: the same program built with Debian's Open MPI OSHMEM (its
# oshcc), started by Open MPI's mpirun on the same cluster, alternated with mpishmem, with its own
# options OARGS (default "-n 30 -r 3": where PEs share a CPU its operations take milliseconds);
# only on the clusters (on one node it reaches no PE through a network: hogs.* gives it no
# result). Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
# For an Open MPI or other MPI build, MPISHMEM_CLUSTER_MPIEXEC names its launcher
# (scripts/cluster.sh) and the run-time environment it needs must be set (scripts/mpi.sh env).
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
cluster=$here/../scripts/cluster.sh
hogsh=$here/../tests/progress/with_cpu_hog.sh
before=${BEFORE:+$(cd "$BEFORE" && pwd)}
libs=${LIBS:-${before:+b }m}
oargs=${OARGS:--n 30 -r 3}
for lib in $libs; do
  case $lib in
    m|o) ;;
    b) [ -n "$before" ] || { echo "compare_fine_grained.sh: LIBS has b without BEFORE" >&2; exit 2; } ;;
    *) echo "compare_fine_grained.sh: unknown library $lib in LIBS (b, m, o)" >&2; exit 2 ;;
  esac
done
args=${ARGS:--n 300 -r 3}
configs=${CONFIGS:-shared.2x1 shared.2x2 shared.2x4 own.2x1 own.2x2 own.2x4 hogs.np4}
hogs=${HOGS:-2}
limit=300 # seconds per run: a run that hangs costs its round, not the invocation
for c in $configs; do
  case $c in
    shared.2x[1-9]|own.2x[1-9]|hogs.np4) ;;
    *) echo "compare_fine_grained.sh: unknown configuration $c" >&2; exit 2;;
  esac
done
# A name of its own, whatever MPISHMEM_CLUSTER the caller has: `up` removes a cluster of the
# same name first, and the caller's may be in use.
export MPISHMEM_CLUSTER=mpishmem-fine
out=$(mktemp -d /tmp/compare_fine_grained.XXXXXX)
trap 'sh "$cluster" down >/dev/null 2>&1; rm -rf "$out"' EXIT
# Each run is a background job that the script waits for: bash runs a trap only once the
# foreground command has ended, and a run may take minutes. Interrupted, it stops the run's
# whole tree (timeout puts itself in a process group of its own, so signals to the script's
# group miss it), then the EXIT trap takes the cluster down.
child=""
kill_tree() {
  local p
  for p in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$p"; done
  kill -TERM "$1" 2>/dev/null || true
}
trap '[ -z "$child" ] || kill_tree "$child"; exit 130' INT TERM
# The same program for every build, compiled by that build's wrapper (a build of an older commit
# may have no bench/fine_grained_bench of its own).
"$build/bin/oshcc" -O2 "$here/fine_grained_bench.c" -o "$out/x_m"
[ -z "$before" ] || "$before/bin/oshcc" -O2 "$here/fine_grained_bench.c" -o "$out/x_b"
case " $libs " in *" o "*) /usr/bin/oshcc -O2 "$here/fine_grained_bench.c" -o "$out/x_o" ;; esac

# one LIB CONFIG ROUND: one run; its output in $out/LIB.CONFIG.ROUND (stderr beside it, .err).
one() {
  local lib=$1 config=$2 r=$3 dir=$build vars=${ENV:-} status=0
  [ "$lib" = b ] && dir=$before vars="${ENV:-} ${BEFORE_ENV:-}"
  local f=$out/$lib.$config.$r
  case $lib.$config in
    o.hogs.*) return 0 ;;
    o.*)
      local ppn=${config#*.2x}
      # shellcheck disable=SC2086
      env MPISHMEM_CLUSTER_MPIEXEC=mpirun.openmpi OMPI_MCA_osc=ucx timeout "$limit" \
        sh "$cluster" run -n $((2 * ppn)) -ppn "$ppn" "$out/x_o" $oargs ;;
    *.hogs.*)
      # shellcheck disable=SC2046,SC2086 # the settings and the options are words
      sh "$hogsh" "$hogs" env $(twonode_env "$dir") $vars timeout "$limit" \
        "$dir/bin/oshrun" -n 4 "$out/x_$lib" $args ;;
    *)
      local ppn=${config#*.2x}
      # shellcheck disable=SC2086
      env $vars timeout "$limit" sh "$cluster" run -n $((2 * ppn)) -ppn "$ppn" "$out/x_$lib" \
        $args ;;
  esac >"$f" 2>"$f.err" &
  child=$!
  wait "$child" || status=$?
  child=""
  [ "$status" -ne 0 ] || return 0
  # The first line that is not a result: the library's or the bench's (FAIL) message.
  local msg
  msg=$(grep -hv '^[a-z_]* fine_np' "$f" "$f.err" | grep . | head -1) || true
  [ "$status" -ne 124 ] || msg="stopped after $limit s${msg:+; $msg}"
  echo "# $lib $config round $r: exit status $status${msg:+: $msg}" >&2
}

# Every configuration of one kind in a round, builds alternated; which build goes first
# alternates with the rounds, so neither always runs right after a cluster comes up.
kind() {
  local k=$1 r=$2 c lib order=$libs
  if [ $((r % 2)) -eq 0 ]; then
    order=""
    for lib in $libs; do order="$lib $order"; done
  fi
  for c in $configs; do
    case $c in "$k".*) for lib in $order; do one "$lib" "$c" "$r"; done;; esac
  done
}

has() { case " $configs " in *" $1."*) return 0;; esac; return 1; }
start=$(date +%s)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
steal0=$(steal_mark)
for r in $(seq "$rounds"); do
  echo "# round $r of $rounds ($(($(date +%s) - start)) s)" >&2
  if has shared; then
    sh "$cluster" up 2 >/dev/null
    kind shared "$r"
  fi
  if has own; then
    sh "$cluster" up 2 --cpus >/dev/null
    kind own "$r"
  fi
  if has hogs; then
    sh "$cluster" down >/dev/null
    kind hogs "$r"
  fi
done
sh "$cluster" down >/dev/null
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$out"/[bmo].* "$KEEP"/

echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $load0 before, $(cut -d' ' -f1-3 /proc/loadavg)" \
  "after, $(($(date +%s) - start)) s; $rounds rounds; bench: $args${ENV:+; ENV: $ENV}"
echo "# $(steal_note "$steal0" "$(steal_mark)")"
echo "# mpishmem: $build${before:+; before: $before${BEFORE_ENV:+ with $BEFORE_ENV}}"
case " $libs " in *" o "*) echo "# oshmem: Debian's Open MPI OSHMEM, bench: $oargs" ;; esac
echo "# ns per operation. median: over the rounds, of the bench's median (over repetitions, of"
echo "# the median over PEs); max, pe_max: the largest of all rounds (slowest repetition, slowest"
echo "# PE); x2x1: median / the same build's 2x1 median (own.*: own.2x1, else shared.2x1); runs:"
echo "# rounds with a result"
for lib in $libs; do
  for c in $configs; do
    for r in $(seq "$rounds"); do
      [ -f "$out/$lib.$c.$r" ] &&
        awk -v lib="$lib" -v c="$c" '$2 ~ /^fine_np/ { print lib, c, $0 }' "$out/$lib.$c.$r"
    done
  done
done | awk -v configs="$configs" -v libs="$libs" '
  function median(list,   a, n, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((n + 1) / 2)]
  }
  function field(name,   i) { for (i = 7; i <= NF; i++) if (index($i, name "=") == 1) return substr($i, length(name) + 2) + 0; return 0 }
  {
    k = $1 SUBSEP $2 SUBSEP $3
    if (!($3 in seen)) { seen[$3] = 1; ops[++nops] = $3 }
    v[k] = v[k] " " $6; n[k]++
    if (field("max") > mx[k]) mx[k] = field("max")
    if (field("pe_max") > pm[k]) pm[k] = field("pe_max")
  }
  END {
    if (!nops) { print "# no results (see the messages of the runs above)"; exit }
    nc = split(configs, cs, " "); nl = split(libs, ls, " ")
    printf "%-8s %-11s %-13s %12s %12s %12s %7s %5s\n", "build", "config", "op", "median", "max", "pe_max", "x2x1", "runs"
    for (ci = 1; ci <= nc; ci++) for (o = 1; o <= nops; o++) for (li = 1; li <= nl; li++) {
      c = cs[ci]; op = ops[o]; lib = ls[li]; k = lib SUBSEP c SUBSEP op
      name = lib == "b" ? "before" : lib == "o" ? "oshmem" : "mpishmem"
      if (!(k in v)) { printf "%-8s %-11s %-13s %12s\n", name, c, op, "no result"; continue }
      m = median(v[k])
      base = (c ~ /^own\./ ? "own.2x1" : "shared.2x1")
      bk = lib SUBSEP base SUBSEP op
      ratio = (bk in v) && median(v[bk]) > 0 ? sprintf("%7.2f", m / median(v[bk])) : sprintf("%7s", "-")
      printf "%-8s %-11s %-13s %12.0f %12.0f %12.0f %s %5d\n", name, c, op, m, mx[k], pm[k], ratio, n[k]
    }
  }'
