/* mpishmem: waiting, as the program's routines do it. Every loop that waits for another PE
 * polls through these helpers, which keep MPI progressing (this MPICH completes RMA only when
 * the target calls into MPI) and yield the core (PEs often outnumber cores; a busy spinner would
 * starve the PE it waits for). They are built on the MPI transport's waiting
 * (transport/mpi/mpi_wait.h, mpi_progress.h); its collectives are transport/mpi/mpi_comm.h. */
#ifndef MPISHMEM_PROGRESS_H
#define MPISHMEM_PROGRESS_H

#include "../base/state.h"
#include "../base/wait_policy.h"

/* One poll of a wait loop; `w` is the loop's wait (base/wait_policy.h: MPISHMEM_WAIT_INIT
 * before the first poll). */
MPISHMEM_INTERNAL void mpishmem_progress_poll(struct mpishmem_wait *w);

/* One poke of MPI (or the active-message server) for a routine the program calls in a loop
 * (a failed shmem_test, shmem_test_lock, shmem_signal_fetch): such a loop has no poll counter. */
MPISHMEM_INTERNAL void mpishmem_progress_poke(void);

/* A program may poll a flag with atomic fetches (bale's buffered phases do), which are no wait:
 * on node-local memory each is a plain load, and the program spins without ever giving the
 * core away, keeping a PE that shares the core from setting the flag for a whole time slice.
 * So every fetch by CPU atomics is counted, and each 64th fetch compares its location with
 * that of the 64th before it (mpishmem_progress_fetch_sample): the same location is taken as a
 * poll of a wait, which gives the core away as the wait policy says (base/wait_policy.h: at
 * once when this node's PEs outnumber its cores, else once the polls of that location have
 * outlasted their spin); every 16th such poll also pokes MPI. Costs in bench/shmem_amo_bench's "fetch" (a fetch in a tight
 * loop, 1.3 ns uncounted): this 1.8 ns; comparing every fetch's location 2.4 ns; sampling
 * every 1024th fetch 1.6 ns, but that doubled the median exchange round of 4 PEs on 2 cores
 * beside a CPU hog (tests/progress/exchange_rounds.c: 10.7 us against 3.2 us now).
 * Process-wide and relaxed: threads only disturb each other's sampling. */
struct mpishmem_fetch_poll {
    const void *addr;
    unsigned long count;
    unsigned long same; /* samples in a row that found the same location */
};
extern MPISHMEM_INTERNAL struct mpishmem_fetch_poll mpishmem_fetch_poll;
MPISHMEM_INTERNAL void mpishmem_progress_fetch_sample(const void *addr);
/* Counts a fetch; nonzero when this one is to be sampled (mpishmem_progress_fetch_sample). */
static inline int mpishmem_progress_fetch_counted(void)
{
    unsigned long n = __atomic_load_n(&mpishmem_fetch_poll.count, __ATOMIC_RELAXED) + 1;
    __atomic_store_n(&mpishmem_fetch_poll.count, n, __ATOMIC_RELAXED);
    return MPISHMEM_UNLIKELY((n & 63) == 0);
}
static inline void mpishmem_progress_fetch_seen(const void *addr)
{
    if (mpishmem_progress_fetch_counted()) mpishmem_progress_fetch_sample(addr);
}

#endif
