/* Plain MPI (no OpenSHMEM): MPI_Win_flush_all on a long-lived window returns after other
 * windows came and went, at MPI_THREAD_MULTIPLE across hosts. ARGS: flushall (complete with
 * MPI_Win_flush_all) or rankflush (MPI_Win_flush of each rank in turn: the library's remedy),
 * rounds (default 20), and optionally "auto" (rankflush where the library flushes by rank: the
 * quirk table's ompi-ucx-win-free-mt entry, else flushall).
 *
 * Every rank creates an unused window first (the library's kept window, ompi_ucx_win_free_mt.c),
 * then a long-lived window L and gets from every other rank through it. Each round it creates
 * a window, gets from and puts to every other rank through it, completes them, and frees it;
 * then gets through L again and completes them. Open MPI 5's osc/ucx at MPI_THREAD_MULTIPLE
 * gives each (window, thread) a UCX worker from a pool, the first one the process's receiving
 * worker, which every peer reaches; a freed window's worker goes back to the pool's idle list,
 * which nothing progresses, while the peer's receiving worker keeps the endpoint to it.
 * MPI_Win_flush_all of the window holding the receiving worker flushes that whole worker
 * (ucp_worker_flush), those endpoints included; over UCX's TCP transport such an endpoint
 * waits for an answer from the idle worker that never comes (quirk ompi-ucx-win-free-mt).
 * MPI_Win_flush(rank) flushes only the thread's endpoint to that rank's receiving worker.
 *
 * A rank that has not finished after WATCHDOG_SECONDS prints where it is and the process ends
 * with status 3; exit status 1 on a wrong value, 0 when every round passed. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/transport/mpi/quirks/mpi_quirks.h"

#define WATCHDOG_SECONDS 20
#define WORDS 64

static volatile sig_atomic_t round_now;
static int rank;

static void watchdog(int sig)
{
    (void)sig;
    char msg[120];
    int n = snprintf(msg, sizeof msg, "flush_all_churn: rank %d stuck in round %d after %d s\n",
                     rank, (int)round_now, WATCHDOG_SECONDS);
    if (n > 0) (void)!write(2, msg, (size_t)n);
    _exit(3);
}

static void complete(MPI_Win win, int n, int by_rank)
{
    if (!by_rank) {
        MPI_Win_flush_all(win);
        return;
    }
    for (int i = 0; i < n; i++) MPI_Win_flush(i, win);
}

/* Gets word `rank` of every other rank's part of `win` (which holds value base + owner) and
 * puts into word WORDS/2 + rank; returns the number of wrong values read. */
static int exchange(MPI_Win win, int n, long base, int by_rank)
{
    long got[WORDS] = {0}, mine = base + rank;
    for (int i = 0; i < n; i++) {
        if (i == rank) continue;
        MPI_Get(&got[i], 1, MPI_LONG, i, rank, 1, MPI_LONG, win);
        MPI_Put(&mine, 1, MPI_LONG, i, WORDS / 2 + rank, 1, MPI_LONG, win);
    }
    complete(win, n, by_rank);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        if (i != rank && got[i] != base + i) wrong++;
    return wrong;
}

static MPI_Win make_window(long *mem, long value)
{
    MPI_Win win;
    for (int i = 0; i < WORDS; i++) mem[i] = value + rank; /* what the others get */
    MPI_Win_create(mem, WORDS * sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    return win;
}

int main(int argc, char **argv)
{
    mpishmem_mpi_quirks_detect();
    int by_rank = argc > 1 && strcmp(argv[1], "rankflush") == 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    if (argc > 3 && strcmp(argv[3], "auto") == 0)
        by_rank = mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_WIN_FREE_MT];
    int provided, n, wrong = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (provided != MPI_THREAD_MULTIPLE || n > WORDS / 2) {
        if (rank == 0) printf("flush_all_churn: needs MPI_THREAD_MULTIPLE and <= %d ranks\n",
                              WORDS / 2);
        MPI_Finalize();
        return 0;
    }
    signal(SIGALRM, watchdog);
    alarm(WATCHDOG_SECONDS);
    static long keep_mem[WORDS], long_mem[WORDS], round_mem[WORDS];
    MPI_Win keeper = make_window(keep_mem, 0);
    MPI_Win lived = make_window(long_mem, 7000);
    MPI_Barrier(MPI_COMM_WORLD);
    wrong += exchange(lived, n, 7000, by_rank);
    for (int r = 1; r <= rounds; r++) {
        round_now = r;
        MPI_Win win = make_window(round_mem, 1000L * r);
        MPI_Barrier(MPI_COMM_WORLD);
        wrong += exchange(win, n, 1000L * r, by_rank);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
        MPI_Win_free(&win);
        wrong += exchange(lived, n, 7000, by_rank);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_unlock_all(lived);
    MPI_Win_free(&lived);
    MPI_Win_unlock_all(keeper);
    MPI_Win_free(&keeper);
    int all = 0;
    MPI_Allreduce(&wrong, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    alarm(0);
    if (rank == 0)
        printf("flush_all_churn: %d ranks, %d rounds, %s: %s (%d wrong)\n", n, rounds,
               by_rank ? "flushed rank by rank" : "MPI_Win_flush_all", all ? "WRONG" : "right",
               all);
    MPI_Finalize();
    return all ? 1 : 0;
}
