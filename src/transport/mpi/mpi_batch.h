/* mpishmem: batches of small remote operations (issue 22, docs/design.md "Batching").
 *
 * Over a network without hardware RMA an MPI_Put costs microseconds of the origin's time,
 * whatever its size; a native OpenSHMEM returns from a small put once it is queued. So small
 * puts and non-fetching AMOs to a PE that is not reached by load/store are copied, as records,
 * into a buffer per (context, target PE), and each full buffer goes to the target as ONE MPI
 * message. The target's library applies the records in order whenever it makes progress (its
 * waits, the progress thread): puts by copying, AMOs atomically the way the AMO mode does them
 * (CPU atomics in the active-message mode, MPI accumulates on itself in the MPI mode). Quiet
 * asks each PE it sent batches to for an acknowledgement (in its last batch, or an empty one)
 * and waits for them.
 *
 * Ordering: records of one context to one PE are applied in the order they were made (MPI does
 * not overtake messages between two processes on one communicator and tag), so a fence needs
 * only to send them. A direct operation to a PE (a get, a fetching AMO, a large or strided put)
 * first completes that PE's batches of the context (mpishmem_batch_before_direct), so program
 * order to one PE holds across both paths.
 *
 * Batches leave on quiet/fence, in every wait of the library (mpishmem_batch_send_all), when a
 * buffer is full, and from the progress thread once records have waited MPISHMEM_BATCH_DELAY
 * microseconds: a lone put arrives even if the program never calls the library again. */
#ifndef MPISHMEM_MPI_BATCH_H
#define MPISHMEM_MPI_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "../../base/state.h"

/* What one context has buffered for, and sent to, one PE. */
struct mpishmem_batch_target {
    uint32_t used;      /* bytes of records in buf (after its 8-byte message header) */
    uint32_t inflight;  /* batches sent to this PE and not confirmed yet (atomic) */
    uint32_t sent;      /* batches sent to this PE */
    uint32_t requested; /* `sent` when a batch last asked for an acknowledgement */
    char *buf;          /* MPISHMEM_BATCH_BYTES, taken at the first record */
};

/* A context's batches. `lock` is a spin lock between the program's threads and the progress
 * thread (which sends batches that have waited too long); the context's own lock, when it has
 * one, is taken first. */
struct mpishmem_batch {
    int lock;
    unsigned n_dirty;  /* targets with records buffered, listed in dirty[] */
    int *dirty;        /* [n_pes] */
    unsigned inflight; /* batches sent and not confirmed, all targets (atomic) */
    unsigned n_unrequested; /* targets sent batches since they were last asked to confirm */
    struct mpishmem_batch_target *t; /* [n_pes] */
    /* The PE of the context's last operation through MPI, until a small operation to it
     * has followed (-1: none); see mpi_route.h. */
    int direct_pe;
    struct mpishmem_ctx *ctx;
    struct mpishmem_batch *next; /* the list of every context's batches (progress thread) */
};

/* Largest put that is batched; 0 when batching is off (single-node jobs, MPISHMEM_BATCH=0). */
extern MPISHMEM_INTERNAL size_t mpishmem_batch_max;
/* Targets with records buffered, over all contexts: the waits' one test. */
extern MPISHMEM_INTERNAL unsigned mpishmem_batch_buffered;

/* Collective: decides whether batching is on (after the AMO mode and the segments are known;
 * `thread`: whether the progress thread runs, which the automatic setting needs), makes its
 * communicator, and gives the default context its batches. */
MPISHMEM_INTERNAL void mpishmem_batch_init(int thread);
MPISHMEM_INTERNAL void mpishmem_batch_fini(void);
/* A context's batches (NULL when batching is off), and their end (after a quiet). */
MPISHMEM_INTERNAL struct mpishmem_batch *mpishmem_batch_new(struct mpishmem_ctx *c);
MPISHMEM_INTERNAL void mpishmem_batch_free(struct mpishmem_batch *b);

/* Records `n` bytes (at most mpishmem_batch_max) for offset `off` of segment `seg` on `pe`,
 * copied from `src` now. */
MPISHMEM_INTERNAL void mpishmem_batch_put(struct mpishmem_ctx *c, int seg, size_t off,
                                          const void *src, size_t n, int pe);
/* The same for a put of n <= 8 bytes (never above mpishmem_batch_max) whose bytes are the
 * first n of `bits` in memory order. */
MPISHMEM_INTERNAL void mpishmem_batch_put_value(struct mpishmem_ctx *c, int seg, size_t off,
                                                uint64_t bits, size_t n, int pe);
/* Records a non-fetching AMO (base/amo_op.h: op, size 4 or 8). */
MPISHMEM_INTERNAL void mpishmem_batch_amo(struct mpishmem_ctx *c, int seg, size_t off, int op,
                                          size_t size, uint64_t operand, int pe);
/* Whether an operation at `off` of a segment can be described by a record. */
static inline int mpishmem_batch_fits(size_t off)
{
    return off < ((size_t)1 << 44);
}

/* Sends every buffered batch of every context (waits, the progress thread). With `try_only`
 * a context whose lock is held is skipped. */
MPISHMEM_INTERNAL void mpishmem_batch_send_all(int try_only);
/* Sends the context's batches (fence). */
MPISHMEM_INTERNAL void mpishmem_batch_send(struct mpishmem_ctx *c);
/* Sends the context's batches and waits until every one is applied (quiet). */
MPISHMEM_INTERNAL void mpishmem_batch_complete(struct mpishmem_ctx *c);
/* The same for every context (memory space detach). */
MPISHMEM_INTERNAL void mpishmem_batch_complete_all(void);
/* The same for the batches to one PE. */
MPISHMEM_INTERNAL void mpishmem_batch_complete_pe(struct mpishmem_ctx *c, int pe);

/* Quiet's shortcut for a lone record (MPISHMEM_BATCH_LONE): where an MPI RMA operation and its
 * flush take less time than a batch message and its acknowledgement (over libfabric the
 * messages cost 16 us against 9 us for MPI_Put + flush), a quiet that finds exactly one record
 * buffered, for one PE, and nothing of the context in flight (no batch unconfirmed, no MPI
 * operation unflushed: the record then cannot overtake or be overtaken by another operation)
 * takes it out and does it directly (core/order.c). Returns 1 and fills `l` if so: `data`
 * points into the batch's buffer, valid until the context records again (the caller holds the
 * context, so it is the next to). */
struct mpishmem_batch_lone {
    int pe, seg;
    int op;         /* -1: a put of `n` bytes at `data`; else the AMO's op (base/amo_op.h) */
    size_t off, n;  /* for an AMO, n is its size */
    const char *data; /* the put's bytes, or the AMO's operand (mpishmem_amo_bits) */
};
/* Which records take the shortcut (set at mpishmem_batch_init): puts to every PE, AMOs, puts
 * to the PEs MPI reaches through its shared memory (mpishmem_g.mpi_host_peer). Where puts take
 * it, a put to such a PE on an idle context is not even recorded
 * (mpishmem_batch_direct_pe). */
#define MPISHMEM_BATCH_LONE_PUT 1
#define MPISHMEM_BATCH_LONE_AMO 2
#define MPISHMEM_BATCH_LONE_PUT_HOST 4
extern MPISHMEM_INTERNAL int mpishmem_batch_lone_kinds;
MPISHMEM_INTERNAL int mpishmem_batch_take_lone(struct mpishmem_ctx *c,
                                               struct mpishmem_batch_lone *l);

/* The PEs that MPI reaches through its shared memory (mpishmem_g.mpi_host_peer) where quiet's
 * lone shortcut takes puts: a put to one of them on an idle context goes straight to MPI
 * (mpi_route.h). NULL when there is none (MPICH's cliques, a job across hosts, the shortcut
 * off), so that the batched path pays one load and a branch. */
extern MPISHMEM_INTERNAL const unsigned char *mpishmem_batch_direct_pe;

/* Whether `c` has records for `pe` buffered or sent and unconfirmed (NULL: batching off). An
 * acknowledgement read as arrived is ordered before what the caller does next (acquire). */
static inline int mpishmem_batch_busy(const struct mpishmem_ctx *c, int pe)
{
    const struct mpishmem_batch *b = c->batch;
    return MPISHMEM_UNLIKELY(b != NULL) &&
           (__atomic_load_n(&b->t[pe].used, __ATOMIC_RELAXED) |
            __atomic_load_n(&b->t[pe].inflight, __ATOMIC_ACQUIRE));
}

/* mpishmem_batch_before_direct where the caller has already seen that nothing of `c` is
 * batched for `pe` (the remote fast paths): only note `pe` as the last direct target. */
static inline void mpishmem_batch_note_direct(struct mpishmem_ctx *c, int pe)
{
    struct mpishmem_batch *b = c->batch;
    if (b != NULL) __atomic_store_n(&b->direct_pe, pe, __ATOMIC_RELAXED);
}

/* Call before a direct MPI operation of `c` on `pe`: its batches to `pe` are applied first. */
static inline void mpishmem_batch_before_direct(struct mpishmem_ctx *c, int pe)
{
    struct mpishmem_batch *b = c->batch;
    if (MPISHMEM_UNLIKELY(b != NULL)) {
        if (mpishmem_batch_busy(c, pe)) mpishmem_batch_complete_pe(c, pe);
        __atomic_store_n(&b->direct_pe, pe, __ATOMIC_RELAXED);
    }
}

#endif
