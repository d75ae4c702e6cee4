/* Open MPI's osc/ucx under MPI_THREAD_MULTIPLE: a window's "all ranks" flushes made rank by
 * rank (quirk OMPI_UCX_WIN_FREE_MT, ompi_ucx_win_free_mt.c). */
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

#endif
