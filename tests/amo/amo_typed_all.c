/* Every AMO for every type it is defined for, from every PE to itself, the next PE and the PE
 * half way round (the other node in the two-node mode), on heap and global data, plain and ctx
 * forms, nbi fetching forms completed by quiet, and the deprecated names: each PE owns one slot
 * per (type, operation) on each target, so each returned value and each final value is exact,
 * and slots nobody targets must stay untouched. Then contention: all PEs update one word (on
 * PE 0, and on the last PE) with commutative operations (add, inc, and/or/xor on disjoint
 * bits) and race compare_swaps of which exactly one may win. Generic calls for every
 * operation at the end. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define MAXPES 16
#define NSLOT 8 /* slots per (type, origin) */

static int me, npes;

/* The PEs origin o sends its per-slot operations to: itself, the next PE and the PE half way
 * round (in the two-node mode a PE of the other node). */
static int is_target(int o, int t)
{
    return t == o || t == (o + 1) % npes || t == (o + npes / 2) % npes;
}

/* Either form: ctx-less or with SHMEM_CTX_DEFAULT. */
#define AMO(N, c, op, ...)                                                                \
    ((c) ? shmem_ctx_##N##_atomic_##op(SHMEM_CTX_DEFAULT, __VA_ARGS__)                    \
         : shmem_##N##_atomic_##op(__VA_ARGS__))

/* A value of type T distinct per (origin, target, k), small enough for every type. */
#define V(T, o, t, k) ((T)((o) * 13 + (t) * 5 + (k) + 2))

/* Where origin o's slots for this type live on every PE: heap or global data, by the parity
 * of (target + origin), flipped from one type to the next (so that one PE uses both). */
static int flip;
#define SLOTS(T, N, t, o) ((((t) + (o) + flip) % 2 ? g_##N : (T *)heap) + (o) * NSLOT)

/* ---- fetch, set, swap (extended types) ---- */
#define EXT(T, N, _)                                                                      \
    static T g_ext_##N[MAXPES * NSLOT];                                                   \
    static void ext_##N(void *heap)                                                       \
    {                                                                                     \
        T *g_##N = g_ext_##N;                                                             \
        for (int i = 0; i < npes * NSLOT; i++) ((T *)heap)[i] = g_##N[i] = (T)0;          \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes, c = q % 2;                                           \
            if (!is_target(me, t)) continue;                                              \
            T *s = SLOTS(T, N, t, me), f = 0;                                             \
            T a = V(T, me, t, 0), b = V(T, me, t, 1), d = V(T, me, t, 2);                 \
            AMO(N, c, set, &s[0], a, t);                                                  \
            CHECK(AMO(N, c, fetch, &s[0], t) == a, #N " set/fetch to PE %d", t);          \
            CHECK(AMO(N, c, swap, &s[0], b, t) == a, #N " swap to PE %d", t);             \
            AMO(N, c, fetch_nbi, &f, &s[0], t);                                           \
            shmem_quiet();                                                                \
            CHECK(f == b, #N " fetch_nbi to PE %d", t);                                   \
            AMO(N, c, swap_nbi, &f, &s[1], d, t);                                         \
            shmem_quiet();                                                                \
            CHECK(f == (T)0, #N " swap_nbi to PE %d: %g", t, (double)f);                  \
            AMO(N, !c, set, &s[2], d, t); /* completed by the barrier below */            \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int o = 0; o < npes; o++) {                                                  \
            T *s = SLOTS(T, N, me, o);                                                    \
            if (!is_target(o, me)) {                                                      \
                CHECK(s[0] == 0 && s[1] == 0 && s[2] == 0, #N " untouched slots of PE %d", o); \
                continue;                                                                 \
            }                                                                             \
            CHECK(s[0] == V(T, o, me, 1) && s[1] == V(T, o, me, 2) && s[2] == V(T, o, me, 2) \
                  && s[3] == 0, #N " slots of PE %d: %g %g %g %g", o, (double)s[0],       \
                  (double)s[1], (double)s[2], (double)s[3]);                              \
        }                                                                                 \
        shmem_barrier_all();                                                              \
    }
MPISHMEM_AMO_EXT_TYPES(EXT, _)

/* ---- compare_swap, fetch_inc, inc, fetch_add, add (standard types) ---- */
#define STD(T, N, _)                                                                      \
    static T g_std_##N[MAXPES * NSLOT];                                                   \
    static void std_##N(void *heap)                                                       \
    {                                                                                     \
        T *g_##N = g_std_##N;                                                             \
        for (int i = 0; i < npes * NSLOT; i++) ((T *)heap)[i] = g_##N[i] = (T)(i % NSLOT); \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes, c = q % 2;                                           \
            if (!is_target(me, t)) continue;                                              \
            T *s = SLOTS(T, N, t, me), f = 0;                                             \
            T a = V(T, me, t, 0), b = V(T, me, t, 1);                                     \
            /* slot 0 starts at 0: cswap hit, cswap miss, fetch_inc, inc, fetch_add, add */ \
            CHECK(AMO(N, c, compare_swap, &s[0], (T)0, a, t) == 0, #N " cswap hit PE %d", t); \
            CHECK(AMO(N, c, compare_swap, &s[0], (T)0, b, t) == a, #N " cswap miss PE %d", t); \
            CHECK(AMO(N, c, fetch_inc, &s[0], t) == a, #N " fetch_inc PE %d", t);         \
            AMO(N, c, inc, &s[0], t);                                                     \
            CHECK(AMO(N, c, fetch_add, &s[0], b, t) == (T)(a + 2), #N " fetch_add PE %d", t); \
            AMO(N, c, add, &s[0], (T)-3, t); /* negative for signed, wraps for unsigned */ \
            shmem_quiet();                                                                \
            CHECK(shmem_##N##_atomic_fetch(&s[0], t) == (T)(a + b - 1),                   \
                  #N " after add PE %d: %lld", t, (long long)shmem_##N##_atomic_fetch(&s[0], t)); \
            /* slot 1 starts at 1: the nbi forms */                                       \
            AMO(N, c, compare_swap_nbi, &f, &s[1], (T)1, a, t);                           \
            shmem_quiet();                                                                \
            CHECK(f == 1, #N " cswap_nbi PE %d", t);                                      \
            AMO(N, c, compare_swap_nbi, &f, &s[1], (T)1, b, t);                           \
            shmem_quiet();                                                                \
            CHECK(f == a, #N " cswap_nbi miss PE %d", t);                                 \
            AMO(N, c, fetch_inc_nbi, &f, &s[1], t);                                       \
            shmem_quiet();                                                                \
            CHECK(f == a, #N " fetch_inc_nbi PE %d", t);                                  \
            AMO(N, c, fetch_add_nbi, &f, &s[1], b, t);                                    \
            shmem_quiet();                                                                \
            CHECK(f == (T)(a + 1), #N " fetch_add_nbi PE %d", t);                         \
            /* slot 2 starts at 2: large values (upper half of the type's range) */       \
            T big = (T)(1ull << (sizeof(T) * 8 - 2));                                     \
            AMO(N, c, add, &s[2], big, t);                                                \
            CHECK(AMO(N, c, fetch_add, &s[2], big, t) == (T)(big + 2), #N " big add PE %d", t); \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int o = 0; o < npes; o++) {                                                  \
            T *s = SLOTS(T, N, me, o);                                                    \
            if (!is_target(o, me)) {                                                      \
                CHECK(s[0] == 0 && s[1] == 1 && s[2] == 2, #N " untouched slots of PE %d", o); \
                continue;                                                                 \
            }                                                                             \
            T a = V(T, o, me, 0), b = V(T, o, me, 1);                                     \
            T big = (T)(1ull << (sizeof(T) * 8 - 2));                                     \
            CHECK(s[0] == (T)(a + b - 1) && s[1] == (T)(a + 1 + b) &&                     \
                  s[2] == (T)(2 + 2 * (unsigned long long)big) && s[3] == 3,                                \
                  #N " slots of PE %d: %lld %lld %lld %lld", o, (long long)s[0],          \
                  (long long)s[1], (long long)s[2], (long long)s[3]);                     \
        }                                                                                 \
        shmem_barrier_all();                                                              \
    }
MPISHMEM_AMO_STD_TYPES(STD, _)

/* ---- and, or, xor (bitwise types) ---- */
#define BIT(T, N, _)                                                                      \
    static T g_bit_##N[MAXPES * NSLOT];                                                   \
    static void bit_##N(void *heap)                                                       \
    {                                                                                     \
        T *g_##N = g_bit_##N;                                                             \
        const T ones = (T)~(T)0, hi = (T)(1ull << (sizeof(T) * 8 - 1));                   \
        for (int i = 0; i < npes * NSLOT; i++) ((T *)heap)[i] = g_##N[i] = ones;          \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes, c = q % 2;                                           \
            if (!is_target(me, t)) continue;                                              \
            T *s = SLOTS(T, N, t, me), f = 0;                                             \
            T m = V(T, me, t, 0);                                                         \
            CHECK(AMO(N, c, fetch_and, &s[0], (T)(m | hi), t) == ones, #N " fetch_and PE %d", t); \
            AMO(N, c, and, &s[0], (T)~(T)1, t);                                           \
            CHECK(AMO(N, c, fetch_or, &s[0], (T)0x30, t) == (T)((m | hi) & ~(T)1),        \
                  #N " fetch_or PE %d", t);                                               \
            AMO(N, c, or, &s[0], (T)0x100, t);                                            \
            CHECK(AMO(N, c, fetch_xor, &s[0], ones, t) ==                                 \
                  (T)(((m | hi) & ~(T)1) | 0x130), #N " fetch_xor PE %d", t);             \
            AMO(N, c, xor, &s[0], (T)0xF, t);                                             \
            AMO(N, c, fetch_and_nbi, &f, &s[1], (T)~hi, t);                               \
            shmem_quiet();                                                                \
            CHECK(f == ones, #N " fetch_and_nbi PE %d", t);                               \
            AMO(N, c, fetch_or_nbi, &f, &s[1], hi, t);                                    \
            shmem_quiet();                                                                \
            CHECK(f == (T)~hi, #N " fetch_or_nbi PE %d", t);                              \
            AMO(N, c, fetch_xor_nbi, &f, &s[1], m, t);                                    \
            shmem_quiet();                                                                \
            CHECK(f == ones, #N " fetch_xor_nbi PE %d", t);                               \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int o = 0; o < npes; o++) {                                                  \
            T *s = SLOTS(T, N, me, o);                                                    \
            if (!is_target(o, me)) {                                                      \
                CHECK(s[0] == ones && s[1] == ones, #N " untouched slots of PE %d", o);   \
                continue;                                                                 \
            }                                                                             \
            T m = V(T, o, me, 0);                                                         \
            T w0 = (T)(~((((m | hi) & ~(T)1) | 0x130)) ^ 0xF);                            \
            CHECK(s[0] == w0 && s[1] == (T)~m && s[2] == ones, #N " slots of PE %d: %llx %llx", \
                  o, (unsigned long long)s[0], (unsigned long long)s[1]);                 \
        }                                                                                 \
        shmem_barrier_all();                                                              \
    }
MPISHMEM_AMO_BIT_TYPES(BIT, _)

/* ---- deprecated names ---- */
#define OLD_EXT(T, N, _)                                                                  \
    static T g_oldx_##N[MAXPES * NSLOT];                                                  \
    static void oldx_##N(void *heap)                                                      \
    {                                                                                     \
        T *g_##N = g_oldx_##N;                                                            \
        for (int i = 0; i < npes * NSLOT; i++) ((T *)heap)[i] = g_##N[i] = (T)0;          \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes;                                                      \
            if (!is_target(me, t)) continue;                                              \
            T *s = SLOTS(T, N, t, me);                                                    \
            shmem_##N##_set(&s[0], V(T, me, t, 0), t);                                    \
            CHECK(shmem_##N##_fetch(&s[0], t) == V(T, me, t, 0), "shmem_" #N "_set/fetch"); \
            CHECK(shmem_##N##_swap(&s[0], V(T, me, t, 1), t) == V(T, me, t, 0), "shmem_" #N "_swap"); \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int o = 0; o < npes; o++)                                                    \
            CHECK(SLOTS(T, N, me, o)[0] == (is_target(o, me) ? V(T, o, me, 1) : 0),     \
                  "shmem_" #N "_swap result");                                            \
        shmem_barrier_all();                                                              \
    }
MPISHMEM_OLD_AMO_EXT_TYPES(OLD_EXT, _)

#define OLD_STD(T, N, _)                                                                  \
    static T g_olds_##N[MAXPES * NSLOT];                                                  \
    static void olds_##N(void *heap)                                                      \
    {                                                                                     \
        T *g_##N = g_olds_##N;                                                            \
        for (int i = 0; i < npes * NSLOT; i++) ((T *)heap)[i] = g_##N[i] = (T)0;          \
        shmem_barrier_all();                                                              \
        for (int q = 0; q < npes; q++) {                                                  \
            int t = (me + q) % npes;                                                      \
            if (!is_target(me, t)) continue;                                              \
            T *s = SLOTS(T, N, t, me), a = V(T, me, t, 0);                                \
            CHECK(shmem_##N##_cswap(&s[0], 0, a, t) == 0, "shmem_" #N "_cswap hit");      \
            CHECK(shmem_##N##_cswap(&s[0], 0, 5, t) == a, "shmem_" #N "_cswap miss");     \
            CHECK(shmem_##N##_finc(&s[0], t) == a, "shmem_" #N "_finc");                  \
            shmem_##N##_inc(&s[0], t);                                                    \
            CHECK(shmem_##N##_fadd(&s[0], 10, t) == a + 2, "shmem_" #N "_fadd");          \
            shmem_##N##_add(&s[0], -4, t);                                                \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int o = 0; o < npes; o++)                                                    \
            CHECK(SLOTS(T, N, me, o)[0] == (is_target(o, me) ? V(T, o, me, 0) + 8 : 0),  \
                  "shmem_" #N "_add result: %lld",                                        \
                  (long long)SLOTS(T, N, me, o)[0]);                                      \
        shmem_barrier_all();                                                              \
    }
MPISHMEM_OLD_AMO_STD_TYPES(OLD_STD, _)

/* ---- contention: all PEs on one word per target ---- */
#define CONTEND_STD(T, N, _)                                                              \
    static T g_cs_##N[4];                                                                 \
    static void contend_std_##N(void *heap)                                               \
    {                                                                                     \
        for (int global = 0; global < 2; global++) {                                      \
            T *w = global ? g_cs_##N : (T *)heap;                                         \
            w[0] = 7;                                                                     \
            w[1] = 0;                                                                     \
            shmem_barrier_all();                                                          \
            int t = global ? npes - 1 : 0;                                                \
            for (int r = 0; r < 3; r++)                                                   \
                switch ((me + r) % 3) {                                                   \
                case 0: AMO(N, r % 2, add, &w[0], (T)(me + 1), t); break;                 \
                case 1: (void)AMO(N, r % 2, fetch_add, &w[0], (T)(me + 1), t); break;     \
                default: AMO(N, r % 2, inc, &w[0], t); AMO(N, 0, add, &w[0], (T)me, t); break; \
                }                                                                         \
            /* race: everyone tries 0 -> me + 1; exactly one wins */                      \
            T got = AMO(N, me % 2, compare_swap, &w[1], (T)0, (T)(me + 1), t);            \
            shmem_barrier_all();                                                          \
            T winner = w[1];                                                              \
            if (me == t) CHECK(winner >= 1 && winner <= (T)npes, #N " cswap race: %lld",  \
                                (long long)winner);                                       \
            winner = shmem_##N##_atomic_fetch(&w[1], t);                                  \
            CHECK(got == (me + 1 == (int)winner ? (T)0 : winner), #N " cswap race: got %lld", \
                  (long long)got);                                                        \
            T want = 7;                                                                   \
            for (int p = 0; p < npes; p++) want = (T)(want + 3 * (p + 1));                \
            if (me == t)                                                                  \
                CHECK(w[0] == want, #N " contended adds: %lld, want %lld", (long long)w[0], \
                      (long long)want);                                                   \
            shmem_barrier_all();                                                          \
        }                                                                                 \
    }
MPISHMEM_AMO_STD_TYPES(CONTEND_STD, _)

#define CONTEND_BIT(T, N, _)                                                              \
    static T g_cb_##N[3];                                                                 \
    static void contend_bit_##N(void *heap)                                               \
    {                                                                                     \
        /* PE p owns bits 3p..3p+2 (those beyond the type's width drop out) */                            \
        for (int global = 0; global < 2; global++) {                                      \
            T *w = global ? g_cb_##N : (T *)heap;                                         \
            w[0] = (T)~(T)0;                                                              \
            w[1] = 0;                                                                     \
            w[2] = (T)0x5555555555555555ull;                                              \
            shmem_barrier_all();                                                          \
            T mine = (T)(7ull << (3 * me));                                               \
            int t = global ? npes - 1 : 0, c = me % 2;                                    \
            if (c) AMO(N, 1, and, &w[0], (T)~mine, t);                                    \
            else (void)AMO(N, 0, fetch_and, &w[0], (T)~mine, t);                          \
            if (c) (void)AMO(N, 0, fetch_or, &w[1], mine, t);                             \
            else AMO(N, 1, or, &w[1], mine, t);                                           \
            AMO(N, c, xor, &w[2], mine, t);                                               \
            shmem_barrier_all();                                                          \
            T all = 0;                                                                    \
            for (int p = 0; p < npes; p++) all = (T)(all | (T)(7ull << (3 * p)));         \
            if (me == t)                                                                  \
            CHECK(w[0] == (T)~all && w[1] == all &&                                       \
                  w[2] == (T)((T)0x5555555555555555ull ^ all),                            \
                  #N " contended and/or/xor: %llx %llx %llx", (unsigned long long)w[0],   \
                  (unsigned long long)w[1], (unsigned long long)w[2]);                    \
            shmem_barrier_all();                                                          \
        }                                                                                 \
    }
MPISHMEM_AMO_BIT_TYPES(CONTEND_BIT, _)

/* ---- generics (outside the type-table expansions, which the generics use themselves) ---- */
static int gi[4];
static long long gll[4];
static double gd[2];
static unsigned long gul[4];
static void generics(void)
{
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    gi[0] = gi[1] = 0;
    gi[3] = 13;
    gll[0] = 1LL << 40;
    gd[0] = 0;
    gul[0] = ~0ul;
    gul[1] = gul[2] = 0;
    shmem_barrier_all();
    /* int: set, fetch, swap, compare_swap, fetch_inc, inc, fetch_add, add */
    shmem_atomic_set(&gi[0], 10, to);
    shmem_quiet();
    CHECK(shmem_atomic_fetch(&gi[0], to) == 10, "generic fetch int");
    CHECK(shmem_atomic_swap(ctx, &gi[0], 11, to) == 10, "generic ctx swap int");
    CHECK(shmem_atomic_compare_swap(&gi[0], 11, 20, to) == 11, "generic compare_swap int");
    CHECK(shmem_atomic_fetch_inc(ctx, &gi[0], to) == 20, "generic ctx fetch_inc int");
    shmem_atomic_inc(&gi[0], to);
    CHECK(shmem_atomic_fetch_add(&gi[0], 5, to) == 22, "generic fetch_add int");
    shmem_atomic_add(ctx, &gi[0], -2, to);
    /* long long: beyond 32 bits */
    CHECK(shmem_atomic_fetch_add(&gll[0], 1LL << 33, to) == 1LL << 40, "generic fetch_add ll");
    CHECK(shmem_atomic_fetch(ctx, &gll[0], to) == (1LL << 40) + (1LL << 33), "generic fetch ll");
    /* double */
    shmem_atomic_set(ctx, &gd[0], 2.5, to);
    shmem_quiet();
    CHECK(shmem_atomic_swap(&gd[0], -1.25, to) == 2.5, "generic swap double");
    /* unsigned long bitwise */
    CHECK(shmem_atomic_fetch_and(&gul[0], 0xF0F0ul, to) == ~0ul, "generic fetch_and");
    shmem_atomic_and(ctx, &gul[0], 0xFF00ul, to);
    CHECK(shmem_atomic_fetch_or(ctx, &gul[1], 0x3ul, to) == 0, "generic fetch_or");
    shmem_atomic_or(&gul[1], 0x30ul, to);
    CHECK(shmem_atomic_fetch_xor(&gul[2], 0x5ul, to) == 0, "generic fetch_xor");
    shmem_atomic_xor(ctx, &gul[2], 0x6ul, to);
    /* nbi */
    int fi[4];
    unsigned long fu;
    double fd;
    shmem_atomic_fetch_nbi(&fi[0], &gi[0], to);
    shmem_atomic_fetch_inc_nbi(ctx, &fi[1], &gi[1], to);
    shmem_atomic_fetch_add_nbi(&fi[2], &gi[2], 4, to);
    shmem_atomic_fetch_or_nbi(ctx, &fu, &gul[3], 0x8ul, to);
    shmem_atomic_fetch_and_nbi(&fi[3], &gi[3], 6, to);
    shmem_atomic_swap_nbi(&fd, &gd[1], 4.0, to);
    shmem_quiet();
    CHECK(fi[0] == 25 && fi[1] == 0 && fi[2] == 0 && fi[3] == 13 && fu == 0 && fd == 0,
          "generic nbi");
    /* deprecated generics */
    gll[1] = 0;
    shmem_barrier_all();
    shmem_set(&gll[1], 5LL, to);
    shmem_quiet();
    CHECK(shmem_fetch(&gll[1], to) == 5, "shmem_fetch generic");
    CHECK(shmem_swap(&gll[1], 6LL, to) == 5, "shmem_swap generic");
    CHECK(shmem_cswap(&gll[1], 6LL, 8LL, to) == 6, "shmem_cswap generic");
    CHECK(shmem_finc(&gll[1], to) == 8, "shmem_finc generic");
    shmem_inc(&gll[1], to);
    CHECK(shmem_fadd(&gll[1], 100LL, to) == 10, "shmem_fadd generic");
    shmem_add(&gll[1], 1000LL, to);
    shmem_barrier_all();
    CHECK(gi[0] == 25 && gi[1] == 1 && gi[2] == 4 && gi[3] == 4, "generic int results %d %d %d %d",
          gi[0], gi[1], gi[2], gi[3]);
    CHECK(gd[0] == -1.25 && gd[1] == 4.0, "generic double results");
    CHECK(gul[0] == 0xF000ul && gul[1] == 0x33ul && gul[2] == 0x3ul && gul[3] == 0x8ul,
          "generic bitwise results %lx %lx %lx %lx", gul[0], gul[1], gul[2], gul[3]);
    CHECK(gll[1] == 1110, "deprecated generic result %lld (from PE %d)", gll[1], from);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes > MAXPES) shmem_global_exit(2);
    void *heap = shmem_malloc(MAXPES * NSLOT * sizeof(long long));
#define RUN(T, N, P) P##_##N(heap), flip = !flip;
    MPISHMEM_AMO_EXT_TYPES(RUN, ext)
    MPISHMEM_AMO_STD_TYPES(RUN, std)
    MPISHMEM_AMO_BIT_TYPES(RUN, bit)
    MPISHMEM_OLD_AMO_EXT_TYPES(RUN, oldx)
    MPISHMEM_OLD_AMO_STD_TYPES(RUN, olds)
    MPISHMEM_AMO_STD_TYPES(RUN, contend_std)
    MPISHMEM_AMO_BIT_TYPES(RUN, contend_bit)
    generics();
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
