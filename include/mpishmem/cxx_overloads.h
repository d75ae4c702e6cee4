/* mpishmem: C++ overloads of the OpenSHMEM generic routines (RMA, AMO, signaling and
 * point-to-point synchronization). In C these names are C11 generic selections
 * (mpishmem/generics.h); C++ has no _Generic, so shmem.h includes this header instead and each
 * generic name becomes a set of inline overloads, one per row of the same type tables
 * (mpishmem/type_tables.h), each calling the typed C routine, plus the shmem_ctx_ twin taking
 * the context first. Only the BASE rows are used: they are distinct C++ types, while the ALIAS
 * rows (int32_t, size_t, ...) are typedefs of them and are covered by the same overloads.
 * The collectives' overloads are in mpishmem/cxx_coll_overloads.h. */
#ifndef MPISHMEM_CXX_OVERLOADS_H
#define MPISHMEM_CXX_OVERLOADS_H

#define MPISHMEM_CXX_UNPAREN(...) __VA_ARGS__

/* shmem_<op>(params) calling shmem_<N>_<op>(args). `params` and `args` are parenthesized
 * lists. `return` of a void call is valid C++, so one form serves every return type. */
#define MPISHMEM_CXX_ONE(ret, op, N, params, args)                                         \
    inline ret shmem_##op params { return shmem_##N##_##op args; }
/* The same and its context twin: shmem_<op>(ctx, params) calling shmem_ctx_<N>_<op>. */
#define MPISHMEM_CXX_PAIR(ret, op, N, params, args)                                        \
    MPISHMEM_CXX_ONE(ret, op, N, params, args)                                             \
    inline ret shmem_##op(shmem_ctx_t ctx, MPISHMEM_CXX_UNPAREN params)                    \
    {                                                                                      \
        return shmem_ctx_##N##_##op(ctx, MPISHMEM_CXX_UNPAREN args);                       \
    }

/* ---- RMA: put, get, their nbi forms, p, g, strided and blocked-strided ------------------ */
#define MPISHMEM_CXX_RMA_CONTIG(T, N, op)                                                  \
    MPISHMEM_CXX_PAIR(void, op, N, (T * dest, const T *source, size_t nelems, int pe),    \
                      (dest, source, nelems, pe))
#define MPISHMEM_CXX_RMA_STRIDED(T, N, op)                                                 \
    MPISHMEM_CXX_PAIR(void, op, N,                                                         \
                      (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,            \
                       size_t nelems, int pe),                                             \
                      (dest, source, dst, sst, nelems, pe))
#define MPISHMEM_CXX_RMA_BLOCKED(T, N, op)                                                 \
    MPISHMEM_CXX_PAIR(void, op, N,                                                         \
                      (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,            \
                       size_t bsize, size_t nblocks, int pe),                              \
                      (dest, source, dst, sst, bsize, nblocks, pe))
#define MPISHMEM_CXX_RMA(T, N, _)                                                          \
    MPISHMEM_CXX_RMA_CONTIG(T, N, put) MPISHMEM_CXX_RMA_CONTIG(T, N, get)                  \
    MPISHMEM_CXX_RMA_CONTIG(T, N, put_nbi) MPISHMEM_CXX_RMA_CONTIG(T, N, get_nbi)          \
    MPISHMEM_CXX_PAIR(void, p, N, (T * dest, T value, int pe), (dest, value, pe))          \
    MPISHMEM_CXX_PAIR(T, g, N, (const T *source, int pe), (source, pe))                    \
    MPISHMEM_CXX_RMA_STRIDED(T, N, iput) MPISHMEM_CXX_RMA_STRIDED(T, N, iget)              \
    MPISHMEM_CXX_RMA_BLOCKED(T, N, ibput) MPISHMEM_CXX_RMA_BLOCKED(T, N, ibget)
MPISHMEM_RMA_TYPES_BASE(MPISHMEM_CXX_RMA, _)

/* ---- Atomic memory operations ----------------------------------------------------------- */
#define MPISHMEM_CXX_AMO_EXT(T, N, _)                                                      \
    MPISHMEM_CXX_PAIR(T, atomic_fetch, N, (const T *source, int pe), (source, pe))        \
    MPISHMEM_CXX_PAIR(void, atomic_set, N, (T * dest, T value, int pe), (dest, value, pe)) \
    MPISHMEM_CXX_PAIR(T, atomic_swap, N, (T * dest, T value, int pe), (dest, value, pe))   \
    MPISHMEM_CXX_PAIR(void, atomic_fetch_nbi, N, (T * fetch, const T *source, int pe),    \
                      (fetch, source, pe))                                                 \
    MPISHMEM_CXX_PAIR(void, atomic_swap_nbi, N, (T * fetch, T * dest, T value, int pe),   \
                      (fetch, dest, value, pe))
MPISHMEM_AMO_EXT_TYPES_BASE(MPISHMEM_CXX_AMO_EXT, _)

#define MPISHMEM_CXX_AMO_STD(T, N, _)                                                      \
    MPISHMEM_CXX_PAIR(T, atomic_compare_swap, N, (T * dest, T cond, T value, int pe),     \
                      (dest, cond, value, pe))                                             \
    MPISHMEM_CXX_PAIR(T, atomic_fetch_inc, N, (T * dest, int pe), (dest, pe))             \
    MPISHMEM_CXX_PAIR(void, atomic_inc, N, (T * dest, int pe), (dest, pe))                 \
    MPISHMEM_CXX_PAIR(T, atomic_fetch_add, N, (T * dest, T value, int pe),                \
                      (dest, value, pe))                                                   \
    MPISHMEM_CXX_PAIR(void, atomic_add, N, (T * dest, T value, int pe), (dest, value, pe)) \
    MPISHMEM_CXX_PAIR(void, atomic_compare_swap_nbi, N,                                    \
                      (T * fetch, T * dest, T cond, T value, int pe),                      \
                      (fetch, dest, cond, value, pe))                                      \
    MPISHMEM_CXX_PAIR(void, atomic_fetch_inc_nbi, N, (T * fetch, T * dest, int pe),       \
                      (fetch, dest, pe))                                                   \
    MPISHMEM_CXX_PAIR(void, atomic_fetch_add_nbi, N, (T * fetch, T * dest, T value, int pe), \
                      (fetch, dest, value, pe))
MPISHMEM_AMO_STD_TYPES_BASE(MPISHMEM_CXX_AMO_STD, _)

#define MPISHMEM_CXX_AMO_BIT(T, N, OP)                                                     \
    MPISHMEM_CXX_PAIR(T, atomic_fetch_##OP, N, (T * dest, T value, int pe),               \
                      (dest, value, pe))                                                   \
    MPISHMEM_CXX_PAIR(void, atomic_##OP, N, (T * dest, T value, int pe), (dest, value, pe)) \
    MPISHMEM_CXX_PAIR(void, atomic_fetch_##OP##_nbi, N,                                    \
                      (T * fetch, T * dest, T value, int pe), (fetch, dest, value, pe))
/* The generic rows: the unsigned BASE types plus int32_t and int64_t (type_tables.h). */
MPISHMEM_AMO_BIT_TYPES_GENERIC(MPISHMEM_CXX_AMO_BIT, and)
MPISHMEM_AMO_BIT_TYPES_GENERIC(MPISHMEM_CXX_AMO_BIT, or)
MPISHMEM_AMO_BIT_TYPES_GENERIC(MPISHMEM_CXX_AMO_BIT, xor)

/* Deprecated AMO generics (no context forms). */
#define MPISHMEM_CXX_OLD_AMO_EXT(T, N, _)                                                  \
    MPISHMEM_CXX_ONE(T, fetch, N, (const T *target, int pe), (target, pe))                \
    MPISHMEM_CXX_ONE(void, set, N, (T * target, T value, int pe), (target, value, pe))    \
    MPISHMEM_CXX_ONE(T, swap, N, (T * target, T value, int pe), (target, value, pe))
MPISHMEM_OLD_AMO_EXT_TYPES(MPISHMEM_CXX_OLD_AMO_EXT, _)
#define MPISHMEM_CXX_OLD_AMO_STD(T, N, _)                                                  \
    MPISHMEM_CXX_ONE(T, cswap, N, (T * target, T cond, T value, int pe),                  \
                     (target, cond, value, pe))                                            \
    MPISHMEM_CXX_ONE(T, finc, N, (T * target, int pe), (target, pe))                      \
    MPISHMEM_CXX_ONE(void, inc, N, (T * target, int pe), (target, pe))                    \
    MPISHMEM_CXX_ONE(T, fadd, N, (T * target, T value, int pe), (target, value, pe))      \
    MPISHMEM_CXX_ONE(void, add, N, (T * target, T value, int pe), (target, value, pe))
MPISHMEM_OLD_AMO_STD_TYPES(MPISHMEM_CXX_OLD_AMO_STD, _)

/* ---- Signaling -------------------------------------------------------------------------- */
#define MPISHMEM_CXX_SIGNAL(T, N, op)                                                      \
    MPISHMEM_CXX_PAIR(void, op, N,                                                         \
                      (T * dest, const T *source, size_t nelems, uint64_t *sig_addr,       \
                       uint64_t signal, int sig_op, int pe),                               \
                      (dest, source, nelems, sig_addr, signal, sig_op, pe))
MPISHMEM_RMA_TYPES_BASE(MPISHMEM_CXX_SIGNAL, put_signal)
MPISHMEM_RMA_TYPES_BASE(MPISHMEM_CXX_SIGNAL, put_signal_nbi)
/* 1.6 makes only the context forms of signal_add/set generic; the plain ones are C routines. */
inline void shmem_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    shmem_ctx_signal_add(ctx, sig_addr, signal, pe);
}
inline void shmem_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    shmem_ctx_signal_set(ctx, sig_addr, signal, pe);
}

/* ---- Point-to-point synchronization ----------------------------------------------------- */
#define MPISHMEM_CXX_P2P_SET(T, N, _)                                                      \
    MPISHMEM_CXX_ONE(void, wait_until_all, N,                                              \
                     (T * ivars, size_t nelems, const int *status, int cmp, T cmp_value),  \
                     (ivars, nelems, status, cmp, cmp_value))                              \
    MPISHMEM_CXX_ONE(size_t, wait_until_any, N,                                            \
                     (T * ivars, size_t nelems, const int *status, int cmp, T cmp_value),  \
                     (ivars, nelems, status, cmp, cmp_value))                              \
    MPISHMEM_CXX_ONE(size_t, wait_until_some, N,                                           \
                     (T * ivars, size_t nelems, size_t *indices, const int *status,        \
                      int cmp, T cmp_value),                                               \
                     (ivars, nelems, indices, status, cmp, cmp_value))                     \
    MPISHMEM_CXX_ONE(void, wait_until_all_vector, N,                                       \
                     (T * ivars, size_t nelems, const int *status, int cmp,                \
                      const T *cmp_values),                                                \
                     (ivars, nelems, status, cmp, cmp_values))                             \
    MPISHMEM_CXX_ONE(size_t, wait_until_any_vector, N,                                     \
                     (T * ivars, size_t nelems, const int *status, int cmp,                \
                      const T *cmp_values),                                                \
                     (ivars, nelems, status, cmp, cmp_values))                             \
    MPISHMEM_CXX_ONE(size_t, wait_until_some_vector, N,                                    \
                     (T * ivars, size_t nelems, size_t *indices, const int *status,        \
                      int cmp, const T *cmp_values),                                       \
                     (ivars, nelems, indices, status, cmp, cmp_values))                    \
    MPISHMEM_CXX_ONE(int, test_all, N,                                                     \
                     (T * ivars, size_t nelems, const int *status, int cmp, T cmp_value),  \
                     (ivars, nelems, status, cmp, cmp_value))                              \
    MPISHMEM_CXX_ONE(size_t, test_any, N,                                                  \
                     (T * ivars, size_t nelems, const int *status, int cmp, T cmp_value),  \
                     (ivars, nelems, status, cmp, cmp_value))                              \
    MPISHMEM_CXX_ONE(size_t, test_some, N,                                                 \
                     (T * ivars, size_t nelems, size_t *indices, const int *status,        \
                      int cmp, T cmp_value),                                               \
                     (ivars, nelems, indices, status, cmp, cmp_value))                     \
    MPISHMEM_CXX_ONE(int, test_all_vector, N,                                              \
                     (T * ivars, size_t nelems, const int *status, int cmp,                \
                      const T *cmp_values),                                                \
                     (ivars, nelems, status, cmp, cmp_values))                             \
    MPISHMEM_CXX_ONE(size_t, test_any_vector, N,                                           \
                     (T * ivars, size_t nelems, const int *status, int cmp,                \
                      const T *cmp_values),                                                \
                     (ivars, nelems, status, cmp, cmp_values))                             \
    MPISHMEM_CXX_ONE(size_t, test_some_vector, N,                                          \
                     (T * ivars, size_t nelems, size_t *indices, const int *status,        \
                      int cmp, const T *cmp_values),                                       \
                     (ivars, nelems, indices, status, cmp, cmp_values))
MPISHMEM_AMO_STD_TYPES_BASE(MPISHMEM_CXX_P2P_SET, _)

#define MPISHMEM_CXX_TEST(T, N, _)                                                         \
    MPISHMEM_CXX_ONE(int, test, N, (T * ivar, int cmp, T cmp_value), (ivar, cmp, cmp_value))
MPISHMEM_AMO_STD_TYPES_BASE(MPISHMEM_CXX_TEST, _)
MPISHMEM_P2P_OLD_TYPES(MPISHMEM_CXX_TEST, _)

/* shmem_wait_until(long *, int, long) is already a C routine (the untyped one deprecated in
 * 1.4, which waits exactly as shmem_long_wait_until does), and an overload with the same
 * parameters would clash with it: every row but `long` gets an overload. */
#define MPISHMEM_CXX_WAIT_UNTIL(T, N, _)                                                   \
    MPISHMEM_CXX_ONE(void, wait_until, N, (T * ivar, int cmp, T cmp_value),               \
                     (ivar, cmp, cmp_value))
#define MPISHMEM_CXX_WAIT_UNTIL_TYPES(X, A)                                                \
    X(int, int, A) X(long long, longlong, A) X(unsigned int, uint, A)                     \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)                         \
    MPISHMEM_P2P_OLD_TYPES(X, A)
MPISHMEM_CXX_WAIT_UNTIL_TYPES(MPISHMEM_CXX_WAIT_UNTIL, _)

#undef MPISHMEM_CXX_RMA_CONTIG
#undef MPISHMEM_CXX_RMA_STRIDED
#undef MPISHMEM_CXX_RMA_BLOCKED
#undef MPISHMEM_CXX_RMA
#undef MPISHMEM_CXX_AMO_EXT
#undef MPISHMEM_CXX_AMO_STD
#undef MPISHMEM_CXX_AMO_BIT
#undef MPISHMEM_CXX_OLD_AMO_EXT
#undef MPISHMEM_CXX_OLD_AMO_STD
#undef MPISHMEM_CXX_SIGNAL
#undef MPISHMEM_CXX_P2P_SET
#undef MPISHMEM_CXX_TEST
#undef MPISHMEM_CXX_WAIT_UNTIL
#undef MPISHMEM_CXX_WAIT_UNTIL_TYPES

#endif
