/* mpishmem: the MPI transport's waits that are not inline (mpi_wait.h). */
#define _POSIX_C_SOURCE 200809L /* base/clock.h */
#include "mpi_wait.h"

#include <sched.h>

#include "../../base/clock.h"
#include "wait_yield.h"

unsigned mpishmem_flush_calls;

uint64_t mpishmem_flush_sample_begin(int all)
{
    static uint64_t served_ns;
    uint64_t now = mpishmem_clock_ns();
    if (now - __atomic_load_n(&served_ns, __ATOMIC_RELAXED) >= MPISHMEM_SERVE_GAP_NS) {
        __atomic_store_n(&served_ns, now, __ATOMIC_RELAXED);
        /* A PE that polls a word with blocking AMOs or gets waits for another PE, which may
         * wait for this one's buffered operations (a flag set with atomic_set, answered the
         * same way): they go now, not when the progress thread finds them stale. */
        if (__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED))
            mpishmem_batch_send_all(0);
        if (all) {
            if (mpishmem_g.serve_active) mpishmem_serve_messages();
        } else {
            mpishmem_batch_serve();
        }
        now = mpishmem_clock_ns();
    }
    return now;
}

void mpishmem_flush_sample_end(uint64_t t0, int pe)
{
    mpishmem_wait_op_timed(mpishmem_g.mpi_host_peer[pe] ? MPISHMEM_WAIT_OP_SHM
                                                        : MPISHMEM_WAIT_OP_NET,
                           mpishmem_clock_ns() - t0);
}

void mpishmem_progress_yield_rounds(void)
{
    int rounds = 8 * (mpishmem_g.oversubscribed > 1 ? mpishmem_g.oversubscribed : 1);
    mpishmem_progress_note();
    mpishmem_progress_enter();
    for (int i = 0; i < rounds; i++) {
        int flag;
        mpishmem_serve_messages();
        MPI_Iprobe(MPI_ANY_SOURCE, MPISHMEM_EXIT_NOTICE_TAG, mpishmem_g.world, &flag,
                   MPI_STATUS_IGNORE);
        sched_yield();
    }
    mpishmem_progress_leave();
}

/* The wait of both below: serves others' messages at the polls whose count has no bit of
 * `serve_mask` set (0: every poll), and at every poll that yields either way (PEs sharing
 * cores, where each poll takes a time slice) when messages may have come
 * (mpishmem_serve_due). */
static void wait_request(MPI_Request *req, unsigned serve_mask, struct mpishmem_wait *w)
{
    unsigned long events = 0;
    unsigned checks = 0;
    mpishmem_progress_note();
    mpishmem_progress_enter();
    mpishmem_request_waits++;
    /* A collective waited for here may wait for other PEs that wait for this one's batches. */
    if (__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED)) mpishmem_batch_send_all(0);
    for (;;) {
        int done = 0;
        mpishmem_progress_note(); /* this loop pokes MPI itself: the progress thread keeps out */
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done) break;
        int yields = mpishmem_wait_yields(w);
        if ((w->polls & serve_mask) == 0 || (yields && mpishmem_serve_due(&events)))
            mpishmem_serve_messages();
        if (yields) {
            /* A PE that left without finalize: no hang (its notice has seconds of grace). */
            if ((++checks & 15) == 1) mpishmem_exit_notice_check();
            mpishmem_wait_yield(w);
        }
    }
    mpishmem_request_waits--;
    mpishmem_progress_leave();
}

void mpishmem_wait_request(MPI_Request *req)
{
    struct mpishmem_wait w = MPISHMEM_WAIT_INIT;
    wait_request(req, 0, &w);
}

/* Serving takes an MPI call of its own (a test of the batch server's receive: 0.35 us on Intel
 * MPI), and a request that completes meanwhile is seen only after it: served at every poll,
 * 8-byte gets whose target waited took 5% longer (Intel MPI and MPICH 5, 2 PEs on two
 * simulated nodes with the progress thread, bench/shmem_bench, median of 21 paired runs).
 * Every 8th poll still serves within microseconds the PEs that wait for this one. */
void mpishmem_wait_rma(MPI_Request *req, int pe)
{
    struct mpishmem_wait w = mpishmem_wait_op_begin(pe < 0 ? MPISHMEM_WAIT_OTHER
                                                    : mpishmem_g.mpi_host_peer[pe]
                                                        ? MPISHMEM_WAIT_OP_SHM
                                                        : MPISHMEM_WAIT_OP_NET);
    wait_request(req, 7, &w);
    mpishmem_wait_op_done(&w);
}
