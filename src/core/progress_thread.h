/* mpishmem: the optional progress thread (MPISHMEM_PROGRESS_THREAD=1). Remote RMA and AMOs
 * complete only when the target calls into MPI (and active-message AMOs only when the target
 * is inside the library); a PE in a long compute phase would stall its peers. The thread
 * polls MPI and serves active messages every MPISHMEM_PROGRESS_INTERVAL microseconds. It
 * needs MPI_THREAD_MULTIPLE. */
#ifndef MPISHMEM_PROGRESS_THREAD_H
#define MPISHMEM_PROGRESS_THREAD_H

#include "state.h"

/* The MPI thread level to ask for when the thread is wanted. */
MPISHMEM_INTERNAL int mpishmem_progress_thread_wanted(void);
/* Starts the thread if wanted and MPI provides `mpi_level`; warns otherwise. */
MPISHMEM_INTERNAL void mpishmem_progress_thread_start(const char *routine, int mpi_level);
MPISHMEM_INTERNAL void mpishmem_progress_thread_stop(void);

#endif
