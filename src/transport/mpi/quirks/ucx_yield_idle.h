#ifndef MPISHMEM_UCX_YIELD_IDLE_H
#define MPISHMEM_UCX_YIELD_IDLE_H
/* MPICH over UCX: whether MPI's blocking calls yield the core when a progress call finds
 * nothing to do (ucx_yield_idle.c). No-ops with other MPI libraries. */
void mpishmem_mpi_yield_idle(int on);
/* Events UCX's progress calls have handled so far in this process (a count that moves when
 * traffic arrives), and whether any UCX progress call has been seen: where none has, the count
 * never moves and tells nothing. */
unsigned long mpishmem_mpi_progress_events(void);
int mpishmem_mpi_progress_events_seen(void);

/* Whether a poll of a wait that has just called into MPI also serves other PEs' messages
 * (active messages, batches): where MPI's progress comes through UCX's progress call, only
 * when the count above moved since this wait last looked (`*seen`, 0 at the wait's start, so
 * its first look serves): a message that arrived was handled by some progress call, which
 * moved the count. Elsewhere always. Each serve is an MPI call (a test, a probe) whose progress
 * polls the network again: where PEs share cores a waiting PE's turn on the core is one poll,
 * and 3-4 MPI calls in it made each turn ~15-20 us (emulated cluster, 2 hosts x 2 PEs,
 * fine-grained blocking AMOs: ~4 epoll_wait per yield). */
static inline int mpishmem_serve_due(unsigned long *seen)
{
    if (!mpishmem_mpi_progress_events_seen()) return 1;
    unsigned long e = mpishmem_mpi_progress_events();
    if (e == *seen) return 0;
    *seen = e;
    return 1;
}
#endif
