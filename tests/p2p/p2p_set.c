/* Point-to-point synchronization on every standard AMO type: wait_until, test and the twelve
 * set forms (all/any/some, scalar and vector comparison values, test and wait), with every
 * comparison operator, with and without status masks, on heap and global variables.
 *
 * Each PE waits on variables that its ring predecessor (`from`) updates with AMOs (set, add,
 * ctx forms), one "episode" at a time: in episode e the updater first waits for the waiter's
 * acknowledgement of episode e-1, so the waiter is usually already waiting when the updates
 * arrive. Every episode has its own K variables, so nothing is reset in between. After the
 * wait, the values and the test forms' results are checked exactly. */
#include <stdint.h>

#include "testutil.h"

#define K 8             /* variables per episode */
#define NV 14           /* variants: 2 single-variable + 6 set forms x (scalar, vector) */
#define NEP (6 * NV)     /* episodes per type: cmp x variant (heap or global in turn) */

static int me, npes, to, from;
static long *ack;   /* acknowledgements received from `to` */
static long epoch;  /* episodes done so far (over all types) */

static const int cmps[6] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                            SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};
static const char *cmp_name[6] = {"EQ", "NE", "GT", "GE", "LT", "LE"};

/* What episode e does (the same on every PE). */
struct episode {
    int cmp;     /* index into cmps */
    int variant; /* 0 wait_until, 1 test; 2.. set forms: (variant - 2) % 6 is the form */
    int vec;     /* vector comparison values */
    int global;  /* variables in global data (else heap) */
    int mask;    /* 0: status NULL, 1: all included, 2: elements 1, 4, 7 excluded */
    int form;    /* -1 single; 0 all, 1 any, 2 some, 3 test_all, 4 test_any, 5 test_some */
    int j;       /* the one variable of single and any forms */
    int decoy;   /* an excluded variable updated first (so never waited on), or -1 */
    unsigned upd; /* bit i: variable i gets updated (after the decoy, behind a fence) */
};

static int excluded(int mask, int i) { return mask == 2 && i % 3 == 1; }

static struct episode episode(int e)
{
    struct episode p;
    p.cmp = e % 6;
    p.variant = (e / 6) % NV;
    p.global = (e / 6 + e % 6) % 2;
    p.vec = p.variant >= 8;
    p.mask = p.variant < 2 ? 0 : (e / 6 + p.global) % 3;
    p.form = p.variant < 2 ? -1 : (p.variant - 2) % 6;
    p.decoy = p.mask == 2 && p.form >= 0 ? 1 : -1;
    p.j = (e * 3) % K;
    while (excluded(p.mask, p.j)) p.j = (p.j + 1) % K;
    p.upd = 0;
    for (int i = 0; i < K; i++) {
        if (excluded(p.mask, i)) continue;
        int in;
        switch (p.form) {
        case 0: case 3: in = 1; break;           /* all: every included variable */
        case 2: case 5: in = (i + e) % 2 == 0; break; /* some: half of them */
        default: in = i == p.j; break;           /* single, any: just j */
        }
        if (in) p.upd |= 1u << i;
    }
    return p;
}

static int *status_of(const struct episode *p, int st[K])
{
    /* any nonzero status excludes */
    for (int i = 0; i < K; i++) st[i] = excluded(p->mask, i) ? (i % 2 ? 1 : -3) : 0;
    return p->mask ? st : NULL;
}

/* Variables whose final value satisfies the comparison once the episode is complete. */
static unsigned done_set(const struct episode *p)
{
    return p->upd | (p->decoy >= 0 ? 1u << p->decoy : 0u);
}

static void begin_update(void) { shmem_long_wait_until(ack, SHMEM_CMP_GE, epoch); }
static void end_wait(void)
{
    shmem_long_atomic_inc(ack, from);
    epoch++;
}

/* Initial, comparison and final values per comparison: the initial value never satisfies
 * the comparison, the final one always does. Signed types compare negative values, unsigned
 * types the largest ones (a signed/unsigned mix-up fails). b varies the vector values. */
#define VALUES(T, cmp, vec, i, sgn, ini, cv, fin)                                         \
    do {                                                                                  \
        long long b_ = (vec) ? (i) : 0;                                                   \
        ini = (T)(10 + b_);                                                               \
        switch (cmp) {                                                                    \
        case 0: cv = (T)(40 + b_); fin = cv; break;                                       \
        case 1: cv = (T)(10 + b_); fin = (T)(50 + (i)); break;                            \
        case 2: cv = (T)(15 + b_); fin = (sgn) ? (T)(16 + b_ + (i)) : (T)((T)-1 - (T)(i)); break; \
        case 3: cv = (T)(20 + b_); fin = (T)(20 + b_ + ((i) & 1)); break;                 \
        case 4: cv = (sgn) ? (T)(-5 + b_) : (T)(5 + b_);                                  \
                fin = (sgn) ? (T)(-6 + b_ - (i)) : (T)(4 + b_ - ((i) & 3)); break;        \
        default: cv = (sgn) ? (T)(-5 + b_) : (T)(5 + b_); fin = (T)(cv - (T)((i) & 1)); break; \
        }                                                                                 \
    } while (0)

#define SATISFIES(v, cmp, c)                                                              \
    ((cmp) == 0 ? (v) == (c) : (cmp) == 1 ? (v) != (c) : (cmp) == 2 ? (v) > (c)           \
     : (cmp) == 3 ? (v) >= (c) : (cmp) == 4 ? (v) < (c) : (v) <= (c))

/* The generic macros expand the library's type tables themselves, so they cannot appear in
 * code generated from those tables (a macro does not expand inside its own expansion): the
 * generic runs are generated from a list of this test, the six distinct C types of the
 * standard AMO table, which the generics select on. CALL picks the typed or generic name. */
#define TYPED(N, fn) shmem_##N##_##fn
#define GENERIC(N, fn) shmem_##fn
/* The full variant x comparison product runs on the distinct C types; the <stdint.h> alias
 * rows (separate entry points on the same C types) and the generic runs, which check the
 * selection, do each variant with one comparison, all six comparisons in turn. */
#define TYPED_ALIAS TYPED
#define SKIP_TYPED(e) 0
#define SKIP_TYPED_ALIAS(e) ((e) % 6 != ((e) / 6) % 6)
#define SKIP_GENERIC(e) SKIP_TYPED_ALIAS(e)
#define GENERIC_TYPES(X, A)                                                               \
    X(int, int, A) X(long, long, A) X(long long, longlong, A) X(unsigned int, uint, A)    \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)

/* A set form, scalar or vector. */
#define SETCALL(CALL, N, vec, fn, ...)                                                    \
    ((vec) ? CALL(N, fn##_vector)(__VA_ARGS__, cv) : CALL(N, fn)(__VA_ARGS__, cv[0]))

#define P2P_TYPE(T, N, CALL)                                                                 \
    static T g_##N##_##CALL[NEP][K];                                                               \
    static void run_##N##_##CALL(void)                                                             \
    {                                                                                     \
        const int sgn = (T)-1 < (T)1;                                                     \
        T(*heap)[K] = shmem_malloc(sizeof(T[NEP][K]));                                    \
        /* Sanity of the value table itself. */                                           \
        for (int c = 0; c < 6; c++)                                                       \
            for (int vec = 0; vec < 2; vec++)                                             \
                for (int i = 0; i < K; i++) {                                             \
                    T ini, cv, fin;                                                       \
                    VALUES(T, c, vec, i, sgn, ini, cv, fin);                              \
                    if (SATISFIES(ini, c, cv) || !SATISFIES(fin, c, cv))                  \
                        shmem_global_exit(3);                                             \
                }                                                                         \
        for (int e = 0; e < NEP; e++) {                                                   \
            struct episode p = episode(e);                                                \
            T ini[K], cv[K], fin[K];                                                      \
            for (int i = 0; i < K; i++) {                                                 \
                VALUES(T, p.cmp, p.vec, i, sgn, ini[i], cv[i], fin[i]);                   \
                heap[e][i] = g_##N##_##CALL[e][i] = ini[i];                                        \
            }                                                                             \
            (void)cv, (void)fin;                                                          \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        for (int e = 0; e < NEP; e++) {                                                   \
            if (SKIP_##CALL(e)) continue;                                                 \
            struct episode p = episode(e);                                                \
            int c = p.cmp, cmp = cmps[c];                                                 \
            T *v = p.global ? g_##N##_##CALL[e] : heap[e];                                         \
            T ini[K], cv[K], fin[K];                                                      \
            for (int i = 0; i < K; i++) VALUES(T, c, p.vec, i, sgn, ini[i], cv[i], fin[i]); \
            /* Updater: the ring successor's variables of this episode. */                \
            begin_update();                                                               \
            for (int pass = 0; pass < 2; pass++)                                          \
                for (int i = 0; i < K; i++) {                                             \
                    if (pass == 0 ? i != p.decoy : !(p.upd >> i & 1)) continue;           \
                    int ctx = e % 4 == 3;                                                 \
                    if ((i + e) % 2) {                                                    \
                        T d = (T)(fin[i] - ini[i]);                                       \
                        if (ctx) shmem_ctx_##N##_atomic_add(SHMEM_CTX_DEFAULT, &v[i], d, to); \
                        else shmem_##N##_atomic_add(&v[i], d, to);                        \
                    } else {                                                              \
                        if (ctx) shmem_ctx_##N##_atomic_set(SHMEM_CTX_DEFAULT, &v[i], fin[i], to); \
                        else shmem_##N##_atomic_set(&v[i], fin[i], to);                   \
                    }                                                                     \
                    if (pass == 0) shmem_fence();                                         \
                }                                                                         \
            /* Waiter: this PE's variables, updated by `from`. */                         \
            int st[K];                                                                    \
            int *status = status_of(&p, st);                                              \
            size_t idx[K], n, r;                                                          \
            unsigned got = 0;                                                             \
            switch (p.variant < 2 ? p.variant - 2 : p.form) {                             \
            case -2:                                                                      \
                CALL(N, wait_until)(&v[p.j], cmp, cv[p.j]);                               \
                break;                                                                    \
            case -1:                                                                      \
                while (!CALL(N, test)(&v[p.j], cmp, cv[p.j]))                             \
                    ;                                                                     \
                break;                                                                    \
            case 0: SETCALL(CALL, N, p.vec, wait_until_all, v, K, status, cmp); break;       \
            case 3:                                                                       \
                while (!SETCALL(CALL, N, p.vec, test_all, v, K, status, cmp))                \
                    ;                                                                     \
                break;                                                                    \
            case 1:                                                                       \
                r = SETCALL(CALL, N, p.vec, wait_until_any, v, K, status, cmp);              \
                CHECK(r == (size_t)p.j, #N " e%d wait_until_any%s %s: %zu, want %d", e,   \
                      p.vec ? "_vector" : "", cmp_name[c], r, p.j);                       \
                break;                                                                    \
            case 4:                                                                       \
                while ((r = SETCALL(CALL, N, p.vec, test_any, v, K, status, cmp)) == SIZE_MAX) \
                    ;                                                                     \
                CHECK(r == (size_t)p.j, #N " e%d test_any%s %s: %zu, want %d", e,         \
                      p.vec ? "_vector" : "", cmp_name[c], r, p.j);                       \
                break;                                                                    \
            default: {                                                                    \
                /* some: collect the updated variables, excluding those already seen. */  \
                int st2[K];                                                               \
                int *s = status;                                                          \
                for (int i = 0; i < K; i++) st2[i] = excluded(p.mask, i);                 \
                while (got != p.upd) {                                                    \
                    if (p.form == 2) n = SETCALL(CALL, N, p.vec, wait_until_some, v, K, idx, s, cmp); \
                    else n = SETCALL(CALL, N, p.vec, test_some, v, K, idx, s, cmp);          \
                    CHECK(p.form == 5 || n > 0, #N " e%d wait_until_some returned 0", e);  \
                    CHECK(n <= K, #N " e%d some: n = %zu", e, n);                         \
                    for (size_t k = 0; k < n && k < K; k++) {                             \
                        int ok = idx[k] < K && (p.upd >> idx[k] & 1) && !(got >> idx[k] & 1); \
                        CHECK(ok, #N " e%d %s%s %s: index %zu (upd %x got %x)", e,        \
                              p.form == 2 ? "wait_until_some" : "test_some",              \
                              p.vec ? "_vector" : "", cmp_name[c], idx[k], p.upd, got);   \
                        if (!ok) got = p.upd; /* give up */                               \
                        else {                                                            \
                            got |= 1u << idx[k];                                          \
                            st2[idx[k]] = 1;                                              \
                        }                                                                 \
                    }                                                                     \
                    s = st2;                                                              \
                }                                                                         \
            }                                                                             \
            }                                                                             \
            /* Settled: every update of the episode has arrived. */                       \
            unsigned want = done_set(&p);                                                 \
            for (int i = 0; i < K; i++) {                                                 \
                T w = (want >> i & 1) ? fin[i] : ini[i];                                  \
                CHECK(v[i] == w, #N " e%d (variant %d %s mask %d %s) v[%d] = %lld, want %lld", \
                      e, p.variant, cmp_name[c], p.mask, p.global ? "global" : "heap", i, \
                      (long long)v[i], (long long)w);                                     \
            }                                                                             \
            unsigned incl = 0;                                                            \
            for (int i = 0; i < K; i++)                                                   \
                if (!excluded(p.mask, i)) incl |= 1u << i;                                \
            if (p.form < 0) status = NULL, incl = (1u << K) - 1;                          \
            unsigned sat = want & incl, seen = 0;                                         \
            n = SETCALL(CALL, N, p.vec, test_some, v, K, idx, status, cmp);                  \
            for (size_t k = 0; k < n && k < K; k++) seen |= 1u << idx[k];                 \
            CHECK(n == (size_t)__builtin_popcount(sat) && seen == sat,                    \
                  #N " e%d test_some: n %zu set %x, want %x", e, n, seen, sat);            \
            r = SETCALL(CALL, N, p.vec, test_any, v, K, status, cmp);                        \
            CHECK(r < K && (sat >> r & 1), #N " e%d test_any: %zu (want one of %x)", e, r, sat); \
            int all = SETCALL(CALL, N, p.vec, test_all, v, K, status, cmp);                  \
            CHECK(all == ((incl & ~want) == 0), #N " e%d test_all: %d", e, all);          \
            end_wait();                                                                   \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        shmem_free(heap);                                                                 \
    }
MPISHMEM_AMO_STD_TYPES_BASE(P2P_TYPE, TYPED)
MPISHMEM_AMO_STD_TYPES_ALIAS(P2P_TYPE, TYPED_ALIAS)
GENERIC_TYPES(P2P_TYPE, GENERIC)

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    to = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    ack = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
#define RUN(T, N, CALL) run_##N##_##CALL();
    MPISHMEM_AMO_STD_TYPES_BASE(RUN, TYPED)
    MPISHMEM_AMO_STD_TYPES_ALIAS(RUN, TYPED_ALIAS)
    GENERIC_TYPES(RUN, GENERIC)
    shmem_free(ack);
    shmem_finalize();
    return test_exit_status();
}
