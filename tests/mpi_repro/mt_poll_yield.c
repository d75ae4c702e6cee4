/* How often MPI calls sched_yield while it completes one remote operation, at the thread
 * level asked for: rank 0 makes N MPI_Fetch_and_op + MPI_Win_flush_local on rank 1 (which
 * waits in MPI_Barrier), and the program counts the sched_yield calls MPI makes meanwhile by
 * defining sched_yield itself (MPI calls it through the dynamic linker) and passing each call
 * on to the C library.
 *
 * MPICH 5.0.2 (the wheel's libmpi and libmpi_abi) yields at every poll of its
 * blocking waits at MPI_THREAD_MULTIPLE (quirk mpich-mt-poll-yield), a system call each;
 * MPICH 4.0.2 (Debian) and Intel MPI 2021 make none at either level.
 *   usage: mt_poll_yield single|multiple [N] [check]   (2 ranks or more; with `check` it exits 1
 *   when MPI made more than one yield per 10 operations) */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long yields;

int sched_yield(void)
{
    static int (*real)(void);
    if (!real) real = (int (*)(void))dlsym(RTLD_NEXT, "sched_yield");
    yields++;
    return real ? real() : 0;
}

int main(int argc, char **argv)
{
    int want = argc > 1 && !strcmp(argv[1], "multiple") ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE;
    long n = argc > 2 ? atol(argv[2]) : 20000;
    int check = argc > 3 && !strcmp(argv[3], "check");
    int level, rank, size;
    MPI_Init_thread(&argc, &argv, want, &level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        if (rank == 0) printf("needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    long *base = calloc(1, sizeof(long));
    MPI_Win win;
    MPI_Win_create(base, sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    unsigned long before = yields;
    long one = 1, old = 0, bad = 0;
    if (rank == 0) {
        for (long i = 0; i < n; i++) {
            MPI_Fetch_and_op(&one, &old, MPI_LONG, 1, 0, MPI_SUM, win);
            MPI_Win_flush_local(1, win);
            if (old != i) bad++;
        }
    }
    unsigned long during = yields - before;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_unlock_all(win);
    int fail = 0;
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        int len;
        MPI_Get_library_version(lib, &len);
        lib[strcspn(lib, "\n")] = '\0';
        double per = (double)during / (double)n;
        printf("%s: thread level %s (provided %s): %lu sched_yield calls in %ld fetch-and-op + "
               "flush, %.3f per operation%s\n",
               lib, want == MPI_THREAD_MULTIPLE ? "MULTIPLE" : "SINGLE",
               level == MPI_THREAD_MULTIPLE ? "MULTIPLE" : "lower", during, n, per,
               bad ? "; WRONG fetched values" : "");
        fail = bad != 0 || (check && per > 0.1);
    }
    MPI_Win_free(&win);
    free(base);
    MPI_Finalize();
    return fail;
}
