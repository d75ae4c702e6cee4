#!/bin/sh
# man_pages.sh MANDIR ENV_H: every configured man page in MANDIR renders with `man -l` without
# a warning, and mpishmem.7 names every variable of the library's environment table (ENV_H).
# Skipped (77) when man is not installed.
set -u
mandir=$1 env_h=$2
command -v man >/dev/null 2>&1 || { echo "man not installed: skipped"; exit 77; }
status=0
for page in "$mandir"/*.[1-9]; do
  out=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
  if [ -n "$out" ]; then
    echo "$page: $out"
    status=1
  fi
  MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q "^NAME" || { echo "$page: no NAME section"; status=1; }
done
for var in $(sed -n 's/^ *X([a-z_]*, [A-Z]*, "\([A-Z_]*\)".*/\1/p' "$env_h"); do
  grep -q "^\.[A-Z]* $var\b" "$mandir/mpishmem.7" || { echo "mpishmem.7 misses $var"; status=1; }
done
[ "$status" = 0 ] && echo "man pages ok"
exit $status
