#define _POSIX_C_SOURCE 200809L
/* Fairness of blocking remote operations when PEs share one core (issue 44; run under
 * on_one_core.sh): in every round each PE targets every other PE in turn with a fetching add
 * on the target's counter, a compare-and-swap of its own slot on the target (round - 1 ->
 * round) and a shmem_long_g of that slot, all at once on all PEs. Across nodes each of them
 * completes only when the target (or MPI on its behalf) gets the core, so an operation that
 * holds the core while it waits shows as time slices per operation, and one that sleeps too
 * long or starves the target as stalls. Exact checks:
 *   fetch_add: the values one PE fetches from one target increase strictly and stay below
 *              the target's final count; at the end every counter is (n - 1) * rounds and the
 *              values fetched from it, summed by all PEs, are 0 + 1 + ... + (count - 1)
 *              (each value fetched exactly once: no lost or doubled add);
 *   compare_swap: returns round - 1 (only its origin writes a slot), and every slot ends at
 *              rounds;
 *   g:         returns round, the value the origin's compare-and-swap just wrote.
 * Each operation is timed; PE 0 prints the median, 99th percentile and maximum per kind over
 * all PEs. Options: -r ROUNDS (default 50); -m MS: an operation over MS milliseconds fails
 * the run. */
#include <shmem.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/bench_clock.h"

#define MAX_PES 64

enum { FADD, CSWAP, GET, OPS };
static const char *const op_name[OPS] = {"fetch_add", "compare_swap", "g"};

static long counter;       /* every other PE adds 1 per round */
static long fetched_sum;   /* the sum of the values fetched from counter, added by their PEs */
static long slot[MAX_PES]; /* slot[o]: PE o's compare-and-swap word here, round after round */

static int failures;

/* One line per failure, written at once (the PEs share stderr); the first 10 of each PE. */
static void fail(const char *fmt, ...)
{
    if (failures++ >= 10) return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "FAIL (PE %d): %s\n", shmem_my_pe(), line);
}
#define CHECK(cond, ...)                \
    do {                                \
        if (!(cond)) fail(__VA_ARGS__); \
    } while (0)

int main(int argc, char **argv)
{
    int rounds = 50;
    double bound_ns = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-r") == 0 && a + 1 < argc) rounds = atoi(argv[++a]);
        else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc) bound_ns = atof(argv[++a]) * 1e6;
    }
    if (rounds < 1) rounds = 1;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (n < 2 || n > MAX_PES) {
        if (me == 0) fprintf(stderr, "amo_rounds_fairness: 2 to %d PEs\n", MAX_PES);
        shmem_global_exit(1);
    }
    long per_target = rounds, count = (long)(n - 1) * rounds; /* adds per target */
    size_t ops = (size_t)rounds * (size_t)(n - 1);            /* per kind, per PE */
    double *times = shmem_calloc(OPS * ops, sizeof(double));  /* times[kind * ops + i] */
    double *all = malloc(sizeof(double) * ops * (size_t)n);
    long last[MAX_PES], sum[MAX_PES] = {0};
    if (!times || !all) {
        fprintf(stderr, "FAIL (PE %d): out of memory\n", me);
        shmem_global_exit(1);
    }
    for (int pe = 0; pe < n; pe++) last[pe] = -1;
    shmem_barrier_all();
    double start = now_ns();
    for (long r = 1; r <= rounds; r++) {
        for (int k = 1; k < n; k++) {
            int t = (me + k) % n;
            size_t i = (size_t)(r - 1) * (size_t)(n - 1) + (size_t)(k - 1);
            double t0 = now_ns();
            long v = shmem_long_atomic_fetch_add(&counter, 1, t);
            double t1 = now_ns();
            long old = shmem_long_atomic_compare_swap(&slot[me], r - 1, r, t);
            double t2 = now_ns();
            long g = shmem_long_g(&slot[me], t);
            double t3 = now_ns();
            times[FADD * ops + i] = t1 - t0;
            times[CSWAP * ops + i] = t2 - t1;
            times[GET * ops + i] = t3 - t2;
            CHECK(v > last[t] && v < count, "round %ld: fetch_add on PE %d gave %ld (previous "
                  "%ld, at most %ld adds)", r, t, v, last[t], count);
            last[t] = v;
            sum[t] += v;
            CHECK(old == r - 1, "round %ld: compare_swap on PE %d gave %ld, not %ld", r, t, old,
                  r - 1);
            CHECK(g == r, "round %ld: g of the slot on PE %d gave %ld, not %ld", r, t, g, r);
        }
    }
    double run_ns = now_ns() - start;
    for (int pe = 0; pe < n; pe++)
        if (pe != me) shmem_long_atomic_add(&fetched_sum, sum[pe], pe);
    shmem_barrier_all(); /* completes every AMO: the final values are in */
    CHECK(counter == count, "counter %ld, not %ld", counter, count);
    CHECK(fetched_sum == count * (count - 1) / 2, "the values fetched from this PE sum to %ld, "
          "not %ld", fetched_sum, count * (count - 1) / 2);
    for (int pe = 0; pe < n; pe++)
        CHECK(slot[pe] == (pe == me ? 0 : per_target), "slot of PE %d is %ld", pe, slot[pe]);
    for (int kind = 0; kind < OPS; kind++) {
        for (size_t i = 0; bound_ns > 0 && i < ops; i++)
            CHECK(times[kind * ops + i] <= bound_ns, "%s %zu (round %zu): %.1f ms, over the "
                  "bound of %.0f ms", op_name[kind], i, i / (size_t)(n - 1) + 1,
                  times[kind * ops + i] / 1e6, bound_ns / 1e6);
        if (me == 0) {
            for (int pe = 0; pe < n; pe++)
                shmem_getmem(all + (size_t)pe * ops, times + kind * ops, sizeof(double) * ops,
                             pe);
            size_t total = ops * (size_t)n;
            qsort(all, total, sizeof *all, cmp_double);
            printf("amo_rounds_fairness %-12s %d PEs, %d rounds: op time median %.1f us, "
                   "p99 %.1f us, max %.1f us\n", op_name[kind], n, rounds, all[total / 2] / 1e3,
                   all[(total * 99) / 100] / 1e3, all[total - 1] / 1e3);
        }
    }
    if (me == 0) printf("amo_rounds_fairness all rounds on PE 0: %.1f ms\n", run_ns / 1e6);
    fflush(stdout);
    static int any_bad;
    if (failures) shmem_int_atomic_add(&any_bad, 1, 0);
    shmem_barrier_all();
    if (me == 0 && any_bad == 0) printf("amo rounds ok\n");
    free(all);
    shmem_free(times);
    shmem_finalize();
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
