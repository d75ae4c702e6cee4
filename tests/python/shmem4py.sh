#!/bin/sh
# shmem4py.sh: the Python bindings shmem4py (PyPI) built against an INSTALLED mpishmem, and
# shmem4py's own test suite run on it.
#
#   shmem4py.sh setup BUILD_DIR   install BUILD_DIR into BUILD_DIR/python/prefix, make a
#                                 virtual environment there, build shmem4py with the installed
#                                 oshcc. Cached: nothing is rebuilt while the inputs are the same.
#   shmem4py.sh run BUILD_DIR NP  run shmem4py's suite with the installed oshrun on NP PEs.
#
# Exits 77 (ctest's SKIP_RETURN_CODE) when python3 is absent or when pip cannot reach the
# package index (no network, DNS, proxy: the machine's situation, not a fault of mpishmem; the
# run tests then skip too); every other problem, a failed build included, fails.
# Environment: CMAKE (the cmake to install with; default: cmake on PATH), PYTHON3 (default:
# python3 on PATH).
set -u
SHMEM4PY_VERSION=1.0.0

# shmem4py recognizes the OpenSHMEM libraries it knows by vendor macros and replaces every
# routine newer than OpenSHMEM 1.4 with an emulation unless a PySHMEM_HAVE_<feature> macro says
# the library has it; mpishmem's <shmem.h> defines all of them (include/mpishmem/
# binding_features.h), so shmem4py builds the way a user builds it, with no flag:
#   OSHCC=<prefix>/bin/oshcc pip install --no-build-isolation shmem4py
# The one check added: the build log must show no implicit declaration (a feature macro naming
# a routine the header does not declare would only fail at import, as an undefined symbol).

mode=${1:?usage: shmem4py.sh setup BUILD_DIR | run BUILD_DIR NP}
build=${2:?BUILD_DIR missing}
work="$build/python"
prefix="$work/prefix"
venv="$work/venv"
src="$work/shmem4py-$SHMEM4PY_VERSION"
python3=${PYTHON3:-$(command -v python3 || true)}
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

if [ -z "$python3" ]; then
  echo "shmem4py: python3 not found: skipped"
  exit 77
fi
fail() { echo "shmem4py: $*" >&2; exit 1; }
skipped="$work/skipped" # written when setup skipped: its reason, for the run tests

# Whether the package index pip used (the "Looking in indexes:" line of its log when one is
# configured, else PyPI) answers an HTTP request (through the same proxy variables as pip).
index_reachable() {
  url=$(sed -n 's/^Looking in indexes: \([^ ,]*\).*/\1/p' "$work/pip.log" | head -n 1)
  "$venv/bin/python" - "${url:-https://pypi.org/simple/}" <<'PY' >/dev/null 2>&1
import sys, urllib.request
urllib.request.urlopen(sys.argv[1], timeout=20).read(1)
PY
}

# pip_or_skip WHAT ARGS...: pip ARGS, its output in $work/pip.log. When pip fails and the index
# does not answer (or pip's output says that it could not connect), the test skips; any other
# failure fails.
pip_or_skip() {
  what=$1
  shift
  "$venv/bin/python" -m pip "$@" >"$work/pip.log" 2>&1 && return 0
  cat "$work/pip.log"
  if grep -qiE "NewConnectionError|Failed to establish a new connection|Temporary failure in name resolution|Network is unreachable|ProxyError" "$work/pip.log" ||
     ! index_reachable; then
    echo "shmem4py: skipped: pip cannot reach the package index (no network?), and $what needs it" |
      tee "$skipped"
    exit 77
  fi
  fail "$what failed (pip's output above); the index was reachable, so this is a real failure"
}

setup() {
  mkdir -p "$work" || fail "cannot create $work"
  rm -f "$skipped"
  # Installed every time (only changed files are copied), so the prefix follows the build.
  "${CMAKE:-cmake}" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "cmake --install failed"; }

  # Everything the extension is compiled from: rebuild only when one of these changes.
  headers=$(cd "$prefix/include" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum)
  key="shmem4py $SHMEM4PY_VERSION; python $("$python3" -c 'import sys; print(sys.version.split()[0], sys.executable)');
headers $headers"
  if [ -x "$venv/bin/python" ] && [ -f "$work/stamp" ] && [ "$(cat "$work/stamp")" = "$key" ]; then
    echo "shmem4py: up to date (built earlier with the same headers and flags)"
    return 0
  fi
  rm -f "$work/stamp"

  if [ ! -x "$venv/bin/python" ]; then
    echo "shmem4py: creating the virtual environment $venv"
    "$python3" -m venv "$venv" >"$work/venv.log" 2>&1 || {
      cat "$work/venv.log"; rm -rf "$venv"
      fail "'$python3 -m venv' failed (on Debian: install python3-venv, e.g. sh scripts/install-deps.sh)"; }
  fi
  echo "shmem4py: pip install numpy<2 and the build requirements"
  pip_or_skip "installing numpy<2 and the build requirements" \
    install "numpy<2" "cffi>=1.13" "setuptools>=43" wheel

  tarball="$work/shmem4py-$SHMEM4PY_VERSION.tar.gz"
  if [ ! -f "$tarball" ]; then
    echo "shmem4py: downloading the source distribution"
    pip_or_skip "downloading shmem4py" download --no-binary :all: --no-deps \
      --no-build-isolation -d "$work" "shmem4py==$SHMEM4PY_VERSION"
  fi
  rm -rf "$src"
  tar -xzf "$tarball" -C "$work" || fail "cannot unpack $tarball"

  echo "shmem4py: building with OSHCC=$prefix/bin/oshcc (no other flag)"
  # --no-cache-dir: a wheel cached from another build (another library) must never be reused.
  # CFLAGS cleared: the user's command, whatever the caller's environment holds.
  env -u CFLAGS OSHCC="$prefix/bin/oshcc" "$venv/bin/python" -m pip install -v \
    --no-cache-dir --no-build-isolation --no-deps --force-reinstall "$src" \
    >"$work/build.log" 2>&1 || {
      grep -E "error|Error" "$work/build.log" | head -40
      fail "building shmem4py failed (whole log: $work/build.log)"; }
  grep -q "prefix/bin/oshcc" "$work/build.log" || fail "shmem4py was not compiled with our oshcc"
  if grep -i "implicit declaration" "$work/build.log"; then
    fail "the extension calls routines <shmem.h> does not declare (whole log: $work/build.log)"
  fi
  # Every feature of shmem4py's fallback list is taken from the library, none emulated.
  missing=$(sed -n 's/^#if !defined(\(PySHMEM_HAVE_[A-Za-z_]*\)).*/\1/p' "$src/src/libshmem/fallback.h" |
    while read -r m; do grep -q "define $m 1" "$prefix/include/mpishmem/binding_features.h" || echo "$m"; done)
  [ -z "$missing" ] || fail "shmem4py would emulate what mpishmem has; <shmem.h> misses: $missing"
  printf '%s\n' "$key" >"$work/stamp"
  echo "shmem4py: built"
}

case $mode in
  setup)
    setup
    # Every symbol the extension needs must resolve against the installed library (Python
    # loads it with RTLD_NOW): a routine declared but not exported fails here, by name.
    "$venv/bin/python" -c "import shmem4py.api" || fail "the shmem4py extension does not load"
    echo "shmem4py: setup ok"
    ;;
  run)
    np=${3:?NP missing}
    if [ -f "$skipped" ]; then cat "$skipped"; exit 77; fi
    [ -x "$venv/bin/python" ] && [ -d "$src/test" ] || fail "not set up: run '$0 setup $build' first"
    cd "$src" || exit 1
    exec "$prefix/bin/oshrun" -n "$np" "$venv/bin/python" -m unittest discover -s test
    ;;
  *) fail "unknown mode $mode" ;;
esac
