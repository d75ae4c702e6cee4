/* Two threads of a rank use one window at once (MPI_THREAD_MULTIPLE): one makes an accumulate
 * to its own rank while the other makes the window's first operation to another rank.
 *
 * MPICH's ch4 keeps, per window, a hash table of the targets of its active-message RMA
 * operations: MPIDIG_win_target_get adds a target at the first such operation to it, under the
 * window's lock. An accumulate to the rank's own memory (MPIDI_POSIX_do_accumulate, likewise
 * the other atomics) first checks the target's synchronization with MPIDIG_RMA_OP_CHECK_SYNC,
 * a lookup in that table, *before* it takes the lock. The build of 5.0.2 stores the table's
 * first entry before it allocates the table and its buckets (the compiler moved the store up
 * past malloc), so a lookup meanwhile reads a table being built: a segfault in
 * PMPI_Accumulate at the first round. Debian's 4.0.2 makes the same lookups unharmed. Needs
 * runtime error checking (MPIR_CVAR_ERROR_CHECKING, on by default). Seen as threads_ops
 * (shmem threads, AMOs on one counter of PE 0 from every PE, PEs on two simulated nodes)
 * segfaulting in about 2 runs in 100 on MPICH 5.0.2.
 *
 * The race lasts as long as MPICH's allocation of the buckets, so this program makes it long
 * and certain: it defines calloc, and where the thread making the first operations asks for
 * the 512 bytes of the buckets, it tells the main thread to accumulate to its own rank at once
 * and waits 2 ms before it allocates them (not under AddressSanitizer, whose allocator must
 * see every allocation: there the race is left to chance). Each round has an epoch of its own, and
 * MPIR_CVAR_CH4_RMA_MEM_EFFICIENT=1 (set here) makes MPI_Win_unlock_all empty the table, so
 * that every round starts one.
 * ARGS: none|fill|auto [rounds]. "fill" does what the library does where quirk
 * mpich-rma-target-race applies (mpich_rma_target_race.c): one MPI_NO_OP fetch-and-op to every
 * other rank before any other thread uses the window, so the table never changes afterwards;
 * "auto" fills where the library would. Exit 0 with every count right; the bug is a crash. */
#define _GNU_SOURCE /* setenv */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/transport/mpi/quirks/mpi_quirks.h"
#include "../../src/transport/mpi/quirks/mpich_rma_target_race.h"

static MPI_Win win;
static int rank, size;
static atomic_int phase; /* 0 idle, 1 asked, 2 issued, 3 completed, 4 exit */
static atomic_int now;   /* the table is being built: accumulate to yourself */
static _Thread_local int in_first_operations;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#endif
#ifndef SANITIZED
/* AddressSanitizer's allocator must see every allocation: there MPI's calloc stays its own and
 * the race is left to chance (so rarely hit). */
extern void *__libc_calloc(size_t n, size_t size);

void *calloc(size_t n, size_t size)
{
    if (in_first_operations && n == 512 && size == 1) {
        atomic_store(&now, 1);
        struct timespec t0, t;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        do clock_gettime(CLOCK_MONOTONIC, &t);
        while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 2000000);
    }
    return __libc_calloc(n, size);
}
#endif

/* The second thread: in each round, one accumulate to every other rank (the window's first
 * operations to them in this epoch), completed. */
static void *first_operations(void *arg)
{
    (void)arg;
    long one = 1;
    for (;;) {
        int p = atomic_load(&phase);
        if (p == 4) return NULL;
        if (p != 1) {
            usleep(20); /* ranks share cores: leave them to MPI's waits */
            continue;
        }
        in_first_operations = 1;
        for (int t = 1; t < size; t++)
            MPI_Accumulate(&one, 1, MPI_LONG, (rank + t) % size, sizeof(long), 1, MPI_LONG,
                           MPI_SUM, win);
        in_first_operations = 0;
        atomic_store(&phase, 2);
        MPI_Win_flush_all(win);
        atomic_store(&phase, 3);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "auto";
    int rounds = argc > 2 ? atoi(argv[2]) : 200;
    setenv("MPIR_CVAR_CH4_RMA_MEM_EFFICIENT", "1", 0);
    int level;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (level < MPI_THREAD_MULTIPLE) {
        if (rank == 0) printf("MPI_THREAD_MULTIPLE not provided: nothing to test\n");
        MPI_Finalize();
        return 0;
    }
    mpishmem_mpi_quirks_detect();
    int fill = !strcmp(mode, "fill") ||
               (!strcmp(mode, "auto") && mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_RMA_TARGET_RACE]);
    long *base = calloc(2, sizeof(long));
    long bad = 0, raced = 0;
    MPI_Win_create(base, 2 * sizeof(long), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    pthread_t th;
    pthread_create(&th, NULL, first_operations, NULL);
    for (int r = 0; r < rounds; r++) {
        /* A new epoch: MPI_Win_unlock_all emptied the table of targets. */
        MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
        if (fill) mpishmem_mpich_target_table_fill(win, MPI_COMM_WORLD);
        long one = 1, self_ops = 0;
        atomic_store(&now, 0);
        atomic_store(&phase, 1);
        while (!atomic_load(&now) && atomic_load(&phase) == 1) sched_yield();
        if (atomic_load(&now)) raced++;
        MPI_Accumulate(&one, 1, MPI_LONG, rank, 0, 1, MPI_LONG, MPI_SUM, win);
        self_ops++;
        while (atomic_load(&phase) != 3) sched_yield();
        MPI_Win_flush(rank, win);
        MPI_Win_unlock_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (base[0] != self_ops || base[1] != size - 1) bad++;
        base[0] = base[1] = 0;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    atomic_store(&phase, 4);
    pthread_join(th, NULL);
    MPI_Win_free(&win);
    long all = 0;
    MPI_Reduce(&bad, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %d rounds on %d ranks, table filled first: %s, accumulates to itself "
               "while the table was built: %ld on rank 0; %ld wrong counts\n",
               mode, rounds, size, fill ? "yes" : "no", raced, all);
    MPI_Finalize();
    return all ? 1 : 0;
}
