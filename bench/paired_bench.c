#define _POSIX_C_SOURCE 200809L
/* mpishmem against raw MPI-3 RMA in the same process, operation by operation: each pair times
 * one OpenSHMEM operation and its MPI twin back to back (in alternating order), so that both
 * see the same state of the machine and the wire. Separate runs cannot give that ratio on the
 * emulated cluster: there a 2 MiB transfer takes 0.35-0.45 ms or 1.1-1.2 ms in phases of
 * about a second, raw MPI's as much as the library's (docs/multinode.md, "Large transfers").
 *
 * PE 0 measures against PE 1, which waits in a barrier; other PEs wait there too. The MPI
 * twins use a window of their own (MPI_Win_allocate over MPI_COMM_WORLD, lock_all):
 *   get        shmem_getmem                 MPI_Get + MPI_Win_flush_local
 *   put        shmem_putmem                 MPI_Put + MPI_Win_flush_local  (32 KiB and up:
 *                                           smaller blocking puts may be buffered)
 *   put+quiet  shmem_putmem + shmem_quiet   MPI_Put + MPI_Win_flush
 *   put_burst  16 x shmem_putmem + quiet    16 x (MPI_Put + MPI_Win_flush_local) +
 *                                           MPI_Win_flush  (up to 32 KiB; the time per put)
 *   fetch_add  shmem_long_atomic_fetch_add  MPI_Fetch_and_op + MPI_Win_flush  (8 bytes)
 * Output, one line per operation and size: <op> <bytes> <shmem median ns> <MPI median ns>
 * <ratio of the medians> <median of the pairs' ratios>. Options: -q quick (a smoke test),
 * -n PAIRS (pairs per large size; default 201), -c control: the OpenSHMEM member replaced by
 * the same raw MPI operation on a second window, which shows how far two MPI windows alone
 * differ (Open MPI's osc/ucx at MPI_THREAD_MULTIPLE gives each window a UCX worker and
 * connections of its own), -s: the MPI twins' window made as mpishmem makes its heap window and
 * bench/mpi_rma_bench.c its own (MPI_Win_create over a MAP_SHARED shared-memory object, the
 * same accumulate hint). Use -s where the two PEs share a host (the simulated two-node mode):
 * there an MPI maps an MPI_Win_allocate'd window into both processes and serves it by
 * load/store (Intel MPI: 8-byte get 0.15-0.3 us against 0.5 us on a created window), which is
 * not the transfer mpishmem's window gets. -m: shmem_init_thread(SHMEM_THREAD_MULTIPLE), so that
 * MPI runs at MPI_THREAD_MULTIPLE with the progress thread off too (MPISHMEM_PROGRESS_THREAD=0):
 * what the thread level costs the layer, apart from the thread. */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench_clock.h"

#define MAXB (4 * 1024 * 1024)

enum { GET, PUT, PUT_QUIET, PUT_BURST, FETCH_ADD };
static const char *names[] = {"get", "put", "put+quiet", "put_burst", "fetch_add"};
#define BURST 16

static char *heap, *src, *dst;
static long fetched; /* keeps the fetches */
static MPI_Win win, control_win;
static int control; /* -c: the first member is raw MPI too, on a window of its own */

static double time_mpi(MPI_Win win, int op, size_t n);

static double time_shmem(int op, size_t n)
{
    if (control) return time_mpi(control_win, op, n);
    double t0 = now_ns();
    switch (op) {
    case GET: shmem_getmem(dst, heap, n, 1); break;
    case PUT: shmem_putmem(heap, src, n, 1); break;
    case PUT_QUIET: shmem_putmem(heap, src, n, 1); shmem_quiet(); break;
    case PUT_BURST:
        for (int i = 0; i < BURST; i++) shmem_putmem(heap + (size_t)i * n, src, n, 1);
        shmem_quiet();
        return (now_ns() - t0) / BURST;
    case FETCH_ADD: fetched += shmem_long_atomic_fetch_add((long *)heap, 1, 1); break;
    }
    return now_ns() - t0;
}

static double time_mpi(MPI_Win win, int op, size_t n)
{
    double t0 = now_ns();
    switch (op) {
    case GET:
        MPI_Get(dst, (int)n, MPI_BYTE, 1, 0, (int)n, MPI_BYTE, win);
        MPI_Win_flush_local(1, win);
        break;
    case PUT:
        MPI_Put(src, (int)n, MPI_BYTE, 1, 0, (int)n, MPI_BYTE, win);
        MPI_Win_flush_local(1, win);
        break;
    case PUT_QUIET:
        MPI_Put(src, (int)n, MPI_BYTE, 1, 0, (int)n, MPI_BYTE, win);
        MPI_Win_flush(1, win);
        break;
    case PUT_BURST:
        for (int i = 0; i < BURST; i++) { /* a blocking put: source reusable on return */
            MPI_Put(src, (int)n, MPI_BYTE, 1, (MPI_Aint)((size_t)i * n), (int)n, MPI_BYTE, win);
            MPI_Win_flush_local(1, win);
        }
        MPI_Win_flush(1, win);
        return (now_ns() - t0) / BURST;
    case FETCH_ADD: {
        long one = 1, old;
        MPI_Fetch_and_op(&one, &old, MPI_LONG, 1, 8, MPI_SUM, win);
        MPI_Win_flush(1, win);
        fetched += old;
        break;
    }
    }
    return now_ns() - t0;
}

/* A window as mpishmem's heap window (-s): its memory a shared-memory object mapped
 * MAP_SHARED, MPI_Win_create over it with the library's accumulate hint. */
static char *created_window(MPI_Win *w)
{
    char name[64];
    snprintf(name, sizeof name, "/paired_bench.%d", (int)getpid());
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, MAXB) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
    shm_unlink(name);
    char *base = mmap(NULL, MAXB, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (base == MAP_FAILED) MPI_Abort(MPI_COMM_WORLD, 3);
    memset(base, 0, MAXB);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "which_accumulate_ops", "sum,replace,no_op,cswap,band,bor,bxor");
    MPI_Win_create(base, MAXB, 1, info, MPI_COMM_WORLD, w);
    MPI_Info_free(&info);
    return base;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    int quick = 0, large_pairs = 201, created = 0, multiple = 0;
    for (int c; (c = getopt(argc, argv, "qcsmn:")) != -1;) {
        if (c == 'q') quick = 1;
        else if (c == 's') created = 1;
        else if (c == 'm') multiple = 1;
        else if (c == 'c') control = 1;
        else if (c == 'n' && atoi(optarg) > 0) large_pairs = atoi(optarg);
        else {
            fprintf(stderr, "usage: %s [-q] [-c] [-s] [-m] [-n PAIRS]\n", argv[0]);
            return 2;
        }
    }
    if (multiple) {
        int provided;
        shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    } else {
        shmem_init();
    }
    int me = shmem_my_pe();
    if (shmem_n_pes() < 2) {
        if (me == 0) fprintf(stderr, "paired_bench: needs 2 PEs or more\n");
        shmem_finalize();
        return 1;
    }
    heap = shmem_malloc(MAXB);
    src = malloc(MAXB);
    dst = malloc(MAXB);
    memset(src, 1, MAXB);
    memset(dst, 0, MAXB);
    char *base = NULL;
    if (created) base = created_window(&win);
    else MPI_Win_allocate(MAXB, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    char *control_base = NULL;
    if (control) {
        if (created) control_base = created_window(&control_win);
        else MPI_Win_allocate(MAXB, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &control_base,
                              &control_win);
        MPI_Win_lock_all(MPI_MODE_NOCHECK, control_win);
    }
    shmem_barrier_all();
    if (me == 0) {
        static const size_t sizes[] = {8, 8192, 32768, 524288, 2097152, MAXB};
        int max_pairs = large_pairs > 2001 ? large_pairs : 2001;
        double *a = malloc(sizeof(double) * (size_t)max_pairs);
        double *b = malloc(sizeof(double) * (size_t)max_pairs);
        double *r = malloc(sizeof(double) * (size_t)max_pairs);
        printf(control ? "# control: both members raw MPI, each on a window of its own\n"
                       "# op bytes mpi2_ns mpi_ns ratio pair_ratio\n"
                       : "# op bytes shmem_ns mpi_ns ratio pair_ratio\n");
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            size_t n = sizes[s];
            int pairs = quick ? 11 : n >= 524288 ? large_pairs : 2001;
            for (int op = GET; op <= FETCH_ADD; op++) {
                if (op == PUT && n < 32768) continue;
                if (op == PUT_BURST && (n > 32768 || (size_t)BURST * n > MAXB)) continue;
                if (op == FETCH_ADD && n != 8) continue;
                for (int w = 0; w < 3; w++) { /* warm-up: first-touch, connections */
                    time_shmem(op, n);
                    time_mpi(win, op, n);
                }
                for (int i = 0; i < pairs; i++) {
                    if (i & 1) {
                        b[i] = time_mpi(win, op, n);
                        a[i] = time_shmem(op, n);
                    } else {
                        a[i] = time_shmem(op, n);
                        b[i] = time_mpi(win, op, n);
                    }
                    r[i] = a[i] / b[i];
                }
                shmem_quiet();
                double ma = median(a, pairs), mb = median(b, pairs);
                printf("%s %zu %.0f %.0f %.3f %.3f\n", names[op], n, ma, mb, ma / mb,
                       median(r, pairs));
                fflush(stdout);
            }
        }
        free(a);
        free(b);
        free(r);
    }
    shmem_barrier_all();
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    if (control) {
        MPI_Win_unlock_all(control_win);
        MPI_Win_free(&control_win);
        if (created) munmap(control_base, MAXB);
    }
    if (created) munmap(base, MAXB);
    shmem_free(heap);
    free(src);
    free(dst);
    shmem_finalize();
    return fetched == -1; /* never: uses the fetched values */
}
