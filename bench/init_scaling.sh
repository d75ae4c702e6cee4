#!/bin/bash
# How start-up cost grows with the job: bench/init_scaling.c at each PE count of NPES_LIST, on
# one node and in the simulated two-node mode (MPICH: MPIR_CVAR_NUM_CLIQUES=2, UCX over TCP),
# each ROUNDS times; medians per column. Columns: seconds in MPI_Init and in shmem_init (MPI
# initialized first), the memory MPI_Init, shmem_init and a first put to every other PE added
# (resident KiB for shmem_init, malloc'd bytes for all), and the seconds and malloc'd bytes of
# one more MPI_Win_create (slowest/largest PE). docs/scaling.md projects from these.
#   usage: bench/init_scaling.sh BUILD_DIR [ROUNDS] [NPES_LIST]
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
list=${3:-"2 4 8 16 32"}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/bin/oshcc" -O2 "$here/init_scaling.c" -o "$out/init_scaling"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf "%-8s %5s %10s %11s %12s %9s %12s %12s %10s %12s\n" mode npes mpi_init_s shmem_init_s \
  mpi_malloc_b init_kib init_malloc_b first_put_b window_s window_b
for mode in single twonode; do
  env=""
  [ "$mode" = twonode ] && env="MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self"
  for n in $list; do
    for r in $(seq "$rounds"); do
      env $env timeout 300 "$build/bin/oshrun" -n "$n" "$out/init_scaling" > "$out/$mode.$n.$r"
    done
    col() { cat "$out/$mode.$n".* | awk -v p="$1" -v c="$2" '$1 == p { print $c }' | median; }
    printf "%-8s %5d %10s %11s %12s %9s %12s %12s %10s %12s\n" "$mode" "$n" \
      "$(col mpi_init 3)" "$(col shmem_init 3)" "$(col mpi_init 5)" "$(col shmem_init 4)" \
      "$(col shmem_init 5)" "$(col first_put_to_all 5)" "$(col mpi_window 3)" \
      "$(col mpi_window 5)"
  done
done
