/* Open MPI's osc/rdma, as far as the quirk table needs to know it (ompi_rdma_bitwise_amo.c). */
#ifndef MPISHMEM_OMPI_RDMA_BITWISE_AMO_H
#define MPISHMEM_OMPI_RDMA_BITWISE_AMO_H

#include "../../../base/state.h"

/* 1 unless Open MPI's control variables rule out osc/rdma's BTL atomics for every window
 * (osc excludes rdma, or osc_rdma_acc_use_amo is false). Call after MPI_Init. */
MPISHMEM_INTERNAL int mpishmem_ompi_rdma_btl_atomics_possible(void);

#endif
