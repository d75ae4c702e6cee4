/* mpishmem: whether other tasks share this PE's core right now, found while waiting.
 *
 * The PEs-per-core count made at shmem_init (mpishmem_g.oversubscribed) misses other jobs on
 * the node: 2 PEs on 2 cores beside 2 busy processes do not outnumber the cores, yet each PE
 * has its core about half the time, and a wait that spins without yielding holds the core for
 * its whole time slice while the PE it waits for sits behind another task (bale-like exchange
 * rounds: phases of 1000 rounds took 3-9 s instead of 50 ms; docs/performance.md,
 * "Contention"). A wait sees the sharing itself: the time between two of its polls jumps from
 * microseconds to a time slice, during which the thread was runnable but another task ran
 * (the run delay the kernel counts for it). From then on, for HOLD_NS (cpu_share.c) after the
 * last such sign, waits yield the core as when PEs outnumber cores. */
#ifndef MPISHMEM_CPU_SHARE_H
#define MPISHMEM_CPU_SHARE_H

#include "state.h"

/* Detection on: MPISHMEM_OVERSUBSCRIBED=-1 (set at shmem_init; with 1 waits always yield, with
 * 0 never). */
extern MPISHMEM_INTERNAL int mpishmem_shared_detect;

/* The look itself (cpu_share.c): one clock read (vDSO) when nothing happened. */
MPISHMEM_INTERNAL int mpishmem_core_shared_look(void);

/* Called by a wait at a poll, or by a failed test: whether the core is shared now. */
static inline int mpishmem_core_shared(void)
{
    return mpishmem_shared_detect && mpishmem_core_shared_look();
}

/* Whether a wait found the core shared lately, without a look of its own (which, after a
 * pause, reads the kernel's counts of this thread): for calls made inside MPI's own loops. */
MPISHMEM_INTERNAL int mpishmem_core_shared_lately(void);

#endif
