#!/bin/sh
# docs_reference.sh FILE...: the hand-written text of these markdown files reads as reference,
# not as a diary. Outside ``` blocks, `inline code` and generated report blocks
# (<!-- report:NAME --> ... <!-- /report:NAME -->, written by bench/report.sh), a line fails on
#   * an ISO date (2026-11-28), the word UTC, or a commit hash (a word of 7-40 hex digits with
#     at least one digit and one letter a-f);
#   * the words "this session", "this evening" or "earlier version";
#   * a markdown table cell longer than 300 characters.
# Inside a report block only the stamp is checked: at most one line that starts with "_Run of "
# or holds a date. Prints FILE:LINE: reason for each failure and exits 1; else "docs reference
# ok".
set -u
if [ $# -eq 0 ]; then
  echo "usage: docs_reference.sh FILE..." >&2
  exit 2
fi
status=0
for f in "$@"; do
  if [ ! -f "$f" ]; then
    echo "$f: no such file"
    status=1
    continue
  fi
  awk -v file="$f" '
    function fail(why) { printf "%s:%d: %s\n", file, FNR, why; bad = 1 }
    BEGIN { date = "20[0-9][0-9]-[01][0-9]-[0-3][0-9]" }
    /^[ \t]*```/ { code = !code; next }
    code { next }
    /<!-- report:[^ ]+ -->/ {
      inblock = 1; stamps = 0; start = FNR
      name = $0; sub(/.*<!-- report:/, "", name); sub(/ -->.*/, "", name)
      next
    }
    /<!-- \/report:[^ ]+ -->/ {
      if (!inblock) fail("end of a report block that was not opened")
      inblock = 0; next
    }
    inblock {
      if ($0 ~ /^_Run of / || $0 ~ date) {
        if (++stamps == 2) fail("report block " name " (line " start "): more than one stamp line")
      }
      next
    }
    {
      line = $0
      gsub(/`[^`]*`/, "``", line)       # inline code is exempt
      if (line ~ date) fail("a date")
      if (line ~ /(^|[^A-Za-z0-9_])UTC([^A-Za-z0-9_]|$)/) fail("UTC")
      low = tolower(line)
      if (low ~ /this session/) fail("\"this session\"")
      if (low ~ /this evening/) fail("\"this evening\"")
      if (low ~ /earlier version/) fail("\"earlier version\"")
      rest = line
      while (match(rest, /[0-9a-f]+/)) {
        w = substr(rest, RSTART, RLENGTH)
        before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
        after = substr(rest, RSTART + RLENGTH, 1)
        rest = substr(rest, RSTART + RLENGTH)
        if (before ~ /[A-Za-z0-9_]/ || after ~ /[A-Za-z0-9_]/) {
          # part of a longer word: skip the rest of that word
          sub(/^[A-Za-z0-9_]*/, "", rest); continue
        }
        if (length(w) >= 7 && length(w) <= 40 && w ~ /[0-9]/ && w ~ /[a-f]/)
          fail("a commit hash (" w ")")
      }
      # Table cells: measured on the raw line (code included), split on unescaped pipes.
      if ($0 ~ /^[ \t]*\|/) {
        t = $0; gsub(/\\\|/, "\001", t)
        n = split(t, cell, "|")
        for (i = 2; i < n; i++) {
          c = cell[i]; gsub(/^[ \t]+|[ \t]+$/, "", c)
          if (length(c) > 300) fail("a table cell of " length(c) " characters (at most 300)")
        }
      }
    }
    END {
      if (inblock) { FNR = start; fail("report block " name " not closed") }
      exit bad
    }' "$f" || status=1
done
[ $status -eq 0 ] && echo "docs reference ok: $# file(s)"
exit $status
