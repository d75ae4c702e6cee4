/* OpenSHMEM atomic memory operations: every typed AMO with its shmem_ctx_ twin, the
 * nonblocking fetching forms and the deprecated names. Each body tries the inline fast path
 * (a CPU atomic on a heap that this PE maps, core/amo.h) and otherwise hands (op, size,
 * operand bits) to the general path, which checks arguments under SHMEM_DEBUG. */
#include "../core/amo.h"
#include "../core/progress.h"
#include "api.h"

/* CPU atomics on any AMO type, floating types included (the generic __atomic forms). */
#define MPISHMEM_LOCAL_TYPED(T, N, _)                                                     \
    static inline __attribute__((always_inline)) T N##_load(T *a)                         \
    {                                                                                     \
        T v;                                                                              \
        __atomic_load(a, &v, __ATOMIC_ACQUIRE);                                           \
        return v;                                                                         \
    }                                                                                     \
    static inline __attribute__((always_inline)) void N##_store(T *a, T v)                \
    {                                                                                     \
        __atomic_store(a, &v, __ATOMIC_RELEASE);                                          \
    }                                                                                     \
    static inline __attribute__((always_inline)) T N##_exchange(T *a, T v)                \
    {                                                                                     \
        T r;                                                                              \
        __atomic_exchange(a, &v, &r, __ATOMIC_SEQ_CST);                                   \
        return r;                                                                         \
    }                                                                                     \
    /* unused for float and double, which have no compare-and-swap routine */             \
    static inline __attribute__((always_inline, unused)) T N##_cas(T *a, T cond, T v)     \
    {                                                                                     \
        __atomic_compare_exchange(a, &cond, &v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);   \
        return cond;                                                                      \
    }
MPISHMEM_AMO_EXT_TYPES(MPISHMEM_LOCAL_TYPED, _)

#define BITS(T, x) mpishmem_amo_bits(&(T){x}, sizeof(T))

/* The general path with the old value returned as T. */
#define GENERAL_FETCH(T, op, dest, operand, compare)                                      \
    T r_;                                                                                 \
    mpishmem_amo_unbits(&r_,                                                              \
                        mpishmem_amo_fetch(C, MPISHMEM_ROUTINE, op, sizeof(T),            \
                                           (void *)(dest), BITS(T, operand),              \
                                           BITS(T, compare), PE),                         \
                        sizeof(T));                                                       \
    return r_;
#define GENERAL(T, op, kind, dest, operand, compare, result)                              \
    mpishmem_amo_general(C, MPISHMEM_ROUTINE, op, sizeof(T), (void *)(dest),              \
                         BITS(T, operand), BITS(T, compare), PE, kind, result);

/* Bodies: `local` uses `a_`, the load/store address of the target object. */
#define BODY_FETCHING(T, op, dest, operand, compare, local)                               \
    T *a_ = mpishmem_amo_fast_addr(dest, PE);                                             \
    if (MPISHMEM_LIKELY(a_ != NULL)) return local;                                        \
    GENERAL_FETCH(T, op, dest, operand, compare)
#define BODY_NONFETCHING(T, op, dest, operand, local)                                     \
    T *a_ = mpishmem_amo_fast_addr(dest, PE);                                             \
    if (MPISHMEM_LIKELY(a_ != NULL)) {                                                    \
        local;                                                                            \
        return;                                                                           \
    }                                                                                     \
    GENERAL(T, op, MPISHMEM_AMO_NONFETCHING, dest, operand, 0, NULL)
#define BODY_NBI(T, op, dest, operand, compare, local)                                    \
    T *a_ = mpishmem_amo_fast_addr(dest, PE);                                             \
    if (MPISHMEM_LIKELY(a_ != NULL)) {                                                    \
        *fetch = local;                                                                   \
        return;                                                                           \
    }                                                                                     \
    GENERAL(T, op, MPISHMEM_AMO_NBI, dest, operand, compare, fetch)

#define SEQ __ATOMIC_SEQ_CST

/* ---- fetch, set, swap (extended types) ---- */
/* A fetch notes its location: programs poll flags with it (core/progress.h). */
#define DEF_FETCH(DEF, T, N, name)                                                        \
    DEF(T, name, (const T *source, int pe),                                               \
        BODY_FETCHING(T, MPISHMEM_AMO_FETCH, source, 0, 0,                                \
                      (mpishmem_progress_fetch_seen(a_), N##_load(a_))))
#define DEF_SET(DEF, T, N, name)                                                          \
    DEF(void, name, (T * dest, T value, int pe),                                          \
        BODY_NONFETCHING(T, MPISHMEM_AMO_SET, dest, value,                                \
                         N##_store(a_, value);                                            \
                         mpishmem_pending_mark(C, MPISHMEM_PENDING_LOCAL)))
#define DEF_SWAP(DEF, T, N, name)                                                         \
    DEF(T, name, (T * dest, T value, int pe),                                             \
        BODY_FETCHING(T, MPISHMEM_AMO_SWAP, dest, value, 0, N##_exchange(a_, value)))
#define MPISHMEM_DEF_AMO_EXT(T, N, _)                                                     \
    DEF_FETCH(MPISHMEM_DEF_CTX, T, N, N##_atomic_fetch)                                   \
    DEF_SET(MPISHMEM_DEF_CTX, T, N, N##_atomic_set)                                       \
    DEF_SWAP(MPISHMEM_DEF_CTX, T, N, N##_atomic_swap)                                     \
    MPISHMEM_DEF_CTX(void, N##_atomic_fetch_nbi, (T * fetch, const T *source, int pe),    \
                     BODY_NBI(T, MPISHMEM_AMO_FETCH, source, 0, 0, N##_load(a_)))         \
    MPISHMEM_DEF_CTX(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value, int pe),   \
                     BODY_NBI(T, MPISHMEM_AMO_SWAP, dest, value, 0, N##_exchange(a_, value)))
MPISHMEM_AMO_EXT_TYPES(MPISHMEM_DEF_AMO_EXT, _)

/* ---- compare_swap, fetch_inc, inc, fetch_add, add (standard types) ---- */
#define DEF_CSWAP(DEF, T, N, name)                                                        \
    DEF(T, name, (T * dest, T cond, T value, int pe),                                     \
        BODY_FETCHING(T, MPISHMEM_AMO_CSWAP, dest, value, cond, N##_cas(a_, cond, value)))
#define DEF_FINC(DEF, T, N, name)                                                         \
    DEF(T, name, (T * dest, int pe),                                                      \
        BODY_FETCHING(T, MPISHMEM_AMO_ADD, dest, 1, 0, __atomic_fetch_add(a_, 1, SEQ)))
#define DEF_INC(DEF, T, N, name)                                                          \
    DEF(void, name, (T * dest, int pe),                                                   \
        BODY_NONFETCHING(T, MPISHMEM_AMO_ADD, dest, 1, __atomic_fetch_add(a_, 1, SEQ)))
#define DEF_FADD(DEF, T, N, name)                                                         \
    DEF(T, name, (T * dest, T value, int pe),                                             \
        BODY_FETCHING(T, MPISHMEM_AMO_ADD, dest, value, 0,                                \
                      __atomic_fetch_add(a_, value, SEQ)))
#define DEF_ADD(DEF, T, N, name)                                                          \
    DEF(void, name, (T * dest, T value, int pe),                                          \
        BODY_NONFETCHING(T, MPISHMEM_AMO_ADD, dest, value, __atomic_fetch_add(a_, value, SEQ)))
#define MPISHMEM_DEF_AMO_STD(T, N, _)                                                     \
    DEF_CSWAP(MPISHMEM_DEF_CTX, T, N, N##_atomic_compare_swap)                            \
    DEF_FINC(MPISHMEM_DEF_CTX, T, N, N##_atomic_fetch_inc)                                \
    DEF_INC(MPISHMEM_DEF_CTX, T, N, N##_atomic_inc)                                       \
    DEF_FADD(MPISHMEM_DEF_CTX, T, N, N##_atomic_fetch_add)                                \
    DEF_ADD(MPISHMEM_DEF_CTX, T, N, N##_atomic_add)                                       \
    MPISHMEM_DEF_CTX(void, N##_atomic_compare_swap_nbi,                                   \
                     (T * fetch, T * dest, T cond, T value, int pe),                      \
                     BODY_NBI(T, MPISHMEM_AMO_CSWAP, dest, value, cond,                   \
                              N##_cas(a_, cond, value)))                                  \
    MPISHMEM_DEF_CTX(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest, int pe),       \
                     BODY_NBI(T, MPISHMEM_AMO_ADD, dest, 1, 0, __atomic_fetch_add(a_, 1, SEQ))) \
    MPISHMEM_DEF_CTX(void, N##_atomic_fetch_add_nbi, (T * fetch, T * dest, T value, int pe), \
                     BODY_NBI(T, MPISHMEM_AMO_ADD, dest, value, 0,                        \
                              __atomic_fetch_add(a_, value, SEQ)))
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DEF_AMO_STD, _)

/* ---- and, or, xor (bitwise types) ---- */
#define MPISHMEM_DEF_AMO_BIT(T, N, OP, CODE)                                              \
    MPISHMEM_DEF_CTX(T, N##_atomic_fetch_##OP, (T * dest, T value, int pe),               \
                     BODY_FETCHING(T, CODE, dest, value, 0,                               \
                                   __atomic_fetch_##OP(a_, value, SEQ)))                  \
    MPISHMEM_DEF_CTX(void, N##_atomic_##OP, (T * dest, T value, int pe),                  \
                     BODY_NONFETCHING(T, CODE, dest, value, __atomic_fetch_##OP(a_, value, SEQ))) \
    MPISHMEM_DEF_CTX(void, N##_atomic_fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe), \
                     BODY_NBI(T, CODE, dest, value, 0, __atomic_fetch_##OP(a_, value, SEQ)))
#define MPISHMEM_DEF_AMO_BITWISE(T, N, _)                                                 \
    MPISHMEM_DEF_AMO_BIT(T, N, and, MPISHMEM_AMO_AND)                                     \
    MPISHMEM_DEF_AMO_BIT(T, N, or, MPISHMEM_AMO_OR)                                       \
    MPISHMEM_DEF_AMO_BIT(T, N, xor, MPISHMEM_AMO_XOR)
MPISHMEM_AMO_BIT_TYPES(MPISHMEM_DEF_AMO_BITWISE, _)

/* ---- Deprecated names: the same operations, reported under their own names ---- */
#define MPISHMEM_DEF_OLD_EXT(T, N, _)                                                     \
    DEF_FETCH(MPISHMEM_DEF_NOCTX, T, N, N##_fetch)                                        \
    DEF_SET(MPISHMEM_DEF_NOCTX, T, N, N##_set)                                            \
    DEF_SWAP(MPISHMEM_DEF_NOCTX, T, N, N##_swap)
MPISHMEM_OLD_AMO_EXT_TYPES(MPISHMEM_DEF_OLD_EXT, _)
#define MPISHMEM_DEF_OLD_STD(T, N, _)                                                     \
    DEF_CSWAP(MPISHMEM_DEF_NOCTX, T, N, N##_cswap)                                        \
    DEF_FINC(MPISHMEM_DEF_NOCTX, T, N, N##_finc)                                          \
    DEF_INC(MPISHMEM_DEF_NOCTX, T, N, N##_inc)                                            \
    DEF_FADD(MPISHMEM_DEF_NOCTX, T, N, N##_fadd)                                          \
    DEF_ADD(MPISHMEM_DEF_NOCTX, T, N, N##_add)
MPISHMEM_OLD_AMO_STD_TYPES(MPISHMEM_DEF_OLD_STD, _)
