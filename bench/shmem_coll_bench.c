#define _POSIX_C_SOURCE 200809L
/* OpenSHMEM collective latency benchmark, written against the 1.4 API only (active sets, no
 * teams) so that it also builds with other OpenSHMEM libraries (e.g. Open MPI's oshcc).
 * bench/mpi_coll_bench.c does the same operations with plain MPI; bench/compare_coll.sh runs
 * both and Open MPI's OSHMEM side by side.
 *
 * Every PE runs the collective in batches; a batch's time is the slowest PE's, and each number
 * is the median over REPS batches of the time per call in nanoseconds (batches run enough calls
 * to take ~200 us or more).
 *
 * Output, one line per measurement:  <op> np<PEs> <bytes> <median_ns>
 *   barrier_all   shmem_barrier_all
 *   barrier       shmem_barrier on the active set of all PEs (0, 0, npes)
 *   barrier_half  shmem_barrier on the even PEs (0, 1, (npes+1)/2), 4 PEs or more
 *   broadcast     shmem_broadcast64 from PE 0, <bytes> per PE
 *   sum_to_all    shmem_long_sum_to_all of <bytes>/8 longs
 *   fcollect      shmem_fcollect64, <bytes> from each PE
 *   alltoall      shmem_alltoall64, <bytes> per pair of PEs
 * Options: -q quick (few repetitions and sizes, for a smoke test); -f few sizes (8, 4 Ki,
 * 256 Ki and 1 Mi bytes; no alltoall) measured in full; -r N: N batches a measurement (15). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

#define MAXB (1024 * 1024)      /* largest message */
#define MAX_A2A (256 * 1024)    /* largest alltoall block (per pair) */
static int reps = 15;
static int quick;
static int few; /* -f */


static long psync[2][SHMEM_REDUCE_SYNC_SIZE > SHMEM_BCAST_SYNC_SIZE ? SHMEM_REDUCE_SYNC_SIZE
                                                                       : SHMEM_BCAST_SYNC_SIZE];
static long timing_psync[2][SHMEM_REDUCE_SYNC_SIZE];
static double timing_wrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 8];
static double timing_in, timing_out;
static int turn, timing_turn;

static int me, npes;
static char *src, *dst;
static long *pwrk;

/* The slowest PE's value (the same on every PE). */
static double max_over_pes(double v)
{
    timing_in = v;
    timing_turn ^= 1;
    shmem_double_max_to_all(&timing_out, &timing_in, 1, 0, 0, npes, timing_wrk,
                            timing_psync[timing_turn]);
    return timing_out;
}

enum { BARRIER_ALL, BARRIER, BARRIER_HALF, BROADCAST, SUM_TO_ALL, FCOLLECT, ALLTOALL };
static const char *names[] = {"barrier_all", "barrier",  "barrier_half", "broadcast",
                              "sum_to_all",  "fcollect", "alltoall"};

/* pSync arrays alternate between consecutive calls, as the specification allows. */
static long *next_psync(void)
{
    turn ^= 1;
    return psync[turn];
}

static void batch(int op, size_t bytes, long iters)
{
    size_t n64 = bytes / 8;
    for (long i = 0; i < iters; i++) {
        switch (op) {
        case BARRIER_ALL: shmem_barrier_all(); break;
        case BARRIER: shmem_barrier(0, 0, npes, next_psync()); break;
        case BARRIER_HALF:
            if (me % 2 == 0) shmem_barrier(0, 1, (npes + 1) / 2, next_psync());
            break;
        case BROADCAST: shmem_broadcast64(dst, src, n64, 0, 0, 0, npes, next_psync()); break;
        case SUM_TO_ALL:
            shmem_long_sum_to_all((long *)dst, (long *)src, (int)n64, 0, 0, npes, pwrk,
                                  next_psync());
            break;
        case FCOLLECT: shmem_fcollect64(dst, src, n64, 0, 0, npes, next_psync()); break;
        case ALLTOALL: shmem_alltoall64(dst, src, n64, 0, 0, npes, next_psync()); break;
        }
    }
}

static void measure(int op, size_t bytes)
{
    long iters = 1;
    for (;;) { /* calibrate: the same decision on every PE (slowest PE's time) */
        shmem_barrier_all();
        double t0 = now_ns();
        batch(op, bytes, iters);
        double dt = max_over_pes(now_ns() - t0);
        if (dt > 2e5 || iters >= (1L << 20) || (quick && iters >= 4)) break;
        iters *= 2;
    }
    double *t = malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; r++) {
        shmem_barrier_all();
        double t0 = now_ns();
        batch(op, bytes, iters);
        t[r] = max_over_pes(now_ns() - t0) / (double)iters;
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    if (me == 0) printf("%s np%d %zu %.1f\n", names[op], npes, bytes, t[reps / 2]);
    fflush(stdout);
    free(t);
}

/* Whether size index i (of 8, 64, 512, 4096, 32768, 262144, 1048576) is measured for op. */
static int wanted(int op, size_t i)
{
    if (quick) return i % 3 == 0;
    if (few) return op != ALLTOALL && (i % 3 == 0 || i == 5);
    return 1;
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-q")) {
            quick = 1;
            reps = 3;
        } else if (!strcmp(argv[a], "-f")) {
            few = 1;
        } else if (!strcmp(argv[a], "-r") && a + 1 < argc) {
            reps = atoi(argv[++a]);
            if (reps < 1) reps = 1;
        }
    }
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    for (int p = 0; p < 2; p++) {
        for (size_t i = 0; i < sizeof psync[p] / sizeof(long); i++) psync[p][i] = SHMEM_SYNC_VALUE;
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) timing_psync[p][i] = SHMEM_SYNC_VALUE;
    }
    size_t dst_bytes = (size_t)npes * (MAXB > MAX_A2A ? MAXB : MAX_A2A);
    size_t src_bytes = (size_t)npes * MAX_A2A > MAXB ? (size_t)npes * MAX_A2A : MAXB;
    src = shmem_malloc(src_bytes);
    dst = shmem_malloc(dst_bytes);
    pwrk = shmem_malloc((MAXB / 8 / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE) * sizeof(long));
    if (!src || !dst || !pwrk) {
        if (me == 0) fprintf(stderr, "shmem_coll_bench: symmetric heap too small\n");
        shmem_global_exit(1);
    }
    memset(src, 1, src_bytes);
    memset(dst, 0, dst_bytes);
    shmem_barrier_all();
    if (me == 0) printf("# op npes bytes median_ns (slowest PE, median over %d batches)\n", reps);

    measure(BARRIER_ALL, 0);
    measure(BARRIER, 0);
    if (npes >= 4) measure(BARRIER_HALF, 0);
    static const size_t sizes[] = {8, 64, 512, 4096, 32768, 262144, 1048576};
    for (int op = BROADCAST; op <= ALLTOALL; op++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
            if (sizes[i] <= (op == ALLTOALL ? MAX_A2A : MAXB) && wanted(op, i))
                measure(op, sizes[i]);

    shmem_barrier_all();
    shmem_free(pwrk);
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return 0;
}
