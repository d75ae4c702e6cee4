/* mpishmem: MPI datatypes for collectives whose sizes may exceed what an MPI `int` count holds.
 * Each buffer is described as `count` items of `type`; MPI_BYTE with count = bytes when that
 * fits, else a derived type (count 1) that the caller frees with mpishmem_coll_dtype_free. */
#ifndef MPISHMEM_COLL_DTYPE_H
#define MPISHMEM_COLL_DTYPE_H

#include <mpi.h>
#include <stddef.h>

#include "../core/state.h"

struct mpishmem_coll_dtype {
    int count;
    MPI_Datatype type;
    int derived; /* `type` was made here */
};

/* `nbytes` contiguous bytes; the extent of one item times `count` is nbytes. */
MPISHMEM_INTERNAL struct mpishmem_coll_dtype mpishmem_coll_dtype_bytes(size_t nbytes);

/* `nelems` elements of `elem_size` bytes, `stride` bytes apart, as one item whose extent is
 * `extent` bytes (so that item j of an alltoall starts at j * extent). */
MPISHMEM_INTERNAL struct mpishmem_coll_dtype
mpishmem_coll_dtype_strided(size_t nelems, size_t elem_size, MPI_Aint stride, MPI_Aint extent);

MPISHMEM_INTERNAL void mpishmem_coll_dtype_free(struct mpishmem_coll_dtype *d);

/* Largest element count given to one MPI call: larger requests are split. */
#define MPISHMEM_COLL_MAX_COUNT ((size_t)1 << 30)

#endif
