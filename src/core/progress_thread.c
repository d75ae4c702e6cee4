#define _POSIX_C_SOURCE 200809L
#include "progress_thread.h"
#include "progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "../transport/mpi/mpi_am.h"
#include "env.h"
#include "error.h"

static struct {
    pthread_t thread;
    atomic_int stop;
    int running;
    MPI_Comm comm; /* probed for progress; never carries messages */
} pt;

static void *progress_loop(void *arg)
{
    (void)arg;
    mpishmem_progress_depth = 1; /* this thread lives inside MPI's progress engine */
    long us = mpishmem_env.progress_interval > 0 ? mpishmem_env.progress_interval : 1;
    struct timespec pause = {us / 1000000, (us % 1000000) * 1000};
    while (!atomic_load_explicit(&pt.stop, memory_order_acquire)) {
        if (mpishmem_g.am_active) mpishmem_am_serve();
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, pt.comm, &flag, MPI_STATUS_IGNORE);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int mpishmem_progress_thread_wanted(void)
{
    return mpishmem_env.progress_thread;
}

void mpishmem_progress_thread_start(const char *routine, int mpi_level)
{
    if (!mpishmem_env.progress_thread) return;
    if (mpi_level != MPI_THREAD_MULTIPLE) {
        if (mpishmem_g.my_pe == 0)
            mpishmem_warn(routine, "MPISHMEM_PROGRESS_THREAD needs MPI_THREAD_MULTIPLE, which "
                                   "MPI does not provide here; running without the thread");
        return;
    }
    MPI_Comm_dup(mpishmem_g.world, &pt.comm);
    atomic_store(&pt.stop, 0);
    if (pthread_create(&pt.thread, NULL, progress_loop, NULL) != 0)
        mpishmem_error(routine, "cannot start the progress thread (MPISHMEM_PROGRESS_THREAD=1)");
    pt.running = 1;
}

void mpishmem_progress_thread_stop(void)
{
    if (!pt.running) return;
    atomic_store_explicit(&pt.stop, 1, memory_order_release);
    pthread_join(pt.thread, NULL);
    MPI_Comm_free(&pt.comm);
    pt.running = 0;
}
