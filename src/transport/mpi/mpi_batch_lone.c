/* mpishmem: quiet's shortcut for a lone record (mpi_batch.h, MPISHMEM_BATCH_LONE): the one
 * record of a context taken out of its buffer, for quiet to do directly (core/order.c). */
#include "mpi_batch.h"

#include <string.h>

#include "mpi_batch_state.h"
#include "mpi_batch_wire.h"

int mpishmem_batch_take_lone(struct mpishmem_ctx *c, struct mpishmem_batch_lone *l)
{
    struct mpishmem_batch *b = c->batch;
    /* Window flags (flag[1..6]) set: an MPI operation of the context is not flushed yet. */
    union mpishmem_pending other = c->pending;
    other.flag[MPISHMEM_PENDING_LOCAL] = other.flag[MPISHMEM_PENDING_AM] = 0;
    if (!mpishmem_batch_lone_kinds || other.any ||
        __atomic_load_n(&b->n_dirty, __ATOMIC_RELAXED) != 1 ||
        __atomic_load_n(&b->inflight, __ATOMIC_ACQUIRE))
        return 0;
    int taken = 0;
    batch_lock(b);
    if (b->n_dirty == 1 && !__atomic_load_n(&b->inflight, __ATOMIC_ACQUIRE)) {
        int pe = b->dirty[0];
        struct mpishmem_batch_target *t = &b->t[pe];
        const char *r = t->buf + MPISHMEM_BATCH_HEADER;
        uint64_t h;
        memcpy(&h, r, 8);
        size_t n = (size_t)(h & 0xfff);
        int kind = (int)((h >> 12) & 0xf);
        int put = kind == MPISHMEM_BATCH_PUT;
        size_t bytes = put ? 8 + mpishmem_batch_padded(n) : 16;
        int kinds = mpishmem_batch_lone_kinds;
        int shortcut = put ? (kinds & MPISHMEM_BATCH_LONE_PUT) ||
                                 ((kinds & MPISHMEM_BATCH_LONE_PUT_HOST) && mpishmem_g.mpi_host_peer[pe])
                           : kinds & MPISHMEM_BATCH_LONE_AMO;
        if (bytes == t->used && shortcut) {
            l->pe = pe;
            l->seg = (int)((h >> 16) & 0xf);
            l->op = put ? -1 : kind - MPISHMEM_BATCH_AMO0;
            l->off = (size_t)(h >> 20);
            l->n = n;
            l->data = r + 8;
            relaxed_set(&t->used, 0);
            __atomic_store_n(&b->n_dirty, 0, __ATOMIC_RELAXED);
            __atomic_sub_fetch(&mpishmem_batch_buffered, 1, __ATOMIC_RELAXED);
            taken = 1;
        }
    }
    batch_unlock(b);
    return taken;
}
