#!/bin/bash
# Hand-offs between PEs that wait for a flag (bench/handoff_bench.c: putmem + fence + p, the
# receiver waiting with plain loads, shmem_test or wait_until, as bale's conveyors and exstack2
# do) on the emulated cluster, each configuration ROUNDS times:
#   shared.2xK  2 hosts x K PEs sharing the machine's CPUs (scripts/cluster.sh up 2)
#   own.2xK     the same with each host on CPUs of its own (cluster.sh up 2 --cpus)
# Prints per configuration, mode and build the median over the rounds of the bench's median
# round trip (ns) and the largest max= of all rounds.
#   usage: bench/compare_handoff.sh BUILD_DIR [ROUNDS]   (default 3)
# Environment: BEFORE=BUILD_DIR2 (another build, e.g. the commit before a change, run
# alternately with BUILD_DIR); ARGS (the bench's options, default "-n 200 -r 5"); ENV="VAR=value
# ..." (set for every run); CONFIGS (default "shared.2x1 shared.2x2 own.2x1 own.2x2"). Needs
# root (namespaces); the cluster, named mpishmem-handoff, is taken down at exit.
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
cluster=$here/../scripts/cluster.sh
before=${BEFORE:+$(cd "$BEFORE" && pwd)}
libs="${before:+b }m"
args=${ARGS:--n 200 -r 5}
configs=${CONFIGS:-shared.2x1 shared.2x2 own.2x1 own.2x2}
for c in $configs; do
  case $c in
    shared.2x[1-9]|own.2x[1-9]) ;;
    *) echo "compare_handoff.sh: unknown configuration $c" >&2; exit 2 ;;
  esac
done
export MPISHMEM_CLUSTER=mpishmem-handoff
out=$(mktemp -d /tmp/compare_handoff.XXXXXX)
trap 'sh "$cluster" down >/dev/null 2>&1; rm -rf "$out"' EXIT
# The same program for every build, compiled by that build's wrapper.
"$build/bin/oshcc" -O2 "$here/handoff_bench.c" -o "$out/x_m"
[ -z "$before" ] || "$before/bin/oshcc" -O2 "$here/handoff_bench.c" -o "$out/x_b"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$rounds"); do
  for kind in shared own; do
    case " $configs " in *" $kind."*) ;; *) continue ;; esac
    if [ $kind = own ]; then sh "$cluster" up 2 --cpus >/dev/null; else sh "$cluster" up 2 >/dev/null; fi
    for c in $configs; do
      case $c in "$kind".*) ;; *) continue ;; esac
      ppn=${c#*.2x}
      for lib in $libs; do
        # shellcheck disable=SC2086 # the settings and the options are words
        env ${ENV:-} timeout 300 sh "$cluster" run -n $((2 * ppn)) -ppn "$ppn" "$out/x_$lib" $args \
          > "$out/$lib.$c.$r" 2>&1 || echo "# $lib $c round $r: exit status $?" >&2
      done
    done
  done
done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after; $rounds rounds; ARGS: $args"
printf '%-9s %-11s %-6s %12s %12s %5s\n' build config mode median_ns max_ns runs
for c in $configs; do
  for mode in plain test wait; do
    for lib in $libs; do
      name=mpishmem; [ $lib = b ] && name=before
      # values sorted, then the median and the largest max= (mawk has no sort of its own)
      cat "$out"/$lib.$c.* 2>/dev/null | awk -v m="$mode" '$1 == "handoff" && $2 == m { print $4, $6 }' |
        sort -n | awk -v m="$mode" -v name="$name" -v c="$c" '
        { v[++n] = $1; if ($2 > mx) mx = $2 }
        END {
          if (n == 0) exit # the mode was not run (-m), or every run failed (said above)
          med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
          printf "%-9s %-11s %-6s %12.0f %12.0f %5d\n", name, c, m, med, mx, n
        }'
    done
  done
done
