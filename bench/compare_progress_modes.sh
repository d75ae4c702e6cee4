#!/bin/bash
# The ways of keeping a busy target responsive, side by side on the emulated cluster (2 hosts x
# 1 PE, TCP; as root): bench/compare_target.sh once per mode, every mode against the same
# raw-MPI floor; prints one table: per operation the median's ratio to the floor with the
# target computing (the worst of idle and wait beside it), then the CPU the target used in
# each state and the computing it kept. Modes:
#   adaptive   the default progress thread (polls while traffic flows, sleeps when idle)
#   timer      the thread without its polling spell (MPISHMEM_PROGRESS_SPIN=0)
#   mpi_async  no thread of the library's; the MPI's own asynchronous progress thread
#              (MPICH: MPIR_CVAR_ASYNC_PROGRESS=1; Intel MPI: I_MPI_ASYNC_PROGRESS=1; not
#              offered by Open MPI's wheel: skipped)
#   none       no progress thread (MPISHMEM_PROGRESS_THREAD=0)
#   usage: bench/compare_progress_modes.sh BUILD_DIR [ROUNDS]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
library=$("$build/bin/shmem-info" | sed -n 's/^MPI library: *//p' | cut -c1-40)
modes="adaptive timer mpi_async none"
for mode in $modes; do
  case $mode in
    adaptive) set -- ;;
    timer) set -- MPISHMEM_PROGRESS_SPIN=0 ;;
    mpi_async)
      case $library in
        MPICH*) set -- MPISHMEM_PROGRESS_THREAD=0 MPIR_CVAR_ASYNC_PROGRESS=1 ;;
        Intel*) set -- MPISHMEM_PROGRESS_THREAD=0 I_MPI_ASYNC_PROGRESS=1 ;;
        *) continue ;;
      esac ;;
    none) set -- MPISHMEM_PROGRESS_THREAD=0 TARGET_ARGS=-q ;;
  esac
  # Without a thread a computing target answers once per 10 ms stretch: fewer operations
  # (TARGET_ARGS=-q).
  env "$@" bash "$here/compare_target.sh" "$build" "$rounds" > "$out/$mode" 2>&1 ||
    echo "$mode: compare_target.sh failed" >&2
done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds, $library"
echo "# ratio to the raw-MPI floor with the target computing (worst of idle/wait in brackets)"
printf '%-22s' "operation"
for mode in $modes; do [ -s "$out/$mode" ] && printf ' %18s' "$mode"; done
echo
rows=$(awk '!/^#/ && $1 != "op" && $1 !~ /^cpu_/ && $1 !~ /_p99$/ { print $1 ":" $2 }' "$out/adaptive")
for row in $rows "cpu_pe1:0" "cpu_work_pe1:0"; do
  op=${row%%:*}; b=${row##*:}
  label="$op $b"; [ "$b" = 0 ] && label=$op
  printf '%-22s' "$label"
  for mode in $modes; do
    [ -s "$out/$mode" ] || continue
    awk -v op="$op" -v b="$b" '$1 == op && $2 == b {
        if (op ~ /^cpu_/) {
          # "<m>% (<floor>%)" per state: the first, third and fifth percentages
          line = $0; gsub(/[()]/, " ", line); n = split(line, f, " "); k = 0
          for (i = 4; i <= n; i++) if (f[i] ~ /%$/) { sub(/%/, "", f[i]); p[++k] = f[i] }
          if (op == "cpu_work_pe1") printf " %17s%%", p[3]
          else printf " %5.0f/%4.0f/%4.0f%%", p[1], p[3], p[5] }
        else { i = $5 + 0; w = $9 + 0; c = $7 + 0; printf " %7.2fx (%5.2fx)", c, (i > w ? i : w) }
        found = 1 }
      END { if (!found) printf " %18s", "-" }' "$out/$mode"
  done
  echo
done
echo "# cpu_pe1: percent of a core the target used, idle/compute/wait (its threads included);"
echo "# cpu_work_pe1: the computing it kept while serving, percent of computing alone (compute column)"
