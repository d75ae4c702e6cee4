#define _POSIX_C_SOURCE 200809L
/* OpenSHMEM latency benchmark, written against the 1.4 API only so that it also builds with
 * other OpenSHMEM libraries (e.g. Open MPI's oshcc). PE 0 measures, PE 1 is the target; any
 * other PE waits in the barriers. Every number is the median over REPS batches of the time
 * per operation in nanoseconds; each batch runs enough operations to take ~100 us or more.
 *
 * Output, one line per measurement:  <op> <bytes> <median_ns>  (and <op> <bytes> <GB/s> for
 * bandwidth lines, marked "bw"). Options: -q quick (fewer repetitions, for a smoke test). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

#define MAXB (4 * 1024 * 1024)
static int reps = 31;
static char gstatic[MAXB];

enum { PUT, PUT_QUIET, GET, P, G, NBI_RATE, QUIET_IDLE, MEMCPY, FADD, CSWAP };
static const char *names[] = {"put", "put+quiet", "get", "p", "g", "put_nbi_rate",
                              "quiet_idle", "memcpy", "fetch_add", "compare_swap"};

static char *src_buf, *dst_local;

/* One batch of `iters` operations of kind `op` on `bytes` bytes at `target` (on PE 1). */
static void batch(int op, char *target, size_t bytes, long iters)
{
    long *lt = (long *)target;
    long sink = 0;
    for (long i = 0; i < iters; i++) {
        switch (op) {
        case PUT: shmem_putmem(target, src_buf, bytes, 1); break;
        case PUT_QUIET: shmem_putmem(target, src_buf, bytes, 1); shmem_quiet(); break;
        case GET: shmem_getmem(dst_local, target, bytes, 1); break;
        case P: shmem_long_p(lt, i, 1); break;
        case G: sink += shmem_long_g(lt, 1); break;
        case NBI_RATE: shmem_putmem_nbi(target, src_buf, bytes, 1); break;
        case QUIET_IDLE: shmem_quiet(); break;
        case MEMCPY: memcpy(dst_local, src_buf, bytes); break;
        case FADD: sink += shmem_long_atomic_fetch_add(lt, 1, 1); break;
        case CSWAP: sink += shmem_long_atomic_compare_swap(lt, i, i + 1, 1); break;
        }
    }
    if (op == NBI_RATE || op == PUT || op == P) shmem_quiet();
    if (sink == 42) fputc(' ', stderr); /* keep the loads */
}

/* The shortest of three runs of a batch: one slow run (a scheduler hiccup) must not end the
 * calibration early, or the operations that end their batch with a quiet (rates, puts) would
 * be timed mostly by that quiet (add_rate across hosts measured 2.5 us instead of 0.3 us in
 * one run of two). */
static double shortest_of_3(int op, char *target, size_t bytes, long iters)
{
    double best = 0;
    for (int k = 0; k < 3; k++) {
        double t0 = now_ns();
        batch(op, target, bytes, iters);
        double t = now_ns() - t0;
        if (k == 0 || t < best) best = t;
    }
    return best;
}

static double measure(int op, char *target, size_t bytes)
{
    /* calibrate the batch size; a batch of one operation never ends the calibration: the
     * first operation of a kind may carry one-time setup (MPICH allocates its accumulate
     * buffer pool at the first AMO), and batches of one would then time the warm-up that
     * follows it (docs/performance.md, "The first fetch_add") */
    long iters = 1;
    for (;;) {
        if ((iters > 1 && shortest_of_3(op, target, bytes, iters) > 1e5) || iters >= (1L << 22))
            break;
        iters *= 2;
    }
    double *t = malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        batch(op, target, bytes, iters);
        t[r] = (now_ns() - t0) / (double)iters;
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    double med = t[reps / 2];
    free(t);
    return med;
}

static void report(int op, const char *where, size_t bytes, double ns)
{
    printf("%-14s %-6s %9zu %12.1f\n", names[op], where, bytes, ns);
    if (bytes >= 4096 && (op == PUT || op == PUT_QUIET || op == GET || op == MEMCPY))
        printf("%-14s %-6s %9zu %12.3f bw_GB/s\n", names[op], where, bytes, bytes / ns);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "-q") == 0) reps = 5;
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() < 2) {
        if (me == 0) fprintf(stderr, "shmem_bench needs 2 PEs\n");
        shmem_finalize();
        return 1;
    }
    char *heap = shmem_malloc(MAXB);
    src_buf = malloc(MAXB);
    dst_local = malloc(MAXB);
    memset(src_buf, 1, MAXB);
    memset(dst_local, 2, MAXB);
    memset(heap, 0, MAXB);
    shmem_barrier_all();
    if (me == 0) {
        printf("# op           target     bytes    median_ns\n");
        report(QUIET_IDLE, "-", 0, measure(QUIET_IDLE, heap, 0));
        report(P, "heap", 8, measure(P, heap, 8));
        report(G, "heap", 8, measure(G, heap, 8));
        report(P, "static", 8, measure(P, gstatic, 8));
        report(FADD, "heap", 8, measure(FADD, heap, 8));
        report(CSWAP, "heap", 8, measure(CSWAP, heap, 8));
        report(NBI_RATE, "heap", 8, measure(NBI_RATE, heap, 8));
        for (size_t b = 8; b <= MAXB; b *= 4) {
            report(PUT, "heap", b, measure(PUT, heap, b));
            report(PUT, "static", b, measure(PUT, gstatic, b));
            report(PUT_QUIET, "heap", b, measure(PUT_QUIET, heap, b));
            report(GET, "heap", b, measure(GET, heap, b));
            report(MEMCPY, "-", b, measure(MEMCPY, heap, b));
        }
        fflush(stdout);
    }
    shmem_barrier_all();
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
