/* mpishmem: the yield of a wait's poll, where mpishmem_wait_yields (base/wait_policy.h) said so.
 * Its own file in the MPI transport, not in base: sched_yield is this transport's
 * (mpich_mt_poll_yield.c interposes it), and every wait of the library calls this one. */
#ifndef MPISHMEM_WAIT_YIELD_H
#define MPISHMEM_WAIT_YIELD_H

#include "../../base/wait_policy.h"

/* A yield that returns at once found no other task wanting the core, and the wait then yields
 * half as often (down to one poll in 2^MPISHMEM_WAIT_YIELD_SHIFT_MAX), except while contention
 * is seen; one that gave the core away (another task ran) makes it yield at every poll again,
 * and is itself a sign of contention (base/wait_policy.h): a task that wanted this core ran.
 * Without that sign, contention showed only in slow operations: once the yields had made the
 * operations fast again the signs stopped, contention ended after its hold, the waits went
 * back to MPI's flush that spins through a whole time slice, and operations slowed down until
 * it was seen again. Under EEVDF a yield also returns at once while the other tasks on the
 * core have had more than their share lately (they are not eligible); the PE that waits then
 * polls on, but it still yields at every poll, so that the core goes over as soon as one is. A yield is a system call during
 * which MPI is not polled: where nobody needs the core, yielding at every poll of a long wait
 * made remote operations whose target waited ~25% slower than raw MPI (2 PEs on two simulated
 * nodes: 8-byte get 1.35 vs 1.15 us). Where PEs outnumber cores every poll yields. */
MPISHMEM_INTERNAL void mpishmem_wait_yield(struct mpishmem_wait *w);

#endif
