/* The remedy of quirk OMPI_UCX_WIN_FREE_MT (mpi_quirks_table.h), in three parts: flushes of
 * all ranks made rank by rank, every rank flushed before a window is freed, and one window
 * kept until every other is freed. */
#include "ompi_ucx_win_free_mt.h"

#include "mpi_quirks.h"

/* The flushes of all ranks, rank by rank. Under MPI_THREAD_MULTIPLE Open MPI 5's osc/ucx hands
 * each (window, thread) a UCX worker from a pool; when the window is freed or the thread ends, the
 * worker's endpoints are destroyed and it goes back to the pool's idle list, which nothing
 * progresses (opal_common_ucx_wpool_progress walks the active workers and the receiving one only).
 * Every peer reaches a process through its receiving ("default") worker, which keeps the endpoints
 * UCX made for the peers' workers (and their TCP connections: space_alloc's cycles leave one open
 * socket per window). The default worker is also handed out like any other, so some window's
 * flush_all is ucp_worker_flush on it, which flushes those kept endpoints too; over UCX's TCP
 * transport an endpoint that has sent since its last flush needs the other side's answer to flush,
 * and the other side is an idle worker of the peer: it never answers. Seen on the emulated cluster
 * (Open MPI 5.0.11, UCX 1.20.1): space_alloc at shmem_finalize, one PE in MPI_Win_flush_all
 * progressing its default worker, the other progressing its own; on the other PE three sockets of
 * idle workers, each in an epoll set of its own, hold 25 unread bytes from the first PE's default
 * worker. MPI_Win_flush(rank) flushes only the endpoint of the calling thread's worker to that
 * rank's default worker (ucp_ep_flush_nb), which always answers. So where the quirk applies at
 * MPI_THREAD_MULTIPLE, "all ranks" flushes go rank by rank: n flushes instead of one, of which
 * those to ranks this thread's worker never reached return at once. A request-based operation is
 * no way around it: osc/ucx completes MPI_Rget and MPI_Rput with
 * opal_common_ucx_wpmem_flush_ep_nb, which despite its name is ucp_worker_flush_nb of the thread's
 * worker (soak's threads phase hung with both PEs in MPI_Test of an MPI_Rget, and the same unread
 * sockets). So there the library makes none (../mpi_rma.c): a blocking get or put is
 * MPI_Get/MPI_Put and MPI_Win_flush_local of its PE, a nonblocking get an MPI_Get completed by the
 * context's quiet. */
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

/* The flushes before a window is freed. Under MPI_THREAD_MULTIPLE Open MPI 5's osc/ucx destroys
 * each thread's endpoints in MPI_Win_free holding its worker pool's lock, which stops its own
 * progress callback, the only one that progresses the receiving worker its peers' endpoints
 * lead to; ucp_ep_destroy flushes the endpoint first. Over UCX's TCP transport an endpoint that
 * has sent an active message since its last endpoint flush needs an answer from the peer's
 * receiving worker to flush (uct/tcp/tcp_ep.c, UCT_TCP_EP_FLAG_NEED_FLUSH), and
 * MPI_Win_flush_all leaves that mark (it flushes the worker, which UCX completes at once when
 * no byte is outstanding: ucp/rma/flush.c, ucp_worker_flush_check), while MPI_Win_flush(rank)
 * flushes the endpoints to that rank of every thread's worker, which clears it. PEs that close
 * such endpoints to each other at once wait for each other for ever (batch_stress at 8 PEs, at
 * shmem_finalize). So before a window is freed each PE flushes its ranks one by one, while
 * every PE still progresses. The mechanism is read in UCX 1.20.1's source; measured: with the
 * progress thread on the emulated cluster, batch_stress at 8 PEs hung at shmem_finalize 3 of
 * 3 without the flushes, 0 of 5 with them. Costs one flush per rank per window freed, only at
 * MPI_THREAD_MULTIPLE on the affected versions. */
void mpishmem_win_unlock_for_free(MPI_Win win)
{
    /* The same condition as the rank-by-rank flushes (the quirk at MPI_THREAD_MULTIPLE), and
     * the same flush: every rank of the world, which every library window spans. */
    if (mpishmem_ompi_flush_ranks) mpishmem_win_flush_all(win);
    MPI_Win_unlock_all(win);
}

/* The kept window. Under MPI_THREAD_MULTIPLE Open MPI 5's osc/ucx gives each thread of a window
 * its own UCX worker and, in MPI_Win_free, destroys that worker's endpoints (ucp_ep_destroy), a
 * close that may wait for the peer's receiving worker (UCX's debug log of a hung close: an
 * endpoint whose wireup reply never came). That worker is progressed only from Open MPI's progress
 * callback of osc/ucx, which is unregistered when a process frees its last osc/ucx window: a PE
 * that left its last MPI_Win_free first stops answering, and a peer still closing endpoints to it
 * waits for ever (tests/mpi_repro/win_free_mt: one rank in ucp_ep_destroy, the other in
 * MPI_Allreduce). So the library holds one more window, which nothing ever accesses (no endpoints:
 * its free waits for nobody), created before its other windows and freed after them: every PE
 * keeps progressing the receiving worker until all have closed their endpoints. Costs one window
 * creation in shmem_init and one free in shmem_finalize, at MPI_THREAD_MULTIPLE only. It does not
 * cure several PEs closing endpoints at once (each holds its worker pool's lock meanwhile, which
 * stops its own progress callback): the flushes before each free do (above). */
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
