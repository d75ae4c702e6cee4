#!/bin/bash
# Exchange rounds under CPU contention (issue 20): tests/progress/exchange_rounds.c (bale-like
# rounds: every PE sends a block to every other PE and polls shmem_test / fetching AMOs until
# the round's blocks are in) with NP PEs on one node beside HOGS spinning processes (other jobs),
# with mpishmem and with Debian's Open MPI OSHMEM, alternated, each ROUNDS times; prints, per
# library and phase, the median over the runs of each run's median, 99th percentile and
# maximum round time (us) and of the phase's duration (ms), and the slowest round of all runs.
#   usage: bench/compare_contention.sh BUILD_DIR [ROUNDS] [NP] [HOGS]   (defaults 5, 2, 2)
# Environment: BEFORE=BUILD_DIR2 adds mpishmem from another build (library "b", e.g. the
# commit before a change), run alternately with the others; LIBS="m o" (b: BEFORE's
# build, m: mpishmem, o: OSHMEM; e.g. LIBS=m for mpishmem alone); ARGS (more options of
# exchange_rounds, e.g. "-v -r 1000 -w 50"); KEEP=DIR (keep each run's output there).
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-5}
np=${3:-2}
hogs=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../tests/progress/exchange_rounds.c
hog="sh $here/../tests/progress/with_cpu_hog.sh $hogs"
before=${BEFORE:+$(cd "$BEFORE" && pwd)}
libs=${LIBS:-${before:+b }m o}
args=${ARGS:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/bin/oshcc" -O2 "$src" -o "$out/x_mpishmem"
[ -n "$before" ] && "$before/bin/oshcc" -O2 "$src" -o "$out/x_before"
/usr/bin/oshcc -O2 "$src" -o "$out/x_oshmem"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
for r in $(seq "$rounds"); do
  case " $libs " in *" b "*)
    # shellcheck disable=SC2086
    $hog timeout 300 "$before/bin/oshrun" -n "$np" "$out/x_before" $args > "$out/b.$r" ||
      echo "before run $r: exit status $?" >&2 ;;
  esac
  case " $libs " in *" m "*)
    # shellcheck disable=SC2086
    $hog timeout 300 "$build/bin/oshrun" -n "$np" "$out/x_mpishmem" $args > "$out/m.$r" ||
      echo "mpishmem run $r: exit status $?" >&2 ;;
  esac
  # OSHMEM's job did not end after printing its results once in 3 runs beside the hogs: its
  # results count, the job is stopped after 60 s.
  case " $libs " in *" o "*)
    # shellcheck disable=SC2086
    $hog timeout 60 /usr/bin/oshrun -np "$np" --oversubscribe "$out/x_oshmem" $args 2>/dev/null \
      > "$out/o.$r" || true ;;
  esac
done
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$out"/[bmo].* "$KEEP"/
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg); $np PEs beside $hogs CPU hogs, $rounds runs each"
printf '%-9s %-5s %12s %12s %12s %14s %10s\n' library phase median_us p99_us max_us worst_run_max phase_ms
for lib in $libs; do
  name=mpishmem; [ $lib = o ] && name=oshmem; [ $lib = b ] && name=before
  for phase in test amo; do
    cat "$out"/$lib.* | awk -v p="$phase" -v name="$name" 'BEGIN { n = 0 }
      $1 == "exchange_rounds" && $2 == p {
        for (i = 1; i <= NF; i++) { if ($i == "median") med[n] = $(i + 1); if ($i == "p99") p99[n] = $(i + 1); if ($i == "max") mx[n] = $(i + 1); if ($i == "phase") ph[n] = $(i + 1) }
        n++
      }
      function median(a,   i, j, t, m) { m = n; for (i = 0; i < m; i++) for (j = i + 1; j < m; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((m - 1) / 2)] }
      END { if (!n) { printf "%-9s %-5s %12s\n", name, p, "no result"; exit }
            worst = 0; for (i = 0; i < n; i++) if (mx[i] + 0 > worst) worst = mx[i] + 0
            printf "%-9s %-5s %12.1f %12.1f %12.1f %14.1f %10.1f\n", name, p, median(med), median(p99), median(mx), worst, median(ph) }'
  done
done
