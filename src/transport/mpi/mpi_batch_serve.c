/* mpishmem: the receiving side of batches (mpi_batch.h): takes the batches that have arrived,
 * applies their records in order and acknowledges each. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/error.h"
#include "../../base/segment.h"
#include "../local/local_amo.h"
#include "mpi_amo_op.h"
#include "mpi_batch_serve.h"
#include "mpi_batch_wire.h"

MPI_Comm mpishmem_batch_comm = MPI_COMM_NULL;

/* Batched AMOs in the MPI mode: accumulates on this PE's own memory through the default
 * context's AMO window, where every other AMO on it goes. A run of records with the same op,
 * size and segment at distinct offsets (a histogram's adds) is one MPI_Accumulate with an
 * indexed target type: one MPI call per run instead of one per record (each is a turn of
 * MPI's lock, which the progress thread and the program's thread contend for). Offsets must
 * be distinct within a run (MPI forbids overlapping target entries); a repeated one starts a
 * new run, which MPI's default accumulate ordering applies after the first. Operands are
 * copied side by side into acc.operands, which stays until the flush. */
#define RUN_MAX 4096 /* records of a run; a power of two (the offset set below) */

static struct {
    int op, size, seg, n;       /* the current run */
    MPI_Aint disp[RUN_MAX];
    uint64_t *operands;         /* [capacity] 8-byte slots (4-byte operands in their first half) */
    unsigned used, capacity;    /* operand slots used since the last flush */
    unsigned to_flush;          /* segments with accumulates issued */
    uint64_t seen[2 * RUN_MAX]; /* the run's offsets + 1, open addressing, stamped by `stamp` */
    uint32_t seen_stamp[2 * RUN_MAX], stamp;
} acc;

static void run_issue(void)
{
    if (acc.n == 0) return;
    MPI_Datatype t = acc.size == 4 ? MPI_UINT32_T : MPI_UINT64_T;
    MPI_Win win = mpishmem_ctx_default.amo_win[acc.seg];
    char *origin = (char *)&acc.operands[acc.used - (unsigned)acc.n];
    if (acc.size == 4) { /* pack the 4-byte operands */
        for (int i = 0; i < acc.n; i++) memmove(origin + 4 * i, origin + 8 * i, 4);
    }
    if (acc.n == 1) {
        MPI_Accumulate(origin, 1, t, mpishmem_g.my_pe, acc.disp[0], 1, t,
                       mpishmem_mpi_op(acc.op), win);
    } else {
        MPI_Datatype target;
        MPI_Type_create_hindexed_block(acc.n, 1, acc.disp, t, &target);
        MPI_Type_commit(&target);
        MPI_Accumulate(origin, acc.n, t, mpishmem_g.my_pe, 0, 1, target,
                       mpishmem_mpi_op(acc.op), win);
        MPI_Type_free(&target);
    }
    acc.to_flush |= 1u << acc.seg;
    acc.n = 0;
    acc.stamp++;
}

/* Whether `disp` is new in the current run (and remembers it). */
static int run_new_offset(MPI_Aint disp)
{
    uint64_t key = (uint64_t)disp + 1;
    unsigned h = (unsigned)((key * 0x9e3779b97f4a7c15u) >> 51) & (2 * RUN_MAX - 1);
    while (acc.seen_stamp[h] == acc.stamp && acc.seen[h]) {
        if (acc.seen[h] == key) return 0;
        h = (h + 1) & (2 * RUN_MAX - 1);
    }
    acc.seen[h] = key;
    acc.seen_stamp[h] = acc.stamp;
    return 1;
}

static void accumulate_self(const struct mpishmem_seg *s, size_t off, int op, size_t size,
                            const void *operand)
{
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    if (acc.n && (acc.op != op || acc.size != (int)size || acc.seg != s->id ||
                  acc.n == RUN_MAX || !run_new_offset(disp)))
        run_issue();
    if (acc.n == 0) {
        acc.op = op;
        acc.size = (int)size;
        acc.seg = s->id;
        run_new_offset(disp);
    }
    memcpy(&acc.operands[acc.used++], operand, 8);
    acc.disp[acc.n++] = disp;
}

/* Completes every accumulate issued: before a put of the batch, and at its end. */
static void flush_self(void)
{
    run_issue();
    for (unsigned segs = acc.to_flush; segs; segs &= segs - 1)
        MPI_Win_flush(mpishmem_g.my_pe, mpishmem_ctx_default.amo_win[__builtin_ctz(segs)]);
    acc.to_flush = 0;
    acc.used = 0;
}

static struct {
    char *buf;
    size_t bytes;
    int serving; /* re-entry guard: the progress thread and the program's thread both serve */
} sv;

void mpishmem_batch_serve_init(size_t bytes)
{
    MPI_Comm_dup(mpishmem_g.world, &mpishmem_batch_comm);
    sv.bytes = bytes;
    sv.buf = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    /* An AMO record is 16 bytes: a batch holds at most bytes / 16 operands. */
    acc.capacity = (unsigned)(bytes / 16 + 1);
    acc.operands = malloc(sizeof(uint64_t) * acc.capacity);
    acc.n = 0;
    acc.used = acc.to_flush = 0;
    if (!sv.buf || !acc.operands)
        mpishmem_error("shmem_init", "out of memory for receiving batches");
}

void mpishmem_batch_serve_fini(void)
{
    free(sv.buf);
    free(acc.operands);
    sv.buf = NULL;
    acc.operands = NULL;
    MPI_Comm_free(&mpishmem_batch_comm); /* MPI_COMM_NULL again: serving is off */
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
 * (accumulates are atomic only with respect to other accumulates) and are flushed before a
 * later put of the batch and at its end, so every record is applied, in order, before the
 * acknowledgement. */
static void apply(const char *p, const char *end, int origin)
{
    int mpi_amos = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI;
    while (p < end) {
        uint64_t h;
        memcpy(&h, p, 8);
        size_t n = (size_t)(h & 0xfff);
        int kind = (int)((h >> 12) & 0xf), seg = (int)((h >> 16) & 0xf);
        size_t off = (size_t)(h >> 20);
        struct mpishmem_seg *s = seg < MPISHMEM_SEG_MAX ? mpishmem_seg_by_id(seg) : NULL;
        if (!s || !s->size || off > s->size || n > s->size - off) bad_record(origin, seg, off, n);
        if (kind == MPISHMEM_BATCH_PUT) {
            if (acc.used) flush_self();
            memcpy(s->base + off, p + 8, n);
            p += 8 + mpishmem_batch_padded(n);
        } else {
            int op = kind - MPISHMEM_BATCH_AMO0;
            if (mpi_amos) {
                accumulate_self(s, off, op, n, p + 8);
            } else {
                mpishmem_local_amo(op, n, s->base + off, mpishmem_amo_bits(p + 8, n), 0);
            }
            p += 16;
        }
    }
    if (acc.used) flush_self();
    /* Every store of the batch before the acknowledgement, for PEs that read this memory by
     * load once the origin's quiet returns. */
    atomic_thread_fence(memory_order_seq_cst);
}

unsigned mpishmem_batch_serve(void)
{
    if (mpishmem_batch_comm == MPI_COMM_NULL) return 0; /* batching is off */
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
