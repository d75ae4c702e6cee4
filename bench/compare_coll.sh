#!/bin/bash
# Collectives side by side: bench/shmem_coll_bench.c built with mpishmem and with Debian's Open
# MPI OSHMEM, and its plain-MPI twin bench/mpi_coll_bench.c on the MPI mpishmem was built with
# (MPI_COMM_WORLD), for 2, 4 and 8 PEs on one node, runs alternated, each ROUNDS times; prints
# the median of the rounds' medians and the ratios mpishmem/oshmem and mpishmem/mpi (< 1: mpishmem
# is faster).
#   usage: bench/compare_coll.sh BUILD_DIR [ROUNDS] [PE counts, default "2 4 8"]
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi); without them the
# oshmem column is left out. More PEs than cores run oversubscribed (no binding) for all three.
# TWONODE=1 runs mpishmem and plain MPI in MPICH's simulated two-node mode
# (MPIR_CVAR_NUM_CLIQUES=2: teams span "nodes", so mpishmem's collectives go through MPI) and
# leaves Open MPI's OSHMEM out.
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
nps=${3:-2 4 8}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cores=$(nproc)
"$build/bin/oshcc" -O2 "$here/shmem_coll_bench.c" -o "$out/bench_mpishmem"
mpiexec=$(sed -n 's/^MPIEXEC_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
mpicc=$(sed -n 's/^MPI_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
"$mpicc" -O2 "$here/mpi_coll_bench.c" -o "$out/bench_mpi"
# Open MPI as root needs these; its OSHMEM crashes at finalize with the rdma osc component.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
have_oshmem=0
if [ "${TWONODE:-0}" = 1 ]; then
  export MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self # TCP: docs/multinode.md
elif [ -x /usr/bin/oshcc ] &&
     /usr/bin/oshcc -O2 "$here/shmem_coll_bench.c" -o "$out/bench_oshmem" 2>/dev/null; then
  have_oshmem=1
fi
for r in $(seq "$rounds"); do
  for np in $nps; do
    if [ "$np" -le "$cores" ]; then bind="-bind-to core"; obind="--bind-to core"
    else bind="-bind-to none"; obind="--oversubscribe --bind-to none"; fi
    "$build/bin/oshrun" -n "$np" $bind "$out/bench_mpishmem" > "$out/m.$np.$r"
    "$mpiexec" -n "$np" $bind "$out/bench_mpi" > "$out/p.$np.$r"
    if [ "$have_oshmem" = 1 ]; then
      /usr/bin/oshrun -np "$np" $obind "$out/bench_oshmem" 2>/dev/null > "$out/o.$np.$r" || true
    fi
  done
done
# median over the rounds of each (op, npes, bytes): "op|np|bytes value"
median() {
  cat "$out"/$1.* 2>/dev/null | grep -v '^#' |
    awk '{k=$1"|"$2"|"$3; v[k]=v[k]" "$4}
         END {for (k in v) {n=split(v[k],a," ");
                for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]+0<a[i]+0) {t=a[i];a[i]=a[j];a[j]=t};
                print k, a[int((n+1)/2)]}}' | sort
}
median m > "$out/m.med"
median o > "$out/o.med"
median p > "$out/p.med"
echo "# median of $rounds rounds, ns per call (slowest PE); ratios < 1: mpishmem faster"
printf '%-13s %-4s %8s %12s %12s %12s %9s %9s\n' op npes bytes mpishmem oshmem mpi m/oshmem m/mpi
join -a1 -e - -o 0,1.2,2.2 "$out/m.med" "$out/o.med" | join -a1 -e - -o 0,1.2,1.3,2.2 - "$out/p.med" |
  tr '|' ' ' | sed 's/ np/ /' | sort -k1,1 -k2n -k3n |
  awk '{r1 = ($5 != "-" && $5 > 0) ? sprintf("%.2f", $4 / $5) : "-";
        r2 = ($6 != "-" && $6 > 0) ? sprintf("%.2f", $4 / $6) : "-";
        printf "%-13s %-4s %8s %12s %12s %12s %9s %9s\n", $1, $2, $3, $4, $5, $6, r1, r2}'
