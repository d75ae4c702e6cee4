#define _POSIX_C_SOURCE 200809L
/* Exchange rounds as bale's buffered applications make them (histogram, index-gather through
 * exstack/conveyors): in every round each PE sends a block to every other PE and then polls
 * until the blocks of that round from all of them are in, with no barrier between rounds.
 *   phase "test":  the block is a putmem, then fence, then an atomic set of the sender's flag
 *                  on the receiver to the round number; the receiver polls shmem_long_test on
 *                  each flag;
 *   phase "amo":   the block is a putmem, then fence, then a fetching atomic add (fetch_add)
 *                  on the receiver's counter of the round; the receiver polls its own counter
 *                  with shmem_long_atomic_fetch.
 * Every block is checked (its words name sender, receiver and round), so a lost or torn update
 * fails. Each PE also times its rounds; PE 0 prints the median, 99th percentile and maximum
 * round time of every phase over all PEs: a PE whose wait spins without yielding, or sleeps too
 * long, when PEs share cores (run it beside a CPU hog: tests/progress/with_cpu_hog.sh) shows as
 * a long tail. Written against OpenSHMEM 1.4, so that it builds with other libraries too
 * (bench/compare_contention.sh). Options: -r ROUNDS (default 200); -w US: each round first
 * computes for US microseconds (as bale's rounds fill their buffers), so that a phase spans
 * many time slices; -m MS: a round over MS milliseconds fails the run (a stall; the issue's
 * were seconds long); -v: every PE also prints,
 * per phase, its CPU time against the phase's wall time, its voluntary and involuntary context
 * switches (getrusage), and its rounds over 10 ms (a spinner shows CPU near its share and
 * involuntary switches only; a PE that waits by sleeping, voluntary ones). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "../../bench/bench_clock.h"

#define WORDS 8  /* longs per block */
#define MAX_PES 64

static long flags[MAX_PES];

static long word(int from, int to, int round, int w)
{
    return ((long)round << 32) ^ ((long)from << 20) ^ ((long)to << 8) ^ w;
}

/* -v: one PE's line about one phase (see the header). */
static void report(int me, const char *phase, const double *times, int rounds, double wall_us,
                   const struct rusage *a, const struct rusage *b)
{
    double cpu_us = ((double)(b->ru_utime.tv_sec - a->ru_utime.tv_sec) +
                     (double)(b->ru_stime.tv_sec - a->ru_stime.tv_sec)) * 1e6 +
                    (double)(b->ru_utime.tv_usec - a->ru_utime.tv_usec) +
                    (double)(b->ru_stime.tv_usec - a->ru_stime.tv_usec);
    int slow = 0, worst = 0;
    for (int r = 0; r < rounds; r++) {
        if (times[r] > 10000) slow++;
        if (times[r] > times[worst]) worst = r;
    }
    printf("exchange_rounds pe %d %-4s wall %.1f ms cpu %.1f ms, switches voluntary %ld "
           "involuntary %ld, rounds over 10 ms %d, slowest round %d %.1f ms\n", me, phase,
           wall_us / 1e3, cpu_us / 1e3, b->ru_nvcsw - a->ru_nvcsw, b->ru_nivcsw - a->ru_nivcsw,
           slow, worst, times[worst] / 1e3);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int rounds = 200, verbose = 0;
    double work_ns = 0, bound_us = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-r") == 0 && a + 1 < argc) rounds = atoi(argv[++a]);
        else if (strcmp(argv[a], "-w") == 0 && a + 1 < argc) work_ns = atof(argv[++a]) * 1e3;
        else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc) bound_us = atof(argv[++a]) * 1e3;
        else if (strcmp(argv[a], "-v") == 0) verbose = 1;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), failures = 0;
    if (n > MAX_PES) {
        if (me == 0) fprintf(stderr, "exchange_rounds: at most %d PEs\n", MAX_PES);
        shmem_global_exit(1);
    }
    /* blocks[phase][round][sender][word] on every PE, and the AMO phase's counters. */
    size_t per_phase = (size_t)rounds * (size_t)n * WORDS;
    long *blocks = shmem_calloc(2 * per_phase, sizeof(long));
    long *counters = shmem_calloc((size_t)rounds, sizeof(long));
    double *times = shmem_malloc(sizeof(double) * (size_t)rounds);
    double *all = malloc(sizeof(double) * (size_t)rounds * (size_t)n);
    long out[WORDS];
    for (int phase = 0; phase < 2; phase++) {
        long *b = blocks + (size_t)phase * per_phase;
        shmem_barrier_all();
        struct rusage u0, u1;
        getrusage(RUSAGE_SELF, &u0);
        double phase_start = now_ns() / 1e3;
        for (int r = 0; r < rounds; r++) {
            double start = now_ns() / 1e3;
            while (now_ns() - start * 1e3 < work_ns) {} /* the round's own work */
            for (int k = 1; k < n; k++) {
                int to = (me + k) % n;
                for (int w = 0; w < WORDS; w++) out[w] = word(me, to, r, w);
                shmem_putmem(b + ((size_t)r * (size_t)n + (size_t)me) * WORDS, out, sizeof out, to);
                shmem_fence();
                if (phase == 0) shmem_long_atomic_set(&flags[me], r + 1, to);
                else shmem_long_atomic_fetch_add(&counters[r], 1, to);
            }
            for (int k = 1; k < n; k++) {
                int from = (me + n - k) % n;
                if (phase == 0) {
                    while (!shmem_long_test(&flags[from], SHMEM_CMP_GE, r + 1)) {}
                } else if (k == 1) {
                    while (shmem_long_atomic_fetch(&counters[r], me) < n - 1) {}
                }
                const long *got = b + ((size_t)r * (size_t)n + (size_t)from) * WORDS;
                for (int w = 0; w < WORDS; w++)
                    if (got[w] != word(from, me, r, w) && failures++ < 10)
                        fprintf(stderr, "FAIL (PE %d) phase %s round %d: word %d from PE %d is "
                                "%#lx, not %#lx\n", me, phase ? "amo" : "test", r, w, from,
                                got[w], word(from, me, r, w));
            }
            times[r] = now_ns() / 1e3 - start;
        }
        double phase_us = now_ns() / 1e3 - phase_start; /* PE 0's: the rounds couple PEs */
        for (int r = 0; bound_us > 0 && r < rounds; r++)
            if (times[r] > bound_us && failures++ < 10)
                fprintf(stderr, "FAIL (PE %d) phase %s round %d: %.1f ms, over the bound of "
                        "%.0f ms\n", me, phase ? "amo" : "test", r, times[r] / 1e3,
                        bound_us / 1e3);
        if (verbose) {
            getrusage(RUSAGE_SELF, &u1);
            report(me, phase ? "amo" : "test", times, rounds, phase_us, &u0, &u1);
        }
        shmem_barrier_all();
        if (phase == 1)
            for (int r = 0; r < rounds; r++)
                if (counters[r] != n - 1 && failures++ < 10)
                    fprintf(stderr, "FAIL (PE %d) round %d: counter %ld, not %d\n", me, r,
                            counters[r], n - 1);
        if (me == 0) {
            for (int pe = 0; pe < n; pe++)
                shmem_getmem(all + (size_t)pe * (size_t)rounds, times,
                             sizeof(double) * (size_t)rounds, pe);
            size_t total = (size_t)rounds * (size_t)n;
            qsort(all, total, sizeof *all, cmp_double);
            printf("exchange_rounds %-4s %d PEs, %d rounds: round time median %.1f us, "
                   "p99 %.1f us, max %.1f us; phase %.1f ms\n", phase ? "amo" : "test", n,
                   rounds, all[total / 2], all[(total * 99) / 100], all[total - 1],
                   phase_us / 1e3);
            fflush(stdout);
        }
        shmem_barrier_all(); /* times is rewritten in the next phase */
    }
    static int any_bad;
    if (failures) shmem_int_atomic_add(&any_bad, 1, 0);
    shmem_barrier_all();
    if (me == 0 && any_bad == 0) printf("exchange rounds ok\n");
    free(all);
    shmem_free(times);
    shmem_free(counters);
    shmem_free(blocks);
    shmem_finalize();
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
