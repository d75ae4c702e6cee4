/* Point-to-point synchronization: every wait_until/test variant for every standard AMO type,
 * every comparison, status masks and vectors, the 1.6 empty-set rules, and the deprecated
 * forms. The variables are updated remotely by AMOs from the neighbouring PE. */
#include <stdint.h>

#include "testutil.h"

#define K 4
static int me, npes, to, from;

#define GLOB(T, N, _) static T g_##N[K];
MPISHMEM_AMO_STD_TYPES(GLOB, _)

#define P2P(T, N, _)                                                                      \
    static void p2p_##N(T *heap)                                                          \
    {                                                                                     \
        for (int where = 0; where < 2; where++) {                                         \
            T *iv = where ? g_##N : heap;                                                 \
            size_t idx[K];                                                                \
            int status[K] = {0, 1, 0, 0};                                                 \
            T cmpv[K] = {1, 2, 3, 4};                                                     \
            for (int i = 0; i < K; i++) iv[i] = 0;                                        \
            shmem_barrier_all();                                                          \
            /* single: the neighbour sets iv[0] = 5 */                                    \
            shmem_##N##_atomic_set(&iv[0], (T)5, to);                                     \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_EQ, (T)5);                           \
            CHECK(shmem_##N##_test(&iv[0], SHMEM_CMP_GE, (T)5) == 1, #N " test GE");      \
            CHECK(shmem_##N##_test(&iv[0], SHMEM_CMP_GT, (T)5) == 0, #N " test GT");      \
            CHECK(shmem_##N##_test(&iv[0], SHMEM_CMP_LT, (T)6) == 1, #N " test LT");      \
            CHECK(shmem_##N##_test(&iv[0], SHMEM_CMP_LE, (T)4) == 0, #N " test LE");      \
            CHECK(shmem_##N##_test(&iv[0], SHMEM_CMP_NE, (T)5) == 0, #N " test NE");      \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_NE, (T)0);                           \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_GT, (T)4);                           \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_LE, (T)5);                           \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_LT, (T)9);                           \
            shmem_##N##_wait_until(&iv[0], SHMEM_CMP_GE, (T)5);                           \
            /* any/some: the neighbour adds 3 to iv[2]; iv[1] is masked out */            \
            shmem_##N##_atomic_add(&iv[1], (T)7, to);                                     \
            shmem_##N##_atomic_add(&iv[2], (T)3, to);                                     \
            size_t a = shmem_##N##_wait_until_any(iv + 1, K - 1, status + 1, SHMEM_CMP_EQ, (T)3); \
            CHECK(a == 1, #N " wait_until_any %zu", a);                                   \
            shmem_##N##_wait_until(&iv[1], SHMEM_CMP_EQ, (T)7);                           \
            size_t s = shmem_##N##_wait_until_some(iv, K, idx, status, SHMEM_CMP_GE, (T)3); \
            /* iv[3] may already hold the neighbour's 4 from the next step */              \
            CHECK(idx[0] == 0 && idx[1] == 2 && (s == 2 || (s == 3 && idx[2] == 3)),      \
                  #N " wait_until_some %zu", s);                                          \
            s = shmem_##N##_test_some(iv, K, idx, NULL, SHMEM_CMP_GE, (T)3);              \
            CHECK(s >= 3 && idx[1] == 1, #N " test_some %zu", s);                         \
            CHECK(shmem_##N##_test_any(iv, K, status, SHMEM_CMP_EQ, (T)7) == SIZE_MAX,    \
                  #N " test_any masked");                                                 \
            CHECK(shmem_##N##_test_any(iv, K, NULL, SHMEM_CMP_EQ, (T)7) == 1, #N " test_any"); \
            /* all: the neighbour sets iv[3] = 4; then vector compare {5,7,3,4} */         \
            shmem_##N##_atomic_set(&iv[3], (T)4, to);                                     \
            shmem_##N##_wait_until_all(iv, K, status, SHMEM_CMP_GE, (T)3);                \
            CHECK(shmem_##N##_test_all(iv, K, NULL, SHMEM_CMP_GE, (T)3) == 1, #N " test_all"); \
            CHECK(shmem_##N##_test_all(iv, K, NULL, SHMEM_CMP_GE, (T)4) == 0, #N " test_all false"); \
            T want[K] = {5, 7, 3, 4};                                                     \
            shmem_##N##_wait_until_all_vector(iv, K, NULL, SHMEM_CMP_EQ, want);           \
            CHECK(shmem_##N##_test_all_vector(iv, K, NULL, SHMEM_CMP_EQ, want) == 1, #N " test_all_vector"); \
            CHECK(shmem_##N##_wait_until_any_vector(iv, K, status, SHMEM_CMP_EQ, cmpv) == 2, \
                  #N " wait_until_any_vector");                                           \
            CHECK(shmem_##N##_test_any_vector(iv, K, NULL, SHMEM_CMP_GT, cmpv) == 0,      \
                  #N " test_any_vector");                                                 \
            s = shmem_##N##_wait_until_some_vector(iv, K, idx, NULL, SHMEM_CMP_GE, cmpv); \
            CHECK(s == 4, #N " wait_until_some_vector %zu", s);                           \
            s = shmem_##N##_test_some_vector(iv, K, idx, status, SHMEM_CMP_LT, cmpv);     \
            CHECK(s == 0, #N " test_some_vector %zu", s);                                 \
            /* 1.6 empty-set rules: nelems 0 or every element masked */                   \
            int none[K] = {1, 1, 1, 1};                                                   \
            CHECK(shmem_##N##_wait_until_any(iv, K, none, SHMEM_CMP_EQ, (T)0) == SIZE_MAX, "any empty"); \
            CHECK(shmem_##N##_wait_until_any(iv, 0, NULL, SHMEM_CMP_EQ, (T)0) == SIZE_MAX, "any 0"); \
            CHECK(shmem_##N##_wait_until_some(iv, K, idx, none, SHMEM_CMP_EQ, (T)0) == 0, "some empty"); \
            shmem_##N##_wait_until_all(iv, K, none, SHMEM_CMP_EQ, (T)0);                  \
            CHECK(shmem_##N##_test_all(iv, 0, NULL, SHMEM_CMP_EQ, (T)0) == 1, "test_all empty"); \
            CHECK(shmem_##N##_test_any_vector(iv, K, none, SHMEM_CMP_EQ, cmpv) == SIZE_MAX, "any_vector empty"); \
            CHECK(shmem_##N##_test_some(iv, 0, idx, NULL, SHMEM_CMP_EQ, (T)0) == 0, "test_some empty"); \
            shmem_barrier_all();                                                          \
        }                                                                                 \
    }
MPISHMEM_AMO_STD_TYPES(P2P, _)

static short gs;
static unsigned short gus;
static long gw;

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    to = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    void *heap = shmem_calloc(K, 8);
#define RUN(T, N, _) p2p_##N((T *)heap);
    MPISHMEM_AMO_STD_TYPES(RUN, _)
    /* generics and the deprecated forms: short/ushort via put + quiet, long via AMO */
    shmem_short_p(&gs, 3, to);
    shmem_ushort_p(&gus, 4, to);
    shmem_quiet();
    shmem_short_wait_until(&gs, SHMEM_CMP_EQ, 3);
    shmem_wait_until(&gus, SHMEM_CMP_EQ, (unsigned short)4);
    CHECK(shmem_short_test(&gs, SHMEM_CMP_EQ, 3) && shmem_ushort_test(&gus, SHMEM_CMP_GT, 3),
          "short/ushort test");
    CHECK(shmem_test(&gs, SHMEM_CMP_NE, (short)3) == 0, "generic test");
    shmem_long_atomic_set(&gw, 8, to);
    shmem_wait(&gw, 0);
    shmem_long_wait(&gw, 0);
    (shmem_wait_until)(&gw, SHMEM_CMP_EQ, 8);
    shmem_wait_until(&gw, SHMEM_CMP_EQ, 8L);
    size_t idx[1];
    CHECK(shmem_wait_until_some(&gw, 1, idx, NULL, SHMEM_CMP_EQ, 8L) == 1, "generic some");
    shmem_barrier_all();
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
