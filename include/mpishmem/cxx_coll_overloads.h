/* mpishmem: C++ overloads of the generic team collectives (the C11 selections of
 * mpishmem/coll_generics.h), included by shmem.h after mpishmem/cxx_overloads.h, whose
 * MPISHMEM_CXX_ONE it uses. One overload per BASE row of the same type tables, chosen by the
 * type `dest` points to. */
#ifndef MPISHMEM_CXX_COLL_OVERLOADS_H
#define MPISHMEM_CXX_COLL_OVERLOADS_H

/* shmem_sync(team) is shmem_team_sync; the 4-argument shmem_sync is the deprecated
 * active-set C routine. */
inline int shmem_sync(shmem_team_t team) { return shmem_team_sync(team); }

#define MPISHMEM_CXX_COLL_N(T, N, op)                                                      \
    MPISHMEM_CXX_ONE(int, op, N, (shmem_team_t team, T * dest, const T *source, size_t nelems), \
                     (team, dest, source, nelems))
#define MPISHMEM_CXX_COLL_DATA(T, N, _)                                                    \
    MPISHMEM_CXX_COLL_N(T, N, alltoall) MPISHMEM_CXX_COLL_N(T, N, collect)                 \
    MPISHMEM_CXX_COLL_N(T, N, fcollect)                                                    \
    MPISHMEM_CXX_ONE(int, alltoalls, N,                                                    \
                     (shmem_team_t team, T * dest, const T *source, ptrdiff_t dst,         \
                      ptrdiff_t sst, size_t nelems),                                       \
                     (team, dest, source, dst, sst, nelems))                               \
    MPISHMEM_CXX_ONE(int, broadcast, N,                                                    \
                     (shmem_team_t team, T * dest, const T *source, size_t nelems,         \
                      int PE_root),                                                        \
                     (team, dest, source, nelems, PE_root))
MPISHMEM_RMA_TYPES_BASE(MPISHMEM_CXX_COLL_DATA, _)

/* Reductions and scans: shmem_<op>_reduce(team, dest, source, nreduce) calls
 * shmem_<N>_<op>_reduce (MPISHMEM_CXX_ONE pastes N and the op name). */
#define MPISHMEM_CXX_REDUCE(T, N, OP) MPISHMEM_CXX_COLL_N(T, N, OP##_reduce)
#define MPISHMEM_CXX_SCANS(T, N, _)                                                        \
    MPISHMEM_CXX_COLL_N(T, N, sum_inscan) MPISHMEM_CXX_COLL_N(T, N, sum_exscan)
/* The bitwise rows: the unsigned BASE types plus int8_t..int64_t, which are signed and so
 * never one of them (as in coll_generics.h). */
#define MPISHMEM_CXX_REDUCE_BIT_TYPES(X, A)                                                \
    MPISHMEM_REDUCE_BIT_TYPES_BASE(X, A) X(int8_t, int8, A) X(int16_t, int16, A)           \
    X(int32_t, int32, A) X(int64_t, int64, A)
MPISHMEM_CXX_REDUCE_BIT_TYPES(MPISHMEM_CXX_REDUCE, and)
MPISHMEM_CXX_REDUCE_BIT_TYPES(MPISHMEM_CXX_REDUCE, or)
MPISHMEM_CXX_REDUCE_BIT_TYPES(MPISHMEM_CXX_REDUCE, xor)
MPISHMEM_REDUCE_MINMAX_TYPES_BASE(MPISHMEM_CXX_REDUCE, max)
MPISHMEM_REDUCE_MINMAX_TYPES_BASE(MPISHMEM_CXX_REDUCE, min)
MPISHMEM_REDUCE_SUM_TYPES_BASE(MPISHMEM_CXX_REDUCE, sum)
MPISHMEM_REDUCE_SUM_TYPES_BASE(MPISHMEM_CXX_REDUCE, prod)
MPISHMEM_REDUCE_SUM_TYPES_BASE(MPISHMEM_CXX_SCANS, _)

#undef MPISHMEM_CXX_COLL_N
#undef MPISHMEM_CXX_COLL_DATA
#undef MPISHMEM_CXX_REDUCE
#undef MPISHMEM_CXX_SCANS
#undef MPISHMEM_CXX_REDUCE_BIT_TYPES

#endif
