/* mpishmem: the shared-memory collectives' waits that sleep where yields lose the core
 * (coll_wait.h). */
#define _GNU_SOURCE
#include "coll_wait.h"

#include <limits.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>
#endif

#include "../base/clock.h"
#include "../core/progress.h"
#include "../core/progress_thread.h"
#include "../transport/mpi/exit_check.h"
#include "../transport/mpi/mpi_wait.h"

/* The longest sleep: then the waiter pokes MPI and looks for exit notices, as a poll does,
 * and sleeps again. */
#define MPISHMEM_COLL_SLEEP_MAX_NS 2000000l
/* Pokes of MPI before each sleep, looking at the word between them: its owner on another core
 * may be about to store (a poke is 0.1-0.3 us). */
#define MPISHMEM_COLL_POLLS_BEFORE_SLEEP 8u

int mpishmem_coll_asym_fence;
unsigned long mpishmem_coll_sleeps;

#ifdef __linux__
/* At load time, before any PE of the node can sleep on this one: registered, every running
 * thread of this process takes part in other PEs' MEMBARRIER_CMD_GLOBAL_EXPEDITED. Where that
 * fails (kernels before 4.16, seccomp), this process's stores fence themselves and its waits
 * never sleep (they could not make other processes' plain stores visible). All PEs of a node
 * run one kernel and one library, so they agree. */
__attribute__((constructor)) static void register_membarrier(void)
{
    long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (cmds < 0 || !(cmds & MEMBARRIER_CMD_GLOBAL_EXPEDITED)) return;
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED, 0, 0) == 0)
        mpishmem_coll_asym_fence = 1;
}

static long futex(uint32_t *word, int op, uint32_t val, const struct timespec *timeout)
{
    /* Not FUTEX_PRIVATE_FLAG: the word is in memory that other processes map. */
    return syscall(SYS_futex, word, op, val, timeout, NULL, 0);
}
#endif

void mpishmem_coll_ring(struct mpishmem_sync_bell *b)
{
#ifdef __linux__
    __atomic_fetch_add(&b->seq, 1, __ATOMIC_SEQ_CST);
    futex(&b->seq, FUTEX_WAKE, INT_MAX, NULL);
#else
    (void)b;
#endif
}

/* Whether a wait may sleep: the stores of node peers ring (membarrier registered), and nothing
 * needs this PE to poke MPI at every poll, or the progress thread does it meanwhile. */
static int may_sleep(void)
{
#ifdef __linux__
    return mpishmem_coll_asym_fence &&
           (!(mpishmem_g.remote_updates || mpishmem_g.serve_active) ||
            mpishmem_progress_thread_running());
#else
    return 0;
#endif
}

#ifdef __linux__
/* Sleeps until the owner of `bell` rings it, at most MPISHMEM_COLL_SLEEP_MAX_NS, unless `*word`
 * is already >= v once this PE counts as a sleeper. The membarrier between the count and the
 * look makes every running PE pass a full fence: an owner whose store came before it has that
 * store visible to the look, an owner whose store came after it sees the count and rings
 * (mpishmem_coll_store), which changes `seq` before it wakes (a futex wait that begins after
 * the change returns at once). */
static void sleep_on(const uint64_t *word, uint64_t v, struct mpishmem_sync_bell *bell)
{
    uint32_t seq = __atomic_load_n(&bell->seq, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&bell->sleepers, 1, __ATOMIC_SEQ_CST);
    uint64_t t0 = mpishmem_clock_ns();
    syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL_EXPEDITED, 0, 0);
    uint64_t t1 = mpishmem_clock_ns();
    /* a fence that waited for a CPU: sleeping costs what it saves (base/wait_policy.h) */
    if (MPISHMEM_UNLIKELY(t1 - t0 >= MPISHMEM_WAIT_FENCE_SLOW_NS)) mpishmem_wait_sleep_costly(t1);
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) < v) {
        struct timespec ts = {0, MPISHMEM_COLL_SLEEP_MAX_NS};
        futex(&bell->seq, FUTEX_WAIT, seq, &ts);
        __atomic_store_n(&mpishmem_coll_sleeps,
                         __atomic_load_n(&mpishmem_coll_sleeps, __ATOMIC_RELAXED) + 1,
                         __ATOMIC_RELAXED);
    }
    __atomic_fetch_sub(&bell->sleepers, 1, __ATOMIC_SEQ_CST);
}
#endif

#ifdef __linux__
/* A wait's poll that sleeps (mpishmem_wait_sleeps): a few pokes of MPI in case the word's
 * owner on another core is about to store, then a sleep. */
static void sleeping_poll(const uint64_t *word, uint64_t v, struct mpishmem_sync_bell *bell)
{
    for (unsigned i = 0; i < MPISHMEM_COLL_POLLS_BEFORE_SLEEP; i++) {
        if (__atomic_load_n(word, __ATOMIC_ACQUIRE) >= v) return;
        uint64_t t0 = mpishmem_clock_ns();
        mpishmem_mpi_poke();
        /* A poke that came back at once gave the core to nobody (MPI's idle progress yields
         * only on some MPIs, and only where PEs outnumber the cores its launcher counts): the
         * wait yields itself, so that the PE that would end it runs before it sleeps. */
        if (mpishmem_clock_ns() - t0 < MPISHMEM_WAIT_YIELD_ALONE_NS) sched_yield();
    }
    sleep_on(word, v, bell);
    /* What a poll does besides yielding: MPI's progress engine, exit notices. */
    mpishmem_mpi_poke();
    if (mpishmem_g.serve_active) mpishmem_exit_notice_check();
}
#endif

void mpishmem_coll_wait_poll(const uint64_t *word, uint64_t v, struct mpishmem_sync_bell *bell,
                             struct mpishmem_wait *w)
{
#ifdef __linux__
    if (mpishmem_wait_sleeps(w) && may_sleep()) {
        sleeping_poll(word, v, bell);
        return;
    }
#else
    (void)word, (void)v, (void)bell;
#endif
    mpishmem_progress_poll(w);
}
