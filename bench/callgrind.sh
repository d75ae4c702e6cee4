#!/bin/sh
# Instructions executed inside the library by one node-local call of each probed routine
# (bench/callgrind_probe.c), counted by callgrind with 2 PEs on one node.
#   usage: bench/callgrind.sh BUILD_DIR
# Each probe function calls its routine 3 times (warm); callgrind collects only inside the
# probe (--toggle-collect), and the count reported is the inclusive cost of the library call
# (everything it executes, memcpy included) divided by 3. Symbols are bound at load time
# (LD_BIND_NOW) so that no lazy binding is counted.
set -e
build=${1:-build}
out=$(mktemp -d)
echo "# routine  instructions per node-local call (2 PEs), memcpy included"
for p in putmem putmem_nbi p g quiet fetch_add; do
  LD_BIND_NOW=1 "$build/bin/oshrun" -n 2 valgrind --tool=callgrind --toggle-collect="probe_$p" \
    --callgrind-out-file="$out/cg.$p.%p" "$build/bench/callgrind_probe" >/dev/null 2>&1
  f=$(ls "$out"/cg.$p.* | head -1)
  n=$(callgrind_annotate --inclusive=yes --tree=calling "$f" 2>/dev/null |
      grep -E '=?> +[^ ]*:p?shmem_[a-z_]+ \(3x\)' | head -1 | awk '{gsub(",", "", $1); print $1}')
  echo "$p $(( ${n:-0} / 3 ))"
done
rm -rf "$out"
