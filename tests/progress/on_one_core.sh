#!/bin/sh
# on_one_core.sh COMMAND...: runs COMMAND (a launcher and its job) on one CPU, the first one
# this process may run on (CPU 0 on a machine that allows every CPU), so that every PE, the
# launcher and its helpers share one core. Affinity is inherited through fork/exec and
# nsenter, so the PEs of the emulated cluster (scripts/cluster.sh run) are pinned too.
# Exit 77 (skip) when taskset (util-linux) is missing.
set -u
command -v taskset >/dev/null 2>&1 || {
  echo "on_one_core.sh: SKIP: taskset is missing (util-linux; scripts/install-deps.sh)" >&2
  exit 77
}
# "pid N's current affinity list: 0-3,6" -> 0
cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
exec taskset -c "$cpu" "$@"
