#!/bin/bash
# Regenerates the plots of docs/plots (used by docs/user-guide.md) from fresh benchmark runs:
#   local   node-local, 2 PEs: mpishmem vs Debian's Open MPI OSHMEM   (bench/compare.sh)
#   remote  simulated two nodes, 2 PEs: mpishmem vs raw MPI-3 RMA      (bench/compare_mpi.sh)
#   amo     the same remote AMO/signal/lock operations with MPISHMEM_AMO=mpi and =am
# The tables the plots are drawn from are kept next to them (docs/plots/*.txt).
#   usage: bench/plots.sh BUILD_DIR [ROUNDS] [OUT_DIR]
# matplotlib comes from PyPI into a virtual environment of its own (BUILD_DIR/plot-venv): it is
# needed by nothing but bench/plot.py. Open MPI (scripts/install-deps.sh --openmpi) is needed
# for the "local" comparison; without it that plot is skipped.
set -e
build=$(cd "${1:-build}" && pwd)
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
out=${3:-$here/../docs/plots}
mkdir -p "$out"
out=$(cd "$out" && pwd)
venv="$build/plot-venv"
if ! "$venv/bin/python" -c "import matplotlib" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check matplotlib
fi
plot() { "$venv/bin/python" "$here/plot.py" "$@"; }
stamp="$(date -u +%Y-%m-%d), $(nproc) cores, median of $rounds"

if [ -x /usr/bin/oshcc ]; then
  bash "$here/compare.sh" "$build" "$rounds" > "$out/local.txt"
  plot -o "$out/local" --title "node-local, 2 PEs ($stamp)" "$out/local.txt"
else
  echo "plots.sh: /usr/bin/oshcc (Open MPI) missing: the node-local comparison is skipped" >&2
fi
bash "$here/compare_mpi.sh" "$build" "$rounds" mpi > "$out/remote_mpi.txt"
bash "$here/compare_mpi.sh" "$build" "$rounds" am > "$out/remote_am.txt"
plot -o "$out/remote" --plots latency,small --title "2 PEs, two simulated nodes ($stamp)" \
  "$out/remote_mpi.txt"
# The AMO modes side by side from shmem_amo_bench's own output (the table above keeps only the
# rows raw MPI has too; AMOs to oneself are where the modes differ most).
for mode in mpi am; do
  : > "$out/amo_$mode.txt"
  for r in $(seq "$rounds"); do
    MPISHMEM_AMO=$mode MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self "$build/bin/oshrun" -n 2 -bind-to core \
      "$build/bench/shmem_amo_bench" >> "$out/amo_$mode.txt"
  done
done
plot -o "$out/amo" --plots small --rows "\\((other|self|static|pe0|pe1)\\)" --title "AMO modes, 2 PEs, two simulated nodes ($stamp)" \
  "MPISHMEM_AMO=mpi=$out/amo_mpi.txt" "MPISHMEM_AMO=am=$out/amo_am.txt" \
  "raw MPI=$out/remote_mpi.txt:raw_mpi"
