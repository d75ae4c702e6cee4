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

#endif
