/* mpishmem: the yield of a wait's poll (wait_yield.h). */
#define _POSIX_C_SOURCE 200809L /* base/clock.h */
#include "wait_yield.h"

#include <sched.h>

#include "../../base/clock.h"

void mpishmem_wait_yield(struct mpishmem_wait *w)
{
    /* Where PEs outnumber cores every poll yields, and one in four is timed (two clock reads,
     * ~55 ns each here, against ~1 us for a poke and a yield among PEs; timing every one cost
     * 5-6% of an idle barrier at 4 PEs on 2 cores): under contention most yields lose the
     * core. */
    if (mpishmem_g.oversubscribed && (w->polls & 3) != 0) {
        sched_yield();
        return;
    }
    uint64_t t0 = mpishmem_clock_ns();
    mpishmem_wait_look(t0);
    sched_yield();
    uint64_t t1 = mpishmem_clock_ns();
    mpishmem_wait_yield_took(t1 - t0, t1);
    if (mpishmem_g.oversubscribed) return;
    if (t1 - t0 >= MPISHMEM_WAIT_YIELD_ALONE_NS) w->shift = 0;
    else if (w->shift < MPISHMEM_WAIT_YIELD_SHIFT_MAX &&
             !__atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED))
        w->shift++;
}
