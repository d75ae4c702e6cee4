#define _POSIX_C_SOURCE 200809L
/* Fairness of flag waits when PEs share one core (issue 44; run under on_one_core.sh): PEs
 * ping-pong in pairs, PE i with PE i + n/2 (on two nodes a pair spans them). In round r the
 * caller sets the responder's flag to r; the responder waits for it, then sets the caller's
 * flag to r, which the caller waits for. A waiting PE can only be released by a PE that needs
 * its core, so a wait that holds the core (spins without yielding, or keeps MPI's progress
 * engine to itself) shows as round times of whole time slices, and one that sleeps too long,
 * or never lets the other run, as stalls. Three phases, each with a flag word of its own:
 *   wait_until: shmem_long_wait_until(NE previous round); set with shmem_long_atomic_set;
 *   test:       a loop of shmem_long_test(NE previous round); set with shmem_long_p + quiet;
 *   fetch:      a loop of shmem_long_atomic_fetch on the PE's own flag; set with atomic_set.
 * Every value a wait returns must be the round number exactly (a wrong one ends the job).
 * Each PE times its rounds (the caller its round trips, the responder the time from one answer
 * to the next); PE 0 prints the median, 99th percentile and maximum over all PEs per phase.
 * Options: -r ROUNDS (default 100); -m MS: a round over MS milliseconds fails the run. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/bench_clock.h"

enum { WAIT_UNTIL, TEST, FETCH, PHASES };
static const char *const phase_name[PHASES] = {"wait_until", "test", "fetch"};

static long flag[PHASES]; /* set by the partner to the round number, one word per phase */

static void set_flag(int phase, long round, int pe)
{
    if (phase == TEST) {
        shmem_long_p(&flag[phase], round, pe);
        shmem_quiet();
    } else {
        shmem_long_atomic_set(&flag[phase], round, pe);
    }
}

/* Waits until this PE's flag of the phase differs from prev (the previous round) and returns
 * its value, read as it was written (an AMO-set word by an AMO). */
static long wait_flag(int phase, long prev)
{
    int me = shmem_my_pe();
    long v;
    switch (phase) {
    case WAIT_UNTIL:
        shmem_long_wait_until(&flag[phase], SHMEM_CMP_NE, prev);
        return shmem_long_atomic_fetch(&flag[phase], me);
    case TEST:
        while (!shmem_long_test(&flag[phase], SHMEM_CMP_NE, prev)) {}
        return *(volatile long *)&flag[phase];
    default:
        while ((v = shmem_long_atomic_fetch(&flag[phase], me)) == prev) {}
        return v;
    }
}

int main(int argc, char **argv)
{
    int rounds = 100;
    double bound_ns = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-r") == 0 && a + 1 < argc) rounds = atoi(argv[++a]);
        else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc) bound_ns = atof(argv[++a]) * 1e6;
    }
    if (rounds < 1) rounds = 1;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), pairs = n / 2, failures = 0;
    /* With an odd PE count the last PE has no partner and only joins the barriers. */
    int playing = me < 2 * pairs;
    int partner = me < pairs ? me + pairs : me - pairs, caller = me < pairs;
    double *times = shmem_calloc((size_t)rounds, sizeof(double));
    double *all = malloc(sizeof(double) * (size_t)rounds * (size_t)n);
    if (!times || !all) {
        fprintf(stderr, "FAIL (PE %d): out of memory\n", me);
        shmem_global_exit(1);
    }
    for (int phase = 0; phase < PHASES; phase++) {
        shmem_barrier_all();
        double phase_start = now_ns(), last = phase_start;
        for (long r = 1; playing && r <= rounds; r++) {
            double start = caller ? now_ns() : last;
            if (caller) set_flag(phase, r, partner);
            long got = wait_flag(phase, r - 1);
            if (got != r) {
                /* The partner waits for an answer that will not come: end the job. */
                fprintf(stderr, "FAIL (PE %d) phase %s round %ld: flag is %ld, not %ld\n", me,
                        phase_name[phase], r, got, r);
                shmem_global_exit(1);
            }
            if (!caller) set_flag(phase, r, partner);
            last = now_ns();
            times[r - 1] = last - start;
        }
        double phase_ns = now_ns() - phase_start;
        for (int r = 0; playing && bound_ns > 0 && r < rounds; r++)
            if (times[r] > bound_ns && failures++ < 10)
                fprintf(stderr, "FAIL (PE %d) phase %s round %d: %.1f ms, over the bound of "
                        "%.0f ms\n", me, phase_name[phase], r + 1, times[r] / 1e6,
                        bound_ns / 1e6);
        shmem_barrier_all();
        if (me == 0 && pairs > 0) {
            for (int pe = 0; pe < 2 * pairs; pe++)
                shmem_getmem(all + (size_t)pe * (size_t)rounds, times,
                             sizeof(double) * (size_t)rounds, pe);
            size_t total = (size_t)rounds * 2 * (size_t)pairs;
            qsort(all, total, sizeof *all, cmp_double);
            printf("flag_fairness %-10s %d PEs, %d rounds: round time median %.1f us, "
                   "p99 %.1f us, max %.1f us; phase %.1f ms\n", phase_name[phase], n, rounds,
                   all[total / 2] / 1e3, all[(total * 99) / 100] / 1e3, all[total - 1] / 1e3,
                   phase_ns / 1e6);
            fflush(stdout);
        }
        shmem_barrier_all(); /* times is rewritten in the next phase */
    }
    static int any_bad;
    if (failures) shmem_int_atomic_add(&any_bad, 1, 0);
    shmem_barrier_all();
    if (me == 0 && any_bad == 0) printf("flag fairness ok\n");
    free(all);
    shmem_free(times);
    shmem_finalize();
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
