/* OpenSHMEM memory ordering (fence, quiet, pe_quiet) and world synchronization (barrier_all,
 * sync_all). */
#include "../coll/coll.h"
#include "../core/order.h"
#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_rma.h"
#include "api.h"

MPISHMEM_API void pshmem_fence(void)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    mpishmem_fence(&mpishmem_ctx_default);
}
MPISHMEM_ALIAS(shmem_fence)

MPISHMEM_API void pshmem_ctx_fence(shmem_ctx_t ctx)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    if (MPISHMEM_UNLIKELY(ctx == SHMEM_CTX_INVALID)) return; /* spec: no operation */
    mpishmem_fence(ctx);
}
MPISHMEM_ALIAS(shmem_ctx_fence)

MPISHMEM_API void pshmem_quiet(void)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    mpishmem_quiet(&mpishmem_ctx_default);
}
MPISHMEM_ALIAS(shmem_quiet)

MPISHMEM_API void pshmem_ctx_quiet(shmem_ctx_t ctx)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    if (MPISHMEM_UNLIKELY(ctx == SHMEM_CTX_INVALID)) return; /* spec: no operation */
    mpishmem_quiet(ctx);
}
MPISHMEM_ALIAS(shmem_ctx_quiet)

/* Quiet restricted to some PEs (team PEs of the context): node-local stores are drained as a
 * whole, MPI operations are flushed per target. */
static void pe_quiet(const char *routine, struct mpishmem_ctx *c, const int *pes, size_t n)
{
    MPISHMEM_CHECK(initialized(routine));
    MPISHMEM_CHECK(local(routine, pes, n * sizeof *pes, "target_pes"));
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) /* bad PEs are errors even with nothing pending */
        for (size_t i = 0; i < n; i++) mpishmem_check_pe_in_team(routine, c, pes[i]);
    if (n == 0 || mpishmem_pending_any(c) == 0) return;
    if (mpishmem_pending_get(c, MPISHMEM_PENDING_LOCAL)) atomic_thread_fence(memory_order_seq_cst);
    mpishmem_ctx_lock(c);
    uint8_t am = mpishmem_pending_get(c, MPISHMEM_PENDING_AM);
    for (size_t i = 0; (am & MPISHMEM_PENDING_BATCH) && i < n; i++)
        mpishmem_batch_complete_pe(c, mpishmem_ctx_world_pe(c, pes[i]));
    if (am & MPISHMEM_PENDING_AM_AMO) mpishmem_am_complete();
    mpishmem_mpi_complete_gets(c);
    /* MPI operations may target node peers too (AMOs in the MPI mode): flush by window. */
    for (size_t i = 0; i < n; i++) mpishmem_mpi_flush_pe(c, mpishmem_ctx_world_pe(c, pes[i]));
    mpishmem_ctx_unlock(c);
}

MPISHMEM_API void pshmem_pe_quiet(const int *target_pes, size_t npes)
{
    pe_quiet(MPISHMEM_ROUTINE, &mpishmem_ctx_default, target_pes, npes);
}
MPISHMEM_ALIAS(shmem_pe_quiet)

MPISHMEM_API void pshmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    if (MPISHMEM_UNLIKELY(ctx == SHMEM_CTX_INVALID)) return; /* as quiet: no operation */
    pe_quiet(MPISHMEM_ROUTINE, ctx, target_pes, npes);
}
MPISHMEM_ALIAS(shmem_ctx_pe_quiet)

MPISHMEM_API void pshmem_barrier_all(void)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE); /* also after shmem_finalize: not a segfault */
    mpishmem_quiet(&mpishmem_ctx_default);
    mpishmem_coll_sync(&mpishmem_team_world);
}
MPISHMEM_ALIAS(shmem_barrier_all)

MPISHMEM_API void pshmem_sync_all(void)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE); /* also after shmem_finalize: not a segfault */
    mpishmem_coll_sync(&mpishmem_team_world);
}
MPISHMEM_ALIAS(shmem_sync_all)
