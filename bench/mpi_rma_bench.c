#define _GNU_SOURCE
/* The raw-MPI twin of shmem_bench.c and shmem_amo_bench.c: the same transfers done directly
 * with MPI-3 RMA on a window made the way mpishmem makes its heap window (MPI_Win_create over
 * a shared-memory mapping, the same accumulate-ops info, MPI_Win_lock_all for the whole run),
 * so that `bench/compare_mpi.sh` can show what mpishmem's layer costs above MPI. Plain MPI,
 * no OpenSHMEM. Rank 0 measures against rank 1 (rank 1 polls MPI meanwhile, as a PE waiting
 * in a barrier does). Output lines use the op/target names of the two shmem benchmarks:
 *
 *   shmem_bench twins (target "heap"):     what MPI does
 *     quiet_idle                           MPI_Win_flush_all with nothing outstanding
 *     p, put                               MPI_Put + MPI_Win_flush_local (blocking put)
 *     put+quiet                            MPI_Put + MPI_Win_flush_all
 *     g, get                               MPI_Get + MPI_Win_flush_local
 *     put_nbi_rate                         MPI_Put per op, one MPI_Win_flush_all per batch
 *     fetch_add, compare_swap              MPI_Fetch_and_op(SUM) / MPI_Compare_and_swap +
 *                                          MPI_Win_flush
 *   shmem_amo_bench twins (target "other"):
 *     fetch_add, compare_swap, fetch       the same + MPI_Win_flush (fetch: MPI_NO_OP)
 *     set+quiet, add+quiet                 MPI_Accumulate(REPLACE / SUM) + MPI_Win_flush_all
 *     add_rate                             MPI_Accumulate(SUM) per op, one flush_all per batch
 *     pingpong_p                           MPI_Put of 8 bytes, then spin on one's own word
 *                                          calling MPI_Iprobe (progress) until the answer
 *     put_signal                           MPI_Put of the data + MPI_Win_flush +
 *                                          MPI_Accumulate(REPLACE) of the signal, then spin
 * Every number is the median over 31 batches (5 with -q) of >= 100 us (ping-pong: >= 2 ms),
 * one-way for ping-pongs. With -t the ranks ask for MPI_THREAD_MULTIPLE, the level mpishmem asks
 * for when its progress thread is on: what MPI's thread safety alone costs each call; with -s
 * MPI_THREAD_SERIALIZED, which a progress thread would need if the library serialized every MPI
 * call itself (docs/mpi-support.md, "Remote operations on each MPI"); with -i a second thread
 * that only sleeps, never calling MPI: what a thread's mere presence costs (mpishmem's progress
 * thread asleep). */
#include <fcntl.h>
#include <pthread.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "bench_clock.h"

#define MAXB (4 * 1024 * 1024)
#define WIN_BYTES (2 * MAXB)
#define PP_OFF MAXB             /* ping-pong word */
#define SIG_OFF (MAXB + 64)     /* signal word */
#define AMO_OFF (MAXB + 128)    /* AMO target word */
#define RING 1024

static int reps = 31;
static int me;
static MPI_Win win;
static char *base;              /* this rank's window memory */
static char *src_buf, *dst_local;
static long seq;
static volatile long sink;

static void report(const char *op, const char *target, size_t bytes, double ns)
{
    printf("%-14s %-6s %9zu %12.1f\n", op, target, bytes, ns);
    if (bytes >= 4096 && strcmp(target, "heap") == 0 &&
        (!strcmp(op, "put") || !strcmp(op, "put+quiet") || !strcmp(op, "get")))
        printf("%-14s %-6s %9zu %12.3f bw_GB/s\n", op, target, bytes, bytes / ns);
    fflush(stdout);
}

enum { QUIET_IDLE, PUT, PUT_QUIET, GET, NBI_RATE, FADD, CSWAP, FETCH, SET_Q, ADD_Q, ADD_RATE,
       PINGPONG, PUT_SIGNAL };

/* Waits until this rank's word at `off` reaches `s`, keeping MPI progressing. */
static void wait_word(size_t off, long s)
{
    volatile long *w = (volatile long *)(void *)(base + off);
    for (;;) {
        MPI_Win_sync(win);
        if (*w >= s) return;
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
}

/* One batch: run by rank 0 alone, or by ranks 0 and 1 for the ping-pongs. */
static void batch(int op, size_t bytes, long iters)
{
    const int peer = 1 - me;
    long one = 1, res = 0, s = 0, v = 0, cmp;
    if (op == CSWAP) {
        MPI_Fetch_and_op(NULL, &v, MPI_LONG, 1, AMO_OFF, MPI_NO_OP, win);
        MPI_Win_flush(1, win);
    }
    for (long i = 0; i < iters; i++) {
        switch (op) {
        case QUIET_IDLE: MPI_Win_flush_all(win); break;
        case PUT:
            MPI_Put(src_buf, (int)bytes, MPI_BYTE, 1, 0, (int)bytes, MPI_BYTE, win);
            MPI_Win_flush_local(1, win);
            break;
        case PUT_QUIET:
            MPI_Put(src_buf, (int)bytes, MPI_BYTE, 1, 0, (int)bytes, MPI_BYTE, win);
            MPI_Win_flush_all(win);
            break;
        case GET:
            MPI_Get(dst_local, (int)bytes, MPI_BYTE, 1, 0, (int)bytes, MPI_BYTE, win);
            MPI_Win_flush_local(1, win);
            break;
        case NBI_RATE: MPI_Put(src_buf, 8, MPI_BYTE, 1, 0, 8, MPI_BYTE, win); break;
        case FADD:
            MPI_Fetch_and_op(&one, &res, MPI_LONG, 1, AMO_OFF, MPI_SUM, win);
            MPI_Win_flush(1, win);
            s += res;
            break;
        case CSWAP: /* succeeds every time, like the shmem benchmark's */
            cmp = v + 1;
            MPI_Compare_and_swap(&cmp, &v, &res, MPI_LONG, 1, AMO_OFF, win);
            MPI_Win_flush(1, win);
            v = res == v ? v + 1 : res;
            break;
        case FETCH:
            MPI_Fetch_and_op(NULL, &res, MPI_LONG, 1, AMO_OFF, MPI_NO_OP, win);
            MPI_Win_flush(1, win);
            s += res;
            break;
        case SET_Q:
            MPI_Accumulate(&i, 1, MPI_LONG, 1, AMO_OFF, 1, MPI_LONG, MPI_REPLACE, win);
            MPI_Win_flush_all(win);
            break;
        case ADD_Q:
            MPI_Accumulate(&one, 1, MPI_LONG, 1, AMO_OFF, 1, MPI_LONG, MPI_SUM, win);
            MPI_Win_flush_all(win);
            break;
        case ADD_RATE:
            MPI_Accumulate(&one, 1, MPI_LONG, 1, AMO_OFF, 1, MPI_LONG, MPI_SUM, win);
            break;
        case PINGPONG:
        case PUT_SIGNAL: {
            /* The value sent lives in a ring of origin buffers, completed locally once per
             * lap, so that no round waits for a local completion (as mpishmem's bounce
             * buffer does not). */
            static long ring[RING];
            long q = ++seq, *qb = &ring[q % RING];
            size_t off = op == PINGPONG ? PP_OFF : SIG_OFF;
            if (q % RING == 0) MPI_Win_flush_local(peer, win);
            *qb = q;
            if (me == 1) wait_word(off, q);
            if (op == PINGPONG) {
                MPI_Put(qb, 1, MPI_LONG, peer, PP_OFF, 1, MPI_LONG, win);
            } else {
                MPI_Put(src_buf, (int)bytes, MPI_BYTE, peer, 0, (int)bytes, MPI_BYTE, win);
                MPI_Win_flush(peer, win); /* the data lands before the signal */
                MPI_Accumulate(qb, 1, MPI_LONG, peer, SIG_OFF, 1, MPI_LONG, MPI_REPLACE, win);
            }
            if (me == 0) wait_word(off, q);
            break;
        }
        }
    }
    if (op == PUT || op == NBI_RATE || op == ADD_RATE || op == PINGPONG || op == PUT_SIGNAL)
        MPI_Win_flush_all(win);
    sink = s + v;
}

/* Rank 1's side while rank 0 measures alone: poll MPI until told to stop. */
static void serve_until_done(void)
{
    int done = 0;
    MPI_Request req;
    MPI_Irecv(&done, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, &req);
    for (int flag = 0; !flag;) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
}

/* A measurement: rank 0 alone (two = 0; rank 1 polls) or ranks 0 and 1 together (two = 1,
 * the batch sizes agreed by a broadcast). */
static void measure(int op, const char *name, const char *target, size_t bytes, int two,
                    double per_iter)
{
    double min_ns = two ? 2e6 : 1e5;
    long iters = 1;
    double *t = malloc(sizeof(double) * (size_t)reps);
    MPI_Barrier(MPI_COMM_WORLD);
    if (!two && me != 0) {
        serve_until_done();
    } else if (me <= 1) {
        for (;;) { /* calibrate; a batch of one never ends it (as in shmem_bench.c) */
            double t0 = now_ns();
            batch(op, bytes, iters);
            long next = (iters > 1 && now_ns() - t0 > min_ns / (two ? 4 : 1)) || iters >= (1L << 22)
                            ? 0 : 2 * iters;
            if (two) MPI_Bcast(&next, 1, MPI_LONG, 0, MPI_COMM_WORLD);
            if (!next) break;
            iters = next;
        }
        if (two) iters *= 4;
        for (int r = 0; r < reps; r++) {
            if (two) MPI_Barrier(MPI_COMM_WORLD);
            double t0 = now_ns();
            batch(op, bytes, iters);
            t[r] = (now_ns() - t0) / ((double)iters * per_iter);
        }
        if (!two) {
            int done = 1;
            for (int pe = 1; pe < 2; pe++) MPI_Send(&done, 1, MPI_INT, pe, 99, MPI_COMM_WORLD);
        }
    }
    if (me == 0) {
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        report(name, target, bytes, t[reps / 2]);
    }
    free(t);
}

static void *sleeper(void *arg)
{
    (void)arg;
    for (;;) sleep(3600);
    return NULL;
}

int main(int argc, char **argv)
{
    int level = MPI_THREAD_SINGLE, provided;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-q") == 0) reps = 5;
        if (strcmp(argv[a], "-t") == 0) level = MPI_THREAD_MULTIPLE;
        if (strcmp(argv[a], "-s") == 0) level = MPI_THREAD_SERIALIZED;
        if (strcmp(argv[a], "-i") == 0) {
            pthread_t idle;
            if (pthread_create(&idle, NULL, sleeper, NULL) != 0) return 1;
        }
    }
    MPI_Init_thread(&argc, &argv, level, &provided);
    if (provided < level) {
        fprintf(stderr, "mpi_rma_bench: MPI provides thread level %d, below the %d asked for\n",
                provided, level);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 2) {
        if (me == 0) fprintf(stderr, "mpi_rma_bench needs 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Window memory as mpishmem's heap: a shared-memory object mapped MAP_SHARED. */
    char name[64];
    snprintf(name, sizeof name, "/mpi_rma_bench.%d.%d", (int)getpid(), me);
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, WIN_BYTES) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
    shm_unlink(name);
    base = mmap(NULL, WIN_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (base == MAP_FAILED) MPI_Abort(MPI_COMM_WORLD, 3);
    memset(base, 0, WIN_BYTES);
    src_buf = malloc(MAXB);
    dst_local = malloc(MAXB);
    memset(src_buf, 1, MAXB);
    memset(dst_local, 2, MAXB);

    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "which_accumulate_ops", "sum,replace,no_op,cswap,band,bor,bxor");
    MPI_Win_create(base, WIN_BYTES, 1, info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);

    if (me == 0) printf("# op           target     bytes    median_ns   (raw MPI-3 RMA)\n");
    measure(QUIET_IDLE, "quiet_idle", "-", 0, 0, 1);
    measure(PUT, "p", "heap", 8, 0, 1);
    measure(GET, "g", "heap", 8, 0, 1);
    measure(FADD, "fetch_add", "heap", 8, 0, 1);
    measure(CSWAP, "compare_swap", "heap", 8, 0, 1);
    measure(NBI_RATE, "put_nbi_rate", "heap", 8, 0, 1);
    for (size_t b = 8; b <= MAXB; b *= 4) {
        measure(PUT, "put", "heap", b, 0, 1);
        measure(PUT_QUIET, "put+quiet", "heap", b, 0, 1);
        measure(GET, "get", "heap", b, 0, 1);
    }
    measure(FADD, "fetch_add", "other", 8, 0, 1);
    measure(CSWAP, "compare_swap", "other", 8, 0, 1);
    measure(FETCH, "fetch", "other", 8, 0, 1);
    measure(SET_Q, "set+quiet", "other", 8, 0, 1);
    measure(ADD_Q, "add+quiet", "other", 8, 0, 1);
    measure(ADD_RATE, "add_rate", "other", 8, 0, 1);
    measure(PINGPONG, "pingpong_p", "other", 8, 1, 2);
    measure(PUT_SIGNAL, "put_signal", "other", 8, 1, 2);
    measure(PUT_SIGNAL, "put_signal", "other", 4096, 1, 2);

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    munmap(base, WIN_BYTES);
    free(src_buf);
    free(dst_local);
    MPI_Finalize();
    return 0;
}
