#define _POSIX_C_SOURCE 200809L
/* How long remote operations wait for a target that is busy: PE 0 times operations on PE 1
 * (one at a time: median and 99th percentile) while PE 1 is
 *   idle     in shmem_barrier_all (waiting for PE 0 inside the library);
 *   compute  computing in 10 ms stretches outside the library, with a shmem_test of a flag
 *            between stretches (a program that calls the library now and then);
 *   wait     blocked in shmem_long_wait_until on its own memory.
 * Operations: long_g; getmem of 8 and 2048 bytes; long fetch_add, compare_swap; putmem_signal
 * of 8 bytes + quiet (1.5+ libraries; 1.4: putmem + fence + atomic set + quiet). Also the CPU
 * time each PE used per second of each state (its progress thread included): what keeping the
 * target responsive costs. The floor is bench/mpi_target_state_bench.c (raw MPI-3 RMA, the
 * target calling MPI_Win_flush in a loop); bench/compare_target.sh runs both on the emulated
 * cluster. Written against the 1.4 API plus put-with-signal, so it builds with other OpenSHMEM
 * libraries too. Output, one line each, in the format of shmem_bench.c:
 *     <op> <state> <bytes> <ns>            (op_p99: the 99th percentile)
 *     cpu_pe0|cpu_pe1 <state> 0 <percent> pct
 *     cpu_work_pe1 compute 0 <percent> pct
 * The last is the computing PE 1 got done while serving the operations, per second, in percent
 * of what it gets done computing alone (measured first, no operation in flight): what serving
 * a computing target takes from its computation (a progress thread's share of the core).
 * Options: -q quick (fewer operations). Needs 2 PEs (more: the others wait in barriers). */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"

#if SHMEM_MAJOR_VERSION > 1 || (SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION >= 5)
#define HAVE_SIGNAL 1
#endif

enum { IDLE, COMPUTE, WAIT, STATES };
static const char *const state_name[STATES] = {"idle", "compute", "wait"};
enum { G, GET8, GET2K, FADD, CSWAP, SIGNAL, OPS };
static const char *const op_name[OPS] = {"long_g", "getmem", "getmem", "fetch_add",
                                         "compare_swap", "putmem_signal+quiet"};
static const int op_bytes[OPS] = {8, 8, 2048, 8, 8, 8};

static int ops_per_run = 300;
static long stop_flag;  /* PE 1 leaves its state when PE 0 sets it */
static long word;       /* the AMO and g target */
static uint64_t signal_word;
static char remote_buf[2048];
static char local_buf[2048];
static double work_iters, work_ns; /* PE 1's computing: loop iterations and the time they took */

static void one_op(int op, long i)
{
    switch (op) {
    case G: (void)shmem_long_g(&word, 1); break;
    case GET8: shmem_getmem(local_buf, remote_buf, 8, 1); break;
    case GET2K: shmem_getmem(local_buf, remote_buf, 2048, 1); break;
    case FADD: shmem_long_atomic_fetch_add(&word, 1, 1); break;
    case CSWAP: shmem_long_atomic_compare_swap(&word, i, i + 1, 1); break;
    case SIGNAL:
#ifdef HAVE_SIGNAL
        shmem_putmem_signal(remote_buf, local_buf, 8, &signal_word, (uint64_t)i, SHMEM_SIGNAL_SET,
                            1);
#else
        shmem_putmem(remote_buf, local_buf, 8, 1);
        shmem_fence();
        shmem_long_atomic_set((long *)&signal_word, i, 1);
#endif
        shmem_quiet();
        break;
    }
}

/* 10 ms of computing, no library call; counts what got done. */
static void compute_10ms(void)
{
    volatile double sink = 0;
    double start = now_ns(), end = start + 10e6, t = start;
    long n = 0;
    while (t < end) {
        for (int i = 0; i < 64; i++) sink += 1.0;
        n++;
        t = now_ns();
    }
    (void)sink;
    work_iters += (double)n;
    work_ns += t - start;
}

/* PE 1's side of a state, until PE 0 sets stop_flag. */
static void target_state(int state)
{
    if (state == IDLE) return; /* the barrier after the measurement is the state */
    if (state == WAIT) {
        shmem_long_wait_until(&stop_flag, SHMEM_CMP_NE, 0);
        return;
    }
    while (!shmem_long_test(&stop_flag, SHMEM_CMP_NE, 0)) compute_10ms();
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "-q") == 0) ops_per_run = 40;
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() < 2) {
        if (me == 0) fprintf(stderr, "target_state_bench needs 2 PEs\n");
        shmem_global_exit(1);
    }
    double *t = malloc(sizeof(double) * (size_t)ops_per_run);
    /* PE 1's computing rate alone: 200 ms while PE 0 waits in the barrier. */
    double alone_rate = 0;
    if (me == 1) {
        for (int i = 0; i < 20; i++) compute_10ms();
        alone_rate = work_iters / work_ns;
        work_iters = work_ns = 0;
    }
    shmem_barrier_all();
    if (me == 0) printf("# op                 state    bytes   ns (PE 1 busy as the state says)\n");
    for (int state = 0; state < STATES; state++) {
        double wall0 = now_ns(), cpu0 = cpu_ns();
        for (int op = 0; op < OPS; op++) {
            stop_flag = 0;
            shmem_barrier_all();
            if (me == 0) {
                for (int i = 0; i < 10; i++) one_op(op, i); /* warm up */
                for (int i = 0; i < ops_per_run; i++) {
                    double s = now_ns();
                    one_op(op, i);
                    t[i] = now_ns() - s;
                }
                qsort(t, (size_t)ops_per_run, sizeof *t, cmp_double);
                printf("%-20s %-8s %6d %12.1f\n", op_name[op], state_name[state], op_bytes[op],
                       t[ops_per_run / 2]);
                char p99[64];
                snprintf(p99, sizeof p99, "%s_p99", op_name[op]);
                printf("%-20s %-8s %6d %12.1f\n", p99, state_name[state], op_bytes[op],
                       t[(ops_per_run * 99) / 100]);
                fflush(stdout);
                if (state != IDLE) {
                    shmem_long_p(&stop_flag, 1, 1);
                    shmem_quiet();
                }
            } else if (me == 1) {
                target_state(state);
            }
            shmem_barrier_all();
        }
        double wall = now_ns() - wall0, cpu = cpu_ns() - cpu0;
        /* PE 1 reports through PE 0, which prints. */
        static double cpu_share[2];
        double mine = 100.0 * cpu / wall;
        if (me < 2) shmem_double_p(&cpu_share[me], mine, 0);
        shmem_barrier_all();
        static double work_kept;
        if (me == 1 && state == COMPUTE)
            shmem_double_p(&work_kept, 100.0 * (work_iters / work_ns) / alone_rate, 0);
        shmem_barrier_all();
        if (me == 0) {
            for (int pe = 0; pe < 2; pe++)
                printf("cpu_pe%d              %-8s %6d %12.1f pct\n", pe, state_name[state], 0,
                       cpu_share[pe]);
            if (state == COMPUTE)
                printf("cpu_work_pe1         %-8s %6d %12.1f pct\n", state_name[state], 0,
                       work_kept);
        }
    }
    free(t);
    shmem_finalize();
    return 0;
}
