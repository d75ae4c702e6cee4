/* The set forms on sets with nothing to wait for (OpenSHMEM 1.6): nelems 0, or every element
 * excluded by the status mask. wait_until_all returns, wait_until_any returns SIZE_MAX,
 * wait_until_some returns 0, test_all returns 1, test_any SIZE_MAX, test_some 0, for every
 * standard AMO type and comparison, scalar and vector. The variables never satisfy the
 * comparison, so an implementation that looked at them would hang or answer wrongly. */
#include <stdint.h>

#include "testutil.h"

#define K 5

static const int cmps[6] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                            SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};

#define EMPTY_TYPE(T, N, _)                                                               \
    static T g_##N[K];                                                                    \
    static void empty_##N(T *heap)                                                        \
    {                                                                                     \
        static const int none[K] = {1, 1, 1, 1, 1};                                       \
        static const int all[K] = {0};                                                    \
        for (int where = 0; where < 2; where++)                                           \
            for (int c = 0; c < 6; c++)                                                   \
                for (int z = 0; z < 3; z++) {                                             \
                    /* z 0: nelems 0, status NULL; 1: nelems 0 with a status; 2: all      \
                     * K excluded. */                                                     \
                    T *v = where ? g_##N : heap;                                          \
                    size_t n = z == 2 ? K : 0, idx[K] = {0}, r;                           \
                    const int *st = z == 0 ? NULL : z == 1 ? all : none;                  \
                    int cmp = cmps[c];                                                    \
                    /* 7 satisfies no comparison with these values. */                    \
                    T val = (T)(cmp == SHMEM_CMP_NE ? 7 : cmp == SHMEM_CMP_EQ ? 9         \
                               : cmp == SHMEM_CMP_GT || cmp == SHMEM_CMP_GE ? 8 : 6);     \
                    T vals[K];                                                            \
                    for (int i = 0; i < K; i++) {                                         \
                        v[i] = (T)7;                                                      \
                        vals[i] = val;                                                    \
                    }                                                                     \
                    shmem_##N##_wait_until_all(v, n, st, cmp, val);                       \
                    shmem_##N##_wait_until_all_vector(v, n, st, cmp, vals);               \
                    r = shmem_##N##_wait_until_any(v, n, st, cmp, val);                   \
                    CHECK(r == SIZE_MAX, #N " wait_until_any z%d c%d: %zu", z, c, r);     \
                    r = shmem_##N##_wait_until_any_vector(v, n, st, cmp, vals);           \
                    CHECK(r == SIZE_MAX, #N " wait_until_any_vector z%d c%d: %zu", z, c, r); \
                    r = shmem_##N##_wait_until_some(v, n, idx, st, cmp, val);             \
                    CHECK(r == 0, #N " wait_until_some z%d c%d: %zu", z, c, r);           \
                    r = shmem_##N##_wait_until_some_vector(v, n, idx, st, cmp, vals);     \
                    CHECK(r == 0, #N " wait_until_some_vector z%d c%d: %zu", z, c, r);    \
                    int t = shmem_##N##_test_all(v, n, st, cmp, val);                     \
                    CHECK(t == 1, #N " test_all z%d c%d: %d", z, c, t);                   \
                    t = shmem_##N##_test_all_vector(v, n, st, cmp, vals);                 \
                    CHECK(t == 1, #N " test_all_vector z%d c%d: %d", z, c, t);            \
                    r = shmem_##N##_test_any(v, n, st, cmp, val);                         \
                    CHECK(r == SIZE_MAX, #N " test_any z%d c%d: %zu", z, c, r);           \
                    r = shmem_##N##_test_any_vector(v, n, st, cmp, vals);                 \
                    CHECK(r == SIZE_MAX, #N " test_any_vector z%d c%d: %zu", z, c, r);    \
                    r = shmem_##N##_test_some(v, n, idx, st, cmp, val);                   \
                    CHECK(r == 0, #N " test_some z%d c%d: %zu", z, c, r);                 \
                    r = shmem_##N##_test_some_vector(v, n, idx, st, cmp, vals);           \
                    CHECK(r == 0, #N " test_some_vector z%d c%d: %zu", z, c, r);          \
                    /* Sanity: with everything included, nothing satisfies... */          \
                    CHECK(shmem_##N##_test_any(v, K, all, cmp, val) == SIZE_MAX,          \
                          #N " c%d: the values satisfy", c);                              \
                    CHECK(shmem_##N##_test(&v[0], cmp, val) == 0, #N " test c%d", c);     \
                    /* ...and one included element that does is found. */                \
                    v[3] = (T)(cmp == SHMEM_CMP_EQ || cmp == SHMEM_CMP_GT ? 9             \
                               : cmp == SHMEM_CMP_LT ? 5 : cmp == SHMEM_CMP_LE ? 6 : 8);  \
                    r = shmem_##N##_wait_until_any(v, K, z == 2 ? all : st, cmp, val);    \
                    CHECK(r == 3, #N " wait_until_any c%d: %zu", c, r);                   \
                    r = shmem_##N##_test_some(v, K, idx, NULL, cmp, val);                 \
                    CHECK(r == 1 && idx[0] == 3, #N " test_some c%d: %zu", c, r);         \
                    CHECK(shmem_##N##_test(&v[3], cmp, val) == 1, #N " test c%d", c);     \
                    shmem_##N##_wait_until(&v[3], cmp, val);                              \
                }                                                                         \
    }
MPISHMEM_AMO_STD_TYPES(EMPTY_TYPE, _)

int main(void)
{
    shmem_init();
    void *heap = shmem_malloc(K * sizeof(long long));
#define RUN(T, N, _) empty_##N(heap);
    MPISHMEM_AMO_STD_TYPES(RUN, _)
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
