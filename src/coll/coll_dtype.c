#include "coll_dtype.h"

MPI_Datatype mpishmem_coll_type_strided(size_t nelems, size_t elem_size, MPI_Aint stride,
                                        MPI_Aint extent)
{
    MPI_Datatype elem = MPI_BYTE, raw, t;
    if (elem_size > 1) MPI_Type_contiguous((int)elem_size, MPI_BYTE, &elem);
    if (stride == (MPI_Aint)elem_size) MPI_Type_contiguous((int)nelems, elem, &raw);
    else MPI_Type_create_hvector((int)nelems, 1, stride, elem, &raw);
    if (elem_size > 1) MPI_Type_free(&elem);
    MPI_Type_create_resized(raw, 0, extent, &t);
    MPI_Type_free(&raw);
    MPI_Type_commit(&t);
    return t;
}
