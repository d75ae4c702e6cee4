#!/bin/sh
# Installs the Debian packages mpishmem needs to build and test, if any is missing:
# a C compiler, CMake, make, MPICH (the default MPI), the emulated cluster's tools and, with
# --openmpi, Open MPI too.
set -e
# iproute2 (ip netns) and util-linux (unshare, nsenter) for the emulated cluster of
# scripts/cluster.sh; bash for its reachability check. --openmpi adds Open MPI (the OSHMEM
# comparisons); --report adds Open MPI, valgrind and matplotlib (bench/report.sh: tables and
# plots); --clang adds Clang (scripts/release_builds.sh); --slurm adds Slurm and munge (the
# tests of jobs started by srun/sbatch on the emulated cluster: scripts/cluster-slurm.sh).
pkgs="gcc make cmake pkgconf mpich libmpich-dev iproute2 util-linux bash"
[ "${1:-}" = "--openmpi" ] && pkgs="$pkgs openmpi-bin libopenmpi-dev"
[ "${1:-}" = "--report" ] && pkgs="$pkgs openmpi-bin libopenmpi-dev valgrind python3-matplotlib"
[ "${1:-}" = "--clang" ] && pkgs="$pkgs clang"
[ "${1:-}" = "--slurm" ] && pkgs="$pkgs slurmd slurmctld slurm-client munge"
# The Python test (tests/python: shmem4py) needs venv and the headers of a Debian python3.
command -v python3 >/dev/null 2>&1 && pkgs="$pkgs python3-venv python3-dev"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq $missing >/dev/null
