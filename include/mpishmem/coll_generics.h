/* mpishmem: C11 generic selections of the collective routines (included by shmem.h after
 * generics.h, whose MPISHMEM_SELECT and MPISHMEM_PICKn it uses). The typed routine is chosen by
 * the type `dest` points to. */
#ifndef MPISHMEM_COLL_GENERICS_H
#define MPISHMEM_COLL_GENERICS_H

/* shmem_sync(team) is shmem_team_sync; shmem_sync(PE_start, logPE_stride, PE_size, pSync) is
 * the deprecated active-set C function of the same name (inside its own expansion the macro's
 * name is not expanded again, so the 4-argument form calls the function). */
#define shmem_sync(...) MPISHMEM_PICK4(__VA_ARGS__, shmem_sync, ~, ~, shmem_team_sync, ~)(__VA_ARGS__)

/* The team comes first; selection on the argument after it. */
#define MPISHMEM_COLL_GENERIC(op, table, team, ...)                                       \
    MPISHMEM_SEL1(op, table, __VA_ARGS__)(team, __VA_ARGS__)

#define shmem_alltoall(...) MPISHMEM_COLL_GENERIC(alltoall, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_alltoalls(...) MPISHMEM_COLL_GENERIC(alltoalls, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_broadcast(...) MPISHMEM_COLL_GENERIC(broadcast, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_collect(...) MPISHMEM_COLL_GENERIC(collect, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_fcollect(...) MPISHMEM_COLL_GENERIC(fcollect, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)

/* The bitwise reductions' table holds int8_t..int64_t, which are signed and so never the same
 * C type as one of its BASE rows (all unsigned). */
#define MPISHMEM_REDUCE_BIT_GENERIC(X, A)                                                 \
    MPISHMEM_REDUCE_BIT_TYPES_BASE(X, A) X(int8_t, int8, A) X(int16_t, int16, A)          \
    X(int32_t, int32, A) X(int64_t, int64, A)
#define shmem_and_reduce(...) MPISHMEM_COLL_GENERIC(and_reduce, MPISHMEM_REDUCE_BIT_GENERIC, __VA_ARGS__)
#define shmem_or_reduce(...) MPISHMEM_COLL_GENERIC(or_reduce, MPISHMEM_REDUCE_BIT_GENERIC, __VA_ARGS__)
#define shmem_xor_reduce(...) MPISHMEM_COLL_GENERIC(xor_reduce, MPISHMEM_REDUCE_BIT_GENERIC, __VA_ARGS__)
#define shmem_max_reduce(...)                                                             \
    MPISHMEM_COLL_GENERIC(max_reduce, MPISHMEM_REDUCE_MINMAX_TYPES_BASE, __VA_ARGS__)
#define shmem_min_reduce(...)                                                             \
    MPISHMEM_COLL_GENERIC(min_reduce, MPISHMEM_REDUCE_MINMAX_TYPES_BASE, __VA_ARGS__)
#define shmem_sum_reduce(...)                                                             \
    MPISHMEM_COLL_GENERIC(sum_reduce, MPISHMEM_REDUCE_SUM_TYPES_BASE, __VA_ARGS__)
#define shmem_prod_reduce(...)                                                            \
    MPISHMEM_COLL_GENERIC(prod_reduce, MPISHMEM_REDUCE_SUM_TYPES_BASE, __VA_ARGS__)
#define shmem_sum_inscan(...)                                                             \
    MPISHMEM_COLL_GENERIC(sum_inscan, MPISHMEM_REDUCE_SUM_TYPES_BASE, __VA_ARGS__)
#define shmem_sum_exscan(...)                                                             \
    MPISHMEM_COLL_GENERIC(sum_exscan, MPISHMEM_REDUCE_SUM_TYPES_BASE, __VA_ARGS__)

#endif
