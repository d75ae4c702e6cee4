/* A wait whose thread the kernel keeps off its core counts as a loss of the core (issue 44,
 * base/wait_policy.h, mpishmem_wait_look): two such losses close together, while tasks other
 * than the job's threads want the CPUs, start a sleeping stretch, as two lost yields do. Beside
 * CPU hogs that take the core by preemption rather than through the PE's yields, that is how
 * the waits learn to sleep. Each PE pins itself and a spinning thread of its own to one CPU, so
 * that the kernel keeps it off the core part of the time, and looks (as a timed poll does)
 * between spins longer than a look's gap: a stretch must start within 5 s. The spinning threads
 * run until every PE is done (they are the other tasks), and the job runs without progress
 * threads, so that the spinning threads outnumber the job's.
 * Also checked, and only that with the argument "count": the count of the job's threads that
 * may want this machine's CPUs (mpishmem_g.machine_threads) is every PE of the job where all
 * its hosts share this machine's kernel (one node, two simulated nodes, the emulated cluster's
 * network namespaces), twice that with progress threads. Linked with the static library, whose
 * internal functions it calls. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/state.h"
#include "base/wait_policy.h"
#include "core/progress_thread.h"

#define HOGS 1
#define SPIN_NS 400000ull /* between looks: longer than a look's gap (MPISHMEM_CORE_LOOK_GAP_NS) */
#define LIMIT_NS 5000000000ull

static atomic_int stop;
static cpu_set_t one_cpu;

static void *hog(void *arg)
{
    (void)arg;
    sched_setaffinity(0, sizeof one_cpu, &one_cpu);
    while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
    }
    return NULL;
}

/* Whether the waits sleep now, as mpishmem_wait_sleeps asks for a wait past its spin. */
static int sleeping(void)
{
    return __atomic_load_n(&mpishmem_wait_sleeping, __ATOMIC_RELAXED) &&
           mpishmem_wait_sleeping_now();
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), bad = 0;

    int want = npes * (mpishmem_progress_thread_running() ? 2 : 1);
    if (mpishmem_g.machine_threads != want) {
        printf("FAIL: PE %d: the job's threads on this machine counted %d, expected %d\n", me,
               mpishmem_g.machine_threads, want);
        bad = 1;
    }
    if (argc > 1 && strcmp(argv[1], "count") == 0) {
        shmem_barrier_all();
        if (!bad && me == 0) printf("kept off ok\n");
        shmem_finalize();
        return bad;
    }

    /* One CPU of this PE's affinity, PEs spread over them. */
    cpu_set_t mine;
    CPU_ZERO(&one_cpu);
    if (sched_getaffinity(0, sizeof mine, &mine) != 0 || CPU_COUNT(&mine) == 0) {
        printf("FAIL: PE %d: no CPU affinity\n", me);
        shmem_finalize();
        return 1;
    }
    for (int cpu = 0, seen = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &mine)) continue;
        if (seen++ == me % CPU_COUNT(&mine)) {
            CPU_SET(cpu, &one_cpu);
            break;
        }
    }
    sched_setaffinity(0, sizeof one_cpu, &one_cpu);
    pthread_t hogs[HOGS];
    for (int i = 0; i < HOGS; i++) pthread_create(&hogs[i], NULL, hog, NULL);

    uint64_t start = mpishmem_clock_ns(), now = start;
    unsigned long looks = 0;
    while (!sleeping() && now - start < LIMIT_NS) {
        mpishmem_wait_look(now);
        looks++;
        uint64_t t = now;
        while ((now = mpishmem_clock_ns()) - t < SPIN_NS) {
        }
    }
    if (!sleeping()) {
        printf("FAIL: PE %d: beside %d spinning thread(s) on its CPU, %lu looks in %.1f s started no sleeping "
               "stretch\n",
               me, HOGS, looks, (double)(now - start) * 1e-9);
        bad = 1;
    }

    shmem_barrier_all();
    atomic_store(&stop, 1);
    for (int i = 0; i < HOGS; i++) pthread_join(hogs[i], NULL);
    if (!bad && me == 0) printf("kept off ok\n");
    shmem_finalize();
    return bad;
}
