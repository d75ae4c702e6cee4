#include "coll_dtype.h"

#include <limits.h>

/* `n` items of `elem`, `stride` bytes apart (any n: beyond an int, chunks of
 * MPISHMEM_COLL_MAX_COUNT items and a remainder, joined in a struct type). Not committed. */
static MPI_Datatype vector_of(size_t n, MPI_Datatype elem, MPI_Aint stride)
{
    MPI_Datatype t;
    if (n <= MPISHMEM_COLL_MAX_COUNT) {
        MPI_Type_create_hvector((int)n, 1, stride, elem, &t);
        return t;
    }
    size_t chunks = n / MPISHMEM_COLL_MAX_COUNT, rest = n % MPISHMEM_COLL_MAX_COUNT;
    MPI_Aint chunk_span = stride * (MPI_Aint)MPISHMEM_COLL_MAX_COUNT;
    MPI_Datatype chunk, body;
    MPI_Type_create_hvector((int)MPISHMEM_COLL_MAX_COUNT, 1, stride, elem, &chunk);
    MPI_Type_create_hvector((int)chunks, 1, chunk_span, chunk, &body);
    MPI_Type_free(&chunk);
    if (rest == 0) return body;
    MPI_Datatype tail = vector_of(rest, elem, stride);
    int lengths[2] = {1, 1};
    MPI_Aint disps[2] = {0, chunk_span * (MPI_Aint)chunks};
    MPI_Datatype types[2] = {body, tail};
    MPI_Type_create_struct(2, lengths, disps, types, &t);
    MPI_Type_free(&body);
    MPI_Type_free(&tail);
    return t;
}

static struct mpishmem_coll_dtype finish(MPI_Datatype raw, MPI_Aint extent)
{
    struct mpishmem_coll_dtype d = {.count = 1, .derived = 1};
    MPI_Type_create_resized(raw, 0, extent, &d.type);
    MPI_Type_free(&raw);
    MPI_Type_commit(&d.type);
    return d;
}

struct mpishmem_coll_dtype mpishmem_coll_dtype_bytes(size_t nbytes)
{
    if (nbytes <= INT_MAX) return (struct mpishmem_coll_dtype){(int)nbytes, MPI_BYTE, 0};
    return finish(vector_of(nbytes, MPI_BYTE, 1), (MPI_Aint)nbytes);
}

struct mpishmem_coll_dtype mpishmem_coll_dtype_strided(size_t nelems, size_t elem_size,
                                                       MPI_Aint stride, MPI_Aint extent)
{
    MPI_Datatype elem = MPI_BYTE;
    if (elem_size > 1) MPI_Type_contiguous((int)elem_size, MPI_BYTE, &elem);
    MPI_Datatype raw = vector_of(nelems, elem, stride);
    if (elem_size > 1) MPI_Type_free(&elem);
    return finish(raw, extent);
}

void mpishmem_coll_dtype_free(struct mpishmem_coll_dtype *d)
{
    if (d->derived) MPI_Type_free(&d->type);
    d->derived = 0;
}
