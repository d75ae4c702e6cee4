/* mpishmem: the yield of a wait's poll (wait_yield.h). */
#define _POSIX_C_SOURCE 200809L /* base/clock.h */
#include "wait_yield.h"

#include <sched.h>

#include "../../base/clock.h"

void mpishmem_wait_yield(struct mpishmem_wait *w)
{
    if (mpishmem_g.oversubscribed) {
        sched_yield();
        return;
    }
    uint64_t t0 = mpishmem_clock_ns();
    sched_yield();
    if (mpishmem_clock_ns() - t0 >= MPISHMEM_WAIT_YIELD_ALONE_NS) w->shift = 0;
    else if (w->shift < MPISHMEM_WAIT_YIELD_SHIFT_MAX) w->shift++;
}
