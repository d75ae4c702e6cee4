/* Open MPI's osc/ucx under MPI_THREAD_MULTIPLE: every rank of a window flushed before it is
 * freed (quirk OMPI_UCX_WIN_FREE_MT, ompi_ucx_win_free.c). */
#ifndef MPISHMEM_OMPI_UCX_WIN_FREE_H
#define MPISHMEM_OMPI_UCX_WIN_FREE_H

#include <mpi.h>

#include "../../base/state.h"

/* Ends the lock_all epoch of `win`, which the caller frees next (MPI_Win_free, collective):
 * where the quirk applies, first flushes every rank of the window one by one
 * (mpishmem_ompi_flush_ranks_init decides, before the library's first window). */
MPISHMEM_INTERNAL void mpishmem_win_unlock_for_free(MPI_Win win);

#endif
