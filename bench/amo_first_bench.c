#define _POSIX_C_SOURCE 200809L
/* How the first remote AMOs of a run compare with later ones (docs/performance.md, "The first
 * fetch_add"). PE 0 times fetch_adds on PE 1's heap word while PE 1 waits in a barrier:
 *     fetch_add_first     the first fetch_add of the run (ns)
 *     fetch_add_first ... minflt   the minor page faults this process took during it
 *     fetch_add_second    the second one
 *     fetch_add_early     median time per op of the batches that start in the first 5 ms
 *                         after the first op (batches of 16 ops)
 *     fetch_add_steady    median time per op of the batches that start after 100 ms
 * and, as '#' comment lines, the series "<ms since the first op> <ns per op>" of every batch
 * that starts in the first 20 ms. With 2 or more PEs; the others wait in the barrier.
 * Options, to tell causes apart:
 *     -d MS      PE 0 sleeps MS milliseconds after shmem_init before its first operation
 *     -w get     first 1000 shmem_long_g to PE 1 (warms the connection up, not the AMO path)
 *     -w fetch   first one shmem_long_atomic_fetch to PE 1 (warms the AMO path up)
 *     -w self    every PE first does one shmem_long_atomic_fetch on its own word (what a
 *                warm-up at shmem_init could do: in MPI AMO mode it is an MPI accumulate)
 *     -t MS      run for MS milliseconds in all (default 300)
 * Output lines: <op> <target> <bytes> <ns>, as the other benchmarks. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_clock.h"

#define BATCH 16
#define MAXB 100000

static long minor_faults(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

static double median(double *v, int n)
{
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

static double start_[MAXB], per_op[MAXB], early[MAXB], steady[MAXB];

int main(int argc, char **argv)
{
    double delay_ms = 0, total_ms = 300;
    const char *warm = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-d") == 0) delay_ms = atof(argv[i + 1]);
        else if (strcmp(argv[i], "-w") == 0) warm = argv[i + 1];
        else if (strcmp(argv[i], "-t") == 0) total_ms = atof(argv[i + 1]);
    }
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() < 2) {
        if (me == 0) fprintf(stderr, "amo_first_bench needs 2 PEs\n");
        shmem_finalize();
        return 1;
    }
    long *word = shmem_calloc(1, sizeof(long));
    if (warm && strcmp(warm, "self") == 0) *word = shmem_long_atomic_fetch(word, me) + *word;
    shmem_barrier_all();
    if (me == 0) {
        volatile long sink = 0;
        if (delay_ms > 0) {
            struct timespec d = {(time_t)(delay_ms / 1e3),
                                 (long)((delay_ms - 1e3 * (time_t)(delay_ms / 1e3)) * 1e6)};
            nanosleep(&d, NULL);
        }
        if (warm && strcmp(warm, "get") == 0)
            for (int i = 0; i < 1000; i++) sink += shmem_long_g(word, 1);
        else if (warm && strcmp(warm, "fetch") == 0)
            sink += shmem_long_atomic_fetch(word, 1);
        long f0 = minor_faults();
        double t0 = now_ns();
        sink += shmem_long_atomic_fetch_add(word, 1, 1);
        double t1 = now_ns();
        long f1 = minor_faults();
        sink += shmem_long_atomic_fetch_add(word, 1, 1);
        double t2 = now_ns();
        int n = 0;
        while (n < MAXB && now_ns() - t0 < total_ms * 1e6) {
            double b0 = now_ns();
            for (int i = 0; i < BATCH; i++) sink += shmem_long_atomic_fetch_add(word, 1, 1);
            start_[n] = (b0 - t0) / 1e6;
            per_op[n] = (now_ns() - b0) / BATCH;
            n++;
        }
        printf("# ms_since_first_op ns_per_op (batches of %d fetch_add starting in the first "
               "20 ms)\n", BATCH);
        int ne = 0, ns = 0;
        for (int i = 0; i < n; i++) {
            if (start_[i] < 20) printf("# %8.3f %10.1f\n", start_[i], per_op[i]);
            if (start_[i] < 5) early[ne++] = per_op[i];
            if (start_[i] >= 100) steady[ns++] = per_op[i];
        }
        printf("fetch_add_first   other 8 %10.1f\n", t1 - t0);
        printf("fetch_add_first   other 8 %10ld minflt\n", f1 - f0);
        printf("fetch_add_second  other 8 %10.1f\n", t2 - t1);
        if (ne > 0) /* none when the first operation took 5 ms or more */
            printf("fetch_add_early   other 8 %10.1f\n", median(early, ne));
        printf("fetch_add_steady  other 8 %10.1f\n", median(steady, ns));
        if (sink == 42) putchar(' ');
    }
    shmem_barrier_all();
    shmem_free(word);
    shmem_finalize();
    return 0;
}
