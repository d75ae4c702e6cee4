/* mpishmem: sizes beyond what one MPI call may carry. MPI counts are ints, and MPICH 4.0's
 * nonblocking collectives fail on messages of more than 2 GiB even through derived datatypes
 * ("Invalid communicator" from Ibcast), so large collectives are split into pieces of at most
 * MPISHMEM_COLL_CHUNK bytes (or elements, for reductions). */
#ifndef MPISHMEM_COLL_DTYPE_H
#define MPISHMEM_COLL_DTYPE_H

#include <mpi.h>
#include <stddef.h>

#include "../base/state.h"

#define MPISHMEM_COLL_CHUNK ((size_t)1 << 30)

/* `nelems` (at most MPISHMEM_COLL_CHUNK) elements of `elem_size` bytes, `stride` bytes apart,
 * as one committed item whose extent is `extent` bytes (item j of an alltoall starts at
 * j * extent). Free it with MPI_Type_free. */
MPISHMEM_INTERNAL MPI_Datatype mpishmem_coll_type_strided(size_t nelems, size_t elem_size,
                                                          MPI_Aint stride, MPI_Aint extent);

#endif
