/* mpishmem: when a wait gives its core away. Every loop of the library that waits for another
 * PE (a flag, a barrier, a reply, an MPI request) asks mpishmem_wait_yields at each poll; this
 * file is the one place that decides. Two waits add a rule of their own, each where only that
 * wait can see what it needs: the progress thread's looks (core/progress_thread.c, give_core)
 * and the last polls before a collective wait sleeps, which yield when their poke of MPI came
 * back at once (coll/coll_wait.c, sleeping_poll); the transport keeps MPI's own idle yields out
 * of its request and reply waits (transport/mpi/quirks/ucx_yield_idle.c).
 *
 * A wait spins first: most waits end within microseconds, and a yield is a system call during
 * which nothing is polled. Once a wait has lasted longer than it should (its spin budget), the
 * PE it waits for may need this core, and the wait yields from then on: at every poll while its
 * yields give the core to another task, less often while they return at once (nobody else
 * wants the core; mpishmem_wait_yield). Waits that something wakes sleep instead where yields
 * lose the core to tasks that never yield (mpishmem_wait_sleeps, below).
 *
 * The budget:
 *  - PEs outnumber this host's cores (mpishmem_g.oversubscribed, counted at shmem_init): none,
 *    every poll yields;
 *  - a wait for one remote operation (a get, a fetching AMO, an active message's reply):
 *    MPISHMEM_WAIT_OP_FACTOR times the time such operations have taken lately (per kind of
 *    peer: over MPI's shared memory or over its network), MPISHMEM_SPIN_US before one was
 *    seen;
 *  - any other wait: MPISHMEM_SPIN_US microseconds;
 *  - and while contention has been seen lately, MPISHMEM_WAIT_CONTENDED_NS.
 * Contention is seen when the kernel kept this thread off its core while it waited (its run
 * delay, base/cpu_share.h), when a wait's yield gave the core to another task (wait_yield.h),
 * and when a remote operation took longer than its budget, or
 * than MPISHMEM_WAIT_SLOW_NS (the PE
 * it waited for did not run: the PEs of the node, or of the hosts, share cores that no static
 * count sees: other jobs, other hosts' PEs, the program's own threads). It lasts for
 * MPISHMEM_CONTENDED_HOLD_NS after the last sign, and while it lasts the blocking remote
 * operations wait in the library's loop rather than in MPI's blocking flush, which spins
 * without yielding (mpishmem_wait_in_loop). */
#ifndef MPISHMEM_WAIT_POLICY_H
#define MPISHMEM_WAIT_POLICY_H

#include <stdint.h>

#include "cpu_share.h"
#include "state.h"

/* A remote operation that takes this many times its kind's usual time is a sign that the PE it
 * waits for is kept off a core. */
#define MPISHMEM_WAIT_OP_FACTOR 4u
/* A remote operation that takes this long is a sign of contention whatever its usual time: a
 * fine-grained operation that took a good part of a time slice waited for a core. */
#define MPISHMEM_WAIT_SLOW_NS 500000u
/* The spin of every wait while contention was seen lately (and the shortest of a remote
 * operation's): about a poll of MPI and a yield that finds no other task. */
#define MPISHMEM_WAIT_CONTENDED_NS 2000u
/* How long contention counts as seen after its last sign. Its costs while it holds: waits
 * yield after shorter spins, and blocking remote operations wait in the library's loop (on
 * some MPIs a few percent slower than in MPI's flush). */
#define MPISHMEM_CONTENDED_HOLD_NS 100000000ull

/* A yield that takes less than this found no other task to run (a system call takes a
 * fraction of a microsecond, a task that gets the core runs for microseconds at least). */
#define MPISHMEM_WAIT_YIELD_ALONE_NS 5000u
/* The sparsest yielding of a long wait where nobody needs the core: one poll in 2^6. */
#define MPISHMEM_WAIT_YIELD_SHIFT_MAX 6

/* A yield that took this long handed a task a good part of its time slice: among tasks that
 * all yield (PEs that poll) a yield returns within microseconds. The core is lost so too when
 * the kernel kept the waiting thread off it (a look after a gap, base/cpu_share.h): another
 * task ran out its slice while this one was runnable. */
#define MPISHMEM_WAIT_YIELD_LOST_NS 250000u
/* Two such losses this close together, while tasks other than this job's threads on the
 * machine want the CPUs (base/cpu_share.h, mpishmem_others_running), make the waits that can be
 * woken sleep instead of yielding (mpishmem_wait_sleeps) ... */
#define MPISHMEM_WAIT_LOST_SPACING_NS 20000000ull
/* ... for this long. Sleeping waits time no yields, so when it has passed they yield again
 * until two losses start another stretch: under lasting contention a wait loses a slice or two
 * per stretch. */
#define MPISHMEM_WAIT_SLEEP_HOLD_NS 100000000ull

/* The kinds of wait, for their budgets: for a remote operation, by the way MPI reaches the
 * peer. */
enum mpishmem_wait_kind {
    MPISHMEM_WAIT_OTHER = 0,
    MPISHMEM_WAIT_OP_NET = 1,   /* an operation over MPI's network */
    MPISHMEM_WAIT_OP_SHM = 2,   /* an operation over MPI's shared memory (same host) */
};

struct mpishmem_wait {
    unsigned long polls;
    uint64_t since;     /* clock at the wait's first timed poll (0: not yet) */
    unsigned char kind; /* enum mpishmem_wait_kind */
    unsigned char yielding; /* outlasted its spin: yields at every 2^shift-th poll */
    unsigned char shift;
};
#define MPISHMEM_WAIT_INIT {0, 0, MPISHMEM_WAIT_OTHER, 0, 0}

/* The wait for one remote operation of `kind` that starts now: its time counts from here (a
 * first poll may come late, when MPI's first test did the operation's work). */
MPISHMEM_INTERNAL struct mpishmem_wait mpishmem_wait_op_begin(enum mpishmem_wait_kind kind);

/* Contention seen now (the caller's sign: a thread kept off its core). */
MPISHMEM_INTERNAL void mpishmem_contention_seen(uint64_t now);

/* Nonzero while contention counts as seen (relaxed; set and cleared in wait_policy.c). */
extern MPISHMEM_INTERNAL int mpishmem_contended;

/* A timed poll's look at `now` (base/cpu_share.h): the kernel kept this thread off its core
 * since its previous look is contention, and a loss of the core (mpishmem_wait_core_lost). By
 * mpishmem_wait_check, and by the yields that are timed, which waits past their spin make in
 * place of it (transport/mpi/wait_yield.c). */
MPISHMEM_INTERNAL void mpishmem_wait_look(uint64_t now);

/* The clock-reading part of the decision (wait_policy.c): at every fourth poll. */
MPISHMEM_INTERNAL int mpishmem_wait_check(struct mpishmem_wait *w);

/* Whether this poll of wait `w` yields the core (the call counts the poll). */
static inline int mpishmem_wait_yields(struct mpishmem_wait *w)
{
    unsigned long n = ++w->polls;
    if (mpishmem_g.oversubscribed) return 1;
    if (w->yielding) return (n & ((1ul << w->shift) - 1)) == 0;
    if ((n & 3) != 1) return 0;
    return mpishmem_wait_check(w);
}

/* A yield of a wait took `ns` (ending at `now`), one of those that the yield times
 * (transport/mpi/wait_yield.c): one that gave the core to another task is a sign of contention
 * (while contention detection is on: MPISHMEM_OVERSUBSCRIBED=auto); a lost one, among other
 * losses lately, starts a sleeping stretch (mpishmem_wait_core_lost). */
MPISHMEM_INTERNAL void mpishmem_wait_core_lost(uint64_t now);
MPISHMEM_INTERNAL void mpishmem_wait_crowd_look(uint64_t now);
static inline void mpishmem_wait_yield_took(uint64_t ns, uint64_t now)
{
    if (ns >= MPISHMEM_WAIT_YIELD_ALONE_NS && mpishmem_shared_detect) {
        mpishmem_contention_seen(now);
        mpishmem_wait_crowd_look(now);
    }
    if (MPISHMEM_UNLIKELY(ns >= MPISHMEM_WAIT_YIELD_LOST_NS)) mpishmem_wait_core_lost(now);
}

/* Nonzero during a sleeping stretch (relaxed; wait_policy.c sets and ends it). */
extern MPISHMEM_INTERNAL int mpishmem_wait_sleeping;
MPISHMEM_INTERNAL int mpishmem_wait_sleeping_now(void);

/* A sleep's fence (coll_wait.c: membarrier, which interrupts every CPU that runs a PE and
 * waits for each) that took this long cost what a lost yield costs: it ends the sleeping
 * stretch, and none starts for MPISHMEM_WAIT_SLEEP_HOLD_NS (mpishmem_wait_sleep_costly). On a
 * virtual machine whose hypervisor runs other guests on the cores (steal), the fence waits for
 * a vCPU that is not running: 2-core VM, a second CPU busy with a PE, 2000 membarriers: mean
 * 53 us, 3% over 250 us, up to 5.5 ms (0.5% over 250 us with that CPU idle). Emulated cluster,
 * 2 hosts x 2 PEs, shmem_barrier_all, 25 runs each at 26% steal: median 111 us with the
 * stretches' sleeps, 75 us yielding instead (slowest runs 565 and 313 us); at 2% steal 65 and
 * 64 us (slowest 216 and 107 us). Where PEs are
 * MPISHMEM_WAIT_SLEEP_PES_PER_CORE per core the waits sleep whatever the fences cost. */
#define MPISHMEM_WAIT_FENCE_SLOW_NS MPISHMEM_WAIT_YIELD_LOST_NS
MPISHMEM_INTERNAL void mpishmem_wait_sleep_costly(uint64_t now);

/* Where this host's PEs are this many per core or more, the waits that can be woken always
 * sleep: each yield then hands the core to one of several pollers, and a PE that a barrier
 * waits for gets its turn only after all of them (shmem_barrier_all, 8 PEs on 2 cores, one
 * node, runs of 5000: Debian's MPICH 4 median 100 us yielding (19-143), 12 us sleeping
 * (10.6-118, most runs 11); MPICH 5 125-163 against 84-117 us, and 15-29 us sleeping once the
 * last polls before each sleep yield on every MPI, coll_wait.c's sleeping_poll). With fewer per
 * core it did not pay on every MPI (4 PEs on 2 cores: MPICH 4 6-42 against 3-11 us, but MPICH 5
 * 3.5-8 against 27-29 us; 6 PEs: no clear difference). The count at shmem_init misses the PEs
 * of other jobs, of other emulated hosts and the program's threads: so the waits also sleep for
 * a stretch (MPISHMEM_WAIT_SLEEP_HOLD_NS) where a yield that gave the core away finds the
 * machine's runnable tasks this many per CPU (mpishmem_wait_crowd_look, which looks at most
 * every MPISHMEM_WAIT_CROWD_LOOK_NS). */
#define MPISHMEM_WAIT_SLEEP_PES_PER_CORE 4
#define MPISHMEM_WAIT_CROWD_LOOK_NS 1000000ull

/* Whether this poll of wait `w` sleeps until it is woken, rather than polling and yielding:
 * for a wait that something wakes when it may end (the node's collective waits: a doorbell,
 * src/coll/coll_wait.h), past its spin, while yields lose the core to tasks that do not yield
 * (a CPU hog, another job, a compile): where such a task shares the core, Linux's EEVDF
 * scheduler makes each yield cost the rest of the yielder's slice, so the PE polls once per
 * slice of the other task (4 PEs beside 2 CPU hogs, 2 cores: 1.4-1.5 ms per
 * shmem_barrier_all). A sleeper is off the run queue: the tasks left share the core by their
 * weights, and its wake-up puts it back at once. So too where PEs are
 * MPISHMEM_WAIT_SLEEP_PES_PER_CORE per core or more. Other waits (a flag that remote stores set,
 * an MPI request) have nothing to wake them and keep yielding. The progress thread's looks, which
 * a timer may end, sleep 10 us instead of yielding for MPISHMEM_WAIT_SLEEP_HOLD_NS once one of
 * their yields took MPISHMEM_WAIT_YIELD_LOST_NS (core/progress_thread.c, give_core). */
static inline int mpishmem_wait_sleeps(const struct mpishmem_wait *w)
{
    if (!(w->yielding || mpishmem_g.oversubscribed)) return 0;
    if (mpishmem_g.oversubscribed >= MPISHMEM_WAIT_SLEEP_PES_PER_CORE) return 1;
    return MPISHMEM_UNLIKELY(__atomic_load_n(&mpishmem_wait_sleeping, __ATOMIC_RELAXED)) &&
           mpishmem_wait_sleeping_now();
}

/* The yield itself is mpishmem_wait_yield (transport/mpi/wait_yield.h): sched_yield is the
 * MPI transport's (mpich_mt_poll_yield.c interposes it). */

/* Whether a blocking remote operation waits in the library's loop (a request and
 * mpishmem_wait_yields) rather than in MPI's blocking flush, which never yields: where PEs
 * outnumber cores, and while contention counts as seen. */
static inline int mpishmem_wait_in_loop(void)
{
    return mpishmem_g.oversubscribed || __atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED);
}

/* A wait for one remote operation ended (its `since` set: it lasted a few polls at least):
 * its time is a sign of contention, or teaches the usual time of its kind. */
MPISHMEM_INTERNAL void mpishmem_wait_op_done(const struct mpishmem_wait *w);

/* A blocking remote operation that waited in MPI's flush took `ns`: a sign of contention when
 * far above its kind's usual time, else a lesson of that time (sampled by the caller). */
MPISHMEM_INTERNAL void mpishmem_wait_op_timed(enum mpishmem_wait_kind kind, uint64_t ns);


/* The budget of a wait of `kind` now, in ns (for shmem-info and the tests). */
MPISHMEM_INTERNAL uint64_t mpishmem_wait_budget_ns(enum mpishmem_wait_kind kind);

#endif
