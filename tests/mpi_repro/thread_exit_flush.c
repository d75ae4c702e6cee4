/* Plain MPI (no OpenSHMEM), MPI_THREAD_MULTIPLE: threads that put to every other rank and end,
 * one after another, while the main thread flushes the same window to every rank in a loop.
 * Each rank checks at the end that every other rank's last value arrived. ARGS: rounds (threads
 * started one after another), flushers (0: the main thread only waits for each thread; 1: it
 * flushes meanwhile). Exit status 1 on a wrong value.
 *
 * Quirk ompi-ucx-thread-exit (docs/mpi-support.md): Open MPI 5's osc/ucx gives each thread of
 * a window a record with UCX endpoints; a thread's end destroys its endpoints and frees their
 * array before it takes the record off the window's list, and another thread's MPI_Win_flush
 * walks that list and reads the array (segfault in opal_common_ucx_ctx_flush). Linked with the
 * library's remedy (MPISHMEM_UCX_INTERPOSERS: a thread's end waits for flushes in progress and
 * holds new ones off until its records are gone); without it
 * (MPISHMEM_MPI_QUIRKS=-ompi-ucx-thread-exit) it crashes now and then on the cluster. */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

static MPI_Win win;
static int me, np;
static long *mem;

static void *putter(void *arg)
{
    long v = (long)(size_t)arg;
    for (int p = 0; p < np; p++) {
        if (p == me) continue;
        MPI_Put(&v, 1, MPI_LONG, p, me, 1, MPI_LONG, win);
        MPI_Win_flush(p, win);
    }
    return NULL;
}

static volatile int stop;

static void *flusher(void *arg)
{
    (void)arg;
    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
        for (int p = 0; p < np; p++) MPI_Win_flush(p, win);
        sched_yield(); /* ranks may share cores */
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided < MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "thread_exit_flush: MPI_THREAD_MULTIPLE not provided\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int rounds = argc > 1 ? atoi(argv[1]) : 200, flush = argc > 2 ? atoi(argv[2]) : 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    mem = calloc((size_t)np, sizeof(long));
    MPI_Win_create(mem, (MPI_Aint)(np * sizeof(long)), sizeof(long), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    pthread_t f;
    if (flush) pthread_create(&f, NULL, flusher, NULL);
    for (int r = 1; r <= rounds; r++) {
        pthread_t t;
        pthread_create(&t, NULL, putter, (void *)(size_t)r);
        pthread_join(t, NULL);
    }
    if (flush) {
        __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
        pthread_join(f, NULL);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    int bad = 0;
    for (int p = 0; p < np; p++)
        if (p != me && mem[p] != rounds) {
            fprintf(stderr, "thread_exit_flush: rank %d has %ld from rank %d, expected %d\n", me,
                    mem[p], p, rounds);
            bad = 1;
        }
    MPI_Win_free(&win);
    free(mem);
    if (me == 0 && !bad) printf("thread_exit_flush: %d threads ended beside flushes\n", rounds);
    MPI_Finalize();
    return bad;
}
