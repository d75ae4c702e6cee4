# Shared by the compare*.sh scripts (sourced, bash). Benchmark output lines are
#     <op> <target> <bytes> <value> [unit]         (unit: ns when absent; '#' lines are comments)
# compare_median DIR PREFIX: the median over the files DIR/PREFIX.* of each line's value, as
#     "<op> <target> <bytes> <unit> <median>" lines.
# steal_mark, steal_percent, steal_note: the hypervisor's steal during a run (cpu_steal.sh).
. "$(dirname "${BASH_SOURCE[0]}")/cpu_steal.sh"
compare_median() {
  cat "$1"/"$2".* | grep -v '^#' |
    awk '{k=$1" "$2" "$3" "($5==""?"ns":$5); v[k]=v[k]" "$4}
         END {for (k in v) {n=split(v[k],a," ");
                for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t};
                print k, a[int((n+1)/2)]}}' | sort
}
# compare_round_ratios DIR A B ROUNDS: for each line, the median over rounds r of A's value in
# round r (files DIR/A.r or DIR/A.*.r) divided by B's in the same round, as "<op> <target>
# <bytes> <unit> <ratio>" lines. A round's runs are back to back; on this 2-core virtual
# machine separate runs drift by 10-20% in phases, so the ratio of two medians can be off by
# that much where the median of the rounds' ratios is not.
compare_round_ratios() {
  for r in $(seq "$4"); do
    { cat "$1/$2.$r" "$1/$2".*".$r" 2>/dev/null | grep -v '^#' | sed 's/^/A /'
      cat "$1/$3.$r" "$1/$3".*".$r" 2>/dev/null | grep -v '^#' | sed 's/^/B /'; } |
      awk '{k=$2" "$3" "$4" "($6==""?"ns":$6); if ($1=="A") a[k]=$5; else b[k]=$5}
           END {for (k in a) if ((k in b) && b[k] > 0) print k, a[k] / b[k]}'
  done | awk '{k=$1" "$2" "$3" "$4; v[k]=v[k]" "$5}
              END {for (k in v) {n=split(v[k],a," ");
                     for(i=1;i<=n;i++) for(j=i+1;j<=n;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t};
                     print k, a[int((n+1)/2)]}}' | sort
}
# compare_side_by_side A B NAME_A NAME_B [RATIOS]: joins two compare_median outputs on op,
# target, bytes and unit, and prints both values and their ratio A/B (with RATIOS, a
# compare_round_ratios output, that ratio instead of the medians').
compare_side_by_side() {
  printf '%-18s %-6s %9s %-8s %12s %12s %8s\n' op target bytes unit "$3" "$4" ratio
  join -j1 <(awk '{print $1"|"$2"|"$3"|"$4, $5}' "$1" | sort) \
           <(awk '{print $1"|"$2"|"$3"|"$4, $5}' "$2" | sort) 2>/dev/null |
    join -j1 -a1 - <(awk '{print $1"|"$2"|"$3"|"$4, $5}' "${5:-/dev/null}" | sort) |
    tr '|' ' ' | sort -k1,1 -k2,2 -k3n |
    awk '{printf "%-18s %-6s %9s %-8s %12s %12s %8.2f\n", $1, $2, $3, $4, $5, $6,
          ($7 != "" ? $7 : $6 > 0 ? $5 / $6 : 0)}'
}
# build_flavour BUILD_DIR: the MPI flavour the build was configured with (mpich, openmpi,
# intel, abi: cmake/mpishmem_find_mpi.cmake).
build_flavour() { sed -n 's/^MPISHMEM_MPI:[A-Z]*=//p' "$1/CMakeCache.txt"; }
# twonode_env BUILD_DIR: the variables of the simulated two-node mode for the build's MPI, as
# the test suite sets them: MPICH's own cliques (over TCP: docs/multinode.md), else the
# library's split.
twonode_env() {
  if [ "$(build_flavour "$1")" = mpich ]; then echo "MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self"
  else echo "MPISHMEM_SIMULATED_NODES=2"; fi
}
# bind_core BUILD_DIR: the launcher's option that pins each PE to a core (Hydra of MPICH and
# Intel MPI: -bind-to core; Open MPI's mpirun: --bind-to core).
bind_core() {
  if [ "$(build_flavour "$1")" = openmpi ]; then echo "--bind-to core"; else echo "-bind-to core"; fi
}
# twonode_setup BUILD_DIR: exports the simulated two-node mode's variables (twonode_env) and
# sets `bind` to the launcher's option that pins each PE to a core (bind_core).
twonode_setup() {
  # shellcheck disable=SC2046 # the variables are words
  export $(twonode_env "$1")
  bind=$(bind_core "$1")
}
