/* mpishmem: local combination of reduction operands (coll_combine.h), one loop per row of the
 * reduction type tables (include/mpishmem/type_tables.h) and operator, found by the row's MPI
 * datatype (src/coll/coll_types.h). Integer sums and products wrap modulo the type's width as
 * MPI's do: they are computed in uintmax_t, so no signed overflow (undefined in C) and no
 * promotion of narrow types to int occurs. */
#include "coll_combine.h"

#include <complex.h>
#include <stdint.h>

#include "mpishmem/type_tables.h"
#include "coll_types.h"

/* Whether T is an integer type (its sums and products wrap). */
#define IS_INT(T)                                                                         \
    _Generic((T)0, float: 0, double: 0, long double: 0, float _Complex: 0,                \
             double _Complex: 0, default: 1)
#define WRAP_SUM(T, a, b) (IS_INT(T) ? (T)((uintmax_t)(a) + (uintmax_t)(b)) : (T)((a) + (b)))
#define WRAP_PROD(T, a, b) (IS_INT(T) ? (T)((uintmax_t)(a) * (uintmax_t)(b)) : (T)((a) * (b)))

#define LOOP(NAME, T, EXPR)                                                               \
    static void NAME(const void *in_, void *io_, size_t n)                                \
    {                                                                                     \
        const T *in = in_;                                                                \
        T *io = io_;                                                                      \
        for (size_t i = 0; i < n; i++) {                                                  \
            T a = in[i], b = io[i];                                                       \
            io[i] = (EXPR);                                                               \
        }                                                                                 \
    }
#define DEF_SUM(T, N, _)                                                                  \
    LOOP(sum_##N, T, WRAP_SUM(T, a, b)) LOOP(prod_##N, T, WRAP_PROD(T, a, b))
#define DEF_MINMAX(T, N, _) LOOP(max_##N, T, a > b ? a : b) LOOP(min_##N, T, a < b ? a : b)
#define DEF_BIT(T, N, _)                                                                  \
    LOOP(band_##N, T, (T)(a & b)) LOOP(bor_##N, T, (T)(a | b)) LOOP(bxor_##N, T, (T)(a ^ b))
MPISHMEM_REDUCE_SUM_TYPES(DEF_SUM, _)
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_MINMAX, _)
MPISHMEM_REDUCE_BIT_TYPES(DEF_BIT, _)
MPISHMEM_TO_ALL_BIT_TYPES(DEF_BIT, _) /* the deprecated _to_all: signed types too */

/* The loop of `op` for the first row whose MPI datatype is `type`, else NULL. */
#define FIND(T, N, OP)                                                                    \
    if (type == MPISHMEM_MPI_TYPE(N)) return OP##_##N;
#define FIND_BIT(OP) MPISHMEM_REDUCE_BIT_TYPES(FIND, OP) MPISHMEM_TO_ALL_BIT_TYPES(FIND, OP)
static mpishmem_combine_fn find(MPI_Datatype type, MPI_Op op)
{
    if (op == MPI_SUM) {
        MPISHMEM_REDUCE_SUM_TYPES(FIND, sum)
    } else if (op == MPI_PROD) {
        MPISHMEM_REDUCE_SUM_TYPES(FIND, prod)
    } else if (op == MPI_MAX) {
        MPISHMEM_REDUCE_MINMAX_TYPES(FIND, max)
    } else if (op == MPI_MIN) {
        MPISHMEM_REDUCE_MINMAX_TYPES(FIND, min)
    } else if (op == MPI_BAND) {
        FIND_BIT(band)
    } else if (op == MPI_BOR) {
        FIND_BIT(bor)
    } else if (op == MPI_BXOR) {
        FIND_BIT(bxor)
    }
    return NULL;
}

struct mpishmem_combiner mpishmem_coll_combiner(MPI_Datatype type, MPI_Op op)
{
    return (struct mpishmem_combiner){find(type, op), type, op};
}
