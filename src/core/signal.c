#include "signal.h"
#include "../transport/mpi/mpi_wait.h"

#include <stdatomic.h>

#include "amo.h"
#include "check.h"
#include "rma.h"

void mpishmem_put_signal(struct mpishmem_ctx *c, const char *routine, void *dest,
                         const void *src, size_t n, uint64_t *sig_addr, uint64_t signal,
                         int sig_op, int pe, int blocking)
{
    if (mpishmem_g.debug) mpishmem_check_sig_op(routine, sig_op);
    mpishmem_put(c, routine, dest, src, n, pe, blocking);
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    /* Data that went into the batch to `pe` is ordered before the signal that follows it
     * there; data that went through MPI is completed first. A small put may go to MPI too
     * when the context was idle (core/rma.c): then the segment's window has an operation
     * unflushed. */
    int batched = c->batch && n <= mpishmem_batch_max && s && mpishmem_batch_fits(off) &&
                  !mpishmem_pending_get(c, 1 + s->id);
    if (s && n && !s->peer[pe] && !batched) {
        mpishmem_progress_before_block();
        mpishmem_ctx_lock(c);
        MPISHMEM_BLOCKING(MPI_Win_flush(pe, c->win[s->id]));
        mpishmem_ctx_unlock(c);
    } else atomic_thread_fence(memory_order_release);

    int op = sig_op == SHMEM_SIGNAL_SET ? MPISHMEM_AMO_SET : MPISHMEM_AMO_ADD;
    uint64_t *a = mpishmem_amo_fast_addr(sig_addr, pe);
    if (MPISHMEM_LIKELY(a != NULL)) {
        if (op == MPISHMEM_AMO_SET) __atomic_store_n(a, signal, __ATOMIC_RELEASE);
        else __atomic_fetch_add(a, signal, __ATOMIC_RELEASE);
        mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
        return;
    }
    mpishmem_amo_general(c, routine, op, sizeof(uint64_t), sig_addr, signal, 0, pe,
                         MPISHMEM_AMO_NONFETCHING, NULL);
}
