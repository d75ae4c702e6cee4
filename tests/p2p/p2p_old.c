/* The deprecated point-to-point forms: shmem_wait (long), shmem_<T>_wait (short, int, long,
 * long long), the short/unsigned short wait_until and test (typed and generic), and the untyped
 * shmem_wait_until on a long. Each PE waits on variables its ring predecessor updates: by AMOs
 * (the deprecated AMO names among them) where the type has AMOs, by shmem_<T>_p for short and
 * unsigned short (no AMO exists for them). As in p2p_set.c the updater waits for the waiter's
 * acknowledgement of the previous episode, so waits usually really wait. */
#include <stdint.h>

#include "testutil.h"

#define NEP 64 /* episodes per form */

static int me, npes, to, from;
static long *ack;
static long epoch;

static void begin_update(void) { shmem_long_wait_until(ack, SHMEM_CMP_GE, epoch); }
static void end_wait(void)
{
    shmem_long_atomic_inc(ack, from);
    epoch++;
}

/* shmem_<T>_wait(ivar, v) returns once *ivar != v. The variable starts at `v` (= e) and the
 * updater changes it once, by one of two routines. */
static short g_short[NEP];
static int g_int[NEP];
static long g_long[NEP], g_long2[NEP];
static long long g_longlong[NEP];

#define OLD_WAIT(T, N, UPDATE)                                                            \
    static void old_wait_##N(T *heap)                                                     \
    {                                                                                     \
        for (int e = 0; e < NEP; e++) heap[e] = g_##N[e] = (T)e;                          \
        shmem_barrier_all();                                                              \
        for (int e = 0; e < NEP; e++) {                                                   \
            T *v = e % 2 ? &g_##N[e] : &heap[e];                                          \
            T want = (T)(e % 3 ? 1000 + e : e + 1);                                       \
            begin_update();                                                               \
            UPDATE;                                                                       \
            shmem_##N##_wait(v, (T)e);                                                    \
            CHECK(*v == want, "shmem_" #N "_wait e%d: %lld, want %lld", e, (long long)*v, \
                  (long long)want);                                                       \
            end_wait();                                                                   \
        }                                                                                 \
        shmem_barrier_all();                                                              \
    }
/* short has no AMOs: a put; the others use the deprecated AMO names. */
OLD_WAIT(short, short, shmem_short_p(v, want, to))
OLD_WAIT(int, int,
         if (e % 3) shmem_int_set(v, want, to); else shmem_int_inc(v, to))
OLD_WAIT(long, long,
         if (e % 3) shmem_long_swap(v, want, to); else shmem_long_add(v, 1L, to))
OLD_WAIT(long long, longlong,
         if (e % 3) shmem_longlong_cswap(v, (long long)e, want, to);
         else shmem_longlong_finc(v, to))

/* shmem_wait (long) and the untyped shmem_wait_until (long). */
static void old_long(long *heap)
{
    static const int cmps[6] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                                SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};
    for (int e = 0; e < NEP; e++) heap[e] = g_long2[e] = 10;
    shmem_barrier_all();
    for (int e = 0; e < NEP; e++) {
        long *v = e % 2 ? &g_long2[e] : &heap[e];
        int c = e % 7; /* 6: shmem_wait */
        long cv = c == 6 ? 10 : (long[]){20, 10, 15, 20, -5, -5}[c];
        long want = c == 6 ? 11 : (long[]){20, 11, 16, 21, -6, -5}[c];
        begin_update();
        if (e % 2) shmem_long_fadd(v, want - 10, to);
        else shmem_long_atomic_set(v, want, to);
        if (c == 6) shmem_wait(v, cv);
        else (shmem_wait_until)(v, cmps[c], cv);
        CHECK(*v == want, "untyped wait e%d c%d: %ld, want %ld", e, c, *v, want);
        end_wait();
    }
    shmem_barrier_all();
}

/* short and unsigned short wait_until and test, typed and generic, every comparison. */
#define OLD_P2P(T, N, NEG)                                                                \
    static T g2_##N[NEP];                                                                 \
    static void old_p2p_##N(T *heap)                                                      \
    {                                                                                     \
        static const int cmps[6] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,             \
                                    SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};            \
        /* Signed compares negative values, unsigned the largest ones. */                 \
        const T cvs[6] = {20, 10, 15, 20, (T)(NEG ? -5 : 5), (T)(NEG ? -5 : 5)};          \
        const T wants[6] = {20, 11, (T)(NEG ? 16 : 65535), 21, (T)(NEG ? -6 : 4),         \
                            (T)(NEG ? -5 : 5)};                                           \
        for (int e = 0; e < NEP; e++) heap[e] = g2_##N[e] = 10;                           \
        shmem_barrier_all();                                                              \
        for (int e = 0; e < NEP; e++) {                                                   \
            T *v = e % 2 ? &g2_##N[e] : &heap[e];                                         \
            int c = e % 6, form = (e / 6) % 4;                                            \
            begin_update();                                                               \
            shmem_##N##_p(v, wants[c], to);                                               \
            switch (form) {                                                               \
            case 0: shmem_##N##_wait_until(v, cmps[c], cvs[c]); break;                    \
            case 1: shmem_wait_until(v, cmps[c], cvs[c]); break;                          \
            case 2: while (!shmem_##N##_test(v, cmps[c], cvs[c])); break;                 \
            default: while (!shmem_test(v, cmps[c], cvs[c])); break;                      \
            }                                                                             \
            CHECK(*v == wants[c], #N " e%d form %d c%d: %d, want %d", e, form, c, (int)*v, \
                  (int)wants[c]);                                                         \
            end_wait();                                                                   \
        }                                                                                 \
        shmem_barrier_all();                                                              \
    }
OLD_P2P(short, short, 1)
OLD_P2P(unsigned short, ushort, 0)

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    to = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    ack = shmem_calloc(1, sizeof(long));
    void *heap = shmem_malloc(NEP * sizeof(long long));
    shmem_barrier_all();
    old_wait_short(heap);
    old_wait_int(heap);
    old_wait_long(heap);
    old_wait_longlong(heap);
    old_long(heap);
    old_p2p_short(heap);
    old_p2p_ushort(heap);
    shmem_free(heap);
    shmem_free(ack);
    shmem_finalize();
    return test_exit_status();
}
