/* Node-local collectives where other tasks take the cores (issue 44): round after round every PE
 * takes part in a barrier, a broadcast from a rotating root, a sum reduction, an fcollect and a
 * team sync, on heap and static data, and checks every value. Run beside CPU hogs
 * (tests/progress/with_cpu_hog.sh), where yields lose the core for a time slice and the
 * library's collective waits sleep on their peers' doorbells instead (src/coll/coll_wait.h):
 * a lost wake-up shows as a round of ~2 ms or more, a missed store as a wrong value or a hang.
 * Options: -r ROUNDS (default 2000); -m MS: a round over MS milliseconds fails the run (a
 * stall); -s: the waits must have slept at least once on some PE (only where the run is known
 * to share the cores with tasks that do not yield). Linked with the static library, whose
 * count of sleeps it reads. Prints the median and largest round time and the sleeps. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../bench/bench_clock.h"
#include "coll/coll_wait.h"

#define MAX_PES 64
static long bcast_static[4], sum_static, mine_static, collect_static[MAX_PES];
static long sleeps_in, sleeps_total;

static int fail(int me, int round, const char *what, long got, long want)
{
    printf("FAIL: PE %d round %d: %s: %ld, expected %ld\n", me, round, what, got, want);
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv)
{
    int rounds = 2000, strict = 0, opt;
    double max_ms = 2000;
    while ((opt = getopt(argc, argv, "r:m:s")) != -1) {
        if (opt == 'r') rounds = atoi(optarg);
        else if (opt == 'm') max_ms = atof(optarg);
        else if (opt == 's') strict = 1;
        else return 2;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), bad = 0;
    if (n > MAX_PES) shmem_global_exit(2);
    long *bcast = shmem_malloc(4 * sizeof(long)), *sum = shmem_malloc(2 * sizeof(long));
    long *collect = shmem_malloc(MAX_PES * sizeof(long));
    double *times = malloc((size_t)rounds * sizeof(double));
    for (int r = 0; r < rounds; r++) {
        double t0 = now_ns();
        int root = r % n;
        long *b = r & 1 ? bcast : bcast_static, *s = r & 1 ? sum : &sum_static;
        long *c = r & 1 ? collect : collect_static;
        shmem_barrier_all();
        for (int k = 0; k < 4; k++) b[k] = me == root ? (long)r * 100 + k : -1;
        shmem_broadcastmem(SHMEM_TEAM_WORLD, b, b, 4 * sizeof(long), root);
        for (int k = 0; k < 4; k++)
            if (b[k] != (long)r * 100 + k) bad |= fail(me, r, "broadcast", b[k], (long)r * 100 + k);
        /* The sum of me + r over the PEs: on the heap from sum[0] into sum[1], static in
         * place. */
        long mine = (long)me + r, want = (long)n * (n - 1) / 2 + (long)n * r;
        long *dest = r & 1 ? &sum[1] : s;
        *s = mine;
        if (r & 1) shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dest, s, 1);
        else shmem_long_sum_reduce(SHMEM_TEAM_WORLD, s, s, 1);
        if (*dest != want) bad |= fail(me, r, "sum", *dest, want);
        mine_static = mine;
        shmem_long_fcollect(SHMEM_TEAM_WORLD, c, &mine_static, 1);
        for (int i = 0; i < n; i++)
            if (c[i] != (long)i + r) bad |= fail(me, r, "fcollect", c[i], (long)i + r);
        shmem_team_sync(SHMEM_TEAM_WORLD);
        times[r] = (now_ns() - t0) / 1e6;
        if (times[r] > max_ms) bad |= fail(me, r, "round time (ms)", (long)times[r], (long)max_ms);
    }
    int done = rounds;
    qsort(times, (size_t)done, sizeof(double), cmp_double);
    sleeps_in = (long)mpishmem_coll_sleeps;
    shmem_barrier_all();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sleeps_total, &sleeps_in, 1);
    if (me == 0) {
        printf("coll beside hogs: %d PEs, %d rounds, median %.3f ms, max %.3f ms, sleeps %ld\n",
               n, done, times[done / 2], times[done - 1], sleeps_total);
        if (strict && sleeps_total == 0) bad |= fail(me, done, "sleeps on doorbells", 0, 1);
    }
    if (bad) shmem_global_exit(1);
    shmem_barrier_all();
    if (me == 0) printf("coll beside hogs ok\n");
    shmem_free(bcast);
    shmem_free(sum);
    shmem_free(collect);
    free(times);
    shmem_finalize();
    return 0;
}
