/* mpishmem: the receiving side of batches (mpi_batch.h): applies the batches other PEs sent this
 * one, in order, and acknowledges each. */
#ifndef MPISHMEM_MPI_BATCH_SERVE_H
#define MPISHMEM_MPI_BATCH_SERVE_H

#include <stddef.h>

#include "../../base/state.h"

/* The communicator of batches and their acknowledgements (a duplicate of the world). */
extern MPISHMEM_INTERNAL MPI_Comm mpishmem_batch_comm;

/* Collective: makes the communicator and the receive buffer (`bytes`: the largest batch of any
 * PE); and frees them. */
MPISHMEM_INTERNAL void mpishmem_batch_serve_init(size_t bytes);
MPISHMEM_INTERNAL void mpishmem_batch_serve_fini(void);

/* Applies the batches that have arrived; returns how many (0 at once when batching is off). */
MPISHMEM_INTERNAL unsigned mpishmem_batch_serve(void);

#endif
