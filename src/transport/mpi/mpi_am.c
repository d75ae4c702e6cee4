#include "mpi_am.h"

#include <pthread.h>
#include <sched.h>

#include "../../base/amo_op.h"
#include "../../base/env.h"
#include "../../base/segment.h"
#include "../local/local_amo.h"
#include "mpi_progress.h"
#include "mpi_batch_serve.h"
#include "wait_yield.h"
#include "quirks/mpi_quirks.h"
#include "quirks/ucx_yield_idle.h"

/* Requests carry this tag; replies carry the origin's slot number as their tag. */
#define REQUEST_TAG 30000
#define N_SLOTS 128 /* AMOs this PE may have in flight */
#define N_RECV 8    /* requests the server keeps a receive posted for */
#define N_REPLY 64  /* replies the server may have in flight */

struct am_request {
    uint8_t op, size, seg, kind;
    uint32_t slot;
    uint64_t off, operand, compare;
};

static struct {
    MPI_Comm comm;
    /* origin side: slot i is busy while reply[i] is active */
    struct am_request msg[N_SLOTS];
    MPI_Request reply[N_SLOTS];
    uint64_t value[N_SLOTS];
    unsigned next, busy;
    /* target side */
    struct am_request in[N_RECV];
    MPI_Request recv[N_RECV];
    uint64_t out[N_REPLY];
    MPI_Request out_req[N_REPLY];
    unsigned next_out;
    int head; /* the receive posted first */
    int serving; /* re-entry guard: the server never waits on itself */
    /* Requests are taken with MPI_Improbe + MPI_Mrecv instead of posted receives: MPICH 4.3+
     * over UCX never completes a receive from MPI_ANY_SOURCE posted after its message
     * arrived (quirk mpich-ucx-anysrc-recv, tests/mpi_repro/anysrc_unexpected.c). */
    int mprobe;
} am;

static void post_recv(int i)
{
    MPI_Irecv(&am.in[i], sizeof am.in[i], MPI_BYTE, MPI_ANY_SOURCE, REQUEST_TAG, am.comm,
              &am.recv[i]);
}

void mpishmem_am_init(void)
{
    MPI_Comm_dup(mpishmem_g.world, &am.comm);
    am.mprobe = mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_UCX_ANYSRC_RECV];
    for (int i = 0; i < N_SLOTS; i++) am.reply[i] = MPI_REQUEST_NULL;
    for (int i = 0; i < N_REPLY; i++) am.out_req[i] = MPI_REQUEST_NULL;
    for (int i = 0; i < N_RECV; i++) am.recv[i] = MPI_REQUEST_NULL;
    if (!am.mprobe)
        for (int i = 0; i < N_RECV; i++) post_recv(i);
    am.next = am.busy = am.next_out = 0;
    am.head = 0;
}

void mpishmem_am_fini(void)
{
    for (int i = 0; i < N_RECV; i++) {
        if (am.recv[i] == MPI_REQUEST_NULL) continue;
        MPI_Cancel(&am.recv[i]);
        MPI_Wait(&am.recv[i], MPI_STATUS_IGNORE);
    }
    for (int i = 0; i < N_REPLY; i++) MPI_Wait(&am.out_req[i], MPI_STATUS_IGNORE);
    MPI_Comm_free(&am.comm);
}

static void apply(const struct am_request *r, int origin)
{
    char *addr = mpishmem_seg_by_id(r->seg)->base + r->off;
    uint64_t old = mpishmem_local_amo(r->op, r->size, addr, r->operand, r->compare);
    unsigned k = am.next_out++ % N_REPLY;
    if (am.out_req[k] != MPI_REQUEST_NULL) MPI_Wait(&am.out_req[k], MPI_STATUS_IGNORE);
    mpishmem_amo_unbits(&am.out[k], old, r->size);
    int bytes = r->kind == MPISHMEM_AMO_NONFETCHING ? 0 : r->size;
    MPI_Isend(&am.out[k], bytes, MPI_BYTE, origin, (int)r->slot, am.comm, &am.out_req[k]);
}

/* Takes the next request that has arrived into *r; 0 when there is none. Either way each
 * origin's requests come in the order it sent them (MPI does not overtake): posted receives
 * match in the order they were posted and are tested in that order, and a probe matches the
 * earliest message of a sender. */
static int take_request(struct am_request *r, int *origin)
{
    int found = 0;
    MPI_Status st;
    if (am.mprobe) {
        MPI_Message msg;
        MPI_Improbe(MPI_ANY_SOURCE, REQUEST_TAG, am.comm, &found, &msg, &st);
        if (found) MPI_Mrecv(r, sizeof *r, MPI_BYTE, &msg, &st);
    } else {
        MPI_Test(&am.recv[am.head], &found, &st);
        if (found) {
            *r = am.in[am.head];
            post_recv(am.head);
            am.head = (am.head + 1) % N_RECV;
        }
    }
    if (found) *origin = st.MPI_SOURCE;
    return found;
}

unsigned mpishmem_am_serve(void)
{
    /* The progress thread and the program's thread may both try: one serves. */
    if (__atomic_exchange_n(&am.serving, 1, __ATOMIC_ACQUIRE)) return 0;
    struct am_request r;
    int origin;
    unsigned served = 0;
    while (take_request(&r, &origin)) {
        apply(&r, origin);
        served++;
    }
    __atomic_store_n(&am.serving, 0, __ATOMIC_RELEASE);
    return served;
}

/* Polls until slot i's reply has arrived, serving requests meanwhile (the target may be
 * waiting for one of ours) whenever the test's progress may have brought some
 * (mpishmem_serve_due: a poll then makes one MPI call, not three), and at every 8th poll
 * anyway: a serve finds the progress thread serving (the count moved, nothing served) at
 * times. */
static void wait_slot(unsigned i, enum mpishmem_wait_kind kind)
{
    struct mpishmem_wait w = mpishmem_wait_op_begin(kind);
    unsigned long events = 0;
    mpishmem_progress_enter();
    mpishmem_request_waits++;
    for (;;) {
        int done = 0;
        mpishmem_progress_note(); /* this loop pokes MPI itself: the progress thread keeps out */
        MPI_Test(&am.reply[i], &done, MPI_STATUS_IGNORE);
        if (done) break;
        if ((w.polls & 7) == 0 || mpishmem_serve_due(&events)) {
            mpishmem_am_serve();
            /* and batches: their sender may wait for this PE's service (quiet) */
            mpishmem_batch_serve();
        }
        if (mpishmem_wait_yields(&w)) mpishmem_wait_yield(&w);
    }
    mpishmem_request_waits--;
    mpishmem_progress_leave();
    mpishmem_wait_op_done(&w);
    am.busy--;
}

/* The origin side (slots) is shared by every context and thread of this PE. */
static pthread_mutex_t origin_lock = PTHREAD_MUTEX_INITIALIZER;
#define ORIGIN_LOCK() \
    if (mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE) pthread_mutex_lock(&origin_lock)
#define ORIGIN_UNLOCK() \
    if (mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE) pthread_mutex_unlock(&origin_lock)

uint64_t mpishmem_am_amo(struct mpishmem_ctx *c, const struct mpishmem_seg *s, size_t off,
                         int op, size_t size, uint64_t operand, uint64_t compare, int pe,
                         int kind, void *result)
{
    ORIGIN_LOCK();
    unsigned i = am.next++ % N_SLOTS;
    if (am.reply[i] != MPI_REQUEST_NULL) wait_slot(i, MPISHMEM_WAIT_OTHER);
    am.msg[i] = (struct am_request){(uint8_t)op, (uint8_t)size, (uint8_t)s->id, (uint8_t)kind,
                                    i, off, operand, compare};
    void *into = kind == MPISHMEM_AMO_NBI ? result : &am.value[i];
    int bytes = kind == MPISHMEM_AMO_NONFETCHING ? 0 : (int)size;
    /* The reply's receive is posted first, so the server's reply always finds it. */
    MPI_Irecv(into, bytes, MPI_BYTE, pe, (int)i, am.comm, &am.reply[i]);
    am.busy++;
    /* The send completes no later than the reply arrives; the slot keeps its buffer until
     * then, so the request itself is not needed. */
    MPI_Request sreq;
    mpishmem_request_waits++; /* as the wait for the reply, which yields next */
    MPI_Isend(&am.msg[i], sizeof am.msg[i], MPI_BYTE, pe, REQUEST_TAG, am.comm, &sreq);
    MPI_Request_free(&sreq);
    mpishmem_request_waits--;
    if (kind != MPISHMEM_AMO_BLOCKING) {
        mpishmem_pending_set_am(c, MPISHMEM_PENDING_AM_AMO);
        ORIGIN_UNLOCK();
        return 0;
    }
    wait_slot(i, pe == mpishmem_g.my_pe         ? MPISHMEM_WAIT_OTHER
                 : mpishmem_g.mpi_host_peer[pe] ? MPISHMEM_WAIT_OP_SHM
                                                : MPISHMEM_WAIT_OP_NET);
    uint64_t old = mpishmem_amo_bits(&am.value[i], size);
    ORIGIN_UNLOCK();
    return old;
}

void mpishmem_am_complete(void)
{
    ORIGIN_LOCK();
    for (unsigned i = 0; am.busy && i < N_SLOTS; i++)
        if (am.reply[i] != MPI_REQUEST_NULL) wait_slot(i, MPISHMEM_WAIT_OTHER);
    ORIGIN_UNLOCK();
}
