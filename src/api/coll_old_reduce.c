/* OpenSHMEM active-set reductions (deprecated in 1.5): shmem_<N>_<op>_to_all for the types of
 * the MPISHMEM_TO_ALL_* tables, mapped to the team reduction of src/coll/coll.h with the MPI
 * datatype and operator of the type and op (src/coll/coll_types.h). dest == source reduces in
 * place. pWrk and pSync are not used; pSync is checked under SHMEM_DEBUG and left untouched. */
#include "../coll/active_set.h"
#include "../coll/coll.h"
#include "../coll/coll_types.h"
#include "coll_old.h"

static void mpishmem_check_to_all(const char *routine, const void *dest, const void *source,
                         int nreduce, size_t size, const long *pSync)
{
    mpishmem_check_initialized(routine);
    mpishmem_check_psync(routine, pSync, SHMEM_REDUCE_SYNC_SIZE);
    mpishmem_check_symmetric(routine, dest, (size_t)nreduce * size, "dest");
    mpishmem_check_symmetric(routine, source, (size_t)nreduce * size, "source");
}

#define MPISHMEM_DEF_TO_ALL(T, N, OP)                                                     \
    MPISHMEM_API void pshmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce,   \
                                                 int PE_start, int logPE_stride,          \
                                                 int PE_size, T *pWrk, long *pSync)       \
    {                                                                                     \
        (void)pWrk;                                                                       \
        MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);                                          \
        if (MPISHMEM_UNLIKELY(nreduce < 0)) /* checked always: it would become a huge count */ \
            mpishmem_error(MPISHMEM_ROUTINE, "nreduce = %d is negative", nreduce);        \
        MPISHMEM_CHECK(to_all(MPISHMEM_ROUTINE, dest, source, nreduce, sizeof(T), pSync)); \
        struct mpishmem_team *t =                                                         \
            mpishmem_active_set(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size);       \
        if (nreduce == 0) return; /* on every PE: a no-op */                              \
        mpishmem_coll_reduce(t, dest, source, (size_t)nreduce, MPISHMEM_MPI_TYPE(N),      \
                             MPISHMEM_MPI_OP(OP));                                        \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_##OP##_to_all)
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DEF_TO_ALL, and)
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DEF_TO_ALL, or)
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DEF_TO_ALL, xor)
MPISHMEM_TO_ALL_MINMAX_TYPES(MPISHMEM_DEF_TO_ALL, max)
MPISHMEM_TO_ALL_MINMAX_TYPES(MPISHMEM_DEF_TO_ALL, min)
MPISHMEM_TO_ALL_SUM_TYPES(MPISHMEM_DEF_TO_ALL, sum)
MPISHMEM_TO_ALL_SUM_TYPES(MPISHMEM_DEF_TO_ALL, prod)
