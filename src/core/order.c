#include "order.h"

#include "../transport/mpi/mpi_rma.h"

void mpishmem_quiet_pending(struct mpishmem_ctx *c)
{
    /* Node-local stores: drain this core's store buffer so they are visible to every PE
     * before anything that follows the quiet. */
    if (c->pending.flag[MPISHMEM_PENDING_LOCAL]) {
        atomic_thread_fence(memory_order_seq_cst);
        c->pending.flag[MPISHMEM_PENDING_LOCAL] = 0;
    }
    mpishmem_mpi_flush(c);
}

void mpishmem_fence_pending(struct mpishmem_ctx *c)
{
    mpishmem_mpi_flush(c);
}
