/* mpishmem: the MPI reduce operation of each AMO (base/amo_op.h), for MPI accumulates. */
#ifndef MPISHMEM_MPI_AMO_OP_H
#define MPISHMEM_MPI_AMO_OP_H

#include <mpi.h>

#include "../../base/amo_op.h"

static inline MPI_Op mpishmem_mpi_op(int op)
{
    switch (op) {
    case MPISHMEM_AMO_FETCH: return MPI_NO_OP;
    case MPISHMEM_AMO_ADD: return MPI_SUM;
    case MPISHMEM_AMO_AND: return MPI_BAND;
    case MPISHMEM_AMO_OR: return MPI_BOR;
    case MPISHMEM_AMO_XOR: return MPI_BXOR;
    default: return MPI_REPLACE; /* set, swap */
    }
}

#endif
