#include "order.h"

#include "../base/amo_op.h"
#include "../base/segment.h"
#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_amo.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_rma.h"

/* Quiet's lone batched record as a direct MPI operation (mpi_batch.h); the flush that follows
 * completes it. */
static void complete_lone(struct mpishmem_ctx *c)
{
    struct mpishmem_batch_lone l;
    if (!mpishmem_batch_take_lone(c, &l)) return;
    const struct mpishmem_seg *s = mpishmem_seg_by_id(l.seg);
    if (l.op < 0)
        mpishmem_mpi_put(c, s, l.off, l.data, l.n, l.pe, 1);
    else
        mpishmem_mpi_amo(c, s, l.off, l.op, l.n, mpishmem_amo_bits(l.data, l.n), 0, l.pe,
                         MPISHMEM_AMO_NONFETCHING, NULL);
}

/* Everything MPI and the active messages have in flight for `c`. The flush completes every
 * accumulate too, so the bounce buffer is free again. A fence only sends the batches: each
 * PE applies the batches of a context in order, and a direct operation to a PE completes
 * that PE's batches before it starts (mpi_batch.h). */
static void complete_remote(struct mpishmem_ctx *c, int fence)
{
    uint8_t am = mpishmem_pending_get(c, MPISHMEM_PENDING_AM);
    if (am & MPISHMEM_PENDING_BATCH) {
        if (fence) {
            mpishmem_batch_send(c);
        } else {
            complete_lone(c);
            mpishmem_batch_complete(c);
            am &= (uint8_t)~MPISHMEM_PENDING_BATCH;
        }
    }
    if (am & MPISHMEM_PENDING_AM_AMO) {
        mpishmem_am_complete();
        am &= (uint8_t)~MPISHMEM_PENDING_AM_AMO;
    }
    /* No other thread sets the flag meanwhile: the context's lock is held, or the context is
     * this thread's alone (the progress thread sends batches, it records none). */
    __atomic_store_n(&c->pending.flag[MPISHMEM_PENDING_AM], am, __ATOMIC_RELAXED);
    if (c->n_get_req) mpishmem_mpi_complete_gets(c);
    mpishmem_mpi_flush(c);
    c->bounce_used = 0;
}

void mpishmem_quiet_pending(struct mpishmem_ctx *c)
{
    /* Node-local stores: drain this core's store buffer so they are visible to every PE
     * before anything that follows the quiet. With several threads the flag may have been
     * cleared by another thread's quiet, which fenced that thread's core, not ours: a context
     * shared by threads keeps the flag set and fences always. */
    if (mpishmem_pending_get(c, MPISHMEM_PENDING_LOCAL)) {
        if (!c->locking) mpishmem_pending_clear(c, MPISHMEM_PENDING_LOCAL);
        atomic_thread_fence(memory_order_seq_cst);
    }
    /* The MPI flags are cleared after their operations complete and under the lock, so a
     * thread that finds them clear knows its own operations are complete. */
    mpishmem_ctx_lock(c);
    complete_remote(c, 0);
    mpishmem_ctx_unlock(c);
}

void mpishmem_fence_pending(struct mpishmem_ctx *c)
{
    mpishmem_ctx_lock(c);
    complete_remote(c, 1);
    mpishmem_ctx_unlock(c);
}
