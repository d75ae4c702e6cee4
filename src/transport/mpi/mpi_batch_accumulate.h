/* mpishmem: the batched AMOs a target applies in the MPI AMO mode (mpi_batch_serve.c), as
 * MPI_Accumulate on its own memory through the default context's AMO window, where every other
 * AMO on that memory goes (MPI makes accumulates atomic only with respect to each other). */
#ifndef MPISHMEM_MPI_BATCH_ACCUMULATE_H
#define MPISHMEM_MPI_BATCH_ACCUMULATE_H

#include <stddef.h>

#include "../../base/segment.h"

/* Applies AMO `op` of `size` bytes with the operand at `operand` (a record of the batch being
 * applied, which stays in place until mpishmem_batch_acc_complete) to `off` in `s`. It may be
 * issued later, together with the AMOs that follow it. */
MPISHMEM_INTERNAL void mpishmem_batch_acc(const struct mpishmem_seg *s, size_t off, int op,
                                          size_t size, const char *operand);
/* Issues what waits and completes every accumulate issued: before a put of the batch (which
 * must land after them) and at the batch's end. */
MPISHMEM_INTERNAL void mpishmem_batch_acc_complete(void);

#endif
