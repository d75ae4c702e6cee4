/* mpishmem: MPI collectives on a communicator, as the library makes them (mpi_comm.c): MPI's
 * blocking call when nothing needs this PE's attention meanwhile, else the nonblocking call
 * completed by the yielding wait (mpi_wait.h). Same arguments as the MPI routines. */
#ifndef MPISHMEM_MPI_COMM_H
#define MPISHMEM_MPI_COMM_H

#include "../../base/state.h"

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
