#define _POSIX_C_SOURCE 200809L
#include "progress_thread.h"
#include "progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_quirks.h"
#include "env.h"
#include "error.h"

static struct {
    pthread_t thread;
    atomic_int stop;
    int running;
    MPI_Comm comm; /* probed for progress; never carries messages */
} pt;

/* Polls MPI (and serves active messages) whenever the program has not poked MPI itself since
 * the last look: a PE computing, or polling its memory with plain loads, still lets remote
 * operations on it (and its own nonblocking ones) complete. While the program waits inside
 * the library it pokes MPI at every poll, and the thread keeps out of MPI's lock. */
static void *progress_loop(void *arg)
{
    (void)arg;
    mpishmem_progress_depth = 1; /* this thread lives inside MPI's progress engine */
    long us = mpishmem_env.progress_interval > 0 ? mpishmem_env.progress_interval : 1;
    /* PEs sharing cores: a thread waking often per PE would take a good part of them. */
    if (mpishmem_g.oversubscribed && us < 1000) us = 1000;
    struct timespec pause = {us / 1000000, (us % 1000000) * 1000};
    unsigned long seen = __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED);
    while (!atomic_load_explicit(&pt.stop, memory_order_acquire)) {
        nanosleep(&pause, NULL);
        unsigned long now = __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED);
        if (now != seen) {
            seen = now;
            continue;
        }
        if (mpishmem_g.am_active) mpishmem_am_serve();
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, pt.comm, &flag, MPI_STATUS_IGNORE);
    }
    return NULL;
}

/* The automatic setting's answer on this MPI: no thread where MPI_THREAD_MULTIPLE itself
 * makes MPI hang (quirk table; call after mpishmem_mpi_quirks_detect). */
static int automatic_allowed(void)
{
    return !mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_WIN_FREE_MT];
}

int mpishmem_progress_thread_wanted(void)
{
    long mode = mpishmem_env.progress_thread;
    return mode > 0 || (mode < 0 && automatic_allowed());
}

void mpishmem_progress_thread_start(const char *routine, int mpi_level)
{
    long mode = mpishmem_env.progress_thread;
    /* Automatic: only when other PEs reach this one through MPI (the job spans nodes, or
     * globals go through MPI), whose operations complete only while the target progresses. */
    if (mode == 0 || (mode < 0 && (!mpishmem_g.remote_updates || !automatic_allowed()))) return;
    if (mpi_level != MPI_THREAD_MULTIPLE) {
        if (mpishmem_g.my_pe == 0)
            mpishmem_warn(routine,
                          "MPI does not provide MPI_THREAD_MULTIPLE here, so there is no progress "
                          "thread: a PE that computes (or polls memory) without calling "
                          "OpenSHMEM stalls remote operations on it until it calls the library "
                          "again (initialize MPI with MPI_THREAD_MULTIPLE, or set "
                          "MPISHMEM_PROGRESS_THREAD=0 to silence this)");
        return;
    }
    MPI_Comm_dup(mpishmem_g.world, &pt.comm);
    atomic_store(&pt.stop, 0);
    if (pthread_create(&pt.thread, NULL, progress_loop, NULL) != 0)
        mpishmem_error(routine, "cannot start the progress thread (MPISHMEM_PROGRESS_THREAD)");
    pt.running = 1;
}

int mpishmem_progress_thread_running(void)
{
    return pt.running;
}

void mpishmem_progress_thread_stop(void)
{
    if (!pt.running) return;
    atomic_store_explicit(&pt.stop, 1, memory_order_release);
    pthread_join(pt.thread, NULL);
    MPI_Comm_free(&pt.comm);
    pt.running = 0;
}
