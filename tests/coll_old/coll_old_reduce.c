/* Active-set reductions (deprecated API): every shmem_<T>_<op>_to_all of the spec's table
 * (and/or/xor: short, int, long, long long; max/min also float, double, long double; sum/prod
 * also the complex types), on several active sets (world, stride 2, sets without PE 0, one
 * PE, size 3), nreduce 0, 1, 17 and 600 (more than a pWrk of the minimal size), into heap and
 * global buffers, out of place and in place, with pSync arrays reused alternately and checked
 * unchanged. Values are small integers, so every result is exact for every type; the element
 * past nreduce must stay untouched. */
#include <complex.h>
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define NMAX 600
#define ELMAX 32 /* bytes of the largest element type (long double, double _Complex: 16) */

static alignas(64) unsigned char g_src[(NMAX + 1) * ELMAX], g_dst[(NMAX + 1) * ELMAX];
static long g_psync[2][SHMEM_REDUCE_SYNC_SIZE];

static int me, n;
static long *psync[2];
static int turn;

struct set {
    int start, log, size;
};

static long *next_psync(void)
{
    turn ^= 1;
    return psync[turn];
}

static int index_in(const struct set *s)
{
    for (int k = 0; k < s->size; k++)
        if (s->start + (k << s->log) == me) return k;
    return -1;
}

static void check_psync(const char *what)
{
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
            CHECK(psync[p][i] == SHMEM_SYNC_VALUE, "%s changed pSync", what);
}

/* A T from a real and an imaginary part (the imaginary part only for the complex types). */
#define MK(T, re, im) ((T)((T)(re) + (T)(im) * _Generic((T)0, double _Complex: I, \
                                                          float _Complex: I, default: 0)))

/* Source values of world PE `pe`, element i (small: exact sums and products everywhere). */
#define VAL_and(T, pe, i) MK(T, 0x7fff ^ (1 << (((pe) + (i)) % 15)), 0)
#define VAL_or(T, pe, i) MK(T, 1 << (((pe) * 3 + (i)) % 15), 0)
#define VAL_xor(T, pe, i) MK(T, ((pe) * 1237 + (i) * 71) & 0x7fff, 0)
#define VAL_max(T, pe, i) MK(T, ((pe) * 7 + (i) * 3) % 23 - 11, 0)
#define VAL_min(T, pe, i) MK(T, ((pe) * 5 + (i) * 11) % 19 - 9, 0)
#define VAL_sum(T, pe, i) MK(T, ((pe) + 1) * ((i) % 5 + 1) - 3, (pe) - (i) % 3)
#define VAL_prod(T, pe, i)                                                                \
    MK(T, ((pe) + (i)) % 3 == 0 ? 2 : ((pe) + (i)) % 3 == 1 ? -1 : 1, ((pe) + (i)) % 2)

#define OP_and(a, b) ((a) & (b))
#define OP_or(a, b) ((a) | (b))
#define OP_xor(a, b) ((a) ^ (b))
#define OP_max(a, b) ((a) > (b) ? (a) : (b))
#define OP_min(a, b) ((a) < (b) ? (a) : (b))
#define OP_sum(a, b) ((a) + (b))
#define OP_prod(a, b) ((a) * (b))

/* One call: nreduce elements of set s into dst (in place when dst == src). */
#define DEF_RUN(T, N, OP)                                                                 \
    static void run_##N##_##OP(const struct set *s, unsigned char *srcb,                  \
                               unsigned char *dstb, T *pwrk, int nreduce)                 \
    {                                                                                     \
        T *src = (T *)srcb, *dst = (T *)dstb;                                             \
        for (int i = 0; i < nreduce; i++) src[i] = VAL_##OP(T, me, i);                    \
        if (dst != src)                                                                   \
            for (int i = 0; i <= nreduce; i++) dst[i] = MK(T, 99, 0);                     \
        else                                                                              \
            dst[nreduce] = MK(T, 99, 0);                                                  \
        shmem_sync(s->start, s->log, s->size, next_psync()); /* dest ready everywhere */  \
        shmem_##N##_##OP##_to_all(dst, src, nreduce, s->start, s->log, s->size, pwrk,     \
                                  next_psync());                                          \
        int bad = 0;                                                                      \
        for (int i = 0; i < nreduce; i++) {                                               \
            T want = VAL_##OP(T, s->start, i);                                            \
            for (int k = 1; k < s->size; k++)                                             \
                want = OP_##OP(want, VAL_##OP(T, s->start + (k << s->log), i));           \
            bad += !(dst[i] == want);                                                     \
        }                                                                                 \
        CHECK(bad == 0, "shmem_" #N "_" #OP "_to_all nreduce %d set (%d,%d,%d)%s: %d wrong", \
              nreduce, s->start, s->log, s->size, dst == src ? " in place" : "", bad);    \
        CHECK(dst[nreduce] == MK(T, 99, 0), #N "_" #OP "_to_all wrote past nreduce");     \
        check_psync("shmem_" #N "_" #OP "_to_all");                                       \
    }
MPISHMEM_TO_ALL_BIT_TYPES(DEF_RUN, and)
MPISHMEM_TO_ALL_BIT_TYPES(DEF_RUN, or)
MPISHMEM_TO_ALL_BIT_TYPES(DEF_RUN, xor)
MPISHMEM_TO_ALL_MINMAX_TYPES(DEF_RUN, max)
MPISHMEM_TO_ALL_MINMAX_TYPES(DEF_RUN, min)
MPISHMEM_TO_ALL_SUM_TYPES(DEF_RUN, sum)
MPISHMEM_TO_ALL_SUM_TYPES(DEF_RUN, prod)

#define CALL_RUN(T, N, OP) run_##N##_##OP(s, src, dst, (T *)pwrk, nreduce);
static void run_all(const struct set *s, unsigned char *src, unsigned char *dst, void *pwrk,
                    int nreduce)
{
    MPISHMEM_TO_ALL_BIT_TYPES(CALL_RUN, and)
    MPISHMEM_TO_ALL_BIT_TYPES(CALL_RUN, or)
    MPISHMEM_TO_ALL_BIT_TYPES(CALL_RUN, xor)
    MPISHMEM_TO_ALL_MINMAX_TYPES(CALL_RUN, max)
    MPISHMEM_TO_ALL_MINMAX_TYPES(CALL_RUN, min)
    MPISHMEM_TO_ALL_SUM_TYPES(CALL_RUN, sum)
    MPISHMEM_TO_ALL_SUM_TYPES(CALL_RUN, prod)
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    unsigned char *h_src = shmem_align(64, (NMAX + 1) * ELMAX);
    unsigned char *h_dst = shmem_align(64, (NMAX + 1) * ELMAX);
    void *pwrk = shmem_align(64, (NMAX / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE) * ELMAX);
    long *h_psync = shmem_malloc(2 * SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    for (int i = 0; i < 2 * SHMEM_REDUCE_SYNC_SIZE; i++) h_psync[i] = SHMEM_SYNC_VALUE;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) g_psync[p][i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();

    struct set sets[8];
    int ns = 0;
    sets[ns++] = (struct set){0, 0, n};
    sets[ns++] = (struct set){n - 1, 3, 1};
    if (n >= 2) sets[ns++] = (struct set){1, 1, n / 2};
    if (n >= 3) sets[ns++] = (struct set){0, 1, (n + 1) / 2};
    if (n >= 4) sets[ns++] = (struct set){1, 0, 3};

    static const int counts[] = {0, 1, 17, NMAX};
    for (int round = 0; round < 2; round++) {
        unsigned char *src = round ? g_src : h_src, *dst = round ? g_dst : h_dst;
        psync[0] = round ? g_psync[0] : h_psync;
        psync[1] = round ? g_psync[1] : h_psync + SHMEM_REDUCE_SYNC_SIZE;
        for (int i = 0; i < ns; i++) {
            if (index_in(&sets[i]) < 0) continue;
            for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
                run_all(&sets[i], src, dst, pwrk, counts[c]);
            run_all(&sets[i], src, src, pwrk, 17); /* in place */
        }
        shmem_barrier_all();
    }
    shmem_free(h_src);
    shmem_free(h_dst);
    shmem_free(pwrk);
    shmem_free(h_psync);
    shmem_finalize();
    return test_exit_status();
}
