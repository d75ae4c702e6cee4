/* mpishmem: waiting, as the program's routines do it. Every loop that waits for another PE
 * polls through these helpers, which keep MPI progressing (this MPICH completes RMA only when
 * the target calls into MPI) and yield the core (PEs often outnumber cores; a busy spinner would
 * starve the PE it waits for). They are built on the MPI transport's waiting
 * (transport/mpi/mpi_wait.h, mpi_progress.h); its collectives are transport/mpi/mpi_comm.h. */
#ifndef MPISHMEM_PROGRESS_H
#define MPISHMEM_PROGRESS_H

#include "../base/state.h"

/* One poll of a wait loop; `polls` counts this loop's polls so far. */
MPISHMEM_INTERNAL void mpishmem_progress_poll(unsigned long *polls);

/* One poke of MPI (or the active-message server) for a routine the program calls in a loop
 * (a failed shmem_test, shmem_test_lock, shmem_signal_fetch): such a loop has no poll counter. */
MPISHMEM_INTERNAL void mpishmem_progress_poke(void);

/* A program may poll a flag with atomic fetches (bale's buffered phases do), which are no wait:
 * on node-local memory each is a plain load, and the program spins without ever giving the
 * core away, keeping a PE that shares the core from setting the flag for a whole time slice.
 * So every fetch by CPU atomics notes its location, and each 64th fetch in a row of the same
 * location is taken as a poll of a wait: it pokes MPI, and gives the core away when it is
 * shared (mpishmem_progress_poke). Process-wide, relaxed (threads fetching different
 * locations only reset the count); a few instructions per fetch. */
struct mpishmem_fetch_poll {
    const void *addr;
    unsigned long repeats;
};
extern MPISHMEM_INTERNAL struct mpishmem_fetch_poll mpishmem_fetch_poll;
static inline void mpishmem_progress_fetch_seen(const void *addr)
{
    if (MPISHMEM_LIKELY(__atomic_load_n(&mpishmem_fetch_poll.addr, __ATOMIC_RELAXED) != addr)) {
        __atomic_store_n(&mpishmem_fetch_poll.addr, addr, __ATOMIC_RELAXED);
        __atomic_store_n(&mpishmem_fetch_poll.repeats, 0, __ATOMIC_RELAXED);
        return;
    }
    unsigned long n = __atomic_load_n(&mpishmem_fetch_poll.repeats, __ATOMIC_RELAXED) + 1;
    __atomic_store_n(&mpishmem_fetch_poll.repeats, n, __ATOMIC_RELAXED);
    if (MPISHMEM_UNLIKELY((n & 63) == 0)) mpishmem_progress_poke();
}

#endif
