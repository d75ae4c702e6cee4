/* Open MPI's osc/rdma, as far as the quirk table needs to know it (ompi_osc_rdma.c). */
#ifndef MPISHMEM_OMPI_OSC_RDMA_H
#define MPISHMEM_OMPI_OSC_RDMA_H

#include "../../base/state.h"

/* 1 unless Open MPI's control variables rule out osc/rdma's BTL atomics for every window
 * (osc excludes rdma, or osc_rdma_acc_use_amo is false). Call after MPI_Init. */
MPISHMEM_INTERNAL int mpishmem_ompi_rdma_btl_atomics_possible(void);

#endif
