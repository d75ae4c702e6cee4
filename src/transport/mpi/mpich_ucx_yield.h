#ifndef MPISHMEM_MPICH_UCX_YIELD_H
#define MPISHMEM_MPICH_UCX_YIELD_H
/* MPICH over UCX: whether MPI's blocking calls yield the core when a progress call finds
 * nothing to do (mpich_ucx_yield.c). No-ops with other MPI libraries. */
void mpishmem_mpi_yield_idle(int on);
void mpishmem_mpi_yield_idle_guess(void); /* before MPI_Init, from the launcher's numbers */
#endif
