/* Open MPI's osc/ucx under MPI_THREAD_MULTIPLE: a window kept until every other window of the
 * library is freed (quirk OMPI_UCX_WIN_FREE_MT, ompi_ucx_win_keeper.c). */
#ifndef MPISHMEM_OMPI_UCX_WIN_KEEPER_H
#define MPISHMEM_OMPI_UCX_WIN_KEEPER_H

#include "../../base/state.h"

/* Creates the kept window when the quirk applies and MPI provides `mpi_level` ==
 * MPI_THREAD_MULTIPLE (collective over the world; call before the library's first window). */
MPISHMEM_INTERNAL void mpishmem_ompi_win_keeper_create(int mpi_level);

/* Frees it (collective; call after the library's last MPI_Win_free). */
MPISHMEM_INTERNAL void mpishmem_ompi_win_keeper_free(void);

#endif
