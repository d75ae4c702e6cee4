/* pinned_shared_core [rounds] [check]: two ranks of one host ping-pong through a shared-memory
 * window, each waiting for its turn the way PEs wait when they share cores (poll, and
 * sched_yield between polls), while a busy process that may run on any core (another job,
 * a compiler: the situation of ctest -j2 on a small machine) takes one core. The mean round
 * trip is measured with the CPU affinity the launcher gave the ranks, then with each
 * rank free to run on every core of the host's ranks (the union of their masks: what mpishmem
 * does where the quirk impi-pin-shared-cores applies). `check` exits 1 when the launcher
 * pinned the ranks to one core each and that made the round trip over 4 times longer.
 *
 * Intel MPI pins every rank to one core by default (its launcher's proxy does it before the
 * program starts: I_MPI_PIN=0 set by the program before MPI_Init changes nothing). The rank
 * pinned to the busy core then gets the core only for its share of the scheduler's time
 * slices, and every wait for it costs milliseconds. Intel MPI 2021.18.1, 2 cores, 200-500
 * rounds: 17-36 ms pinned against 0.01-12 ms unpinned; MPICH 5 (its launcher binds nothing)
 * 0.1-14 ms. The margin depends on the machine's other load (here 20+ runnable processes
 * from other jobs blurred it; `check` then passes): the library-level measurement of the
 * quirk's entry (memory_alloc, coll_reduce) is the decisive one.
 * Run by hand: I_MPI_ROOT=... mpiexec -n 2 ./pinned_shared_core [rounds] [check] */
#define _GNU_SOURCE
#include <mpi.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A busy loop free to run on any online CPU, until killed. */
static pid_t start_hog(void)
{
    pid_t pid = fork();
    if (pid != 0) return pid;
    cpu_set_t all;
    CPU_ZERO(&all);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    for (long c = 0; c < n && c < CPU_SETSIZE; c++) CPU_SET((int)c, &all);
    sched_setaffinity(0, sizeof all, &all);
    for (volatile unsigned long x = 0;; x++) {
    }
}

/* Mean round trip in microseconds of `rounds` turns: rank 0 moves *turn from 2r to 2r+1,
 * rank 1 from 2r+1 to 2r+2. */
static double ping_pong(volatile int *turn, int me, int rounds)
{
    MPI_Barrier(MPI_COMM_WORLD); /* rank 1's last store of the previous call is done */
    if (me == 0) __atomic_store_n(turn, 0, __ATOMIC_RELEASE);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int r = 0; r < rounds; r++) {
        int want = 2 * r + me;
        while (__atomic_load_n(turn, __ATOMIC_ACQUIRE) != want) sched_yield();
        __atomic_store_n(turn, want + 1, __ATOMIC_RELEASE);
    }
    double us = (MPI_Wtime() - t0) / rounds * 1e6;
    MPI_Bcast(&us, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    return us;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 500;
    int check = argc > 2 && !strcmp(argv[2], "check");
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node);
    int node_size;
    MPI_Comm_size(node, &node_size);
    if (n != 2 || node_size != 2) {
        if (me == 0) fprintf(stderr, "pinned_shared_core: run 2 ranks on one host\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    cpu_set_t mask, host;
    sched_getaffinity(0, sizeof mask, &mask);
    MPI_Allreduce(&mask, &host, (int)sizeof mask, MPI_BYTE, MPI_BOR, node);
    int cpus = CPU_COUNT(&mask), most;
    MPI_Allreduce(&cpus, &most, 1, MPI_INT, MPI_MAX, node);

    volatile int *turn;
    MPI_Win win;
    MPI_Win_allocate_shared(me == 0 ? (MPI_Aint)sizeof(int) : 0, sizeof(int), MPI_INFO_NULL,
                            node, (void *)&turn, &win);
    MPI_Aint size;
    int disp;
    MPI_Win_shared_query(win, 0, &size, &disp, (void *)&turn);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);

    pid_t hog = me == 0 ? start_hog() : 0;
    /* A warm-up as long as a measurement (the scheduler needs a while to place the busy
     * process: without it the first phase measured was the slower one whatever the masks),
     * then each setting twice, alternating (the load may change). */
    ping_pong(turn, me, rounds);
    double launched = 0, free_ = 0;
    for (int i = 0; i < 2; i++) {
        sched_setaffinity(0, sizeof mask, &mask);
        launched += ping_pong(turn, me, rounds) / 2;
        sched_setaffinity(0, sizeof host, &host);
        free_ += ping_pong(turn, me, rounds) / 2;
    }
    if (hog > 0) {
        kill(hog, SIGKILL);
        waitpid(hog, NULL, 0);
    }
    int bad = most == 1 && CPU_COUNT(&host) > 1 && launched > 4 * free_;
    if (me == 0)
        printf("pinned_shared_core: %d rounds with a busy process; mean round trip %.1f us as "
               "launched (%d CPU(s) per rank at most), %.1f us on all %d CPUs of the host's "
               "ranks%s\n", rounds, launched, most, free_, CPU_COUNT(&host),
               bad ? ": pinning made it slower" : "");
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
    MPI_Finalize();
    return check && bad;
}
