#ifndef MPISHMEM_MPICH_MT_POLL_YIELD_H
#define MPISHMEM_MPICH_MT_POLL_YIELD_H
/* MPICH 5 at MPI_THREAD_MULTIPLE: the library's own blocking MPI calls keep the core instead
 * of giving it away at every poll of MPI's wait (mpich_mt_poll_yield.c, quirk
 * mpich-mt-poll-yield). */

/* Switches the remedy on (where the quirk applies and MPI runs at MPI_THREAD_MULTIPLE) or
 * off; called once MPI's thread level is known. */
void mpishmem_mpi_blocking_yields_set(int mpi_level);

/* What the interposed sched_yield did in this process, for tests/progress/blocking_yield.c:
 * whether the remedy is on; inside the library's blocking MPI calls, calls skipped, calls
 * passed on to the C library as the 16th of a thread's polls, and calls passed on because the
 * remedy is off or PEs share cores; calls passed on from elsewhere. Relaxed counts (threads
 * racing may lose one). */
struct mpishmem_yield_counts {
    int on;
    unsigned long skipped, passed_nth, passed_blocking, passed_other;
};
void mpishmem_mpi_blocking_yield_counts(struct mpishmem_yield_counts *out);
#endif
