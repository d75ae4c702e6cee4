/* mpishmem: where a remote put or non-fetching AMO goes, decided in one function per operation
 * class from the context's batches and the target (docs/design.md, "Where a small remote
 * operation goes", has the rules, numbered as here, with the measurement behind each). The
 * caller has already found the target beyond load/store reach (transport/local takes the
 * others); it calls the route function once and does what the answer says:
 *
 *   MPISHMEM_ROUTE_MPI          the MPI operation itself: batching is off.
 *   MPISHMEM_ROUTE_MPI_ORDERED  the MPI operation after the context's batches to the PE are
 *                               applied (mpishmem_batch_before_direct, which mpishmem_mpi_put
 *                               and the other common MPI paths call themselves): an operation
 *                               batching does not take, or a put to a PE that MPI reaches
 *                               through its shared memory while the context is idle towards it.
 *   MPISHMEM_ROUTE_MPI_FIRST    the MPI operation, then mpishmem_route_first_taken: the first
 *                               small operation after a direct one to the same PE, with nothing
 *                               of the context batched for it.
 *   MPISHMEM_ROUTE_BATCH        a record in the context's batch to the PE (mpishmem_batch_put,
 *                               mpishmem_batch_amo).
 *
 * The answer reads the context's state with atomic loads and no lock: a context shared by
 * threads may change under it, but every route keeps each thread's program order to a PE, and
 * operations of different threads are unordered until a fence or quiet, which completes both
 * paths. */
#ifndef MPISHMEM_MPI_ROUTE_H
#define MPISHMEM_MPI_ROUTE_H

#include <stddef.h>

#include "../../base/amo_op.h"
#include "../../base/segment.h"
#include "mpi_amo.h"
#include "mpi_batch.h"

enum mpishmem_route {
    MPISHMEM_ROUTE_MPI,
    MPISHMEM_ROUTE_MPI_ORDERED,
    MPISHMEM_ROUTE_MPI_FIRST,
    MPISHMEM_ROUTE_BATCH,
};

/* Whether the context's last direct operation went to `pe` and nothing of the context is
 * batched for `pe` since: the next small operation to `pe` goes through MPI too (rule 4). */
static inline int mpishmem_route_first_after_direct(const struct mpishmem_ctx *c, int pe)
{
    return MPISHMEM_UNLIKELY(__atomic_load_n(&c->batch->direct_pe, __ATOMIC_RELAXED) == pe) &&
           !mpishmem_batch_busy(c, pe);
}

/* A put of `n` bytes at offset `off` of segment `seg` on `pe`, blocking or not. */
static inline enum mpishmem_route mpishmem_put_route(const struct mpishmem_ctx *c, int seg,
                                                     size_t off, size_t n, int pe)
{
    if (c->batch == NULL) return MPISHMEM_ROUTE_MPI;
    /* Batching takes up to mpishmem_batch_max bytes, which is 8 or more where it is on. */
    if ((!__builtin_constant_p(n) || n > 8) && n > mpishmem_batch_max)
        return MPISHMEM_ROUTE_MPI_ORDERED;
    /* The heap's offsets fit where batching is on (mpishmem_batch_init). */
    if (seg != MPISHMEM_SEG_HEAP && !mpishmem_batch_fits(off)) return MPISHMEM_ROUTE_MPI_ORDERED;
    /* To a PE that MPI reaches through its shared memory, where quiet's lone-record shortcut
     * would take the record out again, on an idle context: nothing of it buffered or
     * unconfirmed for `pe`, nothing unflushed on the segment's window (rule 3). */
    const unsigned char *host = mpishmem_batch_direct_pe;
    if (MPISHMEM_UNLIKELY(host != NULL && host[pe]) && !mpishmem_pending_get(c, 1 + seg) &&
        !mpishmem_batch_busy(c, pe))
        return MPISHMEM_ROUTE_MPI_ORDERED;
    if (mpishmem_route_first_after_direct(c, pe)) return MPISHMEM_ROUTE_MPI_FIRST;
    return MPISHMEM_ROUTE_BATCH;
}

/* A non-fetching AMO (base/amo_op.h: op, size 4 or 8) at offset `off` of a segment on `pe`. */
static inline enum mpishmem_route mpishmem_amo_route(const struct mpishmem_ctx *c, size_t off,
                                                     int op, size_t size, int pe)
{
    if (c->batch == NULL) return MPISHMEM_ROUTE_MPI;
    if (!mpishmem_batch_fits(off)) return MPISHMEM_ROUTE_MPI_ORDERED;
    if (mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_AM) return MPISHMEM_ROUTE_BATCH;
    /* The MPI mode: AMOs that MPI does in one accumulate (not the bitwise ones it lacks for
     * the size), and not the first after a direct operation to `pe`. */
    if (!mpishmem_mpi_amo_batchable(op, size)) return MPISHMEM_ROUTE_MPI_ORDERED;
    if (mpishmem_route_first_after_direct(c, pe)) return MPISHMEM_ROUTE_MPI_FIRST;
    return MPISHMEM_ROUTE_BATCH;
}

/* After the operation of MPISHMEM_ROUTE_MPI_FIRST (the context's lock held, if it has one):
 * the operations after it are batched again, so that a stream stays one message. */
static inline void mpishmem_route_first_taken(struct mpishmem_ctx *c)
{
    __atomic_store_n(&c->batch->direct_pe, -1, __ATOMIC_RELAXED);
}

/* For the fast paths of a get or fetching AMO, which skip mpishmem_batch_before_direct: whether
 * nothing of `c` is batched or unconfirmed for `pe`; if so `pe` is noted as the context's last
 * direct target, as mpishmem_batch_before_direct would. */
static inline int mpishmem_route_direct_now(struct mpishmem_ctx *c, int pe)
{
    if (mpishmem_batch_busy(c, pe)) return 0;
    mpishmem_batch_note_direct(c, pe);
    return 1;
}

#endif
