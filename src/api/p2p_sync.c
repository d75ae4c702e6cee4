/* OpenSHMEM point-to-point synchronization: wait_until and test on one variable or a set
 * (all/any/some, one comparison value or a vector of them), signal_wait_until, and the
 * deprecated wait forms. Waiting is a load loop on local memory that keeps MPI (and the
 * active-message server) progressing and yields the core (core/wait.h). */
#include <stdint.h>

#include "../core/wait.h"
#include "api.h"

/* Loads with acquire ordering: what the updater stored before the update is visible after. */
#define LOAD(p) __atomic_load_n(p, __ATOMIC_ACQUIRE)

#define MPISHMEM_DEF_COMPARE(T, N, _)                                                     \
    static inline int N##_satisfies(T *ivar, int cmp, T value)                            \
    {                                                                                     \
        T v = LOAD(ivar);                                                                 \
        switch (cmp) {                                                                    \
        case SHMEM_CMP_EQ: return v == value;                                             \
        case SHMEM_CMP_NE: return v != value;                                             \
        case SHMEM_CMP_GT: return v > value;                                              \
        case SHMEM_CMP_GE: return v >= value;                                             \
        case SHMEM_CMP_LT: return v < value;                                              \
        default: return v <= value;                                                       \
        }                                                                                 \
    }
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DEF_COMPARE, _)
MPISHMEM_P2P_OLD_TYPES(MPISHMEM_DEF_COMPARE, _)

static void mpishmem_check_one(const char *routine, const void *ivar, size_t size, int cmp)
{
    mpishmem_check_initialized(routine);
    mpishmem_check_cmp(routine, cmp);
    mpishmem_check_aligned(routine, ivar, size, "ivar");
}

static void mpishmem_check_set(const char *routine, const void *ivars, size_t n, size_t size, int cmp)
{
    mpishmem_check_initialized(routine);
    mpishmem_check_cmp(routine, cmp);
    if (n) mpishmem_check_aligned(routine, ivars, size, "ivars");
    mpishmem_check_symmetric(routine, ivars, n * size, "ivars");
}

/* A test that finds nothing lets MPI progress once, so a test loop completes transfers. */
static void mpishmem_test_failed(void)
{
    mpishmem_progress_poke();
}

/* One variable. */
#define MPISHMEM_DEF_P2P_SINGLE(T, N, _)                                                  \
    MPISHMEM_API void pshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)              \
    {                                                                                     \
        MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, ivar, sizeof(T), cmp));                      \
        MPISHMEM_WAIT_WHILE(!N##_satisfies(ivar, cmp, cmp_value));                        \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_wait_until)                                                \
    MPISHMEM_API int pshmem_##N##_test(T *ivar, int cmp, T cmp_value)                     \
    {                                                                                     \
        MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, ivar, sizeof(T), cmp));                      \
        if (N##_satisfies(ivar, cmp, cmp_value)) return 1;                                \
        mpishmem_test_failed();                                                           \
        return 0;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_test)

/* wait_until_any and test_any return one satisfied index. Always the first would starve the
 * others in a loop that serves flags as they come (a flag set again before the loop returns
 * wins every time): each thread remembers the array and index it returned last and starts the
 * next scan of that array just after it. */
static _Thread_local struct {
    const void *ivars;
    size_t index;
} any_last;

/* A set: `values` is NULL for one comparison value. Each scan is over the included
 * elements (status[i] == 0, or status NULL). */
#define VALUE(i) (values ? values[i] : value)
#define INCLUDED(i) (!status || !status[i])
#define MPISHMEM_DEF_P2P_SCANS(T, N, _)                                                   \
    /* 1 if every included element satisfies (also for an empty set). */                  \
    static int N##_all(T *ivars, size_t n, const int *status, int cmp, T value,           \
                       const T *values)                                                   \
    {                                                                                     \
        for (size_t i = 0; i < n; i++)                                                    \
            if (INCLUDED(i) && !N##_satisfies(&ivars[i], cmp, VALUE(i))) return 0;        \
        return 1;                                                                         \
    }                                                                                     \
    /* A satisfying included index, or SIZE_MAX: the first one after the index this thread \
     * returned last time for the same array (round robin, see any_last). */              \
    static size_t N##_any(T *ivars, size_t n, const int *status, int cmp, T value,        \
                          const T *values)                                                \
    {                                                                                     \
        size_t i = ivars == any_last.ivars && any_last.index + 1 < n ? any_last.index + 1 : 0; \
        for (size_t k = 0; k < n; k++, i = i + 1 < n ? i + 1 : 0)                         \
            if (INCLUDED(i) && N##_satisfies(&ivars[i], cmp, VALUE(i))) {                 \
                any_last.ivars = ivars;                                                   \
                any_last.index = i;                                                       \
                return i;                                                                 \
            }                                                                             \
        return SIZE_MAX;                                                                  \
    }                                                                                     \
    /* Stores every satisfying included index; returns how many. */                       \
    static size_t N##_some(T *ivars, size_t n, size_t *indices, const int *status, int cmp, \
                           T value, const T *values)                                      \
    {                                                                                     \
        size_t k = 0;                                                                     \
        for (size_t i = 0; i < n; i++)                                                    \
            if (INCLUDED(i) && N##_satisfies(&ivars[i], cmp, VALUE(i))) indices[k++] = i; \
        return k;                                                                         \
    }                                                                                     \
    static int N##_any_included(size_t n, const int *status)                              \
    {                                                                                     \
        for (size_t i = 0; i < n; i++)                                                    \
            if (INCLUDED(i)) return 1;                                                    \
        return 0;                                                                         \
    }

/* The twelve set routines of one type; VEC is `_vector` or empty, CV the comparison
 * argument's declaration, V the values pointer (NULL or cmp_values), S the single value. */
#define MPISHMEM_DEF_P2P_SET_FORMS(T, N, VEC, CV, V, S)                                   \
    MPISHMEM_API void pshmem_##N##_wait_until_all##VEC(T *ivars, size_t nelems,           \
                                                       const int *status, int cmp, CV)    \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        MPISHMEM_WAIT_WHILE(!N##_all(ivars, nelems, status, cmp, S, V));                  \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_wait_until_all##VEC)                                       \
    MPISHMEM_API size_t pshmem_##N##_wait_until_any##VEC(T *ivars, size_t nelems,         \
                                                         const int *status, int cmp, CV)  \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        if (!N##_any_included(nelems, status)) return SIZE_MAX;                           \
        size_t r;                                                                         \
        MPISHMEM_WAIT_WHILE((r = N##_any(ivars, nelems, status, cmp, S, V)) == SIZE_MAX); \
        return r;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_wait_until_any##VEC)                                       \
    MPISHMEM_API size_t pshmem_##N##_wait_until_some##VEC(T *ivars, size_t nelems,        \
                                                          size_t *indices,                \
                                                          const int *status, int cmp, CV) \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        if (!N##_any_included(nelems, status)) return 0;                                  \
        size_t r;                                                                         \
        MPISHMEM_WAIT_WHILE((r = N##_some(ivars, nelems, indices, status, cmp, S, V)) == 0); \
        return r;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_wait_until_some##VEC)                                      \
    MPISHMEM_API int pshmem_##N##_test_all##VEC(T *ivars, size_t nelems, const int *status, \
                                                int cmp, CV)                              \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        int r = N##_all(ivars, nelems, status, cmp, S, V);                                \
        if (!r) mpishmem_test_failed();                                                   \
        return r;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_test_all##VEC)                                             \
    MPISHMEM_API size_t pshmem_##N##_test_any##VEC(T *ivars, size_t nelems,               \
                                                   const int *status, int cmp, CV)        \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        size_t r = N##_any(ivars, nelems, status, cmp, S, V);                             \
        if (r == SIZE_MAX) mpishmem_test_failed();                                        \
        return r;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_test_any##VEC)                                             \
    MPISHMEM_API size_t pshmem_##N##_test_some##VEC(T *ivars, size_t nelems, size_t *indices, \
                                                    const int *status, int cmp, CV)       \
    {                                                                                     \
        MPISHMEM_CHECK(set(MPISHMEM_ROUTINE, ivars, nelems, sizeof(T), cmp));             \
        size_t r = N##_some(ivars, nelems, indices, status, cmp, S, V);                   \
        if (r == 0) mpishmem_test_failed();                                               \
        return r;                                                                         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_test_some##VEC)

#define MPISHMEM_DEF_P2P(T, N, _)                                                         \
    MPISHMEM_DEF_P2P_SINGLE(T, N, _)                                                      \
    MPISHMEM_DEF_P2P_SCANS(T, N, _)                                                       \
    MPISHMEM_DEF_P2P_SET_FORMS(T, N, , T cmp_value, (const T *)0, cmp_value)              \
    MPISHMEM_DEF_P2P_SET_FORMS(T, N, _vector, const T *cmp_values, cmp_values, (T)0)
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DEF_P2P, _)
MPISHMEM_P2P_OLD_TYPES(MPISHMEM_DEF_P2P_SINGLE, _)

MPISHMEM_API uint64_t pshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, sig_addr, sizeof(uint64_t), cmp));
    MPISHMEM_WAIT_WHILE(!uint64_satisfies(sig_addr, cmp, cmp_value));
    return LOAD(sig_addr);
}
MPISHMEM_ALIAS(shmem_signal_wait_until)

/* Deprecated (1.4): wait while the variable equals cmp_value. */
MPISHMEM_API void pshmem_wait(long *ivar, long cmp_value)
{
    MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, ivar, sizeof(long), SHMEM_CMP_NE));
    MPISHMEM_WAIT_WHILE(!long_satisfies(ivar, SHMEM_CMP_NE, cmp_value));
}
MPISHMEM_ALIAS(shmem_wait)

#define MPISHMEM_DEF_OLD_WAIT(T, N, _)                                                    \
    MPISHMEM_API void pshmem_##N##_wait(T *ivar, T cmp_value)                             \
    {                                                                                     \
        MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, ivar, sizeof(T), SHMEM_CMP_NE));             \
        MPISHMEM_WAIT_WHILE(!N##_satisfies(ivar, SHMEM_CMP_NE, cmp_value));               \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_wait)
MPISHMEM_OLD_WAIT_TYPES(MPISHMEM_DEF_OLD_WAIT, _)

/* Deprecated (1.4) untyped wait_until on a long; the parentheses keep the generic macro of
 * the same name from expanding. */
MPISHMEM_API void(pshmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    MPISHMEM_CHECK(one(MPISHMEM_ROUTINE, ivar, sizeof(long), cmp));
    MPISHMEM_WAIT_WHILE(!long_satisfies(ivar, cmp, cmp_value));
}
MPISHMEM_ALIAS(shmem_wait_until)
