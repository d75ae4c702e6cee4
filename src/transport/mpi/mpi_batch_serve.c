/* mpishmem: the receiving side of batches (mpi_batch.h): takes the batches that have arrived,
 * applies their records in order and acknowledges each. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/error.h"
#include "../../base/segment.h"
#include "../local/local_amo.h"
#include "mpi_batch_accumulate.h"
#include "mpi_batch_serve.h"
#include "mpi_batch_wire.h"

MPI_Comm mpishmem_batch_comm = MPI_COMM_NULL;

static struct {
    char *buf;
    size_t bytes;
    int serving; /* re-entry guard: the progress thread and the program's thread both serve */
    int on;      /* set up (read by the progress thread, which may start before) */
} sv;

void mpishmem_batch_serve_init(size_t bytes)
{
    MPI_Comm_dup(mpishmem_g.world, &mpishmem_batch_comm);
    sv.bytes = bytes;
    sv.buf = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!sv.buf)
        mpishmem_error("shmem_init", "out of memory for receiving batches");
    __atomic_store_n(&sv.on, 1, __ATOMIC_RELEASE);
}

void mpishmem_batch_serve_fini(void)
{
    __atomic_store_n(&sv.on, 0, __ATOMIC_RELEASE);
    free(sv.buf);
    sv.buf = NULL;
    MPI_Comm_free(&mpishmem_batch_comm);
}

/* A record that does not fit its segment: a detached memory space, or a library bug. */
static void bad_record(int origin, int seg, size_t off, size_t n)
{
    mpishmem_error("(remote operation)",
                   "a batched operation from PE %d addresses %zu bytes at offset %zu of "
                   "segment %d, which this PE does not have (was a memory space detached "
                   "while operations on it were in flight?)", origin, n, off, seg);
}

/* Applies the records of a batch from `origin`. In the MPI AMO mode the AMOs go through MPI
 * (mpi_batch_accumulate.h) and are completed before a later put of the batch and at its end,
 * so every record is applied, in order, before the acknowledgement. */
static void apply(const char *p, const char *end, int origin)
{
    int mpi_amos = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI, accumulated = 0;
    while (p < end) {
        uint64_t h;
        memcpy(&h, p, 8);
        size_t n = (size_t)(h & 0xfff);
        int kind = (int)((h >> 12) & 0xf), seg = (int)((h >> 16) & 0xf);
        size_t off = (size_t)(h >> 20);
        struct mpishmem_seg *s = seg < MPISHMEM_SEG_MAX ? mpishmem_seg_by_id(seg) : NULL;
        if (!s || !s->size || off > s->size || n > s->size - off) bad_record(origin, seg, off, n);
        if (kind == MPISHMEM_BATCH_PUT) {
            if (accumulated) mpishmem_batch_acc_complete();
            accumulated = 0;
            memcpy(s->base + off, p + 8, n);
            p += 8 + mpishmem_batch_padded(n);
        } else {
            int op = kind - MPISHMEM_BATCH_AMO0;
            if (mpi_amos) {
                mpishmem_batch_acc(s, off, op, n, p + 8);
                accumulated = 1;
            } else {
                mpishmem_local_amo(op, n, s->base + off, mpishmem_amo_bits(p + 8, n), 0);
            }
            p += 16;
        }
    }
    if (accumulated) mpishmem_batch_acc_complete();
    /* Every store of the batch before the acknowledgement, for PEs that read this memory by
     * load once the origin's quiet returns. */
    atomic_thread_fence(memory_order_seq_cst);
}

unsigned mpishmem_batch_serve(void)
{
    if (!__atomic_load_n(&sv.on, __ATOMIC_ACQUIRE)) return 0; /* batching is off */
    if (__atomic_exchange_n(&sv.serving, 1, __ATOMIC_ACQUIRE)) return 0;
    unsigned served = 0;
    for (;;) {
        int found = 0, count = 0;
        MPI_Message msg;
        MPI_Status st;
        MPI_Improbe(MPI_ANY_SOURCE, MPISHMEM_BATCH_TAG, mpishmem_batch_comm, &found, &msg, &st);
        if (!found) break;
        MPI_Get_count(&st, MPI_BYTE, &count);
        if (count < MPISHMEM_BATCH_HEADER || (size_t)count > sv.bytes)
            mpishmem_error("(remote operation)", "a batch of %d bytes from PE %d (at most %zu "
                           "expected)", count, st.MPI_SOURCE, sv.bytes);
        MPI_Mrecv(sv.buf, count, MPI_BYTE, &msg, &st);
        apply(sv.buf + MPISHMEM_BATCH_HEADER, sv.buf + count, st.MPI_SOURCE);
        uint64_t header;
        memcpy(&header, sv.buf, sizeof header);
        if (header & 1) { /* the sender asks for a confirmation (its quiet) */
            MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, MPISHMEM_BATCH_ACK_TAG + (int)(header >> 1),
                     mpishmem_batch_comm);
        }
        served++;
    }
    __atomic_store_n(&sv.serving, 0, __ATOMIC_RELEASE);
    return served;
}
