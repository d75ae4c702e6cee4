/* mpishmem: the job's exit status, the same whatever MPI and launcher end the job.
 *
 * A launcher's own status after a failure depends on who died how (MPICH's Hydra reports 9
 * when it killed the other PEs, Open MPI the first status it saw, the emulated cluster's
 * watchdog 1). So oshrun (tools/oshrun.in) and scripts/cluster.sh make an empty file, name it
 * in MPISHMEM_EXIT_STATUS_FILE, and exit with its first line when there is one. The PE that
 * ends the job first appends the status it chose; consequences on other PEs (their "PE n
 * exited" errors) append later lines, which do not count:
 *   shmem_global_exit(k)               k & 255
 *   exit(k), k != 0, shmem initialized k & 255
 *   a fatal signal s (abort, crash)    128 + s
 *   an error reported by mpishmem      1
 * The statuses are written with O_APPEND (one write each, atomic) into an existing file only
 * (no O_CREAT). Async-signal-safe. */
#ifndef MPISHMEM_EXIT_STATUS_H
#define MPISHMEM_EXIT_STATUS_H

#include "state.h"

/* Appends `status` (& 255) to the status file, if the launcher made one. */
MPISHMEM_INTERNAL void mpishmem_exit_status_record(int status);
/* Once, at shmem_init: fatal signals whose action is the default one record 128 + signal,
 * then take their default action. */
MPISHMEM_INTERNAL void mpishmem_exit_status_watch_signals(void);

#endif
