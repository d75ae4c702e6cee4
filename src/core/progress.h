/* mpishmem: waiting. Every loop that waits for another PE polls through these helpers, which
 * keep MPI progressing (this MPICH completes RMA only when the target calls into MPI) and yield
 * the core (PEs often outnumber cores; a busy spinner would starve the PE it waits for). */
#ifndef MPISHMEM_PROGRESS_H
#define MPISHMEM_PROGRESS_H

#include <sched.h>

#include "../base/env.h"
#include "../base/state.h"

/* Nonzero while this thread is inside one of the library's calls into MPI's progress engine
 * from a wait, and always in the progress thread (MPI may exit the process from there when
 * another PE aborts the job: the exit handler then must not call MPI again). */
extern MPISHMEM_INTERNAL _Thread_local int mpishmem_progress_depth;

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

/* How many of the program's threads are inside a blocking MPI call that progresses MPI by
 * itself (a collective): the progress thread keeps out of MPI meanwhile, where it would only
 * contend for MPI's lock with them. */
extern MPISHMEM_INTERNAL int mpishmem_progress_blocked;

/* Whether poll `n` (from 1) of a wait loop yields the core: every poll when PEs outnumber
 * cores; otherwise, after MPISHMEM_SPIN_BEFORE_YIELD polls, one poll in 1024. A yield is a system
 * call during which MPI is not polled: yielding at every poll of a long wait made remote
 * operations whose target waited meanwhile ~25% slower than raw MPI (bench/compare_mpi.sh,
 * 2 PEs on two simulated nodes: 8-byte get 1.35 vs 1.15 us; 1.13 vs 1.14 us now). */
static inline int mpishmem_poll_yields(unsigned long n)
{
    return mpishmem_g.oversubscribed ||
           (n > (unsigned long)mpishmem_env.spin_before_yield && (n & 1023) == 0);
}

/* One poll of a wait loop; `polls` counts this loop's polls so far. */
MPISHMEM_INTERNAL void mpishmem_progress_poll(unsigned long *polls);

/* One poke of MPI (or the active-message server) for a routine the program calls in a loop
 * (a failed shmem_test, shmem_test_lock, shmem_signal_fetch): such a loop has no poll counter. */
MPISHMEM_INTERNAL void mpishmem_progress_poke(void);

/* Call before an MPI call that blocks until another PE has made progress (a flush). MPI's
 * blocking calls spin without yielding; when PEs outnumber cores, a spinner can keep the PE it
 * waits for off the core for a whole time slice (milliseconds). Yielding a few times first
 * lets that PE run and answer, so the blocking call usually finds the work done. */
static inline void mpishmem_progress_before_block(void)
{
    if (MPISHMEM_UNLIKELY(mpishmem_g.oversubscribed)) {
        MPISHMEM_INTERNAL void mpishmem_progress_yield_rounds(void);
        mpishmem_progress_yield_rounds();
    }
}

/* Completes an MPI request while yielding (MPICH's own blocking waits never yield). */
MPISHMEM_INTERNAL void mpishmem_wait_request(MPI_Request *req);

/* MPI collectives on a communicator, as the library makes them (src/core/comm_coll.c): MPI's
 * blocking call when nothing needs this PE's attention meanwhile, else the nonblocking call
 * completed by the yielding wait. Same arguments as the MPI routines. */
MPISHMEM_INTERNAL void mpishmem_comm_barrier(MPI_Comm comm);
MPISHMEM_INTERNAL void mpishmem_comm_allreduce(const void *in, void *out, int count,
                                               MPI_Datatype type, MPI_Op op, MPI_Comm comm);
MPISHMEM_INTERNAL void mpishmem_comm_scan(const void *in, void *out, int count,
                                          MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                          int exclusive);
MPISHMEM_INTERNAL void mpishmem_comm_bcast(void *buf, int count, MPI_Datatype type, int root,
                                           MPI_Comm comm);
MPISHMEM_INTERNAL void mpishmem_comm_allgather(const void *in, int in_count,
                                               MPI_Datatype in_type, void *out, int out_count,
                                               MPI_Datatype out_type, MPI_Comm comm);
MPISHMEM_INTERNAL void mpishmem_comm_allgatherv(const void *in, int in_count,
                                                MPI_Datatype in_type, void *out,
                                                const int *counts, const int *displs,
                                                MPI_Datatype out_type, MPI_Comm comm);
MPISHMEM_INTERNAL void mpishmem_comm_alltoall(const void *in, int in_count,
                                              MPI_Datatype in_type, void *out, int out_count,
                                              MPI_Datatype out_type, MPI_Comm comm);

#endif
