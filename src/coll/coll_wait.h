/* mpishmem: how the shared-memory collectives (coll_sync.c) wait for node peers' counters and
 * mailbox flags, and how a PE stores its own so that peers asleep on them wake.
 *
 * Such a wait polls (core/progress.h: MPI is poked, and the core is given away with
 * sched_yield once the wait outlasts its spin, at once where PEs outnumber cores). A yield
 * hands the core to the other PEs of the core, which is what a barrier wants, as long as they
 * are the only other tasks there. Where another task shares the core and does not yield (a CPU
 * hog, another job, a compile), each yield costs the yielder the rest of its slice (Linux
 * 6.18, 2 cores: a loop of sched_yield beside a spinning process on one CPU returned 203 times
 * in 2 s; 4 PEs beside 2 CPU hogs took 1.4-1.5 ms per shmem_barrier_all on Debian's MPICH 4
 * and MPICH 5 alike, against 3-5 us without the hogs). The wait policy sees those lost yields
 * and then has the waits that can be woken sleep (base/wait_policy.h, mpishmem_wait_sleeps):
 * a waiter announces itself on the doorbell of the PE it waits for (a line of that PE's sync
 * area, core/runtime.h) and sleeps in the kernel (a futex on the shared line); the PE rings
 * its doorbell when it stores a counter or flag while someone sleeps there. Outside those
 * stretches a store costs one more load (of the doorbell's sleeper count, a line nobody else
 * writes then). */
#ifndef MPISHMEM_COLL_WAIT_H
#define MPISHMEM_COLL_WAIT_H

#include <stdint.h>

#include "../base/state.h"
#include "../base/wait_policy.h"
#include "../core/runtime.h"

/* A PE's doorbell: `seq` changes at every ring (the futex word), `sleepers` counts the peers
 * asleep on it (they add and remove themselves). */
struct mpishmem_sync_bell {
    uint32_t seq;
    uint32_t sleepers;
};

/* The doorbell of team PE `pe` of a team in shared-memory mode: in the same sync area as its
 * counters (whose first is s->counter[pe] - s->slot). */
static inline struct mpishmem_sync_bell *mpishmem_coll_bell(const struct mpishmem_team_sync *s,
                                                            int pe)
{
    return (struct mpishmem_sync_bell *)((char *)(s->counter[pe] - s->slot) +
                                         MPISHMEM_SYNC_BELL_OFFSET);
}

/* How many times this process's waits slept on a doorbell (relaxed; threads racing may lose a
 * count): for the tests. */
extern MPISHMEM_INTERNAL unsigned long mpishmem_coll_sleeps;

/* Wakes every peer asleep on `b` (coll_wait.c). */
MPISHMEM_INTERNAL void mpishmem_coll_ring(struct mpishmem_sync_bell *b);

/* Nonzero where the kernel's membarrier (MEMBARRIER_CMD_GLOBAL_EXPEDITED) is registered for
 * this process (at load time, coll_wait.c): a sleeper then fences every running PE for the
 * stores below, which need no fence of their own. Read-only after load. */
extern MPISHMEM_INTERNAL int mpishmem_coll_asym_fence;

/* Stores `v` in `word`, a counter or mailbox flag of this PE (team PE `me` of s), with release
 * semantics, then rings this PE's doorbell if a peer sleeps on it. A sleeper announces itself
 * and then looks at the word (coll_wait.c): the store and the look at the sleeper count must
 * not pass each other. A full fence here (an atomic exchange) cost ~10-20% of a 2-PE barrier
 * or 8-byte broadcast on separate cores (the exchange waits for the line that the peer reads,
 * where a plain store lets the loads of the peers' counters start at once), so where
 * membarrier works the sleeper pays instead: its membarrier makes every running PE pass a full
 * fence, and a compiler barrier is all this side needs (the scheme of liburcu's
 * sys_membarrier flavour). */
static inline void mpishmem_coll_store(const struct mpishmem_team_sync *s, int me,
                                       uint64_t *word, uint64_t v)
{
    struct mpishmem_sync_bell *b = mpishmem_coll_bell(s, me);
    uint32_t sleepers;
    if (MPISHMEM_LIKELY(mpishmem_coll_asym_fence)) {
        __atomic_store_n(word, v, __ATOMIC_RELEASE);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        sleepers = __atomic_load_n(&b->sleepers, __ATOMIC_RELAXED);
    } else {
        __atomic_store_n(word, v, __ATOMIC_SEQ_CST);
        sleepers = __atomic_load_n(&b->sleepers, __ATOMIC_SEQ_CST);
    }
    if (MPISHMEM_UNLIKELY(sleepers != 0)) mpishmem_coll_ring(b);
}

/* One poll of a wait for `*word` >= v, where `bell` is the doorbell of the word's owner
 * (coll_wait.c). */
MPISHMEM_INTERNAL void mpishmem_coll_wait_poll(const uint64_t *word, uint64_t v,
                                               struct mpishmem_sync_bell *bell,
                                               struct mpishmem_wait *w);

/* Waits until `*word` >= v (acquire), the word being team PE `pe`'s. */
static inline void mpishmem_coll_wait_ge(const struct mpishmem_team_sync *s, int pe,
                                         const uint64_t *word, uint64_t v,
                                         struct mpishmem_wait *w)
{
    while (__atomic_load_n(word, __ATOMIC_ACQUIRE) < v)
        mpishmem_coll_wait_poll(word, v, mpishmem_coll_bell(s, pe), w);
}

#endif
