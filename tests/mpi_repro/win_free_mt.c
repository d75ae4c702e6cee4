/* Plain MPI (no OpenSHMEM): MPI_Win_free returns under MPI_THREAD_MULTIPLE after RMA between
 * hosts. ARGS: thread level (multiple or single), rounds (default 20), helper (probe or none),
 * keep (a window that nothing uses, created first and freed last) or nokeep.
 *
 * Each round every rank creates a window (MPI_Win_create over its own memory, as mpishmem's
 * heap window), puts one long into every other rank's window, flushes, checks what it got
 * after a barrier, and frees the window. With "probe" a second thread polls MPI_Iprobe (what
 * mpishmem's progress thread does) until the main thread is done.
 *
 * Open MPI 5's osc/ucx, when MPI provides MPI_THREAD_MULTIPLE, gives each thread its own UCX
 * worker and destroys that thread's endpoints in MPI_Win_free, each with a flush that needs
 * the peer's receiving worker to progress; a peer inside the same teardown holds the pool's
 * lock (its progress callback then does nothing), and one that has freed its last window no
 * longer progresses that worker at all. Over UCX's TCP transport between hosts (the emulated
 * cluster, 2 ranks on 2 hosts) a rank then stays in ucp_ep_destroy inside the last
 * MPI_Win_free while its peer, done with it, waits in MPI_Allreduce (quirk
 * ompi-ucx-win-free-mt). At lower thread levels the endpoints are kept and nothing waits. With
 * "keep" every rank still has a window (never used, so nothing to tear down in it) while the
 * others free theirs: MPI keeps progressing that worker and the frees end (the library's
 * remedy).
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

#define WATCHDOG_SECONDS 20

static volatile sig_atomic_t round_now, phase_now; /* for the watchdog's message */
static const char *const phase_name[] = {"MPI_Win_create", "put/flush", "MPI_Win_free",
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

int main(int argc, char **argv)
{
    int multiple = argc > 1 && strcmp(argv[1], "multiple") == 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    int probe = argc > 3 && strcmp(argv[3], "probe") == 0;
    int keep = argc > 4 && strcmp(argv[4], "keep") == 0;
    int provided, n;
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
    long *slot = malloc(sizeof(long) * (size_t)n);
    int wrong = 0;
    for (int r = 1; r <= rounds; r++) {
        round_now = r;
        phase_now = 0;
        alarm(WATCHDOG_SECONDS); /* each round has its own time limit */
        MPI_Win win;
        for (int i = 0; i < n; i++) slot[i] = -1;
        MPI_Win_create(slot, (MPI_Aint)sizeof(long) * n, sizeof(long), MPI_INFO_NULL,
                       MPI_COMM_WORLD, &win);
        phase_now = 1;
        MPI_Win_lock_all(0, win);
        MPI_Win_sync(win);
        MPI_Barrier(MPI_COMM_WORLD);
        long value = 1000L * r + rank;
        for (int i = 0; i < n; i++)
            if (i != rank) MPI_Put(&value, 1, MPI_LONG, i, rank, 1, MPI_LONG, win);
        MPI_Win_flush_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_sync(win);
        for (int i = 0; i < n; i++)
            if (i != rank && slot[i] != 1000L * r + i) {
                if (!wrong)
                    printf("win_free_mt: rank %d round %d: %ld from rank %d, want %ld\n", rank,
                           r, slot[i], i, 1000L * r + i);
                wrong = 1;
            }
        MPI_Win_unlock_all(win);
        phase_now = 2;
        MPI_Win_free(&win);
    }
    phase_now = 3;
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
        printf("win_free_mt: %d ranks, %d rounds at thread level %s%s%s: %s\n", n, rounds,
               multiple ? "multiple" : "single", probe && multiple ? " with a probing thread" : "",
               keep ? ", an unused window kept" : "", any ? "WRONG" : "right");
    fflush(stdout);
    free(slot);
    MPI_Finalize();
    return any;
}
