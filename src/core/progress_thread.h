/* mpishmem: the progress thread (MPISHMEM_PROGRESS_THREAD: -1 automatic, the default; 1 on;
 * 0 off). Remote RMA and AMOs complete only when the target calls into MPI (over TCP, and in
 * this MPICH over UCX, even puts), and active-message AMOs only when the target is inside the
 * library: a PE that computes, or polls a flag with plain loads as conveyor-style programs do,
 * would stall its peers (a peer's shmem_fence or shmem_quiet would never return). The thread
 * polls MPI when the program has not done so since its last look: without sleeping while it
 * finds traffic (and MPISHMEM_PROGRESS_SPIN microseconds after), else after sleeps growing up to
 * MPISHMEM_PROGRESS_INTERVAL. Automatic mode runs it when other PEs reach this one through
 * MPI. It needs MPI_THREAD_MULTIPLE, which the library then asks for when it initializes MPI. */
#ifndef MPISHMEM_PROGRESS_THREAD_H
#define MPISHMEM_PROGRESS_THREAD_H

#include "../base/state.h"

/* The MPI thread level to ask for when the thread is wanted. */
MPISHMEM_INTERNAL int mpishmem_progress_thread_wanted(void);
/* Starts the thread if wanted and MPI provides `mpi_level`; warns otherwise. */
MPISHMEM_INTERNAL void mpishmem_progress_thread_start(const char *routine, int mpi_level);
MPISHMEM_INTERNAL void mpishmem_progress_thread_stop(void);
/* Whether the thread runs (for shmem-info and tests). */
MPISHMEM_INTERNAL int mpishmem_progress_thread_running(void);

#endif
