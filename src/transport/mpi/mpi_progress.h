/* mpishmem: the bookkeeping every wait of the library keeps (the waits themselves: mpi_wait.h
 * for the MPI transport's, core/progress.h for the program's): whether this thread is inside
 * MPI's progress engine, the count of the program's pokes of MPI that the progress thread
 * watches, and when a poll yields the core. Needs nothing but the base layer, so that every
 * transport file may use it (mpi_am.c's own waits too). */
#ifndef MPISHMEM_MPI_PROGRESS_H
#define MPISHMEM_MPI_PROGRESS_H

#include "../../base/wait_policy.h"
#include "../../base/env.h"
#include "../../base/state.h"

/* Nonzero while this thread is inside one of the library's calls into MPI's progress engine
 * from a wait, and always in the progress thread (MPI may exit the process from there when
 * another PE aborts the job: the exit handler then must not call MPI again). */
extern MPISHMEM_INTERNAL MPISHMEM_FAST_TLS _Thread_local int mpishmem_progress_depth;

/* Nonzero while one of the program's threads is inside a wait of the library, which pokes MPI
 * at every poll: the progress thread keeps out meanwhile even when the count of pokes below
 * stands still, as it does while one poke takes long. One MPI_Test of a target serving a
 * 2 MiB get over TCP sends the whole reply (~0.4 ms on the emulated cluster); a thread that
 * took that for an absent program polled MPI beside it (both in MPICH's lock, and in UCX's
 * sends), at 20-40% of a core through a stream of such gets (under 2% now). Plain relaxed
 * stores by the outermost wait of each thread (its
 * mpishmem_progress_depth goes 0 -> 1 -> 0): with several threads a store of 0 may hide
 * another's wait for a moment, which only lets the thread look once. */
extern MPISHMEM_INTERNAL int mpishmem_progress_inside;
static inline void mpishmem_progress_enter(void)
{
    if (mpishmem_progress_depth++ == 0)
        __atomic_store_n(&mpishmem_progress_inside, 1, __ATOMIC_RELAXED);
}
static inline void mpishmem_progress_leave(void)
{
    if (--mpishmem_progress_depth == 0)
        __atomic_store_n(&mpishmem_progress_inside, 0, __ATOMIC_RELAXED);
}

/* Counts the program's pokes of MPI and its MPI operations (relaxed atomic increments): the
 * progress thread stays out of MPI while it sees this move, since the program then calls into
 * MPI itself (a thread polling every 50 us beside a program busy with remote operations made
 * them 30-50% slower over TCP on the emulated cluster, through MPI's lock). */
extern MPISHMEM_INTERNAL unsigned long mpishmem_progress_pokes;
static inline void mpishmem_progress_note(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    /* A relaxed increment as one unlocked instruction (threads racing may lose a count: the
     * progress thread only asks whether the counter moved). */
    __asm__("incq %0" : "+m"(mpishmem_progress_pokes));
#else
    __atomic_store_n(&mpishmem_progress_pokes,
                     __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED) + 1,
                     __ATOMIC_RELAXED);
#endif
}

/* Nonzero while one of the program's threads is inside a blocking MPI call that progresses
 * MPI by itself (a collective, a flush): the progress thread keeps out of MPI meanwhile, where
 * it would only contend for MPI's lock with them, and would take their own completions for
 * other PEs' traffic (bale's AGP index-gather, 2 hosts x 2 PEs: 255 s with the thread polling
 * beside the flushes of gets, 110-124 s before). Plain relaxed stores by each thread's
 * outermost such call, as mpishmem_progress_inside: a hint, which two locked additions per
 * call (a count of the threads inside) made cost ~40 cycles on every blocking remote
 * operation. */
extern MPISHMEM_INTERNAL int mpishmem_progress_blocked;
/* How many of this thread's calls are such blocking MPI calls: inside them MPICH 5 at
 * MPI_THREAD_MULTIPLE yields the core at every poll, which the library mostly skips
 * (mpich_mt_poll_yield.c). */
extern MPISHMEM_INTERNAL MPISHMEM_FAST_TLS _Thread_local int mpishmem_mpi_blocking_depth;
static inline void mpishmem_blocking_enter(void)
{
    if (mpishmem_mpi_blocking_depth++ == 0)
        __atomic_store_n(&mpishmem_progress_blocked, 1, __ATOMIC_RELAXED);
}
static inline void mpishmem_blocking_leave(void)
{
    if (--mpishmem_mpi_blocking_depth == 0)
        __atomic_store_n(&mpishmem_progress_blocked, 0, __ATOMIC_RELAXED);
}
/* Nonzero while this thread waits in the library's loop for an MPI request or an active
 * message's reply (mpi_wait.c, mpi_am.c), whose every poll that yields does so by the wait
 * policy after its test. */
extern MPISHMEM_INTERNAL MPISHMEM_FAST_TLS _Thread_local int mpishmem_request_waits;
/* Whether an MPI call of this thread comes from such a wait (outside any blocking MPI call):
 * an idle progress call inside need not yield as well (quirks/ucx_yield_idle.c). */
static inline int mpishmem_in_request_wait(void)
{
    return mpishmem_request_waits > 0 && mpishmem_mpi_blocking_depth == 0;
}
/* Runs CALL, such a blocking MPI call. */
#define MPISHMEM_BLOCKING(CALL)                                                          \
    do {                                                                                \
        mpishmem_blocking_enter();                                                      \
        CALL;                                                                           \
        mpishmem_blocking_leave();                                                      \
    } while (0)

#endif
