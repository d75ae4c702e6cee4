/* mpishmem: waiting inside the MPI transport. MPI's own blocking calls spin without yielding
 * and serve nothing but MPI; the library's waits poke MPI's progress engine, serve active
 * messages, notice a PE that exited without finalize (exit_check.h) and yield the core (PEs
 * often outnumber cores; a busy spinner would starve the PE it waits for). The waits the
 * program's routines make are core/progress.h's, built on these. */
#ifndef MPISHMEM_MPI_WAIT_H
#define MPISHMEM_MPI_WAIT_H

#include "../../base/state.h"
#include "exit_check.h"
#include "mpi_am.h"
#include "mpi_batch.h"
#include "mpi_batch_serve.h"
#include "mpi_progress.h"
#include "quirks/ompi_ucx_win_free_mt.h"
#include "quirks/ucx_yield_idle.h"

/* Serves what other PEs sent this one to apply: active-message AMOs and batches; returns how
 * many. */
static inline unsigned mpishmem_serve_messages(void)
{
    unsigned n = 0;
    if (mpishmem_g.am_active) n = mpishmem_am_serve();
    n += mpishmem_batch_serve(); /* 0 at once when batching is off */
    return n;
}

/* Every 8th blocking operation that waits inside MPI (a flush, not the library's own loop) is
 * sampled: one count per call, and for a sampled one two clock reads (~30 ns each).
 *  - It sends this PE's buffered batches and serves the messages of other PEs before it, once
 *    MPISHMEM_SERVE_GAP_NS have passed since one last did: such a PE may poll another's word with AMOs or gets, and the senders
 *    of its batches wait for its service. Serving costs an MPI call (Intel MPI 2021 over
 *    shared memory: an MPI_Test of ~530 instructions of its progress engine; serving at every
 *    fourth blocking AMO was 3% of a fetch_add's instructions). A PE that polls over a network
 *    (10 us and more per operation) still serves every 8th call, and a sender's quiet waits at
 *    most ~MPISHMEM_SERVE_GAP_NS + 8 operations for it.
 *  - It is timed for the wait policy (base/wait_policy.h): MPI's flush spins without yielding,
 *    and a sampled operation far slower than usual is the sign of contention that sends the
 *    next ones to the library's loop (mpishmem_mpi_waits_in_loop).
 * Threads racing may lose a count or a time: plain, unlocked. */
#define MPISHMEM_SERVE_GAP_NS 16000u
extern MPISHMEM_INTERNAL unsigned mpishmem_flush_calls;
static inline __attribute__((always_inline)) int mpishmem_flush_sampled(void)
{
    unsigned n = __atomic_load_n(&mpishmem_flush_calls, __ATOMIC_RELAXED) + 1;
    __atomic_store_n(&mpishmem_flush_calls, n, __ATOMIC_RELAXED);
    return MPISHMEM_UNLIKELY((n & 7) == 0);
}
/* The largest transfer whose time is an operation's time for the wait policy (larger ones
 * take longer by their size). */
#define MPISHMEM_TIMED_MAX 64u
/* The sample's start (mpi_wait.c): serves when due (`all`: active messages and batches, else
 * batches), returns the clock. */
MPISHMEM_INTERNAL uint64_t mpishmem_flush_sample_begin(int all);
/* Its end, for an operation on `pe` started at `t0`. */
MPISHMEM_INTERNAL void mpishmem_flush_sample_end(uint64_t t0, int pe);

/* One poke of MPI's progress engine (incoming RMA lands, and this PE's own MPI operations
 * leave, only while it runs): buffered batches of this PE go out, then the server of active
 * messages and batches when they are on (it calls into MPI), else a probe for exit notices
 * on the world communicator (by their tag: barriers send messages there too, mpi_comm.c). */
static inline void mpishmem_mpi_poke(void)
{
    mpishmem_progress_note();
    mpishmem_progress_enter();
    if (MPISHMEM_UNLIKELY(__atomic_load_n(&mpishmem_batch_buffered, __ATOMIC_RELAXED)))
        mpishmem_batch_send_all(0);
    if (mpishmem_g.serve_active) mpishmem_serve_messages();
    else {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPISHMEM_EXIT_NOTICE_TAG, mpishmem_g.world, &flag, &st);
        if (flag) mpishmem_exit_notice_found(st.MPI_TAG, st.MPI_SOURCE);
    }
    mpishmem_progress_leave();
}

/* Call before an MPI call that blocks until another PE has made progress (a flush). MPI's
 * blocking calls spin without yielding; when PEs outnumber cores, a spinner can keep the PE it
 * waits for off the core for a whole time slice (milliseconds). Yielding a few times first
 * lets that PE run and answer, so the blocking call usually finds the work done. So too while
 * contention counts as seen (base/wait_policy.h). */
static inline void mpishmem_progress_before_block(void)
{
    if (MPISHMEM_UNLIKELY(mpishmem_wait_in_loop())) {
        MPISHMEM_INTERNAL void mpishmem_progress_yield_rounds(void);
        mpishmem_progress_yield_rounds();
    }
}

/* The kinds of blocking remote operation for mpishmem_mpi_waits_in_loop. */
enum mpishmem_mpi_loop_kind {
    MPISHMEM_MPI_LOOP_RMA,   /* a get or a small put */
    MPISHMEM_MPI_LOOP_FETCH, /* a fetching AMO of a request-based form (MPI_Rget_accumulate) */
    MPISHMEM_MPI_LOOP_CSWAP, /* compare-and-swap: in the loop, a no-op fetch after it */
};

/* Whether a blocking remote operation of `kind` waits for a request in the library's loop,
 * which yields (mpishmem_wait_rma), rather than in MPI's blocking flush, which spins: where
 * the wait policy makes waits yield without a long spin (PEs outnumber cores, or contention
 * is seen: base/wait_policy.h), except
 *  - a compare-and-swap where MPI's progress runs through UCX's progress call: MPI's flush
 *    yields then too (ucx_yield_idle.c), and in the loop the compare-and-swap needs a second
 *    operation (a no-op fetch) that MPICH over UCX sends only once the first is done: two
 *    round trips (emulated cluster, 2 hosts x 2 PEs sharing the cores, Debian's MPICH:
 *    192 us per compare-and-swap in the loop, 80 us in the flush that yields);
 *  - on Open MPI's osc/ucx with the remedy of ompi_ucx_win_free_mt.c, which makes no
 *    request-based put or get; its AMOs still do where PEs outnumber cores, as they always
 *    have.
 * Per PE, a get may wait in the loop anyway (mpi_rma.c, get_route). */
static inline int mpishmem_mpi_waits_in_loop(enum mpishmem_mpi_loop_kind kind)
{
    if (MPISHMEM_LIKELY(!mpishmem_wait_in_loop())) return 0;
    if (kind == MPISHMEM_MPI_LOOP_CSWAP && mpishmem_mpi_progress_events_seen()) return 0;
    if (MPISHMEM_UNLIKELY(mpishmem_ompi_flush_ranks))
        return kind != MPISHMEM_MPI_LOOP_RMA && mpishmem_g.oversubscribed;
    return 1;
}

/* Completes an MPI request while yielding (MPICH's own blocking waits never yield) and serving
 * the messages of other PEs at every poll: for collectives and messages, which other PEs
 * complete (and which they may wait for this PE's service to reach). */
MPISHMEM_INTERNAL void mpishmem_wait_request(MPI_Request *req);
/* The same for this PE's own request-based RMA operation on PE `pe` (-1: several operations),
 * which MPI completes
 * without any PE's service: serves at every 8th poll only; its time teaches the wait policy
 * the usual time of such operations (base/wait_policy.h). */
MPISHMEM_INTERNAL void mpishmem_wait_rma(MPI_Request *req, int pe);

#endif
