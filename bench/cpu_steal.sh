# Sourced by the bench scripts: how much of the CPUs' time a hypervisor gave to other guests
# while a benchmark ran ("steal", the eighth field of /proc/stat's cpu line). A guest cannot see
# that time in its load average, yet a vCPU taken away in the middle of a wait stalls every PE
# that waits on it: on this project's 2-core VM, steal of 20-60% during a run made the
# emulated cluster's fine-grained fetch_add at 2 hosts x 1 PE take 37-115 us instead of the
# 31-34 us of a quiet hour. Figures measured under more than STEAL_WARN_PERCENT (default 5) are not an idle
# machine's, and the scripts say so beside them.
#
#   m0=$(steal_mark) ... m1=$(steal_mark); steal_percent "$m0" "$m1"   -> e.g. 12.5
#   steal_note "$m0" "$m1"   -> "steal 12.5%" and, above the threshold, a warning

# "<steal> <total>" in clock ticks since boot, over all CPUs (0 0 where /proc/stat is missing).
steal_mark() {
  awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9 && i <= NF; i++) t += $i;
                      print (NF >= 9 ? $9 : 0), t; found = 1; exit }
       END { if (!found) print 0, 0 }' /proc/stat 2>/dev/null || echo "0 0"
}

# The steal between two marks, in percent of all CPU time then ("?" when none passed).
steal_percent() {
  # shellcheck disable=SC2086 # two numbers each
  set -- $1 $2
  awk -v s0="$1" -v t0="$2" -v s1="$3" -v t1="$4" \
    'BEGIN { if (t1 > t0) printf "%.1f\n", 100 * (s1 - s0) / (t1 - t0); else print "?" }'
}

# The note for a result's header: "steal P%", with a warning where P is above the threshold.
steal_note() {
  p=$(steal_percent "$1" "$2")
  if [ "$p" = "?" ]; then echo "steal unknown"; return 0; fi
  printf 'steal %s%%' "$p"
  awk -v p="$p" -v w="${STEAL_WARN_PERCENT:-5}" 'BEGIN { exit !(p + 0 > w + 0) }' &&
    printf ' (WARNING: the hypervisor ran other guests for %s%% of the CPUs'"'"' time: not an idle machine'"'"'s figures)' "$p"
  echo
}
