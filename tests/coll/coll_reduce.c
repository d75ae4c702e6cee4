/* Team reductions (and, or, xor, max, min, sum, prod) for every type of the teamreducetypes
 * table and the 1.6 scans (sum_inscan, sum_exscan) for its SUM column, complex types
 * included: out of place and in place (dest == source), on every team of coll_teams.h, heap
 * and global buffers. Values are small integers (and Gaussian integers for the complex
 * types), so every result is exact whatever order MPI combines them in; the expected value
 * is computed here in team PE order. Each runs with a few and with a few thousand elements. */
#include <complex.h>
#include <string.h>

#include "coll_teams.h"

/* Elements per call, not powers of two: few (through the mailboxes of node-local teams), then
 * more than 2 KiB of every type (through the members' buffers, each computing a slice). */
static const int ne_list[] = {37, 2600};
static int ne;
#define NE ne
#define BUF_BYTES (2600 * 16 * 2)
#define IS_SIGNED(T) ((T)((T)0 - 1) < (T)1)

static long double g_src[BUF_BYTES / sizeof(long double)], g_dst[BUF_BYTES / sizeof(long double)];

/* Operands of PE p for element i, and the combination, per operator. */
#define GEN_and(T, p, i) ((T)((((p)*5 + (i)*3) % 7 + 1) << (((p) + (i)) % 4)))
#define GEN_or GEN_and
#define GEN_xor GEN_and
#define GEN_max(T, p, i) ((T)((long)(((p)*7 + (i)*3) % 50) - (IS_SIGNED(T) ? 20 : 0)))
#define GEN_min GEN_max
#define GEN_sum(T, p, i) ((T)((long)(((p) + (i)) % 5) - (IS_SIGNED(T) ? 2 : 0)))
#define GEN_prod(T, p, i)                                                                 \
    ((T)((((p) + (i)) % 4 == 0 ? 2 : 1) * (IS_SIGNED(T) && ((p) + 2 * (i)) % 3 == 1 ? -1 : 1)))
#define OP_and(a, b) ((a) & (b))
#define OP_or(a, b) ((a) | (b))
#define OP_xor(a, b) ((a) ^ (b))
#define OP_max(a, b) ((a) > (b) ? (a) : (b))
#define OP_min(a, b) ((a) < (b) ? (a) : (b))
#define OP_sum(a, b) ((a) + (b))
#define OP_prod(a, b) ((a) * (b))

/* Complex operands: Gaussian integers with small parts. */
#define GEN_csum(T, p, i) ((T)(((p) + (i)) % 5) + (T)(((p)*2 + (i)) % 3) * (T)_Complex_I)
static const double complex cprod_vals[4] = {1, _Complex_I, -1, 1 + _Complex_I};
#define GEN_cprod(T, p, i) ((T)cprod_vals[((p) + (i)) % 4])

static int failures_before;

/* Reduction test of one type and operator (GEN/OPN name the operand and combination). */
#define DEF_REDUCE_TEST(T, N, OP, GEN, OPN)                                               \
    static void reduce_##OP##_##N(shmem_team_t t, void *sbuf, void *dbuf, int in_place)   \
    {                                                                                     \
        T *src = sbuf, *dst = in_place ? sbuf : dbuf;                                     \
        int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t), bad = 0;                  \
        if (!in_place) memset(dst, 0x5a, (NE + 1) * sizeof(T));                           \
        for (int i = 0; i < NE; i++) src[i] = GEN(T, me, i);                              \
        shmem_team_sync(t);                                                               \
        CHECK(shmem_##N##_##OP##_reduce(t, dst, src, NE) == 0, "rc");                     \
        for (int i = 0; i < NE; i++) {                                                    \
            T e = GEN(T, 0, i);                                                           \
            for (int p = 1; p < nt; p++) e = (T)OPN(e, GEN(T, p, i));                     \
            bad += dst[i] != e;                                                           \
        }                                                                                 \
        if (!in_place) {                                                                  \
            unsigned char *g = (unsigned char *)(dst + NE);                               \
            for (size_t b = 0; b < sizeof(T); b++) bad += g[b] != 0x5a;                   \
            for (int i = 0; i < NE; i++) bad += src[i] != GEN(T, me, i);                  \
        }                                                                                 \
        CHECK(bad == 0, "shmem_" #N "_" #OP "_reduce on %d PEs%s: %d wrong", nt,           \
              in_place ? " (in place)" : "", bad);                                        \
        shmem_team_sync(t);                                                               \
    }
#define DEF_PLAIN(T, N, OP) DEF_REDUCE_TEST(T, N, OP, GEN_##OP, OP_##OP)
MPISHMEM_REDUCE_BIT_TYPES(DEF_PLAIN, and)
MPISHMEM_REDUCE_BIT_TYPES(DEF_PLAIN, or)
MPISHMEM_REDUCE_BIT_TYPES(DEF_PLAIN, xor)
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_PLAIN, max)
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_PLAIN, min)
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_PLAIN, sum) /* the real rows of the SUM column */
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_PLAIN, prod)
DEF_REDUCE_TEST(double _Complex, complexd, sum, GEN_csum, OP_sum)
DEF_REDUCE_TEST(float _Complex, complexf, sum, GEN_csum, OP_sum)
DEF_REDUCE_TEST(double _Complex, complexd, prod, GEN_cprod, OP_prod)
DEF_REDUCE_TEST(float _Complex, complexf, prod, GEN_cprod, OP_prod)

/* Inclusive and exclusive prefix sums of one type. */
#define DEF_SCAN_TEST(T, N, GEN)                                                          \
    static void scan_##N(shmem_team_t t, void *sbuf, void *dbuf, int in_place)            \
    {                                                                                     \
        int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t);                           \
        for (int ex = 0; ex < 2; ex++) {                                                  \
            T *src = sbuf, *dst = in_place ? sbuf : dbuf;                                 \
            int bad = 0;                                                                  \
            if (!in_place) memset(dst, 0x5a, (NE + 1) * sizeof(T));                       \
            for (int i = 0; i < NE; i++) src[i] = GEN(T, me, i);                          \
            shmem_team_sync(t);                                                           \
            int rc = ex ? shmem_##N##_sum_exscan(t, dst, src, NE)                         \
                        : shmem_##N##_sum_inscan(t, dst, src, NE);                        \
            CHECK(rc == 0, "rc");                                                         \
            for (int i = 0; i < NE; i++) {                                                \
                T e = 0;                                                                  \
                for (int p = 0; p < (ex ? me : me + 1); p++) e = (T)(e + GEN(T, p, i));   \
                bad += dst[i] != e;                                                       \
            }                                                                             \
            if (!in_place) {                                                              \
                unsigned char *g = (unsigned char *)(dst + NE);                           \
                for (size_t b = 0; b < sizeof(T); b++) bad += g[b] != 0x5a;               \
            }                                                                             \
            CHECK(bad == 0, "shmem_" #N "_sum_%s on team PE %d of %d%s: %d wrong",         \
                  ex ? "exscan" : "inscan", me, nt, in_place ? " (in place)" : "", bad);  \
            shmem_team_sync(t);                                                           \
        }                                                                                 \
    }
#define DEF_SCAN_REAL(T, N, _) DEF_SCAN_TEST(T, N, GEN_sum)
MPISHMEM_REDUCE_MINMAX_TYPES(DEF_SCAN_REAL, _)
DEF_SCAN_TEST(double _Complex, complexd, GEN_csum)
DEF_SCAN_TEST(float _Complex, complexf, GEN_csum)

/* Every function of the tables, on one team with one buffer pair. */
static void all_types(shmem_team_t t, void *src, void *dst, int in_place)
{
#define RUN(T, N, OP) reduce_##OP##_##N(t, src, dst, in_place);
    MPISHMEM_REDUCE_BIT_TYPES(RUN, and)
    MPISHMEM_REDUCE_BIT_TYPES(RUN, or)
    MPISHMEM_REDUCE_BIT_TYPES(RUN, xor)
    MPISHMEM_REDUCE_MINMAX_TYPES(RUN, max)
    MPISHMEM_REDUCE_MINMAX_TYPES(RUN, min)
    MPISHMEM_REDUCE_SUM_TYPES(RUN, sum)
    MPISHMEM_REDUCE_SUM_TYPES(RUN, prod)
#define RUN_SCAN(T, N, _) scan_##N(t, src, dst, in_place);
    MPISHMEM_REDUCE_SUM_TYPES(RUN_SCAN, _)
}

/* A few types and every operator, for the other teams. */
static void some_types(shmem_team_t t, void *src, void *dst, int in_place)
{
    reduce_and_uchar(t, src, dst, in_place);
    reduce_xor_uint64(t, src, dst, in_place);
    reduce_or_int16(t, src, dst, in_place);
    reduce_max_schar(t, src, dst, in_place);
    reduce_min_double(t, src, dst, in_place);
    reduce_sum_int(t, src, dst, in_place);
    reduce_sum_longdouble(t, src, dst, in_place);
    reduce_prod_long(t, src, dst, in_place);
    reduce_prod_complexd(t, src, dst, in_place);
    scan_char(t, src, dst, in_place);
    scan_float(t, src, dst, in_place);
    scan_complexf(t, src, dst, in_place);
}

int main(void)
{
    shmem_init();
    struct teams ts;
    make_teams(&ts);
    void *h_src = shmem_malloc(BUF_BYTES), *h_dst = shmem_malloc(BUF_BYTES);
    for (int pass = 0; pass < 4; pass++) {
        int in_place = pass & 1;
        ne = ne_list[pass >> 1];
        all_types(SHMEM_TEAM_WORLD, h_src, h_dst, in_place);
        for (int i = 1; i < ts.n; i++) {
            if (ts.team[i] != SHMEM_TEAM_INVALID) some_types(ts.team[i], h_src, h_dst, in_place);
            shmem_barrier_all(); /* members of the next team may still use these buffers */
        }
        some_types(SHMEM_TEAM_WORLD, g_src, g_dst, in_place);
    }
    failures_before = test_failures;
    long *l = h_src;
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_INVALID, l, l, 1) != 0, "invalid team");
    CHECK(shmem_int_sum_inscan(SHMEM_TEAM_INVALID, h_dst, h_src, 1) != 0, "invalid team");
    CHECK(shmem_uint_and_reduce(SHMEM_TEAM_INVALID, h_dst, h_src, 1) != 0, "invalid team");
    destroy_teams(&ts);
    shmem_free(h_src);
    shmem_free(h_dst);
    shmem_finalize();
    return test_exit_status();
}
