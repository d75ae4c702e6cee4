#!/bin/sh
# slurm_batch.sh CLUSTER_SLURM_SH OUTDIR COMMAND...: submits a batch job (2 nodes, 4 tasks)
# whose script runs COMMAND, waits for it (sbatch --wait: its exit status is the job's) and
# prints the job's output.
set -u
slurm=$1 out=$2/slurm_batch.$$.out
shift 2
rm -f "$out"
sh "$slurm" sbatch --wait -N 2 -n 4 -o "$out" --wrap "$*"
status=$?
cat "$out" 2>/dev/null
rm -f "$out"
[ "$status" = 77 ] && exit 77
[ "$status" = 0 ] || echo "slurm_batch: sbatch --wait: exit status $status"
exit "$status"
