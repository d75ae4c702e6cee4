/* mpishmem: combining reduction operands locally, as MPI_Reduce_local(in, inout, ...) does
 * (inout[i] = in[i] op inout[i]), for the datatypes and operators of the OpenSHMEM reduction
 * tables without calling MPI: MPICH's MPI_Reduce_local takes ~330 ns for a single long here,
 * more than a whole small node-local reduction. Other pairs go to MPI_Reduce_local. */
#ifndef MPISHMEM_COLL_COMBINE_H
#define MPISHMEM_COLL_COMBINE_H

#include <mpi.h>
#include <stddef.h>

#include "../base/state.h"

typedef void (*mpishmem_combine_fn)(const void *in, void *inout, size_t count);

struct mpishmem_combiner {
    mpishmem_combine_fn fn; /* NULL: MPI_Reduce_local */
    MPI_Datatype type;
    MPI_Op op;
};

MPISHMEM_INTERNAL struct mpishmem_combiner mpishmem_coll_combiner(MPI_Datatype type, MPI_Op op);

/* inout[i] = in[i] op inout[i] for i < count (count fits an int when fn is NULL). */
static inline void mpishmem_coll_combine(const struct mpishmem_combiner *c, const void *in,
                                         void *inout, size_t count)
{
    if (c->fn) c->fn(in, inout, count);
    else MPI_Reduce_local(in, inout, (int)count, c->type, c->op);
}

#endif
