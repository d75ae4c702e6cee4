#!/bin/sh
# gen_man3.sh CC SRCDIR OUTDIR: makes the section 3 man pages in OUTDIR/man3.
# The names come from the API inventories (tests/api/*.txt) and from the C prototypes of
# shmemx.h (which includes shmem.h) as the compiler's preprocessor expands the headers' API
# tables; family.awk names the page of each. For each family, tools/man/3/<family>.3.in holds
# the prose; its @NAMES@ becomes the list of every name the page documents and its @SYNOPSIS@
# the prototypes of those names, in header order. Every other name gets a one-line alias page
# (.so man3/<family>.3). A name without a family, or a family without its page source, fails.
set -eu
cc=$1 src=$2 out=$3
man=$src/tools/man
tmp=$out/man3.tmp
rm -rf "$tmp"
mkdir -p "$tmp"

# One prototype a line: "name<TAB>prototype;" (the preprocessed headers put several on a line;
# a name in parentheses, which keeps a generic macro of the same name away, loses them).
$cc -E -P -I"$src/include" "$src/include/shmemx.h" | tr '\n;' ' \n' |
  sed "s/(\(shmemx\{0,1\}_[a-z0-9_]*\))(/ \1(/" |
  sed -n 's/^ *\(.*[^a-z0-9_]\)\(shmemx\{0,1\}_[a-z0-9_]*\) *(\(.*\)) *$/\2	\1\2(\3);/p' |
  sed 's/  */ /g; s/\( \*\) /\1/g' | awk -F'\t' '!seen[$1]++' > "$tmp/protos"

# The C11 generic names (shmem_put, shmem_atomic_fetch_add...) are the current typed names
# without their type; they come first on a page.
types='char|schar|short|int|long|longlong|uchar|ushort|uint|ulong|ulonglong|int8|int16|int32|int64|uint8|uint16|uint32|uint64|size|ptrdiff|float|double|longdouble|complexf|complexd'
{ sed -E -n "s/^shmem_(ctx_)?($types)_/shmem_/p" "$src/tests/api/api-1.6-current.txt" | sort -u
  { cat "$src/tests/api/api-1.6-current.txt" "$src/tests/api/api-1.6-deprecated.txt" \
    "$src/tests/api/api-1.4-cache.txt"; cut -f1 "$tmp/protos"; } | sort; } |
  awk 'NF && !seen[$1]++ { print $1 }' | awk -f "$man/family.awk" > "$tmp/families"
if grep -q ' ?$' "$tmp/families"; then
  echo "gen_man3.sh: no man page family for: $(grep ' ?$' "$tmp/families" | cut -d' ' -f1 | tr '\n' ' ')" >&2
  exit 1
fi

for fam in $(cut -d' ' -f2 "$tmp/families" | sort -u); do
  in=$man/3/$fam.3.in
  [ -f "$in" ] || { echo "gen_man3.sh: no page source $in" >&2; exit 1; }
  awk -v fam="$fam" '$2 == fam { print $1 }' "$tmp/families" > "$tmp/names"
  # Prototypes in header order, long ones broken after a comma; then names with none.
  awk -F'\t' 'NR == FNR { want[$1] = 1; next } ($1 in want) { print $2 }' "$tmp/names" "$tmp/protos" |
    awk '{ line = $0
           while (length(line) > 76 && (cut = match(substr(line, 1, 76), /.*, /))) {
             cut = RLENGTH; print substr(line, 1, cut - 1); line = "    " substr(line, cut + 1) }
           print line }' > "$tmp/synopsis"
  awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $1 } END { print "" }' "$tmp/names" > "$tmp/namelist"
  case $fam in shmemx_*) header=shmemx.h ;; *) header=shmem.h ;; esac
  awk -v names="$tmp/namelist" -v syn="$tmp/synopsis" -v header="$header" '
    /^@NAMES@/ { getline n < names; sub(/^@NAMES@/, n); print; next }
    /^@SYNOPSIS@$/ { print ".nf"; print "#include <" header ">"; print ""; while ((getline l < syn) > 0) print l; print ".fi"; next }
    { print }' "$in" > "$tmp/$fam.3"
  while read -r name; do
    [ "$name" = "$fam" ] || printf '.so man3/%s.3\n' "$fam" > "$tmp/$name.3"
  done < "$tmp/names"
done
rm -f "$tmp/protos" "$tmp/families" "$tmp/names" "$tmp/synopsis" "$tmp/namelist"
rm -rf "$out/man3"
mv "$tmp" "$out/man3"
