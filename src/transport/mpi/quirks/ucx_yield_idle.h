#ifndef MPISHMEM_UCX_YIELD_IDLE_H
#define MPISHMEM_UCX_YIELD_IDLE_H
/* MPICH over UCX: whether MPI's blocking calls yield the core when a progress call finds
 * nothing to do (ucx_yield_idle.c). No-ops with other MPI libraries. */
void mpishmem_mpi_yield_idle(int on);
/* Events UCX's progress calls have handled so far in this process (a count that moves when
 * traffic arrives), and whether any UCX progress call has been seen: where none has, the count
 * never moves and tells nothing. */
unsigned long mpishmem_mpi_progress_events(void);
int mpishmem_mpi_progress_events_seen(void);
#endif
