/* mpishmem: the records of batches (mpi_batch.h): a small put or non-fetching AMO copied into
 * its target's buffer, which mpi_batch.c sends when it is full or when asked to. */
#include "mpi_batch.h"

#include <string.h>

#include "../../base/amo_op.h"
#include "mpi_batch_state.h"
#include "mpi_batch_wire.h"

/* Room for `need` bytes of records to `pe`: returns where they go. */
static char *append(struct mpishmem_batch *b, int pe, size_t need)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (t->used == 0) {
        if (!t->buf) t->buf = take_buffer();
        b->dirty[b->n_dirty] = pe;
        __atomic_store_n(&b->n_dirty, b->n_dirty + 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&mpishmem_batch_buffered, 1, __ATOMIC_RELAXED);
    } else if (MPISHMEM_BATCH_HEADER + t->used + need > mpishmem_bt.bytes) {
        /* full: it stays on the dirty list with the new record */
        mpishmem_batch_send_target(b, pe, 0);
        t->buf = take_buffer();
    }
    char *r = t->buf + MPISHMEM_BATCH_HEADER + t->used;
    relaxed_set(&t->used, t->used + (uint32_t)need);
    return r;
}

/* Inlined into mpishmem_batch_put_value (shmem_p's batched path), as the compiler chose to
 * when this was one file with the sending side (whose size allowed the growth). */
inline __attribute__((always_inline)) void mpishmem_batch_put(struct mpishmem_ctx *c, int seg,
                                                              size_t off, const void *src,
                                                              size_t n, int pe)
{
    struct mpishmem_batch *b = c->batch;
    mpishmem_ctx_lock(c);
    batch_lock(b);
    char *r = append(b, pe, 8 + mpishmem_batch_padded(n));
    uint64_t h = mpishmem_batch_record(n, MPISHMEM_BATCH_PUT, seg, off);
    memcpy(r, &h, 8);
    memcpy(r + 8, src, n);
    batch_unlock(b);
    mpishmem_pending_set_am(c, MPISHMEM_PENDING_BATCH);
    mpishmem_ctx_unlock(c);
}

void mpishmem_batch_put_value(struct mpishmem_ctx *c, int seg, size_t off, uint64_t bits,
                              size_t n, int pe)
{
    mpishmem_batch_put(c, seg, off, &bits, n, pe);
}

void mpishmem_batch_amo(struct mpishmem_ctx *c, int seg, size_t off, int op, size_t size,
                        uint64_t operand, int pe)
{
    struct mpishmem_batch *b = c->batch;
    mpishmem_ctx_lock(c);
    batch_lock(b);
    char *r = append(b, pe, 16);
    uint64_t h = mpishmem_batch_record(size, MPISHMEM_BATCH_AMO0 + op, seg, off);
    memcpy(r, &h, 8);
    memset(r + 8, 0, 8);
    mpishmem_amo_unbits(r + 8, operand, size);
    batch_unlock(b);
    mpishmem_pending_set_am(c, MPISHMEM_PENDING_BATCH);
    mpishmem_ctx_unlock(c);
}
