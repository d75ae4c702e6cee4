/* Strided RMA: iput/iget (typed and sized) and the 1.6 block-strided ibput/ibget, with
 * differing strides > 1 on both sides, heap and globals, checking that the gaps between
 * strided elements stay untouched. */
#include <string.h>

#include "testutil.h"

#define NB 37   /* blocks */
#define BS 3    /* elements per block (ibput/ibget) */
#define TST 5   /* target stride, elements */
#define SST 4   /* source stride, elements */
#define LEN (NB * TST * BS + 8)

static int me, npes;

#define GLOB(T, NAME, _) static char pad_##NAME; static T g_##NAME[LEN];
MPISHMEM_RMA_TYPES(GLOB, _)

#define V(T, pe, i) ((T)(((pe) * 17 + (i) * 3) % 97 + 1))

/* iput/iget then ibput/ibget of one type on `dst`; `put` and `get` are the routines. */
#define STRIDED_TYPE(T, NAME, _)                                                          \
    static void t_##NAME(T *heap)                                                         \
    {                                                                                     \
        T *dsts[2] = {heap, g_##NAME};                                                    \
        T src[LEN], back[LEN];                                                            \
        (void)pad_##NAME;                                                                 \
        for (int d = 0; d < 2; d++)                                                       \
            for (int blocked = 0; blocked < 2; blocked++)                                 \
                for (int ctx = 0; ctx < 2; ctx++) {                                       \
                    T *dst = dsts[d];                                                     \
                    int to = (me + 1) % npes, from = (me + npes - 1) % npes;              \
                    size_t bs = blocked ? BS : 1;                                         \
                    for (int i = 0; i < LEN; i++) dst[i] = (T)0, src[i] = V(T, me, i);    \
                    shmem_barrier_all();                                                  \
                    if (!blocked && !ctx) shmem_##NAME##_iput(dst, src, TST, SST, NB, to); \
                    if (!blocked && ctx)                                                  \
                        shmem_ctx_##NAME##_iput(SHMEM_CTX_DEFAULT, dst, src, TST, SST, NB, to); \
                    if (blocked && !ctx)                                                  \
                        shmem_##NAME##_ibput(dst, src, TST * BS, SST * BS, BS, NB, to);   \
                    if (blocked && ctx)                                                   \
                        shmem_ctx_##NAME##_ibput(SHMEM_CTX_DEFAULT, dst, src, TST * BS,   \
                                                 SST * BS, BS, NB, to);                   \
                    shmem_barrier_all();                                                  \
                    size_t tstride = blocked ? TST * BS : TST;                            \
                    size_t sstride = blocked ? SST * BS : SST;                            \
                    for (size_t i = 0; i < LEN; i++) {                                    \
                        size_t b = i / tstride, k = i % tstride;                          \
                        T want = (b < NB && k < bs) ? V(T, from, b * sstride + k) : (T)0; \
                        CHECK(dst[i] == want, #NAME " %s %s ctx %d elem %zu", d ? "glob" : "heap", \
                              blocked ? "ibput" : "iput", ctx, i);                        \
                    }                                                                     \
                    for (int i = 0; i < LEN; i++) back[i] = (T)0;                         \
                    /* read back what we put on `to`, into a stride-2 local layout */     \
                    if (!blocked && !ctx) shmem_##NAME##_iget(back, dst, 2, TST, NB, to); \
                    if (!blocked && ctx)                                                  \
                        shmem_ctx_##NAME##_iget(SHMEM_CTX_DEFAULT, back, dst, 2, TST, NB, to); \
                    if (blocked && !ctx)                                                  \
                        shmem_##NAME##_ibget(back, dst, 2 * BS, TST * BS, BS, NB, to);    \
                    if (blocked && ctx)                                                   \
                        shmem_ctx_##NAME##_ibget(SHMEM_CTX_DEFAULT, back, dst, 2 * BS,    \
                                                 TST * BS, BS, NB, to);                   \
                    size_t bstride = 2 * bs;                                              \
                    for (size_t i = 0; i < (size_t)NB * bstride; i++) {                   \
                        size_t b = i / bstride, k = i % bstride;                          \
                        T want = k < bs ? V(T, me, b * sstride + k) : (T)0;               \
                        CHECK(back[i] == want, #NAME " %s ctx %d back elem %zu",          \
                              blocked ? "ibget" : "iget", ctx, i);                        \
                    }                                                                     \
                    shmem_barrier_all();                                                  \
                }                                                                         \
    }
MPISHMEM_RMA_TYPES(STRIDED_TYPE, _)

/* Sized forms on 8-byte cells: element k of the BITS-bit form occupies the low bytes. */
static unsigned char gs[LEN * 16];
static void t_sized(unsigned char *heap)
{
    unsigned char *dsts[2] = {heap, gs};
    unsigned char src[LEN * 16], back[LEN * 16];
    for (int d = 0; d < 2; d++) {
#define SIZED(BITS, BYTES, _)                                                             \
    for (int blocked = 0; blocked < 2; blocked++) {                                       \
        unsigned char *dst = dsts[d];                                                     \
        int to = (me + 1) % npes, from = (me + npes - 1) % npes;                          \
        size_t bs = blocked ? BS : 1, ts = blocked ? TST * BS : TST, ss = blocked ? SST * BS : SST; \
        memset(dst, 0, LEN * BYTES);                                                      \
        for (size_t i = 0; i < LEN * BYTES; i++) src[i] = (unsigned char)(me * 7 + i);    \
        shmem_barrier_all();                                                              \
        if (blocked) shmem_ibput##BITS(dst, src, ts, ss, BS, NB, to);                     \
        else shmem_ctx_iput##BITS(SHMEM_CTX_DEFAULT, dst, src, ts, ss, NB, to);           \
        shmem_barrier_all();                                                              \
        for (size_t e = 0; e < LEN; e++) {                                                \
            size_t b = e / ts, k = e % ts;                                                \
            for (size_t y = 0; y < BYTES; y++) {                                          \
                unsigned char want = (b < NB && k < bs)                                   \
                    ? (unsigned char)(from * 7 + (b * ss + k) * BYTES + y) : 0;           \
                CHECK(dst[e * BYTES + y] == want, "sized %d blocked %d elem %zu", BITS, blocked, e); \
            }                                                                             \
        }                                                                                 \
        memset(back, 0, sizeof back);                                                     \
        if (blocked) shmem_ctx_ibget##BITS(SHMEM_CTX_DEFAULT, back, dst, ss, ts, BS, NB, to); \
        else shmem_iget##BITS(back, dst, ss, ts, NB, to);                                 \
        for (size_t b = 0; b < NB; b++)                                                   \
            for (size_t k = 0; k < bs * BYTES; k++)                                       \
                CHECK(back[(b * ss) * BYTES + k] == src[(b * ss) * BYTES + k],            \
                      "sized get %d blocked %d", BITS, blocked);                          \
        shmem_barrier_all();                                                              \
    }
        MPISHMEM_SIZES(SIZED, _)
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    void *heap = shmem_malloc(LEN * 16);
#define RUN(T, NAME, _) t_##NAME((T *)heap);
    MPISHMEM_RMA_TYPES(RUN, _)
    t_sized(heap);
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
