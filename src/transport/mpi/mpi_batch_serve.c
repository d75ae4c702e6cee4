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
#include "quirks/mpi_quirks.h"

MPI_Comm mpishmem_batch_comm = MPI_COMM_NULL;

/* Batches are received by one receive posted ahead (any source, the batch tag), tested by
 * every serve and posted again once its batch is applied. Testing a request costs MPI less
 * than probing for a message: on the emulated cluster MPI_Test 0.35 us against MPI_Improbe
 * 0.9 us on Intel MPI 2021 over libfabric (0.9 / 1.6 us on MPICH 5 over libfabric, about the
 * same on MPICH over UCX), and the waits of a PE with batching on serve at every poll. One
 * receive at a time keeps each sender's batches in order (MPI's non-overtaking rule). */
static struct {
    char *buf;
    size_t bytes;
    MPI_Request recv; /* the posted receive into buf */
    /* Where a receive from any source posted after its message arrived never completes
     * (quirk mpich-ucx-anysrc-recv), batches are probed for and received instead. */
    int mprobe;
    int serving; /* re-entry guard: the progress thread and the program's thread both serve */
    int on;      /* set up (read by the progress thread, which may start before) */
} sv;

static void post_receive(void)
{
    if (sv.mprobe) return;
    MPI_Irecv(sv.buf, (int)sv.bytes, MPI_BYTE, MPI_ANY_SOURCE, MPISHMEM_BATCH_TAG,
              mpishmem_batch_comm, &sv.recv);
}

void mpishmem_batch_serve_init(size_t bytes)
{
    MPI_Comm_dup(mpishmem_g.world, &mpishmem_batch_comm);
    sv.bytes = bytes;
    sv.buf = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!sv.buf)
        mpishmem_error("shmem_init", "out of memory for receiving batches");
    sv.mprobe = mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_UCX_ANYSRC_RECV];
    sv.recv = MPI_REQUEST_NULL;
    post_receive();
    __atomic_store_n(&sv.on, 1, __ATOMIC_RELEASE);
}

static void take(const MPI_Status *st);

void mpishmem_batch_serve_fini(void)
{
    __atomic_store_n(&sv.on, 0, __ATOMIC_RELEASE);
    /* Every batch was acknowledged by the finalizing quiets; a receive that matched one all the
     * same is served. */
    if (sv.recv != MPI_REQUEST_NULL) {
        int cancelled = 0;
        MPI_Status st;
        MPI_Cancel(&sv.recv);
        MPI_Wait(&sv.recv, &st);
        MPI_Test_cancelled(&st, &cancelled);
        if (!cancelled) take(&st);
    }
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

/* Applies the batch the posted receive took and acknowledges it if asked. */
static void take(const MPI_Status *st)
{
    int count = 0;
    MPI_Get_count(st, MPI_BYTE, &count);
    if (count < MPISHMEM_BATCH_HEADER)
        mpishmem_error("(remote operation)", "a batch of %d bytes from PE %d (at least %d "
                       "expected)", count, st->MPI_SOURCE, MPISHMEM_BATCH_HEADER);
    apply(sv.buf + MPISHMEM_BATCH_HEADER, sv.buf + count, st->MPI_SOURCE);
    uint64_t header;
    memcpy(&header, sv.buf, sizeof header);
    if (header & 1) { /* the sender asks for a confirmation (its quiet) */
        MPI_Send(NULL, 0, MPI_BYTE, st->MPI_SOURCE, MPISHMEM_BATCH_ACK_TAG + (int)(header >> 1),
                 mpishmem_batch_comm);
    }
}

unsigned mpishmem_batch_serve(void)
{
    if (!__atomic_load_n(&sv.on, __ATOMIC_ACQUIRE)) return 0; /* batching is off */
    if (__atomic_exchange_n(&sv.serving, 1, __ATOMIC_ACQUIRE)) return 0;
    unsigned served = 0;
    for (;;) {
        int found = 0;
        MPI_Status st;
        if (sv.mprobe) {
            MPI_Message msg;
            MPI_Improbe(MPI_ANY_SOURCE, MPISHMEM_BATCH_TAG, mpishmem_batch_comm, &found, &msg,
                        &st);
            int count = 0;
            if (found) MPI_Get_count(&st, MPI_BYTE, &count);
            if (found && (size_t)count > sv.bytes)
                mpishmem_error("(remote operation)", "a batch of %d bytes from PE %d (at most "
                               "%zu expected)", count, st.MPI_SOURCE, sv.bytes);
            if (found) MPI_Mrecv(sv.buf, count, MPI_BYTE, &msg, &st);
        } else {
            MPI_Test(&sv.recv, &found, &st);
        }
        if (!found) break;
        /* A batch larger than the buffer is an error of MPI_Irecv's (MPI_ERR_TRUNCATE), which
         * aborts: the buffer holds the largest batch of any PE (mpishmem_batch_serve_init). */
        take(&st);
        post_receive();
        served++;
    }
    __atomic_store_n(&sv.serving, 0, __ATOMIC_RELEASE);
    return served;
}
