/* mpishmem: what the files of batching's sending side share, and nothing outside them uses:
 * the buffers, the slots of batches in flight and the list of every context's batches
 * (defined in mpi_batch.c, which sends and waits for acknowledgements), the batch's lock, and
 * the sending of one target's buffer. The records are made in mpi_batch_record.c, quiet's
 * lone-record shortcut is mpi_batch_lone.c, the set-up mpi_batch_setup.c. */
#ifndef MPISHMEM_MPI_BATCH_STATE_H
#define MPISHMEM_MPI_BATCH_STATE_H

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../base/error.h"
#include "../../base/state.h"
/* The batch's lock needs struct mpishmem_batch, which mpi_batch.h defines; this header does not
 * include it, since mpi_batch.c, which implements mpi_batch.h, includes this one (the layering
 * test would see a circle of modules). */
#ifndef MPISHMEM_MPI_BATCH_H
#error "include mpi_batch.h before mpi_batch_state.h"
#endif

/* Batches in flight of this PE, all contexts: a slot holds a batch's buffer until MPI is done
 * sending it, and, for a batch that asks for an acknowledgement, until that arrives. Only
 * quiet (and a direct operation to the PE) ask: the acknowledgement of a batch confirms every
 * earlier one of the context to that PE too, since the target applies them in order; the
 * batches sent between (full buffers, waits) cost no message back. Slots are taken in ring
 * order. */
#define N_SLOTS 256

struct slot {
    MPI_Request send, ack; /* ack: MPI_REQUEST_NULL when the batch asked for none */
    char *buf;
    struct mpishmem_batch *owner; /* NULL: free */
    int pe;
    unsigned covers; /* batches of owner to pe the acknowledgement confirms */
};

/* The batch table: buffers, slots and the list of batches, shared by every context. */
struct mpishmem_bt {
    size_t bytes;          /* a buffer: header and records */
    pthread_mutex_t mutex; /* slots, spare buffers */
    struct slot slot[N_SLOTS];
    unsigned head, tail;   /* next slot to take; oldest slot that may be busy */
    char *spare[N_SLOTS];  /* buffers of sent batches, for reuse */
    unsigned n_spare;
    pthread_mutex_t list_mutex;
    struct mpishmem_batch *all;
};
extern MPISHMEM_INTERNAL struct mpishmem_bt mpishmem_bt;

/* Stores of fields that other threads read without the batch's lock. */
static inline void relaxed_set(uint32_t *p, uint32_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}
static inline void relaxed_add(unsigned *p, int d)
{
    __atomic_store_n(p, (unsigned)((int)*p + d), __ATOMIC_RELAXED);
}

/* ---- locks ---- */

static inline void batch_lock(struct mpishmem_batch *b)
{
    unsigned long spins = 0;
    while (__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE))
        if (mpishmem_g.oversubscribed || ++spins > 100) sched_yield();
}

static inline int batch_trylock(struct mpishmem_batch *b)
{
    return !__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE);
}

static inline void batch_unlock(struct mpishmem_batch *b)
{
    __atomic_store_n(&b->lock, 0, __ATOMIC_RELEASE);
}

/* ---- buffers ---- */

static inline char *take_buffer(void)
{
    char *p = NULL;
    pthread_mutex_lock(&mpishmem_bt.mutex);
    if (mpishmem_bt.n_spare) p = mpishmem_bt.spare[--mpishmem_bt.n_spare];
    pthread_mutex_unlock(&mpishmem_bt.mutex);
    if (!p && !(p = malloc(mpishmem_bt.bytes)))
        mpishmem_error("shmem_put", "out of memory for a batch buffer (MPISHMEM_BATCH_BYTES=%zu)",
                       mpishmem_bt.bytes);
    return p;
}

/* Sends target `pe`'s buffer of `b` (the batch's lock held); with `ack`, asks for an
 * acknowledgement of it and every earlier one (mpi_batch.c). */
MPISHMEM_INTERNAL void mpishmem_batch_send_target(struct mpishmem_batch *b, int pe, int ack);

#endif
