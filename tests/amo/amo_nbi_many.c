/* Many nonblocking fetching AMOs in flight at once, completed by one shmem_quiet, with exact
 * results:
 *  1. M operations to every PE (self included; heap or global slots), one per slot, of every
 *     kind (fetch_add, fetch_inc, compare_swap hit and miss, swap, fetch, fetch_and/or/xor;
 *     plain and ctx forms) for every bitwise AMO type (which have all of them), plus fetch and
 *     swap for float and double. Each slot's fetched value and new value are exact.
 *  2. Chains: K fetch_add_nbi with distinct power-of-two addends on ONE slot per target, all
 *     in flight; in whatever order they were applied, the fetched values sorted must step by
 *     exactly those addends. The same with every PE adding into one word of each target.
 * The number in flight (npes * M per type) exceeds any fixed-size internal table. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define M 96      /* slots per (origin, target) */
#define MAXPES 16 /* for the global slot arrays */
#define K 7       /* chained adds per PE (K * MAXPES bits must fit in 64... see chain) */

static int me, npes;

static uint64_t initval(int owner, int origin, int j)
{
    return (uint64_t)(owner * 1000003 + origin * 7919 + j * 131 + 17);
}

/* The plain or the ctx form of an nbi AMO. */
#define NBI(N, c, op, ...)                                                                \
    ((c) ? shmem_ctx_##N##_atomic_##op(SHMEM_CTX_DEFAULT, __VA_ARGS__)                    \
         : shmem_##N##_atomic_##op(__VA_ARGS__))

#define MANY(T, N, _)                                                                     \
    static T g_##N[MAXPES * M];                                                           \
    static void many_##N(T *heap)                                                         \
    {                                                                                     \
        T *fetched = malloc(sizeof(T) * (size_t)npes * M);                                \
        for (int p = 0; p < npes; p++)                                                    \
            for (int j = 0; j < M; j++)                                                   \
                heap[p * M + j] = g_##N[p * M + j] = (T)initval(me, p, j);                \
        memset(fetched, 0xA5, sizeof(T) * (size_t)npes * M);                              \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes;                                                      \
            T *slot = (t % 2 ? g_##N : heap) + me * M;                                    \
            T *f = fetched + t * M;                                                       \
            for (int j = 0; j < M; j++) {                                                 \
                T init = (T)initval(t, me, j), v = (T)(j * 3 + 1);                        \
                int c = (j / 9) % 2;                                                      \
                switch (j % 9) {                                                          \
                case 0: NBI(N, c, fetch_add_nbi, &f[j], &slot[j], v, t); break;           \
                case 1: NBI(N, c, fetch_inc_nbi, &f[j], &slot[j], t); break;              \
                case 2: NBI(N, c, compare_swap_nbi, &f[j], &slot[j], init, v, t); break;  \
                case 3: NBI(N, c, compare_swap_nbi, &f[j], &slot[j], (T)(init + 1), v, t); break; \
                case 4: NBI(N, c, swap_nbi, &f[j], &slot[j], v, t); break;                \
                case 5: NBI(N, c, fetch_nbi, &f[j], &slot[j], t); break;                  \
                case 6: NBI(N, c, fetch_and_nbi, &f[j], &slot[j], v, t); break;           \
                case 7: NBI(N, c, fetch_or_nbi, &f[j], &slot[j], v, t); break;            \
                default: NBI(N, c, fetch_xor_nbi, &f[j], &slot[j], v, t); break;          \
                }                                                                         \
            }                                                                             \
        }                                                                                 \
        if (me % 2) shmem_quiet();                                                        \
        else shmem_ctx_quiet(SHMEM_CTX_DEFAULT);                                                        \
        int bad = 0;                                                                      \
        for (int t = 0; t < npes; t++)                                                    \
            for (int j = 0; j < M; j++)                                                   \
                if (fetched[t * M + j] != (T)initval(t, me, j)) {                         \
                    if (bad++ < 5)                                                        \
                        CHECK(0, #N " op %d to PE %d slot %d fetched %llx, want %llx", j % 9, t, \
                              j, (unsigned long long)fetched[t * M + j],                  \
                              (unsigned long long)(T)initval(t, me, j));                  \
                }                                                                         \
        CHECK(bad == 0, #N ": %d wrong fetched values", bad);                             \
        shmem_barrier_all();                                                              \
        bad = 0;                                                                          \
        for (int p = 0; p < npes; p++) {                                                  \
            T *slot = (me % 2 ? g_##N : heap) + p * M;                                    \
            for (int j = 0; j < M; j++) {                                                 \
                T init = (T)initval(me, p, j), v = (T)(j * 3 + 1), want;                  \
                switch (j % 9) {                                                          \
                case 0: want = (T)(init + v); break;                                      \
                case 1: want = (T)(init + 1); break;                                      \
                case 2: case 4: want = v; break;                                          \
                case 6: want = init & v; break;                                           \
                case 7: want = init | v; break;                                           \
                case 8: want = init ^ v; break;                                           \
                default: want = init; break;                                              \
                }                                                                         \
                if (slot[j] != want && bad++ < 5)                                         \
                    CHECK(0, #N " slot of PE %d op %d: %llx, want %llx", p, j % 9,        \
                          (unsigned long long)slot[j], (unsigned long long)want);         \
            }                                                                             \
        }                                                                                 \
        CHECK(bad == 0, #N ": %d wrong slot values", bad);                                \
        shmem_barrier_all();                                                              \
        free(fetched);                                                                    \
    }
MPISHMEM_AMO_BIT_TYPES(MANY, _)

/* fetch_nbi and swap_nbi on the floating types. */
#define FLOATING(T, N)                                                                    \
    static T gf_##N[MAXPES * M];                                                          \
    static void floating_##N(T *heap)                                                     \
    {                                                                                     \
        T *fetched = malloc(sizeof(T) * (size_t)npes * M);                                \
        for (int i = 0; i < npes * M; i++) heap[i] = gf_##N[i] = (T)(me + i / 8.0);       \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes;                                                      \
            T *slot = (t % 2 ? heap : gf_##N) + me * M;                                   \
            for (int j = 0; j < M; j++) {                                                 \
                T *f = &fetched[t * M + j];                                               \
                if (j % 2) shmem_##N##_atomic_swap_nbi(f, &slot[j], (T)(-me - j / 4.0), t); \
                else shmem_ctx_##N##_atomic_fetch_nbi(SHMEM_CTX_DEFAULT, f, &slot[j], t); \
            }                                                                             \
        }                                                                                 \
        shmem_quiet();                                                                    \
        int bad = 0;                                                                      \
        for (int t = 0; t < npes; t++)                                                    \
            for (int j = 0; j < M; j++)                                                   \
                bad += fetched[t * M + j] != (T)(t + (me * M + j) / 8.0);                 \
        CHECK(bad == 0, #N ": %d wrong fetched values", bad);                             \
        shmem_barrier_all();                                                              \
        bad = 0;                                                                          \
        for (int i = 0; i < npes * M; i++) {                                              \
            T *slot = me % 2 ? heap : gf_##N;                                             \
            int p = i / M, j = i % M;                                                     \
            T want = j % 2 ? (T)(-p - j / 4.0) : (T)(me + i / 8.0);                       \
            bad += slot[i] != want;                                                       \
        }                                                                                 \
        CHECK(bad == 0, #N ": %d wrong slot values", bad);                                \
        shmem_barrier_all();                                                              \
        free(fetched);                                                                    \
    }
FLOATING(float, float)
FLOATING(double, double)

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Checks that `olds` (n fetched values, any order) are the successive values of a word that
 * started at init and had the n addends (distinct powers of two, in `mask`) added once each. */
static void check_chain(uint64_t *olds, int n, uint64_t init, uint64_t mask, uint64_t final,
                        const char *what)
{
    qsort(olds, (size_t)n, sizeof *olds, cmp_u64);
    uint64_t cur = init, left = mask;
    for (int i = 0; i < n; i++) {
        CHECK(olds[i] == cur, "%s: step %d fetched %llx, want %llx", what, i,
              (unsigned long long)olds[i], (unsigned long long)cur);
        uint64_t step = i + 1 < n ? olds[i + 1] - olds[i] : final - olds[i];
        int ok = step && !(step & (step - 1)) && (left & step);
        CHECK(ok, "%s: step %d adds %llx, not a remaining addend", what, i,
              (unsigned long long)step);
        if (!ok) return;
        left &= ~step;
        cur = olds[i] + step;
    }
    CHECK(left == 0 && cur == final, "%s: final %llx", what, (unsigned long long)final);
}

static unsigned long gchain[MAXPES + 1];
static void chains(unsigned long *heap)
{
    /* own slot per origin on every target: K adds in flight per slot */
    uint64_t olds[MAXPES][K];
    unsigned long f[MAXPES][K];
    for (int p = 0; p < npes; p++) heap[p] = gchain[p] = 1000 + (unsigned long)p;
    heap[npes] = gchain[npes] = 5;
    shmem_barrier_all();
    for (int q = 0; q < npes; q++) {
        int t = (me + q) % npes;
        unsigned long *w = t % 2 ? &gchain[me] : &heap[me];
        for (int k = 0; k < K; k++)
            if (k % 2) shmem_ulong_atomic_fetch_add_nbi(&f[t][k], w, 1ul << (k * 5), t);
            else shmem_ctx_ulong_atomic_fetch_add_nbi(SHMEM_CTX_DEFAULT, &f[t][k], w,
                                                      1ul << (k * 5), t);
    }
    shmem_quiet();
    shmem_barrier_all();
    uint64_t mask = 0;
    for (int k = 0; k < K; k++) mask |= 1ull << (k * 5);
    for (int t = 0; t < npes; t++) {
        for (int k = 0; k < K; k++) olds[t][k] = f[t][k];
        unsigned long *w = me % 2 ? &gchain[t] : &heap[t];
        CHECK(*w == 1000 + (unsigned long)t + mask, "chain word of PE %d: %lx", t, *w);
        uint64_t final = shmem_ulong_atomic_fetch(t % 2 ? &gchain[me] : &heap[me], t);
        check_chain(olds[t], K, 1000 + (uint64_t)me, mask, final, "own chain");
    }
    shmem_barrier_all();
    /* every PE adds into word npes of every target: addends 1 << (me * K + k) */
    for (int q = 0; q < npes; q++) {
        int t = (me + q) % npes;
        unsigned long *w = t % 2 ? &gchain[npes] : &heap[npes];
        for (int k = 0; k < K; k++)
            shmem_ulong_atomic_fetch_add_nbi(&f[t][k], w, 1ul << (me * K + k), t);
    }
    shmem_quiet();
    /* gather every PE's fetched values for my word at me */
    unsigned long *all = shmem_malloc(sizeof(unsigned long) * (size_t)npes * K);
    shmem_barrier_all();
    for (int t = 0; t < npes; t++) shmem_ulong_put(all + me * K, f[t], K, t);
    shmem_barrier_all();
    uint64_t *olds_all = malloc(sizeof(uint64_t) * (size_t)npes * K);
    for (int i = 0; i < npes * K; i++) olds_all[i] = all[i];
    uint64_t mask_all = npes * K >= 64 ? ~0ull : (1ull << (npes * K)) - 1;
    unsigned long *w = me % 2 ? &gchain[npes] : &heap[npes];
    CHECK(*w == 5 + mask_all, "shared chain word: %lx", *w);
    check_chain(olds_all, npes * K, 5, mask_all, *w, "shared chain");
    free(olds_all);
    shmem_barrier_all();
    shmem_free(all);
}

/* More operations in flight than any internal staging buffer holds: FLOOD fetch_add_nbi of 1
 * and FLOOD non-fetching adds on one word of the next PE, then one quiet. Sorted, the fetched
 * values must be consecutive. */
#define FLOOD 2600 /* x 2 operations x 16 bytes of operands: more than 64 KiB */
static void flood(long *heap)
{
    int to = (me + 1) % npes;
    long *f = malloc(sizeof(long) * FLOOD);
    heap[0] = 0;
    shmem_barrier_all();
    for (int i = 0; i < FLOOD; i++) {
        shmem_long_atomic_fetch_add_nbi(&f[i], &heap[0], 2, to);
        shmem_long_atomic_add(&heap[0], 1, to);
    }
    shmem_quiet();
    uint64_t *olds = malloc(sizeof(uint64_t) * FLOOD);
    for (int i = 0; i < FLOOD; i++) olds[i] = (uint64_t)f[i];
    qsort(olds, FLOOD, sizeof *olds, cmp_u64);
    int bad = 0;
    for (int i = 1; i < FLOOD; i++) bad += olds[i] - olds[i - 1] < 2 || olds[i] - olds[i - 1] > 2 + FLOOD;
    CHECK(bad == 0 && olds[0] <= FLOOD, "flood: %d fetched values out of step", bad);
    shmem_barrier_all();
    CHECK(heap[0] == 3L * FLOOD, "flood: word %ld, want %ld", heap[0], 3L * FLOOD);
    shmem_barrier_all();
    free(olds);
    free(f);
}

/* A few generic nbi calls. */
static void generic(unsigned long *heap)
{
    int to = (me + 1) % npes;
    unsigned long f[3];
    unsigned int *ui = (unsigned int *)(heap + 4), uf = 0;
    heap[0] = heap[1] = 100;
    heap[2] = 0xF0;
    *ui = 9;
    shmem_barrier_all();
    shmem_atomic_fetch_add_nbi(&f[0], &heap[0], 5ul, to);
    shmem_atomic_compare_swap_nbi(SHMEM_CTX_DEFAULT, &f[1], &heap[1], 100ul, 7ul, to);
    shmem_atomic_fetch_xor_nbi(&f[2], &heap[2], 0xFFul, to);
    shmem_atomic_swap_nbi(&uf, ui, 3u, to);
    shmem_quiet();
    CHECK(f[0] == 100 && f[1] == 100 && f[2] == 0xF0 && uf == 9, "generic nbi fetched");
    shmem_barrier_all();
    CHECK(heap[0] == 105 && heap[1] == 7 && heap[2] == 0x0F && *ui == 3, "generic nbi results");
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes > MAXPES || npes * K > 64) {
        if (me == 0) fprintf(stderr, "at most %d PEs\n", MAXPES);
        shmem_global_exit(2);
    }
    void *heap = shmem_malloc(sizeof(uint64_t) * MAXPES * M);
#define RUN(T, N, _) many_##N(heap);
    MPISHMEM_AMO_BIT_TYPES(RUN, _)
    floating_float(heap);
    floating_double(heap);
    chains(heap);
    flood(heap);
    generic(heap);
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
