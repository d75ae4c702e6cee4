#include "signal.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_wait.h"

#include <stdatomic.h>

#include "amo.h"
#include "check.h"
#include "rma.h"

void mpishmem_put_signal(struct mpishmem_ctx *c, const char *routine, void *dest,
                         const void *src, size_t n, uint64_t *sig_addr, uint64_t signal,
                         int sig_op, int pe, int blocking)
{
    if (mpishmem_g.debug) mpishmem_check_sig_op(routine, sig_op);
    mpishmem_put(c, routine, dest, src, n, pe, blocking);
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    /* Where the data went: into the context's batch to `pe` (which then has records buffered
     * or unconfirmed, and orders the signal recorded after them), or through MPI, which must
     * complete it before the signal. A put goes through MPI when it is larger than
     * MPISHMEM_BATCH_MAX, and a small one too when the context was idle (core/rma.c); either
     * way the context has nothing of `pe` batched after it (mpishmem_batch_before_direct). */
    int via_mpi = s && n && !s->peer[pe] && !mpishmem_batch_busy(c, pe);
    if (via_mpi) {
        mpishmem_progress_before_block();
        mpishmem_ctx_lock(c);
        MPISHMEM_BLOCKING(MPI_Win_flush(pe, c->win[s->id]));
        mpishmem_ctx_unlock(c);
    } else atomic_thread_fence(memory_order_release);

    int op = sig_op == SHMEM_SIGNAL_SET ? MPISHMEM_AMO_SET : MPISHMEM_AMO_ADD;
    uint64_t *a = mpishmem_amo_fast_addr(sig_addr, pe);
    if (MPISHMEM_LIKELY(a != NULL)) {
        if (op == MPISHMEM_AMO_SET) __atomic_store_n(a, signal, __ATOMIC_RELEASE);
        else __atomic_fetch_add(a, signal, __ATOMIC_RELEASE);
        mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
        return;
    }
    /* After a put that went through MPI the signal goes through MPI too, in the MPI AMO mode
     * (rule 4 of mpi_route.h: the first small operation after a direct one). */
    mpishmem_amo_general(c, routine, op, sizeof(uint64_t), sig_addr, signal, 0, pe,
                         MPISHMEM_AMO_NONFETCHING, NULL);
}
