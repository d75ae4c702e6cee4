/* Blocking MPI calls that give the core away when PEs outnumber cores (MPICH over UCX).
 *
 * MPICH 4.0's ch4 device waits in every blocking call (barriers, communicator and window
 * creation, flushes, MPI_Wait) by calling ucp_worker_progress in a tight loop and never
 * yields (MPIR_CVAR_POLLS_BEFORE_YIELD is a ch3 setting). With 16 PEs on 2 cores each step
 * of a collective then waits for the scheduler to run its partner: an MPI_Barrier took
 * ~100 ms and an MPI_Win_create ~600 ms, so shmem_init took 3.4 s, nearly all of it in
 * MPI's waits (bench/compare_init.sh). Yielding whenever a progress call finds nothing to do
 * lets the PEs that have work run: the barrier drops to ~0.2 ms, a window to ~2-10 ms.
 *
 * The library interposes ucp_worker_progress (MPICH calls it through the dynamic linker,
 * and libmpishmem comes before libucp in the lookup order, as for the finalize remedy in
 * ucx_close_grace.c) and yields after an idle call only while mpishmem_mpi_yield_idle is
 * set: before MPI_Init when the launcher says this host runs more PEs than it has online
 * CPUs, then from shmem_init's own finding (MPISHMEM_OVERSUBSCRIBED). On dedicated cores
 * nothing changes but one indirect call per progress. Not inside the library's waits for an
 * MPI request or an active message's reply (mpishmem_in_request_wait), whose polls end with
 * the wait policy's yield: a second yield there handed the core to the other PE of the core
 * once more per poll (emulated cluster, one CPU per host, 2 hosts x 2 PEs, active-message
 * fetch_add: 3.7 context switches per operation against 2.1 for MPI's own AMOs, and
 * 73-76 us per operation against 62-64 us without that yield). The library's pokes of MPI
 * from its other waits (flags, node barriers) keep it: there the yield inside the poke lets
 * the PE that would end the wait run before the wait looks again (one node, 8 PEs on 2 cores,
 * shmem_barrier_all: 16-24 us with it, 118-123 us without, as the waits then slept).
 *
 * Only where the quirk table's entry ucx-yield-idle applies (mpi_quirks_table.h: MPICH 4.0
 * over UCX): MPICH 5 starts 16 PEs faster without it (0.80 s against 1.08 s), and other MPI
 * libraries yield by themselves (Open MPI: mpi_yield_when_idle, on when its launcher counts
 * more ranks than slots; runtime.c also sets it where the library knows better).
 *
 * On every MPI whose progress comes through here (MPICH over UCX, Open MPI's osc/ucx and
 * pml/ucx), an idle call inside one of the library's own blocking MPI calls also yields while
 * the wait policy makes waits yield without a long spin (blocking_yield below): where PEs
 * outnumber cores, and while contention is seen, which no launcher count shows. Elsewhere the
 * interposed call passes straight through to UCX. */
#define _GNU_SOURCE
#include <mpi.h>

#include "ucx_yield_idle.h"
#include "../../../base/wait_policy.h"
#include "../mpi_progress.h"
#include "mpi_quirks.h"
#include "../wait_yield.h"
#include "ucx_interposer_next.h"

#include <sched.h>

static int yield_idle; /* set at start-up, read by every thread in MPI: relaxed atomics */
/* What UCX's progress calls did, for the progress thread's choice between polling on and
 * sleeping (src/core/progress_thread.c): the events they handled, and whether any call came
 * through here at all (else this MPI does not use UCX, or not through the dynamic linker).
 * Relaxed updates that may lose counts when threads race: readers ask only whether the count
 * moved across their own call into MPI. */
static unsigned long ucx_events;
static int ucx_seen;

/* An idle progress call inside one of the library's blocking MPI calls (a flush, a collective)
 * where the wait policy makes waits yield without a long spin (PEs outnumber cores, or
 * contention is seen: base/wait_policy.h, mpishmem_wait_in_loop): the call waits for a PE
 * that may need this core, so it yields as the library's own waits do: at every idle call
 * where PEs outnumber cores or while yields give the core away, one call in up to 64 while
 * they return at once (mpishmem_wait_yield). MPI's flush then costs what the library's loop
 * costs, and a compare-and-swap, which has no request-based form, needs no second operation
 * to wait for there (mpishmem_mpi_waits_in_loop). */
static void blocking_yield(void)
{
    static _Thread_local struct mpishmem_wait w = {0, 0, MPISHMEM_WAIT_OTHER, 1, 0};
    if (mpishmem_wait_yields(&w)) mpishmem_wait_yield(&w);
}

__attribute__((visibility("default"))) unsigned ucp_worker_progress(void *worker)
{
    static unsigned (*real)(void *);
    if (!real) real = (unsigned (*)(void *))mpishmem_interposed_next("ucp_worker_progress");
    unsigned events = real(worker);
    if (events != 0)
        __atomic_store_n(&ucx_events, __atomic_load_n(&ucx_events, __ATOMIC_RELAXED) + events,
                         __ATOMIC_RELAXED);
    else if (__atomic_load_n(&yield_idle, __ATOMIC_RELAXED) && !mpishmem_in_request_wait())
        sched_yield();
    else if (mpishmem_mpi_blocking_depth > 0 && mpishmem_wait_in_loop())
        blocking_yield();
    if (__builtin_expect(!__atomic_load_n(&ucx_seen, __ATOMIC_RELAXED), 0))
        __atomic_store_n(&ucx_seen, 1, __ATOMIC_RELAXED);
    return events;
}

unsigned long mpishmem_mpi_progress_events(void)
{
    return __atomic_load_n(&ucx_events, __ATOMIC_RELAXED);
}

int mpishmem_mpi_progress_events_seen(void)
{
    return __atomic_load_n(&ucx_seen, __ATOMIC_RELAXED);
}

void mpishmem_mpi_yield_idle(int on)
{
    mpishmem_mpi_quirks_detect();
    on = on && mpishmem_quirk_on[MPISHMEM_QUIRK_UCX_YIELD_IDLE];
    __atomic_store_n(&yield_idle, on, __ATOMIC_RELAXED);
}
