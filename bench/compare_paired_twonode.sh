#!/bin/bash
# What mpishmem's layer costs above MPI on the remote path, pair by pair: bench/paired_bench -s
# (each OpenSHMEM operation and its raw MPI-3 twin back to back in one process, the twin on a
# window made as mpishmem's heap window) with 2 PEs in the simulated two-node mode of the
# build's MPI, ROUNDS runs of each setting, alternated. Prints for each operation and size the
# median over the runs of each run's median pair ratio mpishmem / raw MPI, one column per
# setting: by default mpishmem as it runs by default (progress thread and batching automatic:
# MPI at MPI_THREAD_MULTIPLE, which the twin then pays too) and with MPISHMEM_PROGRESS_THREAD=0
# (MPI_THREAD_SINGLE). Separate runs on this 2-core virtual machine drift by 10-20% in phases
# (bench/compare_mpi.sh's rows can swing that much); both members of a pair see the same
# phase, so these ratios hold to a few percent. What MPI_THREAD_MULTIPLE itself costs is
# bench/compare_thread_levels.sh's. Run it with the MPI's run-time environment
# (eval "$(scripts/mpi.sh env NAME)").
#   usage: bench/compare_paired_twonode.sh BUILD_DIR [ROUNDS] ["VAR=value ..." ...]
#   e.g.   bench/compare_paired_twonode.sh build-impi 7
#          bench/compare_paired_twonode.sh build-impi 7 X=1 MPISHMEM_BATCH=0
set -e
build=$(cd "${1:?usage: compare_paired_twonode.sh BUILD_DIR [ROUNDS] [SETTINGS ...]}" && pwd)
rounds=${2:-7}
shift $(($# < 2 ? $# : 2))
[ $# -gt 0 ] || set -- X=1 MPISHMEM_PROGRESS_THREAD=0
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare_lib.sh"
twonode_setup "$build"
out=$(mktemp -d)
for r in $(seq "$rounds"); do
  i=0
  for setting in "$@"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # the settings and $bind are words
    env $setting "$build/bin/oshrun" -n 2 $bind "$build/bench/paired_bench" -s -n 51 \
      > "$out/s$i.$r"
  done
done
i=0
for setting in "$@"; do
  i=$((i + 1))
  echo "# s$i: $setting"
done
printf '%-10s %8s' op bytes
for i in $(seq $#); do printf ' %8s' "s$i"; done
echo
# Per setting: "<op> <bytes> <setting> <median over the runs of the pair-ratio column>", then
# one line per operation and size with a column per setting.
for i in $(seq $#); do
  cat "$out"/s"$i".* | grep -v '^#' |
    awk -v s="$i" '{k=$1" "$2; v[k]=v[k]" "$6}
         END {for (k in v) {n=split(v[k],a," ");
                for(x=1;x<=n;x++) for(y=x+1;y<=n;y++) if (a[y]<a[x]) {t=a[x];a[x]=a[y];a[y]=t};
                print k, s, a[int((n+1)/2)]}}'
done | awk -v n=$# '{k=$1" "$2; r[k, $3]=$4; keys[k]=1}
  END {for (k in keys) {split(k, f, " "); printf "%-10s %8s", f[1], f[2];
         for (s=1; s<=n; s++) printf " %8s", ((k, s) in r) ? r[k, s] : "-"; print ""}}' |
  sort -k1,1 -k2n
rm -rf "$out"
