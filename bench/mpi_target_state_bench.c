#define _POSIX_C_SOURCE 200809L
/* The floor of bench/target_state_bench.c: the same operations with raw MPI-3 RMA, rank 0 on
 * rank 1's window (MPI_Win_allocate, MPI_Win_lock_all for the run), while rank 1 does nothing
 * but call MPI_Win_flush in a loop (the most attentive target MPI can have) until rank 0 sets
 * its stop word. Operations: long_g and getmem (MPI_Get + MPI_Win_flush), fetch_add
 * (MPI_Fetch_and_op), compare_swap (MPI_Compare_and_swap), putmem_signal+quiet (MPI_Put +
 * MPI_Accumulate(REPLACE) of the signal + MPI_Win_flush). Output as target_state_bench.c's, with
 * the state "floor". Options: -q quick. Plain MPI, no OpenSHMEM. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

enum { G, GET8, GET2K, FADD, CSWAP, SIGNAL, OPS };
static const char *const op_name[OPS] = {"long_g", "getmem", "getmem", "fetch_add",
                                         "compare_swap", "putmem_signal+quiet"};
static const int op_bytes[OPS] = {8, 8, 2048, 8, 8, 8};
/* Window layout (bytes): the stop word, the AMO word, the signal, a 2 KiB buffer. */
enum { STOP = 0, WORD = 64, SIG = 128, BUF = 192, WIN_BYTES = BUF + 2048 };

static MPI_Win win;
static char *base;
static char local_buf[2048];

static void one_op(int op, long i)
{
    long r, one = 1, cond = i, value = i + 1;
    switch (op) {
    case G:
    case GET8:
        MPI_Get(local_buf, 8, MPI_BYTE, 1, op == G ? WORD : BUF, 8, MPI_BYTE, win);
        MPI_Win_flush(1, win);
        break;
    case GET2K:
        MPI_Get(local_buf, 2048, MPI_BYTE, 1, BUF, 2048, MPI_BYTE, win);
        MPI_Win_flush(1, win);
        break;
    case FADD:
        MPI_Fetch_and_op(&one, &r, MPI_LONG, 1, WORD, MPI_SUM, win);
        MPI_Win_flush(1, win);
        break;
    case CSWAP:
        MPI_Compare_and_swap(&value, &cond, &r, MPI_LONG, 1, WORD, win);
        MPI_Win_flush(1, win);
        break;
    case SIGNAL: {
        uint64_t sig = (uint64_t)i;
        MPI_Put(local_buf, 8, MPI_BYTE, 1, BUF, 8, MPI_BYTE, win);
        MPI_Accumulate(&sig, 1, MPI_UINT64_T, 1, SIG, 1, MPI_UINT64_T, MPI_REPLACE, win);
        MPI_Win_flush(1, win);
        break;
    }
    }
}

int main(int argc, char **argv)
{
    int ops_per_run = argc > 1 && strcmp(argv[1], "-q") == 0 ? 40 : 300;
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n < 2) {
        if (me == 0) fprintf(stderr, "mpi_target_state_bench needs 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Open MPI's osc/ucx progresses its workers from opal_progress, which MPI_Win_flush with
     * nothing in flight and MPI_Win_sync never call (the target would never answer): there
     * the target's loop also probes, which does. */
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int vlen = 0;
    MPI_Get_library_version(version, &vlen);
    int probe = strstr(version, "Open MPI") != NULL;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "which_accumulate_ops", "sum,replace,no_op,cswap");
    MPI_Win_allocate(WIN_BYTES, 1, info, MPI_COMM_WORLD, &base, &win);
    MPI_Info_free(&info);
    memset(base, 0, WIN_BYTES);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    MPI_Barrier(MPI_COMM_WORLD);
    double *t = malloc(sizeof(double) * (size_t)ops_per_run);
    double wall0 = now_ns(), cpu0 = cpu_ns();
    for (int op = 0; op < OPS; op++) {
        volatile long *stop = (volatile long *)(void *)(base + STOP);
        *stop = 0;
        MPI_Win_sync(win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (me == 0) {
            for (int i = 0; i < 10; i++) one_op(op, i);
            for (int i = 0; i < ops_per_run; i++) {
                double s = now_ns();
                one_op(op, i);
                t[i] = now_ns() - s;
            }
            qsort(t, (size_t)ops_per_run, sizeof *t, cmp_double);
            char p99[64];
            snprintf(p99, sizeof p99, "%s_p99", op_name[op]);
            printf("%-20s %-8s %6d %12.1f\n", op_name[op], "floor", op_bytes[op],
                   t[ops_per_run / 2]);
            printf("%-20s %-8s %6d %12.1f\n", p99, "floor", op_bytes[op],
                   t[(ops_per_run * 99) / 100]);
            fflush(stdout);
            long one = 1;
            MPI_Put(&one, 1, MPI_LONG, 1, STOP, 1, MPI_LONG, win);
            MPI_Win_flush(1, win);
        } else if (me == 1) {
            while (1) {
                MPI_Win_flush(0, win); /* progress */
                if (probe) {
                    int flag;
                    MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
                }
                MPI_Win_sync(win);
                if (*stop) break;
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    double *share = malloc(sizeof(double) * (size_t)n);
    double mine = 100.0 * (cpu_ns() - cpu0) / (now_ns() - wall0);
    MPI_Gather(&mine, 1, MPI_DOUBLE, share, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (me == 0) {
        for (int r = 0; r < 2; r++)
            printf("cpu_pe%d              %-8s %6d %12.1f pct\n", r, "floor", 0, share[r]);
        /* The floor's target does not compute: nothing taken from it (a row for the table). */
        printf("cpu_work_pe1         %-8s %6d %12.1f pct\n", "floor", 0, 100.0);
    }
    free(share);
    free(t);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
