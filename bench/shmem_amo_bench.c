#define _POSIX_C_SOURCE 200809L
/* OpenSHMEM benchmark of atomics, signals and locks, written against the 1.4 API (put-with-
 * signal only when the header says 1.5 or later) so that it also builds with Open MPI's
 * OSHMEM. Output, one line per measurement, in the format of shmem_bench.c:
 *     <op> <target> <bytes> <median> [unit]        (unit: ns unless given)
 *
 * With 2 PEs (or -a), latencies, measured by PE 0 (median over batches of >= 100 us):
 *   fetch_add, compare_swap, fetch, set+quiet, add+quiet to the other PE, to itself and to a
 *   static on the other PE; add_rate (many non-fetching adds, one quiet: time per add);
 *   cpu_fetch_add / cpu_compare_swap: a bare CPU atomic on the other PE's word through
 *   shmem_ptr (the floor for the AMOs above; skipped where shmem_ptr gives NULL);
 *   one-way latency of ping-pongs between PE 0 and 1 (round trip / 2): pingpong_p
 *   (shmem_long_p + shmem_long_wait_until), pingpong_cpu (a store through shmem_ptr and a
 *   spin on one's own word: the cache-line round trip), put_signal (shmem_putmem_signal +
 *   shmem_signal_wait_until, 1.5+ libraries only) and put_signal_emul (putmem + fence +
 *   atomic set + wait_until: what a 1.4 program writes);
 *   lock: shmem_set_lock + shmem_clear_lock with nobody else asking, from PE 0 and from PE 1.
 * With any number of PEs, contention (target field "np<N>"):
 *   fetch_add_all2one: every PE does fetch_add on one word of PE 0 (ops/s over all PEs, and
 *   the counter is checked); cpu_fetch_add_all2one: the same with bare CPU atomics;
 *   lock_contended: every PE takes and releases one lock in a loop (ns per acquire+release).
 * Options: -q quick (fewer repetitions, short batches), -a latencies with any PE count. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

#if SHMEM_MAJOR_VERSION > 1 || (SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION >= 5)
#define HAVE_SIGNAL 1
#endif

#define MAXPE 1024
#define BUFB 4096

static int me, npes;
static int reps = 31;             /* batches of a latency measured by PE 0 alone */
static int creps = 15;            /* batches of a measurement all PEs take part in */
static double min_batch = 1e5;    /* ns: shortest batch of a latency */
static double min_cbatch = 2e6;   /* ns: shortest batch of a collective measurement */

/* Symmetric globals (static data): the lock, PE 0's published numbers, flags, a target. */
static long lock_word;
static long g_iters;
static long g_flags[MAXPE];
static long static_word;

/* Symmetric heap: every word on its own cache line. */
struct sym {
    _Alignas(64) long amo;
    _Alignas(64) long pp;
    _Alignas(64) long cpu_pp;
    _Alignas(64) long sigl;
    _Alignas(64) uint64_t sig;
    _Alignas(64) long ctr;
    _Alignas(64) char buf[BUFB];
};
static struct sym *S;
static char src[BUFB];
static long seq;           /* ping-pong sequence number, advanced alike on PE 0 and 1 */
static long expected_ctr;  /* what the all-to-one counter must hold */
static long *cpu_ctr0;     /* PE 0's counter through shmem_ptr */
static long *cpu_pp_peer;  /* the ping-pong partner's cpu_pp through shmem_ptr */
static volatile long sink;

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

static void report(const char *op, const char *target, size_t bytes, double v, const char *unit)
{
    printf("%-22s %-6s %9zu %14.1f%s%s\n", op, target, bytes, v, unit ? " " : "",
           unit ? unit : "");
    fflush(stdout);
}

/* PE 0 publishes `v` to every PE (no collectives needed: a 1.4-only library may lack them). */
static long publish(long v)
{
    if (me == 0) {
        for (int pe = 0; pe < npes; pe++) shmem_long_p(&g_iters, v, pe);
        shmem_quiet();
    }
    shmem_barrier_all();
    long r = g_iters;
    shmem_barrier_all();
    return r;
}

/* 1 on every PE if `mine` is true on every PE. */
static int all_true(int mine)
{
    shmem_long_p(&g_flags[me], mine, 0);
    shmem_quiet();
    shmem_barrier_all();
    long all = 1;
    if (me == 0)
        for (int pe = 0; pe < npes; pe++) all &= g_flags[pe] != 0;
    return (int)publish(all);
}

/* ---- latencies measured by PE 0 alone ---------------------------------------------------- */

enum { FADD, CSWAP, FETCH, SET_Q, ADD_Q, ADD_RATE, CPU_FADD, CPU_CSWAP };

static void batch(int op, long *t, int pe, long iters)
{
    long *cpu = op >= CPU_FADD ? shmem_ptr(t, pe) : NULL;
    long v = op == CSWAP ? shmem_long_atomic_fetch(t, pe) : cpu ? *cpu : 0, s = 0;
    for (long i = 0; i < iters; i++) {
        switch (op) {
        case FADD: s += shmem_long_atomic_fetch_add(t, 1, pe); break;
        case CSWAP: { /* succeeds every time: the expected value is the one last written */
            long r = shmem_long_atomic_compare_swap(t, v, v + 1, pe);
            v = r == v ? v + 1 : r;
            break;
        }
        case FETCH: s += shmem_long_atomic_fetch(t, pe); break;
        case SET_Q: shmem_long_atomic_set(t, i, pe); shmem_quiet(); break;
        case ADD_Q: shmem_long_atomic_add(t, 1, pe); shmem_quiet(); break;
        case ADD_RATE: shmem_long_atomic_add(t, 1, pe); break;
        case CPU_FADD: s += __atomic_fetch_add(cpu, 1, __ATOMIC_SEQ_CST); break;
        case CPU_CSWAP: {
            long e = v;
            if (__atomic_compare_exchange_n(cpu, &e, v + 1, 0, __ATOMIC_SEQ_CST,
                                            __ATOMIC_SEQ_CST)) v++;
            else v = e;
            break;
        }
        }
    }
    if (op == ADD_RATE) shmem_quiet();
    sink = s + v;
}

/* The shortest of three runs of a batch: one slow run (a scheduler hiccup) must not end the
 * calibration early, or add_rate (whose batch ends with a quiet) would be timed mostly by that
 * quiet (across hosts: 2.5 us per add instead of 0.3 us in one run of two). */
static double shortest_of_3(int op, long *t, int pe, long iters)
{
    double best = 0;
    for (int k = 0; k < 3; k++) {
        double t0 = now_ns();
        batch(op, t, pe, iters);
        double d = now_ns() - t0;
        if (k == 0 || d < best) best = d;
    }
    return best;
}

static double measure(int op, long *t, int pe)
{
    /* calibrate the batch size (as shmem_bench.c); a batch of one operation never ends the calibration: the
     * first operation of a kind may carry one-time setup (MPICH allocates its accumulate
     * buffer pool at the first AMO), and batches of one would then time the warm-up that
     * follows it (docs/performance.md, "The first fetch_add") */
    long iters = 1;
    for (;;) {
        if ((iters > 1 && shortest_of_3(op, t, pe, iters) > min_batch) || iters >= (1L << 24))
            break;
        iters *= 2;
    }
    double *t_ = malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        batch(op, t, pe, iters);
        t_[r] = (now_ns() - t0) / (double)iters;
    }
    double m = median(t_, reps);
    free(t_);
    return m;
}

static void latencies(int cpu_ok)
{
    static const struct { int op; const char *name; } ops[] = {
        {FADD, "fetch_add"}, {CSWAP, "compare_swap"}, {FETCH, "fetch"},
        {SET_Q, "set+quiet"}, {ADD_Q, "add+quiet"}, {ADD_RATE, "add_rate"}};
    if (me == 0) {
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
            report(ops[k].name, "other", 8, measure(ops[k].op, &S->amo, 1), NULL);
            report(ops[k].name, "self", 8, measure(ops[k].op, &S->amo, 0), NULL);
        }
        report("fetch_add", "static", 8, measure(FADD, &static_word, 1), NULL);
        report("compare_swap", "static", 8, measure(CSWAP, &static_word, 1), NULL);
        if (cpu_ok) {
            report("cpu_fetch_add", "other", 8, measure(CPU_FADD, &S->amo, 1), NULL);
            report("cpu_compare_swap", "other", 8, measure(CPU_CSWAP, &S->amo, 1), NULL);
        }
    }
    shmem_barrier_all();
}

/* ---- measurements every PE takes part in ------------------------------------------------- */

typedef void (*coll_fn)(long iters, size_t arg);

/* Runs fn(iters) on every PE, ITERS calibrated by PE 0 for batches of >= min_cbatch; returns
 * (on PE 0) the median over creps batches of the batch time divided by iters * per_iter. */
static double measure_coll(coll_fn fn, size_t arg, double per_iter)
{
    long iters = 4;
    for (;;) {
        shmem_barrier_all();
        double t0 = now_ns();
        fn(iters, arg);
        double t = now_ns() - t0;
        long next = 0; /* 0: calibrated */
        if (me == 0 && t < min_cbatch / 4 && iters < (1L << 24)) next = iters * 2;
        else if (me == 0) next = -(long)(iters * (min_cbatch / (t > 1 ? t : 1)) + 1);
        long v = publish(next);
        if (v < 0) {
            iters = -v > iters ? -v : iters;
            break;
        }
        iters = v;
    }
    double *t_ = malloc(sizeof(double) * (size_t)creps);
    for (int r = 0; r < creps; r++) {
        shmem_barrier_all();
        double t0 = now_ns();
        fn(iters, arg);
        t_[r] = (now_ns() - t0) / ((double)iters * per_iter);
    }
    double m = median(t_, creps);
    free(t_);
    return m;
}

static void fn_pingpong_p(long iters, size_t arg)
{
    (void)arg;
    if (me > 1) return;
    for (long i = 0; i < iters; i++) {
        long s = ++seq;
        if (me == 1) shmem_long_wait_until(&S->pp, SHMEM_CMP_GE, s);
        shmem_long_p(&S->pp, s, 1 - me);
        if (me == 0) shmem_long_wait_until(&S->pp, SHMEM_CMP_GE, s);
    }
}

static void fn_pingpong_cpu(long iters, size_t arg)
{
    (void)arg;
    if (me > 1) return;
    for (long i = 0; i < iters; i++) {
        long s = ++seq;
        if (me == 1)
            while (__atomic_load_n(&S->cpu_pp, __ATOMIC_ACQUIRE) < s) continue;
        __atomic_store_n(cpu_pp_peer, s, __ATOMIC_RELEASE);
        if (me == 0)
            while (__atomic_load_n(&S->cpu_pp, __ATOMIC_ACQUIRE) < s) continue;
    }
}

#ifdef HAVE_SIGNAL
static void fn_put_signal(long iters, size_t bytes)
{
    if (me > 1) return;
    for (long i = 0; i < iters; i++) {
        uint64_t s = (uint64_t)++seq;
        if (me == 1) shmem_signal_wait_until(&S->sig, SHMEM_CMP_GE, s);
        shmem_putmem_signal(S->buf, src, bytes, &S->sig, s, SHMEM_SIGNAL_SET, 1 - me);
        if (me == 0) shmem_signal_wait_until(&S->sig, SHMEM_CMP_GE, s);
    }
}
#endif

static void fn_put_signal_emul(long iters, size_t bytes)
{
    if (me > 1) return;
    for (long i = 0; i < iters; i++) {
        long s = ++seq;
        if (me == 1) shmem_long_wait_until(&S->sigl, SHMEM_CMP_GE, s);
        shmem_putmem(S->buf, src, bytes, 1 - me);
        shmem_fence();
        shmem_long_atomic_set(&S->sigl, s, 1 - me);
        if (me == 0) shmem_long_wait_until(&S->sigl, SHMEM_CMP_GE, s);
    }
}

static void fn_lock_by(long iters, size_t who)
{
    if (me == (int)who)
        for (long i = 0; i < iters; i++) {
            shmem_set_lock(&lock_word);
            shmem_clear_lock(&lock_word);
        }
    shmem_barrier_all();
}

static void fn_lock_all(long iters, size_t arg)
{
    (void)arg;
    for (long i = 0; i < iters; i++) {
        shmem_set_lock(&lock_word);
        shmem_clear_lock(&lock_word);
    }
    shmem_barrier_all();
}

static void fn_hammer(long iters, size_t cpu)
{
    long s = 0;
    for (long i = 0; i < iters; i++)
        s += cpu ? __atomic_fetch_add(cpu_ctr0, 1, __ATOMIC_SEQ_CST)
                 : shmem_long_atomic_fetch_add(&S->ctr, 1, 0);
    sink = s;
    expected_ctr += iters * npes;
    shmem_barrier_all();
}

static void pingpongs(int cpu_ok)
{
    double v = measure_coll(fn_pingpong_p, 0, 2);
    if (me == 0) report("pingpong_p", "other", 8, v, NULL);
    if (cpu_ok) {
        v = measure_coll(fn_pingpong_cpu, 0, 2);
        if (me == 0) report("pingpong_cpu", "other", 8, v, NULL);
    }
    for (size_t b = 8; b <= BUFB; b *= 512) {
#ifdef HAVE_SIGNAL
        v = measure_coll(fn_put_signal, b, 2);
        if (me == 0) report("put_signal", "other", b, v, NULL);
#endif
        v = measure_coll(fn_put_signal_emul, b, 2);
        if (me == 0) report("put_signal_emul", "other", b, v, NULL);
    }
    v = measure_coll(fn_lock_by, 0, 1);
    if (me == 0) report("lock", "pe0", 8, v, NULL);
    v = measure_coll(fn_lock_by, 1, 1);
    if (me == 0) report("lock", "pe1", 8, v, NULL);
}

static void hammer(int cpu)
{
    S->ctr = 0;
    expected_ctr = 0;
    shmem_barrier_all();
    double ns = measure_coll(fn_hammer, (size_t)cpu, npes);
    if (me == 0) {
        long got = shmem_long_atomic_fetch(&S->ctr, 0);
        if (got != expected_ctr) {
            fprintf(stderr, "shmem_amo_bench: all-to-one counter is %ld, expected %ld\n", got,
                    expected_ctr);
            shmem_global_exit(1);
        }
        char where[16];
        snprintf(where, sizeof where, "np%d", npes);
        report(cpu ? "cpu_fetch_add_all2one" : "fetch_add_all2one", where, 8, 1e9 / ns, "ops/s");
    }
    shmem_barrier_all();
}

int main(int argc, char **argv)
{
    int all_latencies = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0) reps = 5, creps = 3, min_batch = 2e4, min_cbatch = 2e5;
        else if (strcmp(argv[i], "-a") == 0) all_latencies = 1;
    }
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes < 2 || npes > MAXPE) {
        if (me == 0) fprintf(stderr, "shmem_amo_bench needs 2 to %d PEs\n", MAXPE);
        shmem_finalize();
        return 1;
    }
    S = shmem_align(64, sizeof *S);
    memset(S, 0, sizeof *S);
    memset(src, 7, sizeof src);
    shmem_barrier_all();
    /* Bare CPU references only where every PE involved reaches the word by load/store. */
    cpu_pp_peer = me <= 1 ? shmem_ptr(&S->cpu_pp, 1 - me) : NULL;
    cpu_ctr0 = shmem_ptr(&S->ctr, 0);
    int pp_ok = all_true(me > 1 || cpu_pp_peer != NULL);
    int ctr_ok = all_true(cpu_ctr0 != NULL);
    if (me == 0) printf("# op                   target     bytes         median [unit]\n");

    if (npes == 2 || all_latencies) {
        latencies(pp_ok);
        pingpongs(pp_ok);
    }
    char where[16];
    snprintf(where, sizeof where, "np%d", npes);
    hammer(0);
    if (ctr_ok) hammer(1);
    double v = measure_coll(fn_lock_all, 0, npes);
    if (me == 0) report("lock_contended", where, 8, v, NULL);

    shmem_barrier_all();
    shmem_free(S);
    shmem_finalize();
    return 0;
}
