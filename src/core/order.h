/* mpishmem: quiet and fence. A context's pending flags say whether anything is outstanding;
 * an idle quiet or fence is one load and one branch. */
#ifndef MPISHMEM_ORDER_H
#define MPISHMEM_ORDER_H

#include <stdatomic.h>

#include "../base/state.h"

/* The pending bits that belong to MPI windows (all but flag[MPISHMEM_PENDING_LOCAL]). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MPISHMEM_PENDING_MPI_BITS (~(uint64_t)0xff)
#else
#define MPISHMEM_PENDING_MPI_BITS (~((uint64_t)0xff << 56))
#endif

MPISHMEM_INTERNAL void mpishmem_quiet_pending(struct mpishmem_ctx *c);
MPISHMEM_INTERNAL void mpishmem_fence_pending(struct mpishmem_ctx *c);

static inline __attribute__((always_inline)) void mpishmem_quiet(struct mpishmem_ctx *c)
{
    /* A context shared by threads keeps its node-local flag set (mpishmem_ctx_lock_init), so
     * one test covers it too. */
    if (MPISHMEM_UNLIKELY(mpishmem_pending_any(c) != 0)) mpishmem_quiet_pending(c);
}

static inline __attribute__((always_inline)) void mpishmem_fence(struct mpishmem_ctx *c)
{
    /* Node-local stores are ordered by the release fence (free on x86); MPI operations are
     * not ordered by MPI and need a flush. */
    atomic_thread_fence(memory_order_release);
    if (MPISHMEM_UNLIKELY((mpishmem_pending_any(c) & MPISHMEM_PENDING_MPI_BITS) != 0))
        mpishmem_fence_pending(c);
}

#endif
