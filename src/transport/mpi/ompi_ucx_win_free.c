/* Part of the remedy of quirk OMPI_UCX_WIN_FREE_MT (mpi_quirks_table.h; the other part is the
 * kept window, ompi_ucx_win_keeper.c). Under MPI_THREAD_MULTIPLE Open MPI 5's osc/ucx destroys
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
#include "ompi_ucx_win_free.h"

#include "quirks/ompi_ucx_win_free_mt.h"

void mpishmem_win_unlock_for_free(MPI_Win win)
{
    /* The same condition as the rank-by-rank flushes (the quirk at MPI_THREAD_MULTIPLE), and
     * the same flush: every rank of the world, which every library window spans. */
    if (mpishmem_ompi_flush_ranks) mpishmem_win_flush_all(win);
    MPI_Win_unlock_all(win);
}
