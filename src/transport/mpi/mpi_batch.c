/* mpishmem: the sending side of batches (mpi_batch.h): one MPI message per buffer of records,
 * the slots that hold batches in flight, and the acknowledgements quiet waits for. The records
 * themselves are made in mpi_batch_record.c; what these files share is mpi_batch_state.h. */
#include "mpi_batch.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "exit_check.h"
#include "mpi_am.h"
#include "mpi_batch_serve.h"
#include "mpi_batch_state.h"
#include "mpi_batch_wire.h"
#include "mpi_progress.h"
#include "wait_yield.h"

size_t mpishmem_batch_max;
unsigned mpishmem_batch_buffered;
int mpishmem_batch_lone_kinds;
const unsigned char *mpishmem_batch_direct_pe;

struct mpishmem_bt mpishmem_bt = {.mutex = PTHREAD_MUTEX_INITIALIZER,
                                  .list_mutex = PTHREAD_MUTEX_INITIALIZER};

/* ---- slots (under mpishmem_bt.mutex) ---- */

/* Whether slot s is done with (its send complete, its acknowledgement in); then frees it. */
static void poll_slot(struct slot *s)
{
    int done = 0;
    if (s->send != MPI_REQUEST_NULL) {
        MPI_Test(&s->send, &done, MPI_STATUS_IGNORE);
        if (!done) return;
        if (mpishmem_bt.n_spare < N_SLOTS) mpishmem_bt.spare[mpishmem_bt.n_spare++] = s->buf;
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
    for (unsigned i = mpishmem_bt.tail; i != mpishmem_bt.head; i++) {
        struct slot *s = &mpishmem_bt.slot[i % N_SLOTS];
        if (s->owner) poll_slot(s);
    }
    while (mpishmem_bt.tail != mpishmem_bt.head &&
           !mpishmem_bt.slot[mpishmem_bt.tail % N_SLOTS].owner)
        mpishmem_bt.tail++;
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

/* The next slot in ring order, waiting until it is done with if it is still busy
 * (mpishmem_bt.mutex held; released while serving, so that other threads may go on). */
static struct slot *take_slot(void)
{
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    struct slot *s = &mpishmem_bt.slot[mpishmem_bt.head % N_SLOTS];
    while (s->owner) {
        poll_slots();
        if (!s->owner) break;
        pthread_mutex_unlock(&mpishmem_bt.mutex);
        mpishmem_progress_enter();
        wait_poll(&polls);
        mpishmem_progress_leave();
        pthread_mutex_lock(&mpishmem_bt.mutex);
        /* another thread may have taken it meanwhile */
        s = &mpishmem_bt.slot[mpishmem_bt.head % N_SLOTS];
    }
    mpishmem_bt.head++;
    return s;
}

/* ---- sending (under the batch's lock) ---- */

/* Sends target `pe`'s buffer (which may hold no record, only the request for an
 * acknowledgement); the target keeps no buffer. With `ack`, the batch asks the target to
 * confirm it and every earlier one. */
void mpishmem_batch_send_target(struct mpishmem_batch *b, int pe, int ack)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (!t->buf) t->buf = take_buffer();
    mpishmem_progress_note();
    pthread_mutex_lock(&mpishmem_bt.mutex);
    struct slot *s = take_slot();
    unsigned i = (unsigned)(s - mpishmem_bt.slot);
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
    pthread_mutex_unlock(&mpishmem_bt.mutex);
    t->buf = NULL;
    relaxed_set(&t->used, 0);
}

/* Sends every buffered batch of `b`; with `ack`, asks every target with batches in flight
 * for an acknowledgement (quiet). */
static void send_dirty(struct mpishmem_batch *b, int ack)
{
    unsigned n = b->n_dirty;
    for (unsigned i = 0; i < n; i++) mpishmem_batch_send_target(b, b->dirty[i], ack);
    __atomic_store_n(&b->n_dirty, 0, __ATOMIC_RELAXED);
    __atomic_sub_fetch(&mpishmem_batch_buffered, n, __ATOMIC_RELAXED);
    /* Targets sent batches without a request since the last one: an empty batch asks. */
    for (int pe = 0; ack && b->n_unrequested && pe < mpishmem_g.n_pes; pe++)
        if (b->t[pe].requested != b->t[pe].sent) mpishmem_batch_send_target(b, pe, 1);
}

/* Sends `pe`'s buffered batch asking for an acknowledgement, or only the request if batches
 * went without one (the batch's lock held). */
static void request_pe(struct mpishmem_batch *b, int pe)
{
    struct mpishmem_batch_target *t = &b->t[pe];
    if (t->used) {
        mpishmem_batch_send_target(b, pe, 1);
        unsigned n = b->n_dirty;
        for (unsigned i = 0; i < n; i++)
            if (b->dirty[i] == pe) {
                b->dirty[i] = b->dirty[n - 1];
                break;
            }
        __atomic_store_n(&b->n_dirty, n - 1, __ATOMIC_RELAXED);
        __atomic_sub_fetch(&mpishmem_batch_buffered, 1, __ATOMIC_RELAXED);
    } else if (t->requested != t->sent) {
        mpishmem_batch_send_target(b, pe, 1);
    }
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
        pthread_mutex_lock(&mpishmem_bt.mutex);
        poll_slots();
        pthread_mutex_unlock(&mpishmem_bt.mutex);
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

void mpishmem_batch_send_all(int try_only)
{
    pthread_mutex_lock(&mpishmem_bt.list_mutex);
    for (struct mpishmem_batch *b = mpishmem_bt.all; b; b = b->next) {
        if (!__atomic_load_n(&b->n_dirty, __ATOMIC_RELAXED)) continue;
        if (try_only) {
            if (!batch_trylock(b)) continue;
        } else {
            batch_lock(b);
        }
        send_dirty(b, 0);
        batch_unlock(b);
    }
    pthread_mutex_unlock(&mpishmem_bt.list_mutex);
}

void mpishmem_batch_complete_all(void)
{
    if (!mpishmem_batch_max) return;
    pthread_mutex_lock(&mpishmem_bt.list_mutex);
    for (struct mpishmem_batch *b = mpishmem_bt.all; b; b = b->next) {
        batch_lock(b);
        send_dirty(b, 1);
        batch_unlock(b);
        wait_acknowledged(b, -1);
    }
    pthread_mutex_unlock(&mpishmem_bt.list_mutex);
}
