/* mpishmem: the general AMO path (see amo.h) and the choice of mechanism at init. */
#include "amo.h"

#include <stdlib.h>
#include <string.h>

#include "../base/env.h"
#include "../base/error.h"
#include "../base/segment.h"
#include "../transport/local/local_amo.h"
#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_route.h"
#include "../transport/mpi/mpi_amo.h"
#include "../transport/mpi/mpi_amo_blocking.h"
#include "../transport/mpi/quirks/mpi_quirks.h"
#include "../transport/mpi/mpi_wait.h"
#include "check.h"
#include "progress.h"


/* In a single-node job every PE reaches every heap by load/store, so CPU atomics serve all
 * AMOs. In a multi-node job, MPI accumulates are atomic only among themselves: in the MPI
 * mode every AMO then goes through MPI (no table entries); in the active-message mode the
 * targets apply remote requests with CPU atomics, so node peers may use CPU atomics too. */
static char **amo_table(const struct mpishmem_seg *s, int shared_with_node)
{
    int single_node = mpishmem_g.node_size == mpishmem_g.n_pes;
    int am = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_AM;
    char **t = calloc((size_t)mpishmem_g.n_pes, sizeof(char *));
    if ((single_node && shared_with_node) || am)
        memcpy(t, s->peer, sizeof(char *) * (size_t)mpishmem_g.n_pes);
    return t;
}

/* Whether blocking AMOs on the heap of another node may take mpishmem_amo_fetch's short way
 * to MPI: the MPI AMO mode with remote updates, no SHMEM_DEBUG (set at init). */
static int fetch_quick;

void mpishmem_amo_init(const char *routine, int data_shared)
{
    const char *mode = mpishmem_env.amo;
    /* Open MPI's osc/ucx hangs on contended accumulates (quirk table): active messages,
     * unless the user chose. */
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_ACC_HANG] && !getenv("MPISHMEM_AMO"))
        mode = "am";
    if (strcmp(mode, "mpi") == 0) mpishmem_g.amo_mode = MPISHMEM_AMO_MODE_MPI;
    else if (strcmp(mode, "am") == 0) mpishmem_g.amo_mode = MPISHMEM_AMO_MODE_AM;
    else
        mpishmem_error(routine, "invalid MPISHMEM_AMO=\"%s\" (expected \"mpi\" or \"am\")", mode);
    /* A PE alone in its job reaches all of its memory directly, shared or not. */
    int data_direct = data_shared || mpishmem_g.n_pes == 1;
    mpishmem_g.heap.amo_peer = amo_table(&mpishmem_g.heap, 1);
    mpishmem_g.data.amo_peer = amo_table(&mpishmem_g.data, data_direct);
    int single_node = mpishmem_g.node_size == mpishmem_g.n_pes;
    mpishmem_g.remote_updates = !(single_node && data_direct);
    mpishmem_g.am_active = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_AM &&
                           mpishmem_g.remote_updates;
    mpishmem_g.serve_active = mpishmem_g.am_active; /* and batches: mpishmem_batch_init */
    if (mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI && mpishmem_g.remote_updates)
        mpishmem_mpi_amo_setup();
    fetch_quick = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI && mpishmem_g.remote_updates &&
                  !mpishmem_g.debug;
    if (mpishmem_g.am_active) {
        mpishmem_am_init();
        /* AMOs on oneself take the general path, which serves incoming requests: a program
         * that spins on its own variable with AMOs (or test_lock) waits for other PEs'
         * requests to it, which only it can apply. */
        mpishmem_g.heap.amo_peer[mpishmem_g.my_pe] = NULL;
        mpishmem_g.data.amo_peer[mpishmem_g.my_pe] = NULL;
    }
}

void mpishmem_amo_fini(void)
{
    if (mpishmem_g.am_active) mpishmem_am_fini();
    fetch_quick = 0;
    mpishmem_g.am_active = 0;
    mpishmem_g.serve_active = 0;
    mpishmem_g.remote_updates = 0;
    free(mpishmem_g.heap.amo_peer);
    free(mpishmem_g.data.amo_peer);
    mpishmem_g.heap.amo_peer = mpishmem_g.data.amo_peer = NULL;
}

static void check(const char *routine, void *dest, size_t size, int pe, int kind,
                  const void *result)
{
    mpishmem_check_initialized(routine);
    mpishmem_check_pe_in_team(routine, &mpishmem_ctx_default, pe);
    mpishmem_check_aligned(routine, dest, size, "dest");
    if (kind == MPISHMEM_AMO_NBI) mpishmem_check_local(routine, result, size, "fetch");
}

uint64_t mpishmem_amo_general(struct mpishmem_ctx *c, const char *routine, int op, size_t size,
                              void *dest, uint64_t operand, uint64_t compare, int pe, int kind,
                              void *result)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    if (mpishmem_g.debug) check(routine, dest, size, pe, kind, result);
    /* Fetches through MPI or SHMEM_DEBUG's path are polls too (core/progress.h). */
    if (op == MPISHMEM_AMO_FETCH && kind == MPISHMEM_AMO_BLOCKING)
        mpishmem_progress_fetch_seen(dest);
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, dest);
    char *peer = s->amo_peer[pe];
    if (!peer && pe == mpishmem_g.my_pe && mpishmem_g.am_active) {
        mpishmem_serve_messages(); /* requests and batches: see amo_init */
        peer = s->base;
    }
    if (peer) {
        uint64_t old = mpishmem_local_amo(op, size, peer + off, operand, compare);
        if (op == MPISHMEM_AMO_SET) mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
        if (kind == MPISHMEM_AMO_NBI) mpishmem_amo_unbits(result, old, size);
        return old;
    }
    /* Beyond load/store reach: a non-fetching AMO goes where its route says (mpi_route.h),
     * every other through MPI after the context's batches to `pe`. */
    enum mpishmem_route r = kind == MPISHMEM_AMO_NONFETCHING && !s->peer[pe]
                                ? mpishmem_amo_route(c, off, op, size, pe)
                                : MPISHMEM_ROUTE_MPI_ORDERED;
    if (r == MPISHMEM_ROUTE_BATCH) {
        mpishmem_batch_amo(c, s->id, off, op, size, operand, pe);
        return 0;
    }
    mpishmem_batch_before_direct(c, pe);
    mpishmem_ctx_lock(c);
    uint64_t old;
    if (mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_AM)
        old = mpishmem_am_amo(c, s, off, op, size, operand, compare, pe, kind, result);
    else if (kind == MPISHMEM_AMO_BLOCKING) /* the common fetch: fewer arguments to pass */
        old = mpishmem_mpi_amo_blocking(c, s, off, op, size, operand, compare, pe);
    else
        old = mpishmem_mpi_amo(c, s, off, op, size, operand, compare, pe, kind, result);
    if (r == MPISHMEM_ROUTE_MPI_FIRST) mpishmem_route_first_taken(c);
    mpishmem_ctx_unlock(c);
    return old;
}

/* mpishmem_amo_fetch's other ways, out of line so that its own needs no stack frame. */
static __attribute__((noinline, cold)) uint64_t
fetch_general(struct mpishmem_ctx *c, const char *routine, int op, size_t size, void *dest,
              uint64_t operand, uint64_t compare, int pe)
{
    return mpishmem_amo_general(c, routine, op, size, dest, operand, compare, pe,
                                MPISHMEM_AMO_BLOCKING, NULL);
}
static __attribute__((noinline, cold)) uint64_t
fetch_sampled(struct mpishmem_ctx *c, void *dest, size_t off, size_t size, int pe)
{
    mpishmem_progress_fetch_sample(dest);
    return mpishmem_mpi_amo_blocking(c, &mpishmem_g.heap, off, MPISHMEM_AMO_FETCH, size, 0, 0,
                                     pe);
}

/* The general path's decisions for a blocking AMO on the heap in the MPI mode, made with as
 * few instructions as they need (a fetch_add through MPI over shared memory is ~1,400
 * instructions of Open MPI 5, and the general path's ~60 were 4% more): no SHMEM_DEBUG, a
 * context without a lock, no CPU atomics for `pe`, nothing of the context batched for `pe`.
 * Anything else takes the general path. */
uint64_t mpishmem_amo_fetch(struct mpishmem_ctx *c, const char *routine, int op, size_t size,
                            void *dest, uint64_t operand, uint64_t compare, int pe)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    size_t off = (size_t)((const char *)dest - mpishmem_g.heap.base);
    if (MPISHMEM_UNLIKELY(!fetch_quick || off >= mpishmem_g.heap.size || c->locking ||
                          mpishmem_g.heap.amo_peer[pe] || !mpishmem_route_direct_now(c, pe)))
        return fetch_general(c, routine, op, size, dest, operand, compare, pe);
    if (op == MPISHMEM_AMO_FETCH && mpishmem_progress_fetch_counted()) /* core/progress.h */
        return fetch_sampled(c, dest, off, size, pe);
    return mpishmem_mpi_amo_blocking_inline(c, &mpishmem_g.heap, off, op, size, operand, compare,
                                            pe);
}
