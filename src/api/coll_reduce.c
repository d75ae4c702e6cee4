/* OpenSHMEM team-based reductions (shmem_<N>_<op>_reduce, for the types of the spec's
 * teamreducetypes table) and 1.6 prefix sums (shmem_<N>_sum_inscan / sum_exscan, its SUM
 * column), mapped onto MPI types and operators (src/coll/coll_types.h). dest == source runs in
 * place; otherwise they must not overlap. */
#include "../coll/coll.h"
#include "../coll/coll_types.h"
#include "api.h"
#include "coll_check.h"

enum { REDUCE, INSCAN, EXSCAN };

static int reduce(const char *routine, struct mpishmem_team *t, void *dest, const void *source,
                  size_t count, size_t size, MPI_Datatype type, MPI_Op op, int kind)
{
    MPISHMEM_REQUIRE_INIT(routine);
    mpishmem_bytes(routine, count, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        mpishmem_check_symmetric(routine, dest, count * size, "dest");
        mpishmem_check_symmetric(routine, source, count * size, "source");
        mpishmem_check_coll_disjoint(routine, dest, count * size, source, count * size, 1);
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    if (count == 0) return 0; /* every PE passes 0: a no-op everywhere, NULL buffers too */
    if (kind == REDUCE) mpishmem_coll_reduce(t, dest, source, count, type, op);
    else mpishmem_coll_scan(t, dest, source, count, type, op, kind == EXSCAN);
    return 0;
}

#define MPISHMEM_DEF_REDUCE(T, N, OP)                                                     \
    MPISHMEM_API int pshmem_##N##_##OP##_reduce(shmem_team_t team, T *dest,               \
                                                const T *source, size_t nreduce)          \
    {                                                                                     \
        return reduce(MPISHMEM_ROUTINE, team, dest, source, nreduce, sizeof(T),           \
                      MPISHMEM_MPI_TYPE(N), MPISHMEM_MPI_OP(OP), REDUCE);                 \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_##OP##_reduce)
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DEF_REDUCE, and)
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DEF_REDUCE, or)
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DEF_REDUCE, xor)
MPISHMEM_REDUCE_MINMAX_TYPES(MPISHMEM_DEF_REDUCE, max)
MPISHMEM_REDUCE_MINMAX_TYPES(MPISHMEM_DEF_REDUCE, min)
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DEF_REDUCE, sum)
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DEF_REDUCE, prod)

#define MPISHMEM_DEF_SCAN(T, N, _)                                                        \
    MPISHMEM_API int pshmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source, \
                                             size_t nelems)                               \
    {                                                                                     \
        return reduce(MPISHMEM_ROUTINE, team, dest, source, nelems, sizeof(T),            \
                      MPISHMEM_MPI_TYPE(N), MPI_SUM, INSCAN);                             \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_sum_inscan)                                                \
    MPISHMEM_API int pshmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source, \
                                             size_t nelems)                               \
    {                                                                                     \
        return reduce(MPISHMEM_ROUTINE, team, dest, source, nelems, sizeof(T),            \
                      MPISHMEM_MPI_TYPE(N), MPI_SUM, EXSCAN);                             \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_sum_exscan)
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DEF_SCAN, _)
