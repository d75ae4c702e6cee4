#!/bin/sh
# env_docs.sh SHMEM_INFO SOURCE_DIR: the table of environment variables in docs/user-guide.md
# (between <!-- env-table begin --> and <!-- env-table end -->) is exactly what the library's
# own table generates (shmem-info --env-markdown), and no other markdown file of the project
# carries a copy of it (a row naming a table variable). To update the guide, paste the output.
set -u
info=$1 src=$2
guide=$src/docs/user-guide.md
want=$("$info" --env-markdown) || { echo "shmem-info --env-markdown failed"; exit 1; }
have=$(sed -n '/^<!-- env-table begin -->$/,/^<!-- env-table end -->$/p' "$guide" | sed '1d;$d')
status=0
if [ -z "$have" ]; then
  echo "$guide: no env-table markers"
  status=1
elif [ "$have" != "$want" ]; then
  echo "$guide: the environment table differs from shmem-info --env-markdown:"
  printf '%s\n' "$want" > "${TMPDIR:-/tmp}/env_docs.$$.want"
  printf '%s\n' "$have" > "${TMPDIR:-/tmp}/env_docs.$$.have"
  diff "${TMPDIR:-/tmp}/env_docs.$$.have" "${TMPDIR:-/tmp}/env_docs.$$.want"
  rm -f "${TMPDIR:-/tmp}/env_docs.$$.want" "${TMPDIR:-/tmp}/env_docs.$$.have"
  status=1
fi
# A second table would drift again: rows of the form | `NAME` ... elsewhere.
for f in $(find "$src" \( -path "$src/build*" -o -name .git \) -prune -o -name '*.md' -print); do
  [ "$f" = "$guide" ] && continue
  rows=$(printf '%s\n' "$want" | sed -n 's/^| `\([A-Z_]*\)`.*/\1/p' | while read -r var; do
    grep -n "^| \`$var\`" "$f"; done)
  if [ -n "$rows" ]; then
    echo "$f: a copy of the environment table (keep it in docs/user-guide.md only):"
    printf '%s\n' "$rows"
    status=1
  fi
done
[ "$status" = 0 ] && echo "env docs ok: $(printf '%s\n' "$want" | grep -c '^| `') variables"
exit $status
