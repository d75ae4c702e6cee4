#!/bin/bash
# Runs bench/shmem_bench.c with mpishmem and with Debian's Open MPI OSHMEM in one go (2 PEs on
# one node, runs alternated, each ROUNDS times) and prints the medians side by side.
#   usage: bench/compare.sh BUILD_DIR [ROUNDS]
# Needs openmpi-bin and libopenmpi-dev (scripts/install-deps.sh --openmpi).
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
"$build/bin/oshcc" -O2 "$here/shmem_bench.c" -o "$out/bench_mpishmem"
/usr/bin/oshcc -O2 "$here/shmem_bench.c" -o "$out/bench_oshmem"
# Open MPI as root needs these; its OSHMEM crashes at finalize with the rdma osc component.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_osc=^rdma
for r in $(seq "$rounds"); do
  "$build/bin/oshrun" -n 2 -bind-to core "$out/bench_mpishmem" | grep -v '^#' > "$out/m.$r"
  /usr/bin/oshrun -np 2 --bind-to core "$out/bench_oshmem" 2>/dev/null | grep -v '^#' > "$out/o.$r"
done
# median over rounds of each line's value, then join the two libraries
med() { cat "$out"/$1.* | awk '{k=$1" "$2" "$3" "($5==""?"ns":$5); v[k]=v[k]" "$4} END {for (k in v) {n=split(v[k],a," "); for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t}; print k, a[int((n+1)/2)]}}' | sort; }
med m > "$out/m.med"
med o > "$out/o.med"
printf '%-14s %-6s %9s %-8s %12s %12s %8s\n' op target bytes unit mpishmem oshmem ratio
join -j1 <(awk '{print $1"|"$2"|"$3"|"$4, $5}' "$out/m.med" | sort) \
         <(awk '{print $1"|"$2"|"$3"|"$4, $5}' "$out/o.med" | sort) 2>/dev/null |
  tr '|' ' ' | sort -k1,1 -k2,2 -k3n |
  awk '{printf "%-14s %-6s %9s %-8s %12s %12s %8.2f\n", $1, $2, $3, $4, $5, $6, ($6 > 0 ? $5 / $6 : 0)}'
rm -rf "$out"
