/* OpenSHMEM context management: create (from the world or another team), destroy, the team
 * of a context, and the 1.6 session hints. Contexts come from a pool of MPI window sets made
 * at shmem_init (src/core/ctx.h): creation is local and fails with a nonzero return when the
 * pool is exhausted. */
#include "../base/env.h"
#include "../core/ctx.h"
#include "../core/space.h"
#include "api.h"

MPISHMEM_API int pshmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    if (ctx) *ctx = SHMEM_CTX_INVALID;
    if (team == SHMEM_TEAM_INVALID || !ctx) return -1;
    struct mpishmem_ctx *c = mpishmem_ctx_new(team, options);
    if (!c) {
        mpishmem_debug_msg(MPISHMEM_ROUTINE, "no context left: %ld exist already (set "
                                             "MPISHMEM_CONTEXTS for more)", (long)mpishmem_env.contexts);
        return -1;
    }
    *ctx = c;
    return 0;
}
MPISHMEM_ALIAS(shmem_team_create_ctx)

MPISHMEM_API int pshmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    return pshmem_team_create_ctx(SHMEM_TEAM_WORLD, options, ctx);
}
MPISHMEM_ALIAS(shmem_ctx_create)

MPISHMEM_API void pshmem_ctx_destroy(shmem_ctx_t ctx)
{
    mpishmem_check_initialized(MPISHMEM_ROUTINE);
    if (ctx == SHMEM_CTX_INVALID) return;
    if (ctx == SHMEM_CTX_DEFAULT)
        mpishmem_error(MPISHMEM_ROUTINE, "SHMEM_CTX_DEFAULT cannot be destroyed");
    /* A memory space's context goes back to its space (the space knows the pool's contexts,
     * not the other way round). */
    if (ctx->space) mpishmem_space_ctx_free(ctx);
    else mpishmem_ctx_free(ctx);
}
MPISHMEM_ALIAS(shmem_ctx_destroy)

MPISHMEM_API int pshmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    if (!team) return -1;
    if (ctx == SHMEM_CTX_INVALID) {
        *team = SHMEM_TEAM_INVALID;
        return -1;
    }
    *team = ctx->team;
    return 0;
}
MPISHMEM_ALIAS(shmem_ctx_get_team)

/* Sessions are hints that a batch of operations on the context follows; every operation here
 * is already issued at once and completed lazily (by quiet), so there is nothing to adapt. */
MPISHMEM_API void pshmem_ctx_session_start(shmem_ctx_t ctx, long options,
                                           const shmem_ctx_session_config_t *config,
                                           long config_mask)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    (void)ctx, (void)options, (void)config, (void)config_mask;
}
MPISHMEM_ALIAS(shmem_ctx_session_start)

MPISHMEM_API void pshmem_ctx_session_stop(shmem_ctx_t ctx)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    (void)ctx;
}
MPISHMEM_ALIAS(shmem_ctx_session_stop)
