/* Typed RMA: put, get, p, g, put_nbi, get_nbi and their ctx twins, for all 24 standard RMA
 * types, on the symmetric heap and on global/static arrays at odd offsets, to every PE. Guard
 * elements around each destination must stay untouched. */
#include <string.h>

#include "testutil.h"

#define N 1500 /* elements per transfer */
#define G 2    /* guard elements on each side */

/* Globals at odd places in the data segment: a char before each array. */
#define GLOBALS(T, NAME, _) static char pad_##NAME = 1; static T glob_##NAME[N + 2 * G];
MPISHMEM_RMA_TYPES(GLOBALS, _)

/* A value that depends on (pe, i, round) and fits every type. */
#define VAL(T, pe, i, r) ((T)((((pe) * 31 + (i) * 7 + (r)) % 100) + 1))

static int me, npes;

#define TEST_TYPE(T, NAME, _)                                                             \
    static void test_##NAME(T *dst_heap, int round)                                       \
    {                                                                                     \
        T *dsts[2] = {dst_heap, glob_##NAME};                                             \
        T src[N], back[N];                                                                \
        (void)pad_##NAME;                                                                 \
        for (int d = 0; d < 2; d++) {                                                     \
            T *dst = dsts[d];                                                             \
            for (int form = 0; form < 4; form++) {                                        \
                for (int i = 0; i < N + 2 * G; i++) dst[i] = (T)0;                        \
                shmem_barrier_all();                                                      \
                int to = (me + 1 + form) % npes;                                          \
                int from = (me - 1 - form + 2 * npes * 4) % npes;                         \
                int r = round * 10 + form + d * 5;                                        \
                for (int i = 0; i < N; i++) src[i] = VAL(T, me, i, r);                    \
                size_t n = form == 3 ? 1 : N;                                             \
                switch (form) {                                                           \
                case 0: shmem_##NAME##_put(dst + G, src, n, to); break;                   \
                case 1: shmem_ctx_##NAME##_put(SHMEM_CTX_DEFAULT, dst + G, src, n, to); break; \
                case 2: shmem_##NAME##_put_nbi(dst + G, src, n, to); shmem_quiet(); break; \
                case 3: shmem_##NAME##_p(dst + G, src[0], to); break;                     \
                }                                                                         \
                shmem_barrier_all();                                                      \
                for (int i = 0; i < N + 2 * G; i++) {                                     \
                    int in = i >= G && i < G + (int)n;                                    \
                    T want = in ? VAL(T, from, i - G, r) : (T)0;                          \
                    CHECK(dst[i] == want, #NAME " %s form %d elem %d: got %g want %g",   \
                          d ? "global" : "heap", form, i, (double)dst[i], (double)want);  \
                }                                                                         \
                /* Read the neighbour's copy back. */                                     \
                memset(back, 0, sizeof back);                                             \
                switch (form) {                                                           \
                case 0: shmem_##NAME##_get(back, dst + G, n, to); break;                  \
                case 1: shmem_ctx_##NAME##_get(SHMEM_CTX_DEFAULT, back, dst + G, n, to); break; \
                case 2: shmem_##NAME##_get_nbi(back, dst + G, n, to); shmem_quiet(); break; \
                case 3: back[0] = shmem_##NAME##_g(dst + G, to);                          \
                        CHECK(shmem_ctx_##NAME##_g(SHMEM_CTX_DEFAULT, dst + G, to) == back[0], \
                              #NAME " ctx_g");                                            \
                        break;                                                            \
                }                                                                         \
                for (size_t i = 0; i < n; i++)                                            \
                    CHECK(back[i] == VAL(T, me, i, r), #NAME " get form %d elem %zu", form, i); \
                if (form == 3) {                                                          \
                    shmem_barrier_all();                                                  \
                    shmem_ctx_##NAME##_p(SHMEM_CTX_DEFAULT, dst + G, src[1], to);         \
                    shmem_barrier_all();                                                  \
                    CHECK(dst[G] == VAL(T, from, 1, r), #NAME " ctx_p");                  \
                }                                                                         \
                shmem_barrier_all();                                                      \
            }                                                                             \
        }                                                                                 \
    }
MPISHMEM_RMA_TYPES(TEST_TYPE, _)

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    void *heap = shmem_malloc((N + 2 * G) * sizeof(long double));
    CHECK(heap != NULL, "shmem_malloc");
#define RUN(T, NAME, _) test_##NAME((T *)heap, 1);
    MPISHMEM_RMA_TYPES(RUN, _)
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
