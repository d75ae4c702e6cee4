#!/bin/bash
# bale-like kernels on one busy node and on the emulated cluster (issue 44): bench/bale_kernels.c
# (histo, ig and randperm as AGP / exstack / exstack2, histo also as a conveyor), in these
# scenarios:
#   hogs         NP PEs on one node beside HOGS processes that only spin
#                (tests/progress/with_cpu_hog.sh), as other jobs;
#   job          NP PEs on one node beside a concurrent job: a second NP-PE instance of the same
#                program and library, started at the same time and again each time it ends
#                until the measured instance has ended, so that no kernel runs alone (only the
#                measured instance's times count);
#   cluster.2xK  the emulated cluster (scripts/cluster.sh up 2, the hosts sharing the machine's
#                CPUs), 2 hosts x K PEs (scripts/cluster.sh run -n 2K -ppn K), mpishmem only;
#                "cluster" stands for cluster.2x1 cluster.2x2. The cluster is brought up once,
#                under a name of this script's (mpishmem-bale), and taken down at exit; needs
#                root (namespaces);
# with mpishmem and with Debian's Open MPI OSHMEM (one node only), alternated run by run, each
# RUNS times per scenario. Prints, per scenario, kernel and library, over the runs whose check
# passed: the median and the maximum of the kernel's time (s), max/median, the runs over SLOW
# seconds and (mpishmem rows) mpishmem's median over OSHMEM's. The kernel whole_run is each
# run's wall time from launch to exit (start-up, every kernel and its check; runs that ended
# with status 0 only).
#   usage: bench/compare_bale_kernels.sh BUILD_DIR [RUNS] [NP] [HOGS]   (defaults 8, 4, 2)
# Environment: BEFORE=BUILD_DIR2 adds mpishmem from another build (library "b", e.g. the commit
# before a change), alternated with the others; BEFORE_ENV="VAR=value ..." (for its runs only:
# with BEFORE=BUILD_DIR, two settings of one build); LIBS="m o" (b: BEFORE's build, m: mpishmem,
# o: OSHMEM; e.g. LIBS=m for mpishmem alone); SCENARIOS="hogs job" (any of the scenarios
# above); ARGS (options of bale_kernels, e.g. "-k histo,ig_exstack2 -t 50000"; default: its own
# defaults); TIMEOUT (seconds per run, default 60); SLOW (seconds, default 10); KEEP=DIR (keep
# each run's output there).
# With the defaults a run of all kernels takes ~1 s (mpishmem) to ~6 s (OSHMEM) on 2 cores, so
# the whole comparison stays within a few minutes; a run that hangs costs TIMEOUT.
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
set -e
build=$(cd "${1:-build}" && pwd)
runs=${2:-8}
np=${3:-4}
hogs=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cpu_steal.sh"
src=$here/bale_kernels.c
hog="sh $here/../tests/progress/with_cpu_hog.sh $hogs"
before=${BEFORE:+$(cd "$BEFORE" && pwd)}
libs=${LIBS:-${before:+b }m o}
scenarios=""
for sc in ${SCENARIOS:-hogs job}; do
  case $sc in
    cluster) scenarios="$scenarios cluster.2x1 cluster.2x2" ;;
    hogs|job|cluster.2x[1-9]) scenarios="$scenarios $sc" ;;
    *) echo "compare_bale_kernels.sh: unknown scenario $sc" >&2; exit 2 ;;
  esac
done
scenarios=${scenarios# }
args=${ARGS:-}
tmo=${TIMEOUT:-60}
slow=${SLOW:-10}
cluster=$here/../scripts/cluster.sh
out=$(mktemp -d)
cluster_up=""
trap '[ -z "$cluster_up" ] || sh "$cluster" down >/dev/null 2>&1; rm -rf "$out"' EXIT
# A name of its own, whatever MPISHMEM_CLUSTER the caller has: `up` removes a cluster of the
# same name first, and the caller's may be in use.
export MPISHMEM_CLUSTER=mpishmem-bale
case " $libs " in *" m "*) "$build/bin/oshcc" -O2 "$src" -o "$out/x_m" ;; esac
case " $libs " in *" b "*) "$before/bin/oshcc" -O2 "$src" -o "$out/x_b" ;; esac
case " $libs " in *" o "*) /usr/bin/oshcc -O2 "$src" -o "$out/x_o" ;; esac

# The command of one run of library $1 in scenario $2 (in the array cmd). Open MPI's settings
# go to OSHMEM's runs only (an mpishmem built on Open MPI must not get OMPI_MCA_osc).
set_cmd() {
  local k
  case $2 in
    cluster.*)
      k=${2#cluster.2x}
      cmd=(timeout "$tmo" sh "$cluster" run -n $((2 * k)) -ppn "$k" "$out/x_$1")
      [ "$1" = b ] && cmd=(env ${BEFORE_ENV:-} "${cmd[@]}") ;;
    *) case $1 in
    m) cmd=(timeout "$tmo" "$build/bin/oshrun" -n "$np" "$out/x_m") ;;
    b) cmd=(env ${BEFORE_ENV:-} timeout "$tmo" "$before/bin/oshrun" -n "$np" "$out/x_b") ;;
    o) cmd=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
            timeout "$tmo" /usr/bin/oshrun -np "$np" --oversubscribe "$out/x_o") ;;
       esac ;;
  esac
  # shellcheck disable=SC2206
  cmd+=($args)
}

# The libraries of scenario $1: OSHMEM runs on one node only (on the cluster its remote
# operations take milliseconds each: docs/performance.md).
libs_of() {
  case $1 in
    cluster.*) echo "$libs" | tr ' ' '\n' | grep -v '^o$' | tr '\n' ' ' ;;
    *) echo "$libs" ;;
  esac
}

# wall FILE START STATUS: a run's wall time as the pseudo-kernel whole_run, in the format of
# bale_kernels' lines (only for a run that ended with status 0).
wall() {
  [ "$3" -eq 0 ] || return 0
  awk -v a="$2" -v b="$(date +%s.%N)" 'BEGIN { printf "whole_run np0 %.6f\nwhole_run np0 ok\n", b - a }' >> "$1"
}

name_of() {
  case $1 in m) echo mpishmem ;; b) echo before ;; o) echo oshmem ;; esac
}

declare -A companions
load0=$(cut -d' ' -f1-3 /proc/loadavg)
steal0=$(steal_mark)
for r in $(seq "$runs"); do
  for sc in $scenarios; do
    case $sc in cluster.*)
      [ -n "$cluster_up" ] || { sh "$cluster" up 2 >/dev/null; cluster_up=1; } ;;
    esac
    for lib in $(libs_of "$sc"); do
      set_cmd "$lib" "$sc"
      f=$out/$sc.$lib.$r
      st=0
      t0=$(date +%s.%N)
      case $sc in
        hogs) $hog "${cmd[@]}" > "$f" 2> "$f.err" || st=$?; wall "$f" "$t0" "$st" ;;
        cluster.*) "${cmd[@]}" > "$f" 2> "$f.err" || st=$?; wall "$f" "$t0" "$st" ;;
        job)
          # Both instances run the same kernels in the same order, so at first they overlap
          # kernel by kernel; the companion starts again whenever it ends, so the measured
          # instance never runs alone (its instances are counted below).
          : > "$out/job_on"
          { n=0
            while [ -e "$out/job_on" ]; do
              "${cmd[@]}" > "$out/companion.$lib.$r" 2>&1 || true
              n=$((n + 1))
            done
            echo "$n" > "$out/companion_runs"; } &
          companion=$!
          "${cmd[@]}" > "$f" 2> "$f.err" || st=$?
          rm -f "$out/job_on"
          wall "$f" "$t0" "$st"
          wait "$companion" || true
          companions[$lib]=$((${companions[$lib]:-0} + $(cat "$out/companion_runs"))) ;;
        *) echo "unknown scenario $sc" >&2; exit 2 ;;
      esac
      # OSHMEM's jobs have been seen not to end after printing their results (see
      # compare_contention.sh): what they printed still counts.
      [ "$st" -ne 0 ] && echo "$sc $(name_of "$lib") run $r: exit status $st$([ "$st" -eq 124 ] && echo ' (timeout)')" >&2
      grep -h '^FAIL\|^  ' "$f" >&2 || true
    done
  done
done
[ -z "$cluster_up" ] || { sh "$cluster" down >/dev/null; cluster_up=""; }
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$out"/[a-z]*.[bmo].* "$KEEP"/

what=""
case " $scenarios " in *" hogs "*|*" job "*) what="$np PEs on one node;" ;; esac
case " $scenarios " in *" hogs "*) what="$what hogs: beside $hogs CPU hogs;" ;; esac
case " $scenarios " in *" job "*) what="$what job: beside a second $np-PE instance;" ;; esac
case " $scenarios " in *" cluster."*) what="$what cluster.2xK: emulated cluster, 2 hosts x K PEs;" ;; esac
what=${what# }
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load before $load0, after $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$what $runs runs per scenario and library; bale_kernels ${args:-(defaults)}; slow: over $slow s"
echo "# $(steal_note "$steal0" "$(steal_mark)")"
printf '%-11s %-18s %-9s %4s %10s %10s %8s %4s %10s\n' scenario kernel library runs median_s \
  max_s max/med slow vs_oshmem
for sc in $scenarios; do
  ls "$out"/"$sc".[bmo].* 2> /dev/null | grep -v '\.err$' |
    xargs -r awk -v libs="$(libs_of "$sc")" -v sc="$sc" -v slow="$slow" '
      FNR == 1 { n = split(FILENAME, p, "/"); m = split(p[n], q, "."); lib = q[m - 1]; split("", pending) }
      NF == 3 && $2 ~ /^np[0-9]+$/ && $3 ~ /^[0-9.]+$/ { pending[$1] = $3; next }
      $2 ~ /^np[0-9]+$/ && $3 == "ok" && ($1 in pending) {
        k = $1 SUBSEP lib
        val[k, ++cnt[k]] = pending[$1] + 0
        if (!($1 in known)) { known[$1] = 1; order[++nk] = $1 }
      }
      $1 == "FAIL" { fails[lib]++ }
      function median(k,   i, j, m, t, a) {
        m = cnt[k]
        for (i = 1; i <= m; i++) a[i] = val[k, i]
        for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
      }
      function maximum(k,   i, x) { x = 0; for (i = 1; i <= cnt[k]; i++) if (val[k, i] > x) x = val[k, i]; return x }
      function over(k,   i, x) { x = 0; for (i = 1; i <= cnt[k]; i++) if (val[k, i] > slow) x++; return x }
      END {
        nl = split(libs, L, " ")
        for (i = 1; i <= nk; i++) {
          o = order[i] SUBSEP "o"
          omed = cnt[o] ? median(o) : 0
          for (j = 1; j <= nl; j++) {
            k = order[i] SUBSEP L[j]
            name = L[j] == "m" ? "mpishmem" : L[j] == "b" ? "before" : "oshmem"
            if (!cnt[k]) { printf "%-11s %-18s %-9s %4d %10s\n", sc, order[i], name, 0, "-"; continue }
            med = median(k); mx = maximum(k)
            ratio = (L[j] != "o" && omed > 0) ? sprintf("%.2f", med / omed) : "-"
            printf "%-11s %-18s %-9s %4d %10.6f %10.6f %8.2f %4d %10s\n", sc, order[i], name, cnt[k], med, mx, (med > 0 ? mx / med : 0), over(k), ratio
          }
        }
        for (j = 1; j <= nl; j++) if (fails[L[j]]) printf "# %s: %d failed check(s) in scenario %s\n", L[j], fails[L[j]], sc
      }'
done
case " $scenarios " in *" job "*)
  for lib in $libs; do
    echo "# job, $(name_of "$lib"): the concurrent job ran ${companions[$lib]:-0} instances beside $runs measured runs"
  done ;;
esac
