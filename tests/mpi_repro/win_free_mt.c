/* Plain MPI (no OpenSHMEM): MPI_Win_free returns under MPI_THREAD_MULTIPLE after RMA between
 * hosts. ARGS: thread level (multiple or single), rounds (default 20), helper (probe, worker
 * or none), keep (a window that nothing uses, created first and freed last: the library's
 * remedy), nokeep or auto (keep where the library keeps one: the quirk table's
 * ompi-ucx-win-free-mt entry), epflush (MPI_Win_flush to every rank before a window is freed,
 * and before a thread that put ends) or noepflush, and the windows used per round (1 or 2,
 * default 1).
 *
 * Each round every rank creates its windows (MPI_Win_create over its own memory, as mpishmem's
 * heap and data windows), puts one long into every other rank's part of each, flushes all,
 * checks what it got after a barrier, and frees them. With "probe" a second thread polls
 * MPI_Iprobe (what mpishmem's progress thread does) until the main thread is done; with
 * "worker" a thread made for the round makes the puts and ends before the barrier.
 *
 * Open MPI 5's osc/ucx, when MPI provides MPI_THREAD_MULTIPLE, gives each thread of a window a
 * UCX worker of its own and destroys its endpoints in MPI_Win_free (and when the thread ends),
 * each close progressing only that worker; a close can wait for the peer's receiving worker
 * (UCX's debug log of a hung close: an endpoint whose wireup reply never came), which only
 * Open MPI's progress callback of osc/ucx progresses, and a process that has freed its last
 * window unregisters it. Over UCX's TCP transport between hosts (the emulated cluster) a rank
 * then stays in ucp_ep_destroy inside the last MPI_Win_free while its peer, done with it,
 * waits in MPI_Allreduce (quirk ompi-ucx-win-free-mt). Measured, 2 ranks on 2 hosts, Open MPI
 * 5.0.11 with UCX 1.20.1: no second thread at all, 1 window: hung in 1 of 3 runs; "probe", 2
 * windows: 3 of 3, always in the last round; the same with "epflush": 1 of 3 (so the flushes
 * do not cure it); with "keep": 0 of 8 (with or without epflush), "worker" with "keep": 0 of
 * 7 (and 0 of 2 at 4 ranks). At lower thread levels the endpoints are kept and nothing waits.
 * With "keep" every rank still has a window (never used, so nothing to tear down in it) while
 * the others free theirs: Open MPI keeps progressing the receiving worker and the frees end
 * (the library's remedy).
 *
 * A rank that has not finished after WATCHDOG_SECONDS prints where it is and the process ends
 * with status 3, so the bug shows as a message instead of a hang; exit status 1 on a wrong
 * value, 0 when every round passed. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/transport/mpi/quirks/mpi_quirks.h"

#define WATCHDOG_SECONDS 20

static volatile sig_atomic_t round_now, phase_now; /* for the watchdog's message */
static const char *const phase_name[] = {"MPI_Win_create", "put/flush",
                                         "the end of the thread that put", "MPI_Win_free",
                                         "MPI_Allreduce or MPI_Finalize"};
static int rank;
static volatile int stop;

static void watchdog(int sig)
{
    (void)sig;
    char msg[160];
    int n = snprintf(msg, sizeof msg, "win_free_mt: rank %d stuck in %s of round %d after %d s\n",
                     rank, phase_name[phase_now], (int)round_now, WATCHDOG_SECONDS);
    if (n > 0) (void)!write(2, msg, (size_t)n);
    _exit(3);
}

static void *prober(void *arg)
{
    MPI_Comm comm = *(MPI_Comm *)arg;
    struct timespec pause = {0, 100000}; /* 100 us */
    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static void flush_every_rank(MPI_Win win, int n)
{
    for (int i = 0; i < n; i++) MPI_Win_flush(i, win);
}

/* One round's puts into every other rank's part of each window, then flush_all. */
struct round {
    MPI_Win *win;
    int nwin, n, r, epflush;
};
static void put_round(const struct round *rd)
{
    for (int w = 0; w < rd->nwin; w++) {
        long value = 1000L * rd->r + 100L * w + rank;
        for (int i = 0; i < rd->n; i++)
            if (i != rank) MPI_Put(&value, 1, MPI_LONG, i, rank, 1, MPI_LONG, rd->win[w]);
        MPI_Win_flush_all(rd->win[w]);
    }
}

/* "worker": a thread made for the round puts and ends; with `epflush` it flushes every rank
 * of each window first (what the library does before a thread that used MPI ends). */
static void *worker(void *arg)
{
    const struct round *rd = arg;
    put_round(rd);
    if (rd->epflush)
        for (int w = 0; w < rd->nwin; w++) flush_every_rank(rd->win[w], rd->n);
    return NULL;
}

/* Frees *win, which is in a lock_all epoch (MPI_MODE_NOCHECK: its end sends nothing); with
 * `epflush` after flushing every rank. */
static void free_window(MPI_Win *win, int n, int epflush)
{
    if (epflush) flush_every_rank(*win, n);
    MPI_Win_unlock_all(*win);
    MPI_Win_free(win);
}

int main(int argc, char **argv)
{
    int multiple = argc > 1 && strcmp(argv[1], "multiple") == 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    int probe = argc > 3 && strcmp(argv[3], "probe") == 0;
    int use_worker = argc > 3 && strcmp(argv[3], "worker") == 0;
    mpishmem_mpi_quirks_detect();
    int keep = argc > 4 && (strcmp(argv[4], "keep") == 0 ||
                            (strcmp(argv[4], "auto") == 0 &&
                             mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_WIN_FREE_MT]));
    int epflush = argc > 5 && strcmp(argv[5], "epflush") == 0;
    int nwin = argc > 6 ? atoi(argv[6]) : 1;
    int provided, n;
    if (nwin < 1 || nwin > 2) nwin = 1;
    MPI_Init_thread(&argc, &argv, multiple ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE,
                    &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (multiple && provided != MPI_THREAD_MULTIPLE) {
        if (rank == 0) printf("win_free_mt: MPI_THREAD_MULTIPLE not provided (%d)\n", provided);
        MPI_Finalize();
        return 0;
    }
    signal(SIGALRM, watchdog);
    MPI_Win keeper = MPI_WIN_NULL;
    if (keep) MPI_Win_create(NULL, 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &keeper);
    MPI_Comm probe_comm = MPI_COMM_NULL;
    pthread_t thread;
    if (probe && multiple) {
        MPI_Comm_dup(MPI_COMM_WORLD, &probe_comm);
        pthread_create(&thread, NULL, prober, &probe_comm);
    }
    long *slot = malloc(sizeof(long) * (size_t)n * (size_t)nwin);
    int wrong = 0;
    for (int r = 1; r <= rounds; r++) {
        round_now = r;
        phase_now = 0;
        alarm(WATCHDOG_SECONDS); /* each round has its own time limit */
        MPI_Win win[2];
        for (int i = 0; i < n * nwin; i++) slot[i] = -1;
        for (int w = 0; w < nwin; w++) {
            MPI_Win_create(slot + (size_t)w * (size_t)n, (MPI_Aint)sizeof(long) * n,
                           sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &win[w]);
            MPI_Win_lock_all(MPI_MODE_NOCHECK, win[w]); /* as the library's windows */
            MPI_Win_sync(win[w]);
        }
        phase_now = 1;
        MPI_Barrier(MPI_COMM_WORLD);
        struct round rd = {win, nwin, n, r, epflush};
        if (use_worker && multiple) {
            pthread_t t;
            pthread_create(&t, NULL, worker, &rd);
            phase_now = 2;
            pthread_join(t, NULL);
        } else {
            put_round(&rd);
        }
        phase_now = 1;
        MPI_Barrier(MPI_COMM_WORLD);
        for (int w = 0; w < nwin; w++) {
            MPI_Win_sync(win[w]);
            for (int i = 0; i < n; i++) {
                long want = 1000L * r + 100L * w + i, got = slot[(size_t)w * (size_t)n + i];
                if (i != rank && got != want) {
                    if (!wrong)
                        printf("win_free_mt: rank %d round %d window %d: %ld from rank %d, "
                               "want %ld\n", rank, r, w, got, i, want);
                    wrong = 1;
                }
            }
        }
        phase_now = 3;
        for (int w = nwin - 1; w >= 0; w--) free_window(&win[w], n, epflush);
    }
    phase_now = 4;
    alarm(WATCHDOG_SECONDS);
    if (keeper != MPI_WIN_NULL) MPI_Win_free(&keeper);
    if (probe_comm != MPI_COMM_NULL) {
        __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
        pthread_join(thread, NULL);
        MPI_Comm_free(&probe_comm);
    }
    int any = 0;
    MPI_Allreduce(&wrong, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
        printf("win_free_mt: %d ranks, %d rounds of %d window%s at thread level %s%s%s%s%s: %s\n",
               n, rounds, nwin, nwin > 1 ? "s" : "", multiple ? "multiple" : "single",
               probe && multiple ? " with a probing thread" : "",
               use_worker && multiple ? ", the puts made by a thread per round" : "",
               keep ? ", an unused window kept" : "",
               epflush ? ", every rank flushed before each free" : "", any ? "WRONG" : "right");
    fflush(stdout);
    free(slot);
    MPI_Finalize();
    return any;
}
