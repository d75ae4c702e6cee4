/* Part of the remedy of quirk OMPI_UCX_WIN_FREE_MT (mpi_quirks_table.h). Under
 * MPI_THREAD_MULTIPLE Open MPI 5's osc/ucx hands each (window, thread) a UCX worker from a
 * pool; when the window is freed or the thread ends, the worker's endpoints are destroyed and
 * it goes back to the pool's idle list, which nothing progresses (opal_common_ucx_wpool_progress
 * walks the active workers and the receiving one only). Every peer reaches a process through
 * its receiving ("default") worker, which keeps the endpoints UCX made for the peers' workers
 * (and their TCP connections: space_alloc's cycles leave one open socket per window). The
 * default worker is also handed out like any other, so some window's flush_all is
 * ucp_worker_flush on it, which flushes those kept endpoints too; over UCX's TCP transport an
 * endpoint that has sent since its last flush needs the other side's answer to flush, and the
 * other side is an idle worker of the peer: it never answers. Seen on the emulated cluster
 * (Open MPI 5.0.11, UCX 1.20.1): space_alloc at shmem_finalize, one PE in MPI_Win_flush_all
 * progressing its default worker, the other progressing its own; on the other PE three sockets
 * of idle workers, each in an epoll set of its own, hold 25 unread bytes from the first PE's
 * default worker. MPI_Win_flush(rank) flushes only the endpoint of the calling thread's worker
 * to that rank's default worker (ucp_ep_flush_nb), which always answers. So where the quirk
 * applies at MPI_THREAD_MULTIPLE, "all ranks" flushes go rank by rank: n flushes instead of
 * one, of which those to ranks this thread's worker never reached return at once. A request-based
 * operation is no way around it: osc/ucx completes MPI_Rget and MPI_Rput with
 * opal_common_ucx_wpmem_flush_ep_nb, which despite its name is ucp_worker_flush_nb of the
 * thread's worker (soak's threads phase hung with both PEs in MPI_Test of an MPI_Rget, and
 * the same unread sockets). So there the library makes none (../mpi_rma.c): a blocking get or put
 * is MPI_Get/MPI_Put and MPI_Win_flush_local of its PE, a nonblocking get an MPI_Get completed
 * by the context's quiet. */
#include "ompi_ucx_win_free_mt.h"

#include "mpi_quirks.h"

int mpishmem_ompi_flush_ranks;

void mpishmem_ompi_flush_ranks_init(int mpi_level)
{
    mpishmem_ompi_flush_ranks = mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_WIN_FREE_MT] &&
                                mpi_level == MPI_THREAD_MULTIPLE;
}

/* Every window of the library spans the world communicator (runtime.c, ctx.c, space.c). */
void mpishmem_win_flush_all(MPI_Win win)
{
    if (!mpishmem_ompi_flush_ranks) {
        MPI_Win_flush_all(win);
        return;
    }
    for (int rank = 0; rank < mpishmem_g.n_pes; rank++) MPI_Win_flush(rank, win);
}

void mpishmem_win_flush_local_all(MPI_Win win)
{
    if (!mpishmem_ompi_flush_ranks) {
        MPI_Win_flush_local_all(win);
        return;
    }
    for (int rank = 0; rank < mpishmem_g.n_pes; rank++) MPI_Win_flush_local(rank, win);
}
