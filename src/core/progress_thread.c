#define _POSIX_C_SOURCE 200809L
#include "progress_thread.h"
#include "../transport/mpi/mpi_progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "../base/clock.h"
#include "../base/env.h"
#include "../base/error.h"
#include "../base/sched_slice.h"
#include "../transport/mpi/launcher_env.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_wait.h"
#include "../transport/mpi/quirks/mpi_quirks.h"
#include "../transport/mpi/quirks/ucx_yield_idle.h"
#include "../transport/mpi/wait_yield.h"

static struct {
    pthread_t thread;
    atomic_int stop;
    int running;
    MPI_Comm comm; /* probed for progress; never carries messages */
} pt;

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

/* One look into MPI (and the active-message queue) on the program's behalf; returns whether it
 * found traffic: active messages served, or MPI handling operations of other PEs. Where MPI runs over UCX the count of events its interposed progress call keeps says the
 * last (src/transport/mpi/quirks/ucx_yield_idle.c). Elsewhere (libfabric) nothing says it, and the
 * look's duration stands in: MPI serving a get or an AMO of another PE takes several times as
 * long as a look that finds nothing (Intel MPI over TCP: 0.45 us idle, 1-30 us serving), so a
 * look that took more than BLIND_FACTOR times the quickest look so far, and at least
 * BLIND_MIN_US, counts as traffic. A preempted look counts too: at worst the thread polls on
 * for MPISHMEM_PROGRESS_SPIN microseconds. */
#define BLIND_FACTOR 3.0
#define BLIND_MIN_US 1.0
static int look(void)
{
    static double quickest = 1e30;
    unsigned long before = mpishmem_mpi_progress_events();
    double t0 = now_us();
    unsigned served = mpishmem_serve_messages();
    int flag;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, pt.comm, &flag, MPI_STATUS_IGNORE);
    if (served != 0) return 1;
    if (mpishmem_mpi_progress_events_seen()) return mpishmem_mpi_progress_events() != before;
    double took = now_us() - t0;
    if (took < quickest) quickest = took;
    return took > BLIND_MIN_US && took > BLIND_FACTOR * quickest;
}

/* Whether one of the program's threads is inside MPI by the library's hand: a blocking call
 * (mpishmem_progress_blocked) or a wait (mpishmem_progress_inside). */
static int program_in_mpi(void)
{
    return __atomic_load_n(&mpishmem_progress_blocked, __ATOMIC_RELAXED) ||
           __atomic_load_n(&mpishmem_progress_inside, __ATOMIC_RELAXED);
}

/* Sends the batches of small operations (mpi_batch.h) that the thread has seen buffered for
 * MPISHMEM_BATCH_DELAY microseconds (`since`: when it first saw some, 0: none), so that a put
 * arrives even when the program makes no further call to the library. */
static void send_stale_batches(double *since, long delay_us)
{
    if (!__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED)) {
        *since = 0;
        return;
    }
    double t = now_us();
    if (*since == 0) {
        *since = t;
        if (delay_us > 0) return;
    }
    if (t - *since >= (double)delay_us) {
        mpishmem_batch_send_all(1);
        *since = 0;
    }
}

/* Looks into MPI whenever the program has not poked MPI itself since the last look: a PE
 * computing, or polling its memory with plain loads, still lets remote operations on it (and
 * its own nonblocking ones) complete. While the program is inside the library it pokes MPI at
 * every poll, and the thread keeps out of MPI's lock.
 *
 * How often: a timer alone bounds a get or fetching AMO on a computing target by the interval
 * (2 hosts over TCP: 1.07 ms against a 9 us floor at 1000 us; 86 us at 10 us, which costs a
 * wake-up every 10 us; bench/compare_target.sh). So once a look finds traffic the thread keeps
 * looking without sleeping for as long as traffic goes on and MPISHMEM_PROGRESS_SPIN
 * microseconds after it stops, which serves a stream of operations at the wire's speed; idle,
 * it sleeps, from PROGRESS_MIN_SLEEP_US doubling up to MPISHMEM_PROGRESS_INTERVAL. */
#define PROGRESS_MIN_SLEEP_US 10

/* Gives the core away between two looks of a stream of traffic (the looks are a wait like the
 * program's: base/wait_policy.h). A yield hands the core to another task on it; where that task
 * does not yield (a PE polling memory with plain loads, a PE computing, another job), the yield
 * returns only when the task's time slice ends, a few milliseconds, while a timed sleep's
 * wake-up takes the core back at once. So once a yield of the thread lost the core that long
 * (MPISHMEM_WAIT_YIELD_LOST_NS), it sleeps PROGRESS_MIN_SLEEP_US instead, for
 * MPISHMEM_WAIT_SLEEP_HOLD_NS, then tries yields again (where nobody else wants the core a
 * yield returns at once, and the thread serves a stream at the wire's speed). Emulated cluster,
 * 2 hosts x 1 PE sharing the 2 CPUs, hand-offs of putmem + fence + p whose PEs wait for the flag
 * with plain loads (as bale's conveyors do; bench/compare_handoff.sh): 8.0 ms per round trip
 * yielding (each look that yielded waited for the other PE's slice), 0.85 ms sleeping. */
static void give_core(struct mpishmem_wait *w, uint64_t *nap_until)
{
    uint64_t t0 = mpishmem_clock_ns();
    if (t0 < *nap_until) {
        struct timespec nap = {0, PROGRESS_MIN_SLEEP_US * 1000};
        nanosleep(&nap, NULL);
        return;
    }
    mpishmem_wait_yield(w);
    uint64_t t1 = mpishmem_clock_ns();
    if (t1 - t0 >= MPISHMEM_WAIT_YIELD_LOST_NS) *nap_until = t1 + MPISHMEM_WAIT_SLEEP_HOLD_NS;
}
static void *progress_loop(void *arg)
{
    (void)arg;
    mpishmem_progress_depth = 1; /* this thread lives inside MPI's progress engine */
#ifdef PR_SET_TIMERSLACK
    /* Linux stretches a sleep by up to 50 us by default: make the short sleeps short. */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
#endif
    /* Its naps end on a timer: a short slice gets it the core when they do. */
    mpishmem_sched_slice_set(mpishmem_env.slice_us);
    long max_us = mpishmem_env.progress_interval > 0 ? mpishmem_env.progress_interval : 1;
    long spin_us = mpishmem_env.progress_spin;
    /* PEs sharing cores: a thread waking often per PE would take a good part of them. */
    if (mpishmem_g.oversubscribed && max_us < 1000) max_us = 1000;
    long us = max_us;
    long delay_us = mpishmem_env.batch_delay;
    double batch_since = 0;
    uint64_t nap_until = 0;
    unsigned long seen = __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED);
    while (!atomic_load_explicit(&pt.stop, memory_order_acquire)) {
        long sleep_us = us;
        if (__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED) && delay_us < sleep_us)
            sleep_us = delay_us > 0 ? delay_us : 1;
        struct timespec pause = {sleep_us / 1000000, (sleep_us % 1000000) * 1000};
        nanosleep(&pause, NULL);
        send_stale_batches(&batch_since, delay_us);
        unsigned long now = __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED);
        if (now != seen || program_in_mpi()) {
            seen = now;
            us = us * 2 < max_us ? us * 2 : max_us;
            continue;
        }
        if (!look()) {
            us = us * 2 < max_us ? us * 2 : max_us;
            continue;
        }
        /* Traffic: look again at once while it flows, and stop as soon as the program pokes
         * MPI itself. The looks are a wait like the program's (base/wait_policy.h): past its
         * spin each look gives the core away, so that a thread that shares its core with the
         * program (or with the PE it serves) does not hold it for MPISHMEM_PROGRESS_SPIN. */
        double last = now_us();
        struct mpishmem_wait w = MPISHMEM_WAIT_INIT;
        while (spin_us > 0 && !atomic_load_explicit(&pt.stop, memory_order_relaxed) &&
               __atomic_load_n(&mpishmem_progress_pokes, __ATOMIC_RELAXED) == seen &&
               !program_in_mpi()) {
            if (mpishmem_wait_yields(&w)) give_core(&w, &nap_until);
            send_stale_batches(&batch_since, delay_us);
            double t = now_us();
            if (look()) last = t;
            else if (t - last > (double)spin_us) break;
        }
        us = PROGRESS_MIN_SLEEP_US < max_us ? PROGRESS_MIN_SLEEP_US : max_us;
    }
    return NULL;
}

/* Before MPI_Init: whether every PE will reach every other by load/store (the launcher puts
 * the whole job on this host, globals are shared, and neither the library's simulated nodes
 * nor MPICH's cliques split the host): then no PE is reached through MPI, the automatic
 * setting starts no thread, and MPI need not pay for MPI_THREAD_MULTIPLE. */
static int all_load_store(void)
{
    extern char **environ;
    if (!mpishmem_env.globals_shared || mpishmem_env.simulated_nodes > 1 ||
        !mpishmem_mpi_single_host_guess())
        return 0;
    for (char **e = environ; *e; e++) /* MPIR_CVAR_NUM_CLIQUES, its aliases, ODD_EVEN_CLIQUES */
        if (strstr(*e, "CLIQUES") && strchr(*e, '=') > strstr(*e, "CLIQUES")) return 0;
    return 1;
}

int mpishmem_progress_thread_wanted(void)
{
    long mode = mpishmem_env.progress_thread;
    return mode > 0 || (mode < 0 && !all_load_store());
}

void mpishmem_progress_thread_start(const char *routine, int mpi_level)
{
    long mode = mpishmem_env.progress_thread;
    /* Automatic: only when other PEs reach this one through MPI (the job spans nodes, or
     * globals go through MPI), whose operations complete only while the target progresses. */
    if (mode == 0 || (mode < 0 && !mpishmem_g.remote_updates)) return;
    if (mpi_level != MPI_THREAD_MULTIPLE) {
        if (mpishmem_g.my_pe == 0)
            mpishmem_warn(routine,
                          "MPI does not provide MPI_THREAD_MULTIPLE here, so there is no progress "
                          "thread: a PE that computes (or polls memory) without calling "
                          "OpenSHMEM stalls remote operations on it until it calls the library "
                          "again (initialize MPI with MPI_THREAD_MULTIPLE, or set "
                          "MPISHMEM_PROGRESS_THREAD=0 to silence this)");
        return;
    }
    MPI_Comm_dup(mpishmem_g.world, &pt.comm);
    atomic_store(&pt.stop, 0);
    if (pthread_create(&pt.thread, NULL, progress_loop, NULL) != 0)
        mpishmem_error(routine, "cannot start the progress thread (MPISHMEM_PROGRESS_THREAD)");
    pt.running = 1;
    /* every PE of the job starts one alike: the machine's PEs bring as many */
    mpishmem_g.machine_threads *= 2;
}

int mpishmem_progress_thread_running(void)
{
    return pt.running;
}

void mpishmem_progress_thread_stop(void)
{
    if (!pt.running) return;
    atomic_store_explicit(&pt.stop, 1, memory_order_release);
    pthread_join(pt.thread, NULL);
    MPI_Comm_free(&pt.comm);
    pt.running = 0;
}
