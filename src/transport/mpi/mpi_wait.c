/* mpishmem: the MPI transport's waits that are not inline (mpi_wait.h). */
#include "mpi_wait.h"

#include <sched.h>

void mpishmem_progress_yield_rounds(void)
{
    int rounds = 8 * mpishmem_g.oversubscribed;
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

void mpishmem_wait_request(MPI_Request *req)
{
    unsigned long polls = 0;
    mpishmem_progress_note();
    mpishmem_progress_enter();
    /* A collective waited for here may wait for other PEs that wait for this one's batches. */
    if (__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED)) mpishmem_batch_send_all(0);
    for (;;) {
        int done = 0;
        mpishmem_progress_note(); /* this loop pokes MPI itself: the progress thread keeps out */
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done) break;
        mpishmem_serve_messages();
        if (mpishmem_poll_yields(++polls)) {
            mpishmem_exit_notice_check(); /* a PE that left without finalize: no hang */
            sched_yield();
        }
    }
    mpishmem_progress_leave();
}
