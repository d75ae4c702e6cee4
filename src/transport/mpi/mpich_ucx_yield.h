#ifndef MPISHMEM_MPICH_UCX_YIELD_H
#define MPISHMEM_MPICH_UCX_YIELD_H
/* MPICH over UCX: whether MPI's blocking calls yield the core when a progress call finds
 * nothing to do (mpich_ucx_yield.c). No-ops with other MPI libraries. */
void mpishmem_mpi_yield_idle(int on);
/* Before MPI_Init, from the launcher's numbers: whether this host runs more PEs than CPUs. */
int mpishmem_mpi_oversubscribed_guess(void);
#endif
