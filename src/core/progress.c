#include "progress.h"

#include "../transport/mpi/mpi_am.h"
#include "../base/env.h"
#include "exit_notice.h"

_Thread_local int mpishmem_progress_depth;
unsigned long mpishmem_progress_pokes;
int mpishmem_progress_blocked;

static inline void poke_mpi(void)
{
    mpishmem_progress_note();
    mpishmem_progress_depth++;
    if (mpishmem_g.am_active) mpishmem_am_serve();
    else {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, mpishmem_g.world, &flag, &st);
        if (flag) mpishmem_exit_notice_found(st.MPI_TAG, st.MPI_SOURCE); /* nothing else is
                                                                            * sent on world */
    }
    mpishmem_progress_depth--;
}

void mpishmem_progress_poll(unsigned long *polls)
{
    unsigned long n = ++*polls;
    /* Poke MPI's progress engine: incoming RMA lands, and this PE's own MPI operations
     * leave, only while it runs. Whenever other PEs may update this one through MPI, poke at
     * every poll (2 PEs on two simulated nodes, MPI AMO mode, under load: a put + wait_until
     * ping-pong poking at one poll in 16 took ~9 us one way; docs/performance.md). */
    if (mpishmem_g.remote_updates || mpishmem_g.am_active || mpishmem_g.oversubscribed ||
        (n & 15) == 0)
        poke_mpi();
    if (mpishmem_poll_yields(n)) {
        if (mpishmem_g.am_active) mpishmem_exit_notice_check(); /* poke_mpi did not probe */
        sched_yield();
    }
}

void mpishmem_progress_poke(void)
{
    poke_mpi();
    if (mpishmem_g.oversubscribed) sched_yield();
}

void mpishmem_progress_yield_rounds(void)
{
    int rounds = 8 * mpishmem_g.oversubscribed;
    mpishmem_progress_note();
    mpishmem_progress_depth++;
    for (int i = 0; i < rounds; i++) {
        int flag;
        if (mpishmem_g.am_active) mpishmem_am_serve();
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, mpishmem_g.world, &flag, MPI_STATUS_IGNORE);
        sched_yield();
    }
    mpishmem_progress_depth--;
}

void mpishmem_wait_request(MPI_Request *req)
{
    unsigned long polls = 0;
    mpishmem_progress_note();
    mpishmem_progress_depth++;
    for (;;) {
        int done = 0;
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done) break;
        if (mpishmem_g.am_active) mpishmem_am_serve();
        if (mpishmem_poll_yields(++polls)) {
            mpishmem_exit_notice_check(); /* a PE that left without finalize: no hang */
            sched_yield();
        }
    }
    mpishmem_progress_depth--;
}
