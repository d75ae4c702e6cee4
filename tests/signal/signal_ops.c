/* Signal operations with exact values:
 * - signal_add from every PE to every PE (plain, ctx, and the generic shmem_signal_add with
 *   and without a ctx), with addends whose sum carries out of the low 32 bits;
 * - signal_set (plain, ctx, generic) and signal_fetch; signal_wait_until's return value;
 * - put_signal of 0 bytes (the signal alone), and values above 2^63 (unsigned compares);
 * - the typed put_signal for every standard RMA type (blocking, nbi, ctx) and the generic
 *   shmem_put_signal / shmem_put_signal_nbi, with data and signal checked. */
#include <stdint.h>

#include "testutil.h"

#define N 37 /* elements per typed transfer */

static int me, npes, to, from;
static uint64_t gsig[4];

static void add_set_fetch(uint64_t *hsig)
{
    uint64_t *sigs[2] = {hsig, &gsig[0]};
    const uint64_t addend = 0x80000001ull; /* 8 of them carry into bit 32 */
    for (int w = 0; w < 2; w++) {
        uint64_t *s = sigs[w];
        *s = 5;
        shmem_barrier_all();
        for (int q = 0; q < npes; q++) {
            int pe = (me + q) % npes;
            switch ((me + q) % 4) {
            case 0: shmem_signal_add(s, addend, pe); break;
            case 1: shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, s, addend, pe); break;
            case 2: shmem_signal_add(SHMEM_CTX_DEFAULT, s, addend, pe); break; /* generic */
            default: (shmem_signal_add)(s, addend, pe); break;
            }
            shmem_signal_add(s, (uint64_t)1 << (40 + me % 20), pe);
        }
        uint64_t want = 5 + addend * (uint64_t)npes;
        for (int p = 0; p < npes; p++) want += (uint64_t)1 << (40 + p % 20);
        uint64_t got = shmem_signal_wait_until(s, SHMEM_CMP_EQ, want);
        CHECK(got == want, "signal_add sum %llx, want %llx", (unsigned long long)got,
              (unsigned long long)want);
        shmem_barrier_all();
        CHECK(shmem_signal_fetch(s) == want, "signal_fetch after add: %llx",
              (unsigned long long)shmem_signal_fetch(s));
        shmem_barrier_all();

        /* set: the predecessor sets, in three ways, then one more add on top. */
        uint64_t v = 0xFEDC000000000000ull + (uint64_t)from * 3 + (uint64_t)w;
        uint64_t mine = 0xFEDC000000000000ull + (uint64_t)me * 3 + (uint64_t)w;
        switch (w) {
        case 0: shmem_signal_set(s, mine, to); break;
        default: shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, s, mine, to); break;
        }
        shmem_barrier_all();
        CHECK(shmem_signal_fetch(s) == v, "signal_set: %llx, want %llx",
              (unsigned long long)shmem_signal_fetch(s), (unsigned long long)v);
        shmem_barrier_all();
        shmem_signal_set(SHMEM_CTX_DEFAULT, s, 0, to); /* generic with ctx */
        shmem_quiet();
        shmem_barrier_all();
        CHECK(shmem_signal_fetch(s) == 0, "generic signal_set: %llx",
              (unsigned long long)shmem_signal_fetch(s));
        shmem_barrier_all();
        /* wait_until returns the value that satisfied the comparison */
        shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, s, 1000 + (uint64_t)me, to);
        got = shmem_signal_wait_until(s, SHMEM_CMP_GT, 999);
        CHECK(got == 1000 + (uint64_t)from, "signal_wait_until GT: %llu",
              (unsigned long long)got);
        got = shmem_signal_wait_until(s, SHMEM_CMP_NE, 0);
        CHECK(got == 1000 + (uint64_t)from, "signal_wait_until NE: %llu", (unsigned long long)got);
        got = shmem_signal_wait_until(s, SHMEM_CMP_LE, 1000 + (uint64_t)from);
        CHECK(got == 1000 + (uint64_t)from, "signal_wait_until LE");
        shmem_barrier_all();
        /* an empty put_signal still updates the signal; comparisons are unsigned */
        *s = 0;
        shmem_barrier_all();
        uint64_t big = 0x8000000000000001ull;
        shmem_putmem_signal(&gsig[3], &big, 0, s, big, SHMEM_SIGNAL_SET, to);
        got = shmem_signal_wait_until(s, SHMEM_CMP_GT, 1);
        CHECK(got == big, "empty putmem_signal: signal %llx", (unsigned long long)got);
        shmem_barrier_all();
        shmem_putmem_signal_nbi(&gsig[3], &big, 0, s, 2, SHMEM_SIGNAL_ADD, to);
        got = shmem_signal_wait_until(s, SHMEM_CMP_GE, big + 2);
        CHECK(got == big + 2, "empty putmem_signal_nbi: signal %llx", (unsigned long long)got);
        shmem_quiet();
        shmem_barrier_all();
    }
}

/* Every typed put_signal: ring transfers of N elements with a SET or ADD signal. */
#define TYPED(T, NAME, _)                                                                 \
    static T g_##NAME[4][N];                                                              \
    static void typed_##NAME(T *heap, uint64_t *hsig)                                     \
    {                                                                                     \
        T src[N];                                                                         \
        for (int form = 0; form < 4; form++) {                                            \
            T *dst = form % 2 ? g_##NAME[form] : heap + form * N;                         \
            uint64_t *sig = form < 2 ? hsig + form : &gsig[form];                         \
            for (int i = 0; i < N; i++) {                                                 \
                src[i] = (T)((me * 11 + i * 3 + form) % 97 + 1);                          \
                dst[i] = 0;                                                               \
            }                                                                             \
            *sig = 100;                                                                   \
            shmem_barrier_all();                                                          \
            uint64_t value = 7 + (uint64_t)form;                                          \
            int op = form % 2 ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;                      \
            switch (form) {                                                               \
            case 0: shmem_##NAME##_put_signal(dst, src, N, sig, value, op, to); break;    \
            case 1: shmem_##NAME##_put_signal_nbi(dst, src, N, sig, value, op, to); break; \
            case 2: shmem_ctx_##NAME##_put_signal(SHMEM_CTX_DEFAULT, dst, src, N, sig, value, \
                                                   op, to); break;                        \
            default: shmem_ctx_##NAME##_put_signal_nbi(SHMEM_CTX_DEFAULT, dst, src, N, sig, \
                                                        value, op, to); break;            \
            }                                                                             \
            uint64_t want = op == SHMEM_SIGNAL_SET ? value : 100 + value;                 \
            shmem_signal_wait_until(sig, SHMEM_CMP_EQ, want);                             \
            for (int i = 0; i < N; i++)                                                   \
                CHECK(dst[i] == (T)((from * 11 + i * 3 + form) % 97 + 1),                 \
                      #NAME " put_signal form %d elem %d", form, i);                      \
            shmem_quiet();                                                                \
            shmem_barrier_all();                                                          \
        }                                                                                 \
    }
MPISHMEM_RMA_TYPES(TYPED, _)

/* The generic selections (outside any expansion of the library's type tables, which the
 * generic macros themselves expand). */
static double g_d[N];
static void generic(void *heap, uint64_t *hsig)
{
    long *hl = heap, ls[N];
    double ds[N];
    for (int i = 0; i < N; i++) {
        ls[i] = -1000L * me - i;
        ds[i] = me + i / 4.0;
        hl[i] = 0;
        g_d[i] = 0;
    }
    hsig[0] = hsig[1] = 0;
    shmem_barrier_all();
    shmem_put_signal(hl, ls, N, &hsig[0], 3, SHMEM_SIGNAL_SET, to);
    shmem_put_signal_nbi(SHMEM_CTX_DEFAULT, g_d, ds, N, &hsig[1], 4, SHMEM_SIGNAL_ADD, to);
    shmem_signal_wait_until(&hsig[0], SHMEM_CMP_EQ, 3);
    shmem_signal_wait_until(&hsig[1], SHMEM_CMP_EQ, 4);
    for (int i = 0; i < N; i++) {
        CHECK(hl[i] == -1000L * from - i, "generic put_signal long %d", i);
        CHECK(g_d[i] == from + i / 4.0, "generic put_signal_nbi double %d", i);
    }
    shmem_quiet();
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    to = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    uint64_t *hsig = shmem_calloc(4, sizeof(uint64_t));
    void *heap = shmem_malloc(4 * N * sizeof(long double));
    add_set_fetch(hsig);
#define RUN(T, NAME, _) typed_##NAME(heap, hsig);
    MPISHMEM_RMA_TYPES(RUN, _)
    generic(heap, hsig);
    shmem_free(heap);
    shmem_free(hsig);
    shmem_finalize();
    return test_exit_status();
}
