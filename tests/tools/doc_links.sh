#!/bin/sh
# doc_links.sh SOURCE_DIR: every relative link in the project's markdown files resolves: the file
# or directory it names exists (relative to the linking file), and an anchor (#name) names a
# heading of the target markdown file (GitHub's slugs: lower case, punctuation dropped, spaces
# to '-'). Links to other sites, and text inside ``` blocks, are not checked. Build trees and
# the generated raw benchmark output are skipped.
set -u
src=$(cd "$1" && pwd)
status=0
# slugs FILE: the anchors of FILE's headings, one a line (duplicates get -1, -2, ... as GitHub's).
slugs() {
  awk '/^```/ { code = !code; next }
       !code && /^#+ / {
         h = $0; sub(/^#+ +/, "", h); sub(/ +#* *$/, "", h); h = tolower(h)
         gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
         if (seen[h]++) print h "-" seen[h] - 1; else print h
       }' "$1"
}
# links FILE: the targets of FILE's markdown links outside code blocks and inline code.
links() {
  awk '/^```/ { code = !code; next }
       !code {
         line = $0; gsub(/`[^`]*`/, "", line)
         while (match(line, /\]\([^) ]+\)/)) {
           print substr(line, RSTART + 2, RLENGTH - 3); line = substr(line, RSTART + RLENGTH)
         }
       }' "$1"
}
files=$(cd "$src" && find . -name '*.md' -not -path './build*' -not -path './.git/*' \
  -not -path './docs/perf/raw/*' | sort)
checked=0
for f in $files; do
  dir=$(dirname "$src/$f")
  for link in $(links "$src/$f"); do
    case "$link" in http://* | https://* | mailto:*) continue ;; esac
    checked=$((checked + 1))
    path=${link%%#*}
    anchor=
    case "$link" in *'#'*) anchor=${link#*#} ;; esac
    target=$src/$f
    if [ -n "$path" ]; then
      target=$dir/$path
      if [ ! -e "$target" ]; then
        echo "$f: link to $link: no such file"
        status=1
        continue
      fi
    fi
    if [ -n "$anchor" ] && [ -f "$target" ]; then
      case "$target" in
      *.md)
        slugs "$target" | grep -qxF "$anchor" || {
          echo "$f: link to $link: no heading with that anchor"
          status=1
        } ;;
      esac
    fi
  done
done
[ "$checked" -gt 0 ] || { echo "no links found under $src"; exit 1; }
[ "$status" = 0 ] && echo "doc links ok: $checked relative links"
exit $status
