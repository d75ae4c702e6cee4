/* Open MPI's osc/ucx under MPI_THREAD_MULTIPLE (quirk OMPI_UCX_WIN_FREE_MT,
 * ompi_ucx_win_free_mt.c): a window's "all ranks" flushes made rank by rank, every rank of a
 * window flushed before it is freed, and a window kept until every other window of the library
 * is freed. */
#ifndef MPISHMEM_OMPI_UCX_WIN_FREE_MT_H
#define MPISHMEM_OMPI_UCX_WIN_FREE_MT_H

#include <mpi.h>

#include "../../../base/state.h"

/* Decides whether the remedy applies: the quirk is on and MPI provides `mpi_level` ==
 * MPI_THREAD_MULTIPLE (call once MPI is initialized, before the library's first window). */
MPISHMEM_INTERNAL void mpishmem_ompi_flush_ranks_init(int mpi_level);

/* Whether the remedy applies: then the library also makes no request-based RMA (MPI_Rput,
 * MPI_Rget), whose completion osc/ucx waits for with a flush of the thread's whole worker. */
extern MPISHMEM_INTERNAL int mpishmem_ompi_flush_ranks;

/* MPI_Win_flush_all(win), or where the remedy applies MPI_Win_flush of each rank in turn. */
MPISHMEM_INTERNAL void mpishmem_win_flush_all(MPI_Win win);

/* MPI_Win_flush_local_all(win), or where the remedy applies MPI_Win_flush_local of each rank. */
MPISHMEM_INTERNAL void mpishmem_win_flush_local_all(MPI_Win win);

/* Ends the lock_all epoch of `win`, which the caller frees next (MPI_Win_free, collective):
 * where the remedy applies, first flushes every rank of the window one by one
 * (mpishmem_ompi_flush_ranks_init decides, before the library's first window). */
MPISHMEM_INTERNAL void mpishmem_win_unlock_for_free(MPI_Win win);

/* Creates the kept window when the quirk applies and MPI provides `mpi_level` ==
 * MPI_THREAD_MULTIPLE (collective over the world; call before the library's first window). */
MPISHMEM_INTERNAL void mpishmem_ompi_win_keeper_create(int mpi_level);

/* Frees it (collective; call after the library's last MPI_Win_free). */
MPISHMEM_INTERNAL void mpishmem_ompi_win_keeper_free(void);

#endif
