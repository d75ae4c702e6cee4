#define _POSIX_C_SOURCE 200809L
/* The raw-MPI twin of amo_first_bench.c (docs/performance.md, "The first fetch_add"): rank 0
 * times MPI_Fetch_and_op(MPI_SUM) + MPI_Win_flush on rank 1's word of a window made like
 * mpishmem's AMO window (MPI_Win_create, the same which_accumulate_ops info,
 * MPI_Win_lock_all for the whole run) while rank 1 waits in MPI_Barrier:
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
 *     -w get     first 1000 MPI_Get + flush from rank 1 (the connection, not the AMO path)
 *     -w fetch   first one MPI_Fetch_and_op(MPI_NO_OP) + flush (the AMO path)
 *     -w self    every rank first does one MPI_Fetch_and_op(MPI_NO_OP) + flush on its own
 *                word (a warm-up at initialization)
 *     -t MS      run for MS milliseconds in all (default 300)
 * Output lines: <op> <target> <bytes> <ns>, as the other benchmarks. */
#include <mpi.h>
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

static MPI_Win win;

static long fadd_on(int rank, long v, MPI_Op op)
{
    long r = 0;
    MPI_Fetch_and_op(&v, &r, MPI_LONG, rank, 0, op, win);
    MPI_Win_flush(rank, win);
    return r;
}

static long fadd(long v, MPI_Op op) { return fadd_on(1, v, op); }

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
    MPI_Init(&argc, &argv);
    int me, n_ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n_ranks);
    if (n_ranks < 2) {
        if (me == 0) fprintf(stderr, "mpi_amo_first_bench needs 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long *word = calloc(1, sizeof(long));
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "which_accumulate_ops", "sum,replace,no_op,cswap,band,bor,bxor");
    MPI_Win_create(word, sizeof(long), 1, info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (warm && strcmp(warm, "self") == 0) *word += fadd_on(me, 0, MPI_NO_OP);
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) {
        volatile long sink = 0;
        if (delay_ms > 0) {
            struct timespec d = {(time_t)(delay_ms / 1e3),
                                 (long)((delay_ms - 1e3 * (time_t)(delay_ms / 1e3)) * 1e6)};
            nanosleep(&d, NULL);
        }
        if (warm && strcmp(warm, "get") == 0)
            for (int i = 0; i < 1000; i++) {
                long r;
                MPI_Get(&r, 1, MPI_LONG, 1, 0, 1, MPI_LONG, win);
                MPI_Win_flush(1, win);
                sink += r;
            }
        else if (warm && strcmp(warm, "fetch") == 0)
            sink += fadd(0, MPI_NO_OP);
        long f0 = minor_faults();
        double t0 = now_ns();
        sink += fadd(1, MPI_SUM);
        double t1 = now_ns();
        long f1 = minor_faults();
        sink += fadd(1, MPI_SUM);
        double t2 = now_ns();
        int n = 0;
        while (n < MAXB && now_ns() - t0 < total_ms * 1e6) {
            double b0 = now_ns();
            for (int i = 0; i < BATCH; i++) sink += fadd(1, MPI_SUM);
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
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    free(word);
    MPI_Finalize();
    return 0;
}
