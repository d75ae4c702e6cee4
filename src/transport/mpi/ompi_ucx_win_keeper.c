/* Remedy of quirk OMPI_UCX_WIN_FREE_MT (mpi_quirks_table.h). Under MPI_THREAD_MULTIPLE Open
 * MPI 5's osc/ucx gives each thread of a window its own UCX worker and, in MPI_Win_free,
 * destroys that worker's endpoints (ucp_ep_destroy), a close that may wait for the peer's
 * receiving worker (UCX's debug log of a hung close: an endpoint whose wireup reply never came).
 * That worker is progressed only from Open MPI's progress callback of osc/ucx, which is
 * unregistered when a process frees its last osc/ucx window: a PE that left its last
 * MPI_Win_free first stops answering, and a peer still closing endpoints to it waits for ever
 * (tests/mpi_repro/win_free_mt: one rank in ucp_ep_destroy, the other in MPI_Allreduce). So the
 * library holds one more window, which nothing ever accesses (no endpoints: its free waits for
 * nobody), created before its other windows and freed after them: every PE keeps progressing
 * the receiving worker until all have closed their endpoints. Costs one window creation in
 * shmem_init and one free in shmem_finalize, at MPI_THREAD_MULTIPLE only. It does not cure
 * several PEs closing endpoints at once (each holds its worker pool's lock meanwhile, which
 * stops its own progress callback): the flushes before each free do (ompi_ucx_win_free.c). */
#include "ompi_ucx_win_keeper.h"

#include "quirks/mpi_quirks.h"

static MPI_Win keeper = MPI_WIN_NULL;

void mpishmem_ompi_win_keeper_create(int mpi_level)
{
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_WIN_FREE_MT] ||
        mpi_level != MPI_THREAD_MULTIPLE || mpishmem_g.n_pes < 2)
        return;
    MPI_Win_create(NULL, 0, 1, MPI_INFO_NULL, mpishmem_g.world, &keeper);
}

void mpishmem_ompi_win_keeper_free(void)
{
    if (keeper != MPI_WIN_NULL) MPI_Win_free(&keeper);
}
