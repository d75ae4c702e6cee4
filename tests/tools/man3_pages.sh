#!/bin/sh
# man3_pages.sh MAN3DIR LIBRARY INVENTORY...: every name of the API inventories and every
# shmemx_ routine the built library exports (nm -D) has a section 3 page in MAN3DIR (a family
# page or a .so alias naming a family page that exists); every family page renders with
# `man --warnings -l` without a warning and has NAME, SYNOPSIS and DESCRIPTION sections, and
# its NAME section lists the names of the aliases pointing to it.
# Skipped (77) when man is not installed.
set -u
man3=$1 lib=$2
shift 2
command -v man >/dev/null 2>&1 || { echo "man not installed: skipped"; exit 77; }
status=0 names=0 families=0
for name in $(cat "$@"; nm -D --defined-only "$lib" | awk '$3 ~ /^shmemx_/ { print $3 }'); do
  names=$((names + 1))
  page=$man3/$name.3
  [ -f "$page" ] || { echo "no page for $name"; status=1; continue; }
  target=$(sed -n 's|^\.so man3/||p' "$page")
  if [ -n "$target" ]; then
    [ -f "$man3/$target" ] || { echo "$name.3: .so to missing $target"; status=1; continue; }
    page=$man3/$target
  fi
  # The name is listed in its page's NAME line.
  sed -n '/^\.SH NAME/{n;p;}' "$page" | tr ',' '\n' | sed 's/ *\\-.*//; s/^ *//' |
    grep -qx "$name" || { echo "$name not in the NAME section of $page"; status=1; }
done
for page in "$man3"/*.3; do
  grep -q '^\.so' "$page" && continue
  families=$((families + 1))
  out=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
  [ -z "$out" ] || { echo "$page: $out"; status=1; }
  text=$(MANWIDTH=80 man -l "$page" 2>/dev/null)
  for section in NAME SYNOPSIS DESCRIPTION; do
    printf '%s\n' "$text" | grep -q "^$section" || { echo "$page: no $section section"; status=1; }
  done
done
[ "$names" -gt 1000 ] || { echo "only $names names checked"; status=1; }
[ "$status" = 0 ] && echo "man3 pages ok: $names names, $families family pages"
exit $status
