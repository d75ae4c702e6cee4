/* mpishmem: the sending side of batches (mpi_batch.h): records into per-target buffers, one
 * MPI message per buffer, and the acknowledgements quiet waits for. */
#include "mpi_batch.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/amo_op.h"
#include "../../base/env.h"
#include "../../base/error.h"
#include "exit_check.h"
#include "mpi_am.h"
#include "mpi_batch_serve.h"
#include "mpi_batch_wire.h"
#include "mpi_progress.h"
#include "wait_yield.h"
#include "quirks/mpi_quirks.h"

size_t mpishmem_batch_max;
unsigned mpishmem_batch_buffered;
int mpishmem_batch_lone_kinds;
const unsigned char *mpishmem_batch_direct_pe;

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

static struct {
    size_t bytes;          /* a buffer: header and records */
    pthread_mutex_t mutex; /* slots, spare buffers */
    struct slot slot[N_SLOTS];
    unsigned head, tail;   /* next slot to take; oldest slot that may be busy */
    char *spare[N_SLOTS];  /* buffers of sent batches, for reuse */
    unsigned n_spare;
    pthread_mutex_t list_mutex;
    struct mpishmem_batch *all;
} bt = {.mutex = PTHREAD_MUTEX_INITIALIZER, .list_mutex = PTHREAD_MUTEX_INITIALIZER};

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

static void batch_lock(struct mpishmem_batch *b)
{
    unsigned long spins = 0;
    while (__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE))
        if (mpishmem_g.oversubscribed || ++spins > 100) sched_yield();
}

static int batch_trylock(struct mpishmem_batch *b)
{
    return !__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE);
}

static void batch_unlock(struct mpishmem_batch *b)
{
    __atomic_store_n(&b->lock, 0, __ATOMIC_RELEASE);
}

/* ---- slots (under bt.mutex) ---- */

/* Whether slot s is done with (its send complete, its acknowledgement in); then frees it. */
static void poll_slot(struct slot *s)
{
    int done = 0;
    if (s->send != MPI_REQUEST_NULL) {
        MPI_Test(&s->send, &done, MPI_STATUS_IGNORE);
        if (!done) return;
        if (bt.n_spare < N_SLOTS) bt.spare[bt.n_spare++] = s->buf;
        else free(s->buf);
        s->buf = NULL;
    }
    if (s->ack != MPI_REQUEST_NULL) {
        MPI_Test(&s->ack, &done, MPI_STATUS_IGNORE);
        if (!done) return;
        struct mpishmem_batch *o = s->owner;
        __atomic_sub_fetch(&o->t[s->pe].inflight, s->covers, __ATOMIC_RELEASE);
        __atomic_sub_fetch(&o->inflight, s->covers, __ATOMIC_RELEASE);
    }
    s->owner = NULL;
}

/* Tests the busy slots, oldest first. */
static void poll_slots(void)
{
    for (unsigned i = bt.tail; i != bt.head; i++) {
        struct slot *s = &bt.slot[i % N_SLOTS];
        if (s->owner) poll_slot(s);
    }
    while (bt.tail != bt.head && !bt.slot[bt.tail % N_SLOTS].owner) bt.tail++;
}

/* Serves what arrives while this PE waits for others (they may wait for this one). */
static void wait_poll(struct mpishmem_wait *polls)
{
    mpishmem_progress_note();
    if (mpishmem_g.am_active) mpishmem_am_serve();
    mpishmem_batch_serve();
    if (mpishmem_wait_yields(polls)) {
        mpishmem_exit_notice_check(); /* a PE that left without finalize: no hang */
        mpishmem_wait_yield(polls);
    }
}

/* The next slot in ring order, waiting until it is done with if it is still busy (bt.mutex
 * held; released while serving, so that other threads may go on). */
static struct slot *take_slot(void)
{
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    struct slot *s = &bt.slot[bt.head % N_SLOTS];
    while (s->owner) {
        poll_slots();
        if (!s->owner) break;
        pthread_mutex_unlock(&bt.mutex);
        mpishmem_progress_enter();
        wait_poll(&polls);
        mpishmem_progress_leave();
        pthread_mutex_lock(&bt.mutex);
        s = &bt.slot[bt.head % N_SLOTS]; /* another thread may have taken it meanwhile */
    }
    bt.head++;
    return s;
}

static char *take_buffer(void)
{
    char *p = NULL;
    pthread_mutex_lock(&bt.mutex);
    if (bt.n_spare) p = bt.spare[--bt.n_spare];
    pthread_mutex_unlock(&bt.mutex);
    if (!p && !(p = malloc(bt.bytes)))
        mpishmem_error("shmem_put", "out of memory for a batch buffer (MPISHMEM_BATCH_BYTES=%zu)",
                       bt.bytes);
    return p;
}

/* ---- sending (under the batch's lock) ---- */

/* Sends target `pe`'s buffer (which may hold no record, only the request for an
 * acknowledgement); the target keeps no buffer. With `ack`, the batch asks the target to
 * confirm it and every earlier one. */
static void send_target(struct mpishmem_batch *b, int pe, int ack)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (!t->buf) t->buf = take_buffer();
    mpishmem_progress_note();
    pthread_mutex_lock(&bt.mutex);
    struct slot *s = take_slot();
    unsigned i = (unsigned)(s - bt.slot);
    uint64_t header = (uint64_t)i << 1 | (ack ? 1u : 0u);
    memcpy(t->buf, &header, sizeof header);
    /* The counters are written under the batch's lock and read without it (relaxed atomics:
     * a waiting thread only asks whether they moved). */
    if (!ack && t->sent == t->requested) relaxed_add(&b->n_unrequested, 1);
    if (ack && t->sent != t->requested) relaxed_add(&b->n_unrequested, -1);
    relaxed_set(&t->sent, t->sent + 1);
    __atomic_add_fetch(&t->inflight, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&b->inflight, 1, __ATOMIC_RELAXED);
    s->ack = MPI_REQUEST_NULL;
    if (ack) {
        /* Posted before it can arrive. It covers the batches sent since the last request. */
        MPI_Irecv(NULL, 0, MPI_BYTE, pe, MPISHMEM_BATCH_ACK_TAG + (int)i, mpishmem_batch_comm,
                  &s->ack);
        s->covers = t->sent - t->requested;
        relaxed_set(&t->requested, t->sent);
    }
    MPI_Isend(t->buf, (int)(MPISHMEM_BATCH_HEADER + t->used), MPI_BYTE, pe,
              MPISHMEM_BATCH_TAG, mpishmem_batch_comm, &s->send);
    s->buf = t->buf;
    s->pe = pe;
    s->owner = b;
    pthread_mutex_unlock(&bt.mutex);
    t->buf = NULL;
    relaxed_set(&t->used, 0);
}

/* Sends every buffered batch of `b`; with `ack`, asks every target with batches in flight
 * for an acknowledgement (quiet). */
static void send_dirty(struct mpishmem_batch *b, int ack)
{
    unsigned n = b->n_dirty;
    for (unsigned i = 0; i < n; i++) send_target(b, b->dirty[i], ack);
    __atomic_store_n(&b->n_dirty, 0, __ATOMIC_RELAXED);
    __atomic_sub_fetch(&mpishmem_batch_buffered, n, __ATOMIC_RELAXED);
    /* Targets sent batches without a request since the last one: an empty batch asks. */
    for (int pe = 0; ack && b->n_unrequested && pe < mpishmem_g.n_pes; pe++)
        if (b->t[pe].requested != b->t[pe].sent) send_target(b, pe, 1);
}

/* Sends `pe`'s buffered batch asking for an acknowledgement, or only the request if batches
 * went without one (the batch's lock held). */
static void request_pe(struct mpishmem_batch *b, int pe)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (t->used) {
        send_target(b, pe, 1);
        unsigned n = b->n_dirty;
        for (unsigned i = 0; i < n; i++)
            if (b->dirty[i] == pe) {
                b->dirty[i] = b->dirty[n - 1];
                break;
            }
        __atomic_store_n(&b->n_dirty, n - 1, __ATOMIC_RELAXED);
        __atomic_sub_fetch(&mpishmem_batch_buffered, 1, __ATOMIC_RELAXED);
    } else if (t->requested != t->sent) {
        send_target(b, pe, 1);
    }
}

/* Room for `need` bytes of records to `pe`: returns where they go. */
static char *append(struct mpishmem_batch *b, int pe, size_t need)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (t->used == 0) {
        if (!t->buf) t->buf = take_buffer();
        b->dirty[b->n_dirty] = pe;
        __atomic_store_n(&b->n_dirty, b->n_dirty + 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&mpishmem_batch_buffered, 1, __ATOMIC_RELAXED);
    } else if (MPISHMEM_BATCH_HEADER + t->used + need > bt.bytes) {
        send_target(b, pe, 0); /* full: it stays on the dirty list with the new record */
        t->buf = take_buffer();
    }
    char *r = t->buf + MPISHMEM_BATCH_HEADER + t->used;
    relaxed_set(&t->used, t->used + (uint32_t)need);
    return r;
}

void mpishmem_batch_put(struct mpishmem_ctx *c, int seg, size_t off, const void *src, size_t n,
                        int pe)
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

/* ---- completion ---- */

/* Waits until b's batches to `pe` (to every PE: -1) are confirmed. Other threads sharing the
 * context may send batches meanwhile without a request: the wait asks for them too. */
static void wait_acknowledged(struct mpishmem_batch *b, int pe)
{
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    unsigned *count = pe < 0 ? &b->inflight : &b->t[pe].inflight;
    mpishmem_progress_enter();
    while (__atomic_load_n(count, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&bt.mutex);
        poll_slots();
        pthread_mutex_unlock(&bt.mutex);
        if (!__atomic_load_n(count, __ATOMIC_ACQUIRE)) break;
        int unrequested = pe < 0 ? __atomic_load_n(&b->n_unrequested, __ATOMIC_RELAXED) != 0
                                 : __atomic_load_n(&b->t[pe].requested, __ATOMIC_RELAXED) !=
                                       __atomic_load_n(&b->t[pe].sent, __ATOMIC_RELAXED);
        if (unrequested && batch_trylock(b)) {
            if (pe < 0) send_dirty(b, 1);
            else request_pe(b, pe);
            batch_unlock(b);
        }
        wait_poll(&polls);
    }
    mpishmem_progress_leave();
}

void mpishmem_batch_send(struct mpishmem_ctx *c)
{
    struct mpishmem_batch *b = c->batch;
    if (!b || !__atomic_load_n(&b->n_dirty, __ATOMIC_RELAXED)) return;
    batch_lock(b);
    send_dirty(b, 0);
    batch_unlock(b);
}

void mpishmem_batch_complete(struct mpishmem_ctx *c)
{
    struct mpishmem_batch *b = c->batch;
    /* Nothing recorded and nothing awaiting confirmation, as after quiet has taken a lone
     * record out: neither the lock nor the wait (whose entry stores to a flag the progress
     * thread reads). Records other threads add meanwhile are theirs to complete. */
    if (!b || (!__atomic_load_n(&b->n_dirty, __ATOMIC_RELAXED) &&
               !__atomic_load_n(&b->inflight, __ATOMIC_ACQUIRE)))
        return;
    batch_lock(b);
    send_dirty(b, 1);
    batch_unlock(b);
    wait_acknowledged(b, -1);
}

void mpishmem_batch_complete_pe(struct mpishmem_ctx *c, int pe)
{
    struct mpishmem_batch *b = c->batch;
    batch_lock(b);
    request_pe(b, pe);
    batch_unlock(b);
    wait_acknowledged(b, pe);
}

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

void mpishmem_batch_send_all(int try_only)
{
    pthread_mutex_lock(&bt.list_mutex);
    for (struct mpishmem_batch *b = bt.all; b; b = b->next) {
        if (!__atomic_load_n(&b->n_dirty, __ATOMIC_RELAXED)) continue;
        if (try_only) {
            if (!batch_trylock(b)) continue;
        } else {
            batch_lock(b);
        }
        send_dirty(b, 0);
        batch_unlock(b);
    }
    pthread_mutex_unlock(&bt.list_mutex);
}

void mpishmem_batch_complete_all(void)
{
    if (!mpishmem_batch_max) return;
    pthread_mutex_lock(&bt.list_mutex);
    for (struct mpishmem_batch *b = bt.all; b; b = b->next) {
        batch_lock(b);
        send_dirty(b, 1);
        batch_unlock(b);
        wait_acknowledged(b, -1);
    }
    pthread_mutex_unlock(&bt.list_mutex);
}

/* ---- set-up ---- */

struct mpishmem_batch *mpishmem_batch_new(struct mpishmem_ctx *c)
{
    if (!mpishmem_batch_max) return NULL;
    struct mpishmem_batch *b = calloc(1, sizeof *b);
    int n = mpishmem_g.n_pes;
    if (b) b->t = calloc((size_t)n, sizeof *b->t);
    if (b) b->dirty = calloc((size_t)n, sizeof *b->dirty);
    if (!b || !b->t || !b->dirty)
        mpishmem_error("shmem_ctx_create", "out of memory for the batches of %d PEs", n);
    b->ctx = c;
    b->direct_pe = -1;
    pthread_mutex_lock(&bt.list_mutex);
    b->next = bt.all;
    bt.all = b;
    pthread_mutex_unlock(&bt.list_mutex);
    return b;
}

void mpishmem_batch_free(struct mpishmem_batch *b)
{
    if (!b) return;
    pthread_mutex_lock(&bt.list_mutex);
    for (struct mpishmem_batch **p = &bt.all; *p; p = &(*p)->next)
        if (*p == b) {
            *p = b->next;
            break;
        }
    pthread_mutex_unlock(&bt.list_mutex);
    for (int pe = 0; pe < mpishmem_g.n_pes; pe++) free(b->t[pe].buf);
    free(b->t);
    free(b->dirty);
    free(b);
}

void mpishmem_batch_init(int thread)
{
    /* On when some PE is not reached by load/store and either asked for, or automatic with a
     * progress thread: without one, records wait for the program's next call to the library
     * (a lone put before a long computation would wait with them). Decided together, since a
     * PE that does not serve batches would hang the PEs that send it some. */
    long mode = mpishmem_env.batch;
    int want[2] = {(mode > 0 || (mode < 0 && thread)) && mpishmem_g.node_size < mpishmem_g.n_pes,
                   -(int)mpishmem_env.batch_bytes};
    int all[2];
    MPI_Allreduce(want, all, 2, MPI_INT, MPI_MIN, mpishmem_g.world);
    if (!all[0]) return;
    bt.bytes = (size_t)mpishmem_env.batch_bytes;
    /* Puts larger than a buffer holds go direct (a small MPISHMEM_BATCH_BYTES), but 8 bytes
     * always fit (64 at least): shmem_p's path counts on it (core/rma.h). */
    size_t max = (size_t)mpishmem_env.batch_max, room = bt.bytes - MPISHMEM_BATCH_HEADER - 8;
    if (max > room) max = room & ~(size_t)7;
    /* The lone-record shortcut (mpi_batch.h). Measured on the emulated cluster (2 hosts, TCP,
     * bench/compare_batch.sh): a batch and its acknowledgement against MPI_Put + flush took
     * 16.3 / 9.1 us on MPICH 5 over libfabric, 8.1 / 7.3 us on Intel MPI, but 7.8 / 13.0 us on
     * MPICH over UCX, whose RMA over TCP costs more round trips. To a PE that MPI reaches
     * through its shared memory (the simulated nodes of one host) MPI_Put + flush is a copy
     * and a flush, and goes direct on every MPI (2 PEs on two simulated nodes, 8-byte put +
     * quiet, Open MPI 5, this choice against a batch: 0.93x and, libraries swapped, 0.96x,
     * medians of 15 paired runs of bench/compare_paired_env.sh). An AMO goes direct in the mpi
     * mode everywhere (the batch's target would apply it with an accumulate besides). */
    long lone = mpishmem_env.batch_lone;
    int libfabric = mpishmem_mpi_library.ofi || mpishmem_mpi_library.kind == MPISHMEM_MPI_INTEL;
    int amo = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI ? MPISHMEM_BATCH_LONE_AMO : 0;
    mpishmem_batch_lone_kinds =
        lone == 0 ? 0
                  : amo | (lone > 0 || libfabric ? MPISHMEM_BATCH_LONE_PUT
                                                 : MPISHMEM_BATCH_LONE_PUT_HOST);
    mpishmem_batch_direct_pe = NULL;
    if (mpishmem_batch_lone_kinds & (MPISHMEM_BATCH_LONE_PUT | MPISHMEM_BATCH_LONE_PUT_HOST))
        for (int pe = 0; pe < mpishmem_g.n_pes; pe++)
            if (pe != mpishmem_g.my_pe && mpishmem_g.mpi_host_peer[pe]) {
                mpishmem_batch_direct_pe = mpishmem_g.mpi_host_peer;
                break;
            }
    mpishmem_batch_serve_init((size_t)-all[1]);
    bt.head = bt.tail = 0;
    bt.n_spare = 0;
    mpishmem_g.serve_active = 1;
    __atomic_store_n(&mpishmem_batch_max, max, __ATOMIC_RELEASE);
    mpishmem_ctx_default.batch = mpishmem_batch_new(&mpishmem_ctx_default);
}

void mpishmem_batch_fini(void)
{
    if (!mpishmem_batch_max) return;
    mpishmem_batch_free(mpishmem_ctx_default.batch);
    mpishmem_ctx_default.batch = NULL;
    __atomic_store_n(&mpishmem_batch_max, 0, __ATOMIC_RELEASE);
    mpishmem_batch_direct_pe = NULL;
    while (bt.n_spare) free(bt.spare[--bt.n_spare]);
    mpishmem_batch_serve_fini();
    mpishmem_batch_buffered = 0;
}
