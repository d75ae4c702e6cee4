#!/bin/sh
# layering.sh SOURCE_DIR [OBJECTS]: the library's calls go one way (docs/design.md, "Layers").
#
# The layers, from the bottom:  base < transport/local < transport/mpi < core < coll < api
# (transport/mpi may use transport/local; transport/local uses nothing of transport/mpi).
# transport/mpi/quirks/ (the workarounds of MPI libraries' bugs) is part of transport/mpi.
#  1. Every `#include "..."` of a file under src/ names a file of its own layer or a lower one
#     (or a public header under include/).
#  2. With OBJECTS (the library's object files, separated by blanks or ';', as CMake's
#     $<TARGET_OBJECTS:mpishmem_objects> gives them): every function or variable an object uses
#     from another object is defined in its own layer or a lower one (nm). This sees the calls a
#     header shared by several files (coll/coll.h, api/api.h) hides from check 1.
#  3. The modules (a module: one file name without .c/.h, e.g. core/amo = core/amo.c +
#     core/amo.h + its object) depend on each other without a circle, inside a layer too, where
#     "depends" is either of the two above.
#  4. The transport proper (transport/mpi outside quirks/) reaches a quirk only through the flags
#     (quirks/mpi_quirks.h) or the header of a quirk named after its id in the quirk table
#     (quirks/<id with '-' as '_'>.h, e.g. quirks/ompi_ucx_win_free_mt.h): it includes no other
#     file of quirks/ and, with OBJECTS, uses no symbol of another quirks/ object (the shared
#     plumbing of the quirks, such as the interposers' lookup of the next definition).
# A violation is printed with the file (and line) that makes it; a circle as its chain of
# modules, each step with what makes it. Exit status 0 and "layering ok" when all hold.
set -u
root=$(cd "$1" && pwd)
src=$root/src
[ -d "$src" ] || { echo "layering: no src/ under $1"; exit 1; }
files=$(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort)
[ -n "$files" ] || { echo "layering: no .c/.h files under $src"; exit 1; }
objects=$(printf '%s\n' "${2:-}" | tr ';' ' ')
# The quirks' ids as file names: X(ID, "ompi-ucx-win-free-mt", ...) -> ompi_ucx_win_free_mt.
table=$src/transport/mpi/quirks/mpi_quirks_table.h
[ -f "$table" ] || { echo "layering: no quirk table at $table"; exit 1; }
quirk_ids=$(sed -n 's/.*X([A-Z0-9_]*, *"\([a-z0-9-]*\)".*/\1/p' "$table" | tr '-' '_' | tr '\n' ' ')
[ -n "$quirk_ids" ] || { echo "layering: no quirk ids read from $table"; exit 1; }

{
  # F FILE: a file of src/; I FILE LINE TARGET: one of its quoted includes (TARGET as written).
  (cd "$src" && for f in $files; do
    echo "F $f"
    awk -v f="$f" '/^[ \t]*#[ \t]*include[ \t]*"/ {
        t = $0; sub(/^[^"]*"/, "", t); sub(/".*$/, "", t); print "I", f, FNR, t }' "$f"
  done
  # H HEADER LINE NAME: a header's code (an inline function's body or a macro, not a
  # declaration) calls NAME, one of the library's own functions (mpishmem_*), outside comments
  # and strings. With the objects, a name another module's object defines makes the header's
  # module depend on that one, which include lines and nm alone do not show (an inline
  # function of X.h calling into Y.c, while Y.c includes X.h: a circle).
  for f in $files; do
    case $f in *.h) ;; *) continue;; esac
    awk -v f="$f" '{
        line = $0
        while (1) { # comments: /* ... */ across lines, and // to the end of the line
          if (incomment) { e = index(line, "*/"); if (!e) { line = ""; break }
                           line = substr(line, e + 2); incomment = 0 }
          b = index(line, "/*"); c = index(line, "//")
          if (c && (!b || c < b)) { line = substr(line, 1, c - 1); break }
          if (!b) break
          rest = substr(line, b + 2); e = index(rest, "*/")
          if (e) line = substr(line, 1, b - 1) " " substr(rest, e + 2)
          else { line = substr(line, 1, b - 1); incomment = 1; break }
        }
        gsub(/"([^"\\]|\\.)*"/, "\"\"", line) # string literals
        # Code: a function body (inside braces) or a macro; not a declaration at file level.
        macro = cont || line ~ /^[ \t]*#[ \t]*define/
        cont = macro && line ~ /\\[ \t]*$/
        code = depth > 0 || macro
        while (match(line, /mpishmem_[A-Za-z0-9_]*[ \t]*\(/)) {
          name = substr(line, RSTART, RLENGTH); sub(/[ \t]*\($/, "", name)
          if (code || depth > 0) print "H", f, FNR, name
          line = substr(line, RSTART + RLENGTH)
        }
        if (!macro) { t = $0; depth += gsub(/\{/, "{", t) - gsub(/\}/, "}", t) }
      }' "$src/$f"
  done)
  # D MODULE NAME / U MODULE NAME: an object defines / uses a global symbol. The object's
  # module is its path after CMake's "<target>.dir/", without ".c.o".
  if [ -n "$objects" ]; then
    command -v nm > /dev/null || { echo "N nm"; exit 0; }
    # shellcheck disable=SC2086 # one argument per object
    nm -A -P $objects | awk '{
        m = $1; sub(/:$/, "", m); sub(/.*\.dir\//, "", m); sub(/\.c\.o(bj)?$/, "", m)
        if ($3 == "U") print "U", m, $2
        else if ($3 ~ /^[ABCDGRSTVWiu]$/) print "D", m, $2 }'
  fi
} | awk -v src="$src" -v inc="$root/include" -v with_objects="${objects:+1}" \
    -v quirk_ids="$quirk_ids" '
BEGIN { n = split(quirk_ids, q, " "); for (i = 1; i <= n; i++) quirk_id[q[i]] = 1 }
# Whether a path (or a module) is of the transport proper, of quirks/, or the interface of a quirk
# (the flags, or the module named after a quirk id).
function proper(p) { return p ~ /^transport\/mpi\// && p !~ /^transport\/mpi\/quirks\// }
function in_quirks(p) { return p ~ /^transport\/mpi\/quirks\// }
function quirk_interface(p,    stem) {
  stem = p; sub(/^.*\//, "", stem); sub(/\.[ch]$/, "", stem)
  return stem == "mpi_quirks" || stem in quirk_id
}
# The layer of a path under src/ (its rank from the bottom), -1 if it is in none.
function layer(p) {
  if (p ~ /^base\//) return 0
  if (p ~ /^transport\/local\//) return 1
  if (p ~ /^transport\/mpi\//) return 2
  if (p ~ /^core\//) return 3
  if (p ~ /^coll\//) return 4
  if (p ~ /^api\//) return 5
  return -1
}
function layer_name(r) {
  return r == 0 ? "base" : r == 1 ? "transport/local" : r == 2 ? "transport/mpi" : \
         r == 3 ? "core" : r == 4 ? "coll" : r == 5 ? "api" : "no layer"
}
# DIR/REL with "." and ".." resolved ("../..." when it leaves src/).
function join(dir, rel,    parts, n, out, k, i, p) {
  n = split(dir "/" rel, parts, "/")
  k = 0
  for (i = 1; i <= n; i++) {
    if (parts[i] == "" || parts[i] == ".") continue
    if (parts[i] == "..") { if (k > 0) k--; else return "../" rel; continue }
    out[++k] = parts[i]
  }
  p = ""
  for (i = 1; i <= k; i++) p = p (i > 1 ? "/" : "") out[i]
  return p
}
function exists(path,    line, r) {
  r = (getline line < path)
  if (r >= 0) close(path)
  return r >= 0
}
function module(p) { sub(/\.[ch]$/, "", p); return p }
function add_edge(a, b, what) {
  if (a == b || (a, b) in why) return
  why[a, b] = what
  edges[a] = edges[a] " " b
  if (!(a in node)) { node[a] = 1; order[++n_nodes] = a }
  if (!(b in node)) { node[b] = 1; order[++n_nodes] = b }
}
# Depth-first search for a circle through the module graph; prints the first one found.
function visit(m,    i, n, nb, c, chain, next_m) {
  state[m] = 1
  stack[++depth] = m
  n = split(edges[m], nb, " ")
  for (i = 1; i <= n; i++) {
    if (state[nb[i]] == 1) {
      for (c = depth; c >= 1 && stack[c] != nb[i]; c--) ;
      chain = ""
      for (; c <= depth; c++) {
        next_m = c < depth ? stack[c + 1] : nb[i]
        chain = chain "\n  " stack[c] " -> " next_m "   (" why[stack[c], next_m] ")"
      }
      print "layering: circle between modules:" chain
      return 1
    }
    if (state[nb[i]] == 0 && visit(nb[i])) return 1
  }
  depth--
  state[m] = 2
  return 0
}
$1 == "N" { print "layering: no nm to read the objects with"; bad = 1; next }
$1 == "F" {
  n_files++
  if (layer($2) < 0) { print "layering: src/" $2 " is in no layer (see docs/design.md)"; bad = 1 }
  next
}
$1 == "I" {
  f = $2; line = $3; t = $4
  dir = f; if (!sub(/\/[^\/]*$/, "", dir)) dir = "."
  p = join(dir, t)
  n_inc++
  if (layer(f) < 0) next
  if (p !~ /^\.\./ && exists(src "/" p)) {
    if (layer(p) > layer(f)) {
      print "layering: " f ":" line " includes \"" t "\": " layer_name(layer(f)) \
            " must not include " layer_name(layer(p)) " (a higher layer)"
      bad = 1
    }
    if (proper(f) && in_quirks(p) && !quirk_interface(p)) {
      print "layering: " f ":" line " includes \"" t "\": the transport proper reaches a quirk " \
            "only through quirks/mpi_quirks.h or the header named after the quirk'"'"'s id"
      bad = 1
    }
    add_edge(module(f), module(p), f ":" line " includes \"" t "\"")
  } else if (!exists(inc "/" t)) {
    print "layering: " f ":" line " includes \"" t "\", which is neither under src/ nor a " \
          "public header"
    bad = 1
  }
  next
}
$1 == "H" { n_h++; h_file[n_h] = $2; h_line[n_h] = $3; h_name[n_h] = $4; next }
$1 == "D" { defined_in[$3] = $2; next }
$1 == "U" { n_uses++; user[n_uses] = $2; used[n_uses] = $3; next }
END {
  for (i = 1; i <= n_uses; i++) {
    a = user[i]; s = used[i]
    if (!(s in defined_in) || defined_in[s] == a) continue # MPI, libc, or its own
    b = defined_in[s]
    n_sym++
    if (layer(b) > layer(a) && !((a, b, "up") in said)) {
      said[a, b, "up"] = 1
      print "layering: " a ".c uses " s " of " b ".c: " layer_name(layer(a)) \
            " must not use " layer_name(layer(b)) " (a higher layer)"
      bad = 1
    }
    if (proper(a) && in_quirks(b) && !quirk_interface(b) && !((a, b, "quirk") in said)) {
      said[a, b, "quirk"] = 1
      print "layering: " a ".c uses " s " of " b ".c: the transport proper uses a quirk only " \
            "through its flag or the module named after the quirk'"'"'s id"
      bad = 1
    }
    add_edge(a, b, a ".c uses " s " of " b ".c")
  }
  for (i = 1; i <= n_h; i++) {
    s = h_name[i]
    if (!(s in defined_in)) continue
    a = module(h_file[i]); b = defined_in[s]
    if (a == b) continue
    add_edge(a, b, h_file[i] ":" h_line[i] " names " s " of " b ".c")
  }
  if (with_objects && n_sym == 0 && !bad) {
    print "layering: the objects given define nothing the others use (not the library?)"
    bad = 1
  }
  for (i = 1; i <= n_nodes; i++) if (state[order[i]] == 0 && visit(order[i])) { bad = 1; break }
  if (!bad)
    print "layering ok: " n_files " files, " n_inc " includes" \
          (with_objects ? ", " n_sym " uses of symbols between objects" : "") \
          ": nothing reaches up, no circle"
  exit bad
}'
