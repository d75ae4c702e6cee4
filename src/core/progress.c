#define _POSIX_C_SOURCE 200809L /* base/clock.h */
#include "progress.h"

#include "../base/clock.h"

#include <sched.h>

#include "../transport/mpi/exit_check.h"
#include "../transport/mpi/mpi_progress.h"
#include "../transport/mpi/mpi_wait.h"
#include "../transport/mpi/wait_yield.h"

struct mpishmem_fetch_poll mpishmem_fetch_poll;

void mpishmem_progress_poll(struct mpishmem_wait *w)
{
    unsigned long n = w->polls + 1;
    /* Poke MPI's progress engine: incoming RMA lands, and this PE's own MPI operations
     * leave, only while it runs. Whenever other PEs may update this one through MPI, poke at
     * every poll (2 PEs on two simulated nodes, MPI AMO mode, under load: a put + wait_until
     * ping-pong poking at one poll in 16 took ~9 us one way; docs/performance.md). */
    if (mpishmem_g.remote_updates || mpishmem_g.serve_active || mpishmem_g.oversubscribed ||
        (n & 15) == 0)
        mpishmem_mpi_poke();
    if (mpishmem_wait_yields(w)) {
        if (mpishmem_g.serve_active) mpishmem_exit_notice_check(); /* the poke did not probe */
        mpishmem_wait_yield(w);
    }
}

/* The wait that sampled fetches of one location make (per thread): it begins when the sampled
 * location changes. */
static _Thread_local struct mpishmem_wait fetch_wait;

void mpishmem_progress_fetch_sample(const void *addr)
{
    /* Plain relaxed loads and stores: a locked exchange here cost 0.3 ns per fetch. */
    if (__atomic_load_n(&mpishmem_fetch_poll.addr, __ATOMIC_RELAXED) != addr) {
        __atomic_store_n(&mpishmem_fetch_poll.addr, addr, __ATOMIC_RELAXED);
        __atomic_store_n(&mpishmem_fetch_poll.same, 0, __ATOMIC_RELAXED);
        fetch_wait = (struct mpishmem_wait)MPISHMEM_WAIT_INIT;
        return;
    }
    unsigned long k = __atomic_load_n(&mpishmem_fetch_poll.same, __ATOMIC_RELAXED) + 1;
    __atomic_store_n(&mpishmem_fetch_poll.same, k, __ATOMIC_RELAXED);
    if ((k & 15) == 0) mpishmem_mpi_poke();
    if (mpishmem_wait_yields(&fetch_wait)) mpishmem_wait_yield(&fetch_wait);
}

/* A failed shmem_test (or test_lock, signal_fetch) in the program's loop is a poll of a wait
 * that the library cannot see begin or end: a poke that comes more than a gap after this
 * thread's previous one starts a new wait. */
#define POKE_GAP_NS 100000u
static _Thread_local struct {
    struct mpishmem_wait w;
    uint64_t last;
} poked;

void mpishmem_progress_poke(void)
{
    mpishmem_mpi_poke();
    uint64_t now = mpishmem_clock_ns();
    if (now - poked.last > POKE_GAP_NS) poked.w = (struct mpishmem_wait)MPISHMEM_WAIT_INIT;
    poked.last = now;
    if (mpishmem_wait_yields(&poked.w)) mpishmem_wait_yield(&poked.w);
}
