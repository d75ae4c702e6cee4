#define _POSIX_C_SOURCE 200809L
/* The plain-MPI twin of bench/shmem_coll_bench.c: the same collectives, sizes, timing and
 * output lines, done with MPI's blocking collectives on MPI_COMM_WORLD (the communicator the
 * OpenSHMEM library's world team is a duplicate of):
 *   barrier_all, barrier  MPI_Barrier          barrier_half  MPI_Barrier on the even ranks
 *   broadcast             MPI_Bcast from 0     sum_to_all    MPI_Allreduce (long, MPI_SUM)
 *   fcollect              MPI_Allgather        alltoall      MPI_Alltoall
 * Output: <op> np<ranks> <bytes> <median_ns>. Options: -q quick (smoke test); -f few sizes
 * (8, 4096, 262144 and 1048576 bytes, no alltoall) measured in full; -r N: N batches each (15). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

#define MAXB (1024 * 1024)
#define MAX_A2A (256 * 1024)
static int reps = 15;
static int quick;
static int few; /* -f */


static int me, npes;
static char *src, *dst;
static MPI_Comm half; /* the even ranks (MPI_COMM_NULL on the others) */

static double max_over_ranks(double v)
{
    double m;
    MPI_Allreduce(&v, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return m;
}

enum { BARRIER_ALL, BARRIER, BARRIER_HALF, BROADCAST, SUM_TO_ALL, FCOLLECT, ALLTOALL };
static const char *names[] = {"barrier_all", "barrier",  "barrier_half", "broadcast",
                              "sum_to_all",  "fcollect", "alltoall"};

static void batch(int op, size_t bytes, long iters)
{
    int b = (int)bytes;
    for (long i = 0; i < iters; i++) {
        switch (op) {
        case BARRIER_ALL:
        case BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
        case BARRIER_HALF:
            if (half != MPI_COMM_NULL) MPI_Barrier(half);
            break;
        case BROADCAST: /* the root's own copy, as the OpenSHMEM broadcast's source */
            MPI_Bcast(me == 0 ? src : dst, b, MPI_BYTE, 0, MPI_COMM_WORLD);
            break;
        case SUM_TO_ALL:
            MPI_Allreduce(src, dst, b / 8, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
            break;
        case FCOLLECT:
            MPI_Allgather(src, b, MPI_BYTE, dst, b, MPI_BYTE, MPI_COMM_WORLD);
            break;
        case ALLTOALL:
            MPI_Alltoall(src, b, MPI_BYTE, dst, b, MPI_BYTE, MPI_COMM_WORLD);
            break;
        }
    }
}

static void measure(int op, size_t bytes)
{
    long iters = 1;
    for (;;) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = now_ns();
        batch(op, bytes, iters);
        double dt = max_over_ranks(now_ns() - t0);
        if (dt > 2e5 || iters >= (1L << 20) || (quick && iters >= 4)) break;
        iters *= 2;
    }
    double *t = malloc(sizeof(double) * (size_t)reps);
    for (int r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = now_ns();
        batch(op, bytes, iters);
        t[r] = max_over_ranks(now_ns() - t0) / (double)iters;
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
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &npes);
    MPI_Comm_split(MPI_COMM_WORLD, me % 2 == 0 ? 0 : MPI_UNDEFINED, me, &half);
    size_t dst_bytes = (size_t)npes * (MAXB > MAX_A2A ? MAXB : MAX_A2A);
    size_t src_bytes = (size_t)npes * MAX_A2A > MAXB ? (size_t)npes * MAX_A2A : MAXB;
    src = malloc(src_bytes);
    dst = malloc(dst_bytes);
    memset(src, 1, src_bytes);
    memset(dst, 0, dst_bytes);
    if (me == 0) printf("# op npes bytes median_ns (slowest rank, median over %d batches)\n", reps);

    measure(BARRIER_ALL, 0);
    measure(BARRIER, 0);
    if (npes >= 4) measure(BARRIER_HALF, 0);
    static const size_t sizes[] = {8, 64, 512, 4096, 32768, 262144, 1048576};
    for (int op = BROADCAST; op <= ALLTOALL; op++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
            if (sizes[i] <= (op == ALLTOALL ? MAX_A2A : MAXB) && wanted(op, i))
                measure(op, sizes[i]);

    if (half != MPI_COMM_NULL) MPI_Comm_free(&half);
    free(src);
    free(dst);
    MPI_Finalize();
    return 0;
}
