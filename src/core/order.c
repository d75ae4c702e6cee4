#include "order.h"

#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_rma.h"

/* Everything MPI and the active messages have in flight for `c`. The flush completes every
 * accumulate too, so the bounce buffer is free again. */
static void complete_remote(struct mpishmem_ctx *c)
{
    if (c->pending.flag[MPISHMEM_PENDING_AM]) {
        mpishmem_am_complete();
        c->pending.flag[MPISHMEM_PENDING_AM] = 0;
    }
    mpishmem_mpi_complete_gets(c);
    mpishmem_mpi_flush(c);
    c->bounce_used = 0;
}

void mpishmem_quiet_pending(struct mpishmem_ctx *c)
{
    /* Node-local stores: drain this core's store buffer so they are visible to every PE
     * before anything that follows the quiet. */
    if (c->pending.flag[MPISHMEM_PENDING_LOCAL]) {
        atomic_thread_fence(memory_order_seq_cst);
        c->pending.flag[MPISHMEM_PENDING_LOCAL] = 0;
    }
    complete_remote(c);
}

void mpishmem_fence_pending(struct mpishmem_ctx *c)
{
    complete_remote(c);
}
