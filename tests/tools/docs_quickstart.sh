#!/bin/sh
# docs_quickstart.sh GUIDE BUILD_DIR [SOURCE_DIR]: the user's guide's quick start works as
# written. The guide marks its fenced blocks with HTML comments (invisible when the markdown is
# rendered) on the line before each block:
#   <!-- quickstart:install -->     shell commands that build and install the library, run in a
#                                   copy of SOURCE_DIR with HOME a fresh directory
#   <!-- quickstart:file NAME -->   the block is a file the commands use (hello.c)
#   <!-- quickstart:run -->         shell commands, run in order with sh -e in a fresh directory
#   <!-- quickstart:output -->      what those commands print on standard output, exactly
# The install block and the run block are one script (what the install exports, PATH, holds
# for the run). Without an install block (or without SOURCE_DIR, which then skips it) the
# commands run against BUILD_DIR's oshcc and oshrun, first in PATH. Fails when a marker is
# missing, a command fails, the output differs or mpishmem prints an error or a warning.
set -u
if [ $# -ne 2 ] && [ $# -ne 3 ]; then
  echo "usage: docs_quickstart.sh GUIDE BUILD_DIR [SOURCE_DIR]" >&2
  exit 2
fi
src=""
[ $# -eq 3 ] && { src=$(cd "$3" 2>/dev/null && pwd) || { echo "$3: no such directory"; exit 1; }; }
guide=$1
[ -f "$guide" ] || { echo "$guide: no such file"; exit 1; }
# Absolute: the commands run in another directory, and a relative PATH entry would let another
# oshcc/oshrun (Debian's Open MPI's, in /usr/bin) answer instead.
build=$(cd "$2" 2>/dev/null && pwd) || { echo "$2: no such directory"; exit 1; }
[ -x "$build/bin/oshcc" ] && [ -x "$build/bin/oshrun" ] ||
  { echo "$build/bin: no oshcc or oshrun"; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/docs_quickstart.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/work"

# Extract the marked blocks: files into work/, commands into run.sh, the output into expected.
awk -v dir="$dir" '
  /^<!-- quickstart:(file [^ ]+|install|run|output) -->[ \t]*$/ {
    kind = $2; sub(/^quickstart:/, "", kind)
    name = (kind == "file") ? $3 : ""
    if (kind == "file") { out = dir "/work/" name; nfile++ }
    else if (kind == "install") { out = dir "/install.sh" }
    else if (kind == "run") { out = dir "/run.sh"; nrun++ }
    else { out = dir "/expected"; nout++ }
    want = 1; next
  }
  want && /^```/ { want = 0; inblock = 1; next }
  want && !/^[ \t]*$/ { printf "%s:%d: a quickstart marker not followed by a fenced block\n", FILENAME, FNR; bad = 1; want = 0 }
  inblock && /^```/ { inblock = 0; if (kind == "file") close(out); next }
  inblock { print > out }
  END {
    if (!nfile) { print FILENAME ": no <!-- quickstart:file NAME --> block"; bad = 1 }
    if (!nrun) { print FILENAME ": no <!-- quickstart:run --> block"; bad = 1 }
    if (!nout) { print FILENAME ": no <!-- quickstart:output --> block"; bad = 1 }
    exit bad
  }' "$guide" || exit 1

# The script: the install block in a copy of the sources (not their build directories or
# .git), then the run block in work/.
mkdir "$dir/home"
{
  if [ -f "$dir/install.sh" ] && [ -n "$src" ]; then
    # Its output apart: only the run block's is compared (braces, not a subshell, so what the
    # block exports stays).
    echo "cd \"$dir/src\""
    echo "{"
    cat "$dir/install.sh"
    echo "} > \"$dir/install.log\" 2>&1"
  else
    echo "PATH=\"$build/bin:\$PATH\"; export PATH"
  fi
  echo "cd \"$dir/work\""
  cat "$dir/run.sh"
} > "$dir/all.sh"
if [ -f "$dir/install.sh" ] && [ -n "$src" ]; then
  mkdir "$dir/src" && (cd "$src" && tar cf - --exclude='./build*' --exclude=./.git .) |
    (cd "$dir/src" && tar xf -) || { echo "cannot copy $src"; exit 1; }
  echo "running the guide's quick start (install, then run):"
else
  echo "running the guide's quick start against $build:"
fi
sed 's/^/  /' "$dir/all.sh"
HOME=$dir/home sh -e "$dir/all.sh" > "$dir/stdout" 2> "$dir/stderr"
rc=$?
status=0
if [ $rc -ne 0 ]; then
  echo "the quick start's commands failed (exit status $rc); their output:"
  [ -f "$dir/install.log" ] && tail -n 30 "$dir/install.log"
  cat "$dir/stdout" "$dir/stderr"
  status=1
elif ! cmp -s "$dir/stdout" "$dir/expected"; then
  echo "the program's output differs from the guide's (< guide, > actual):"
  diff "$dir/expected" "$dir/stdout"
  cat "$dir/stderr"
  status=1
elif grep -q 'mpishmem: \(error\|warning\)' "$dir/stderr"; then
  echo "mpishmem complained:"
  cat "$dir/stderr"
  status=1
fi
[ $status -eq 0 ] && echo "docs quickstart ok: $(wc -l < "$dir/expected") line(s) as the guide says"
exit $status
