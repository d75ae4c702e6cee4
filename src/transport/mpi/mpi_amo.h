/* mpishmem: AMOs as MPI accumulate operations (MPI_Fetch_and_op, MPI_Compare_and_swap,
 * MPI_Accumulate) on the segment windows. In this mode every AMO of a multi-node job takes this
 * path, also to node peers and to oneself, because MPI makes accumulates atomic only with
 * respect to other accumulates. The windows' info tells MPI which operations are used. */
#ifndef MPISHMEM_MPI_AMO_H
#define MPISHMEM_MPI_AMO_H

#include <stddef.h>
#include <stdint.h>

#include "../../base/state.h"

/* The info every window is created with (MPI_INFO_NULL-free; caller frees). */
MPISHMEM_INTERNAL MPI_Info mpishmem_mpi_amo_win_info(void);

/* Decides, after MPI_Init, how AMOs go through MPI on the MPI loaded (quirk table). */
MPISHMEM_INTERNAL void mpishmem_mpi_amo_setup(void);

/* `kind` as in base/amo_op.h. Returns the old value for MPISHMEM_AMO_BLOCKING; for
 * MPISHMEM_AMO_NBI the old value lands in `result` (`size` bytes) when `c` is quieted. */
MPISHMEM_INTERNAL uint64_t mpishmem_mpi_amo(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                            size_t off, int op, size_t size, uint64_t operand,
                                            uint64_t compare, int pe, int kind, void *result);

/* mpishmem_mpi_amo's MPISHMEM_AMO_BLOCKING kind, without the arguments it does not use. */
MPISHMEM_INTERNAL uint64_t mpishmem_mpi_amo_blocking(struct mpishmem_ctx *c,
                                                     const struct mpishmem_seg *s, size_t off,
                                                     int op, size_t size, uint64_t operand,
                                                     uint64_t compare, int pe);

/* Whether a non-fetching AMO may be batched in the MPI mode (mpi_batch.h; its target applies
 * it with an MPI accumulate on itself): not where it needs the compare-and-swap loop of a
 * quirk. */
MPISHMEM_INTERNAL int mpishmem_mpi_amo_batchable(int op, size_t size);

#endif
