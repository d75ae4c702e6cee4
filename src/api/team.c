/* OpenSHMEM team management: queries, PE translation, strided and 2-D splits, destroy and
 * team_ptr. Splits are collective over the parent team and either succeed on every PE or
 * fail (nonzero) on every PE. */
#include "../base/segment.h"
#include "../core/ctx.h"
#include "../core/team.h"
#include "api.h"

#include <stdlib.h>

/* The contexts a split's configuration reserves; a negative count is an error (the spec asks
 * for a non-negative one, and accepting it silently hid programs' bugs). */
static int contexts_wanted(const char *routine, const shmem_team_config_t *config, long mask)
{
    if (!config || !(mask & SHMEM_TEAM_NUM_CONTEXTS)) return 0;
    if (config->num_contexts < 0)
        mpishmem_error(routine, "the team configuration's num_contexts is %d (with "
                                "SHMEM_TEAM_NUM_CONTEXTS in config_mask it must be 0 or more)",
                       config->num_contexts);
    return config->num_contexts;
}

MPISHMEM_API int pshmem_team_my_pe(shmem_team_t team)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    return team == SHMEM_TEAM_INVALID ? -1 : team->my_pe;
}
MPISHMEM_ALIAS(shmem_team_my_pe)

MPISHMEM_API int pshmem_team_n_pes(shmem_team_t team)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    return team == SHMEM_TEAM_INVALID ? -1 : team->n_pes;
}
MPISHMEM_ALIAS(shmem_team_n_pes)

MPISHMEM_API int pshmem_team_get_config(shmem_team_t team, long config_mask,
                                        shmem_team_config_t *config)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    if (team == SHMEM_TEAM_INVALID) return -1;
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS) {
        if (!config) return -1;
        config->num_contexts = team->config.num_contexts;
    }
    return 0;
}
MPISHMEM_ALIAS(shmem_team_get_config)

MPISHMEM_API int pshmem_team_translate_pe(shmem_team_t src_team, int src_pe,
                                          shmem_team_t dest_team)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    if (src_team == SHMEM_TEAM_INVALID || dest_team == SHMEM_TEAM_INVALID) return -1;
    if (src_pe < 0 || src_pe >= src_team->n_pes) return -1;
    return mpishmem_team_pe_of_world(dest_team, mpishmem_team_world_pe(src_team, src_pe));
}
MPISHMEM_ALIAS(shmem_team_translate_pe)

/* Whether (start, stride, size) names size distinct PEs of a team of n (1.6 rules: a negative
 * stride runs backwards, stride 0 only with size 1). */
static int triplet_valid(int start, int stride, int size, int n)
{
    long long last = (long long)start + (long long)stride * (size - 1);
    return size >= 1 && start >= 0 && start < n && (stride != 0 || size == 1) && last >= 0 &&
           last < n;
}

MPISHMEM_API int pshmem_team_split_strided(shmem_team_t parent, int start, int stride, int size,
                                           const shmem_team_config_t *config, long config_mask,
                                           shmem_team_t *new_team)
{
    const char *routine = MPISHMEM_ROUTINE;
    mpishmem_check_initialized(routine);
    if (new_team) *new_team = SHMEM_TEAM_INVALID;
    if (parent == SHMEM_TEAM_INVALID) return -1;
    if (!triplet_valid(start, stride, size, parent->n_pes)) {
        mpishmem_debug_msg(routine, "start %d, stride %d, size %d do not name PEs of the parent "
                                    "team (%d PEs)", start, stride, size, parent->n_pes);
        return -1;
    }
    int d = parent->my_pe - start, member;
    if (stride == 0) member = d == 0;
    else member = d % stride == 0 && d / stride >= 0 && d / stride < size;
    int want = contexts_wanted(routine, config, config_mask); /* checked on every PE */
    if (!member) want = 0;
    int ok = new_team != NULL && mpishmem_ctx_reserve(want) == 0;
    if (mpishmem_team_agree(parent, ok) != 0) {
        if (ok) mpishmem_ctx_reserve(-want);
        return -1;
    }
    if (member) {
        int *pes = malloc(sizeof(int) * (size_t)size);
        for (int i = 0; i < size; i++) pes[i] = mpishmem_team_world_pe(parent, start + i * stride);
        struct mpishmem_team *t = mpishmem_team_new(pes, size, config, config_mask);
        free(pes);
        t->ctx_reserved = want;
        *new_team = t;
    }
    return 0;
}
MPISHMEM_ALIAS(shmem_team_split_strided)

MPISHMEM_API int pshmem_team_split_2d(shmem_team_t parent, int xrange,
                                      const shmem_team_config_t *xaxis_config, long xaxis_mask,
                                      shmem_team_t *xaxis_team,
                                      const shmem_team_config_t *yaxis_config, long yaxis_mask,
                                      shmem_team_t *yaxis_team)
{
    mpishmem_check_initialized(MPISHMEM_ROUTINE);
    if (xaxis_team) *xaxis_team = SHMEM_TEAM_INVALID;
    if (yaxis_team) *yaxis_team = SHMEM_TEAM_INVALID;
    if (parent == SHMEM_TEAM_INVALID || xrange <= 0) return -1;
    if (xrange > parent->n_pes) xrange = parent->n_pes;
    int p = parent->my_pe;
    int xwant = contexts_wanted(MPISHMEM_ROUTINE, xaxis_config, xaxis_mask);
    int ywant = contexts_wanted(MPISHMEM_ROUTINE, yaxis_config, yaxis_mask);
    int ok = xaxis_team && yaxis_team && mpishmem_ctx_reserve(xwant + ywant) == 0;
    if (mpishmem_team_agree(parent, ok) != 0) {
        if (ok) mpishmem_ctx_reserve(-(xwant + ywant));
        return -1;
    }
    /* Rows of xrange consecutive PEs form the x teams; columns form the y teams. */
    int n = parent->n_pes, row = p / xrange, col = p % xrange, nx = 0, ny = 0;
    int *xpes = malloc(sizeof(int) * (size_t)xrange), *ypes = malloc(sizeof(int) * (size_t)n);
    for (int q = row * xrange; q < n && q < (row + 1) * xrange; q++)
        xpes[nx++] = mpishmem_team_world_pe(parent, q);
    for (int q = col; q < n; q += xrange) ypes[ny++] = mpishmem_team_world_pe(parent, q);
    struct mpishmem_team *x = mpishmem_team_new(xpes, nx, xaxis_config, xaxis_mask);
    struct mpishmem_team *y = mpishmem_team_new(ypes, ny, yaxis_config, yaxis_mask);
    free(xpes);
    free(ypes);
    x->ctx_reserved = xwant;
    y->ctx_reserved = ywant;
    *xaxis_team = x;
    *yaxis_team = y;
    return 0;
}
MPISHMEM_ALIAS(shmem_team_split_2d)

MPISHMEM_API void pshmem_team_destroy(shmem_team_t team)
{
    const char *routine = MPISHMEM_ROUTINE;
    mpishmem_check_initialized(routine);
    if (team == SHMEM_TEAM_INVALID) return;
    if (team->is_predefined)
        mpishmem_error(routine, "SHMEM_TEAM_%s cannot be destroyed",
                       team == &mpishmem_team_world ? "WORLD" : "SHARED");
    if (team->ctx_count)
        mpishmem_error(routine, "the team still has %d context(s) created from it (destroy "
                                "them with shmem_ctx_destroy first)", team->ctx_count);
    mpishmem_ctx_release_team(team);
    mpishmem_team_free(team);
}
MPISHMEM_ALIAS(shmem_team_destroy)

MPISHMEM_API void *pshmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    if (team == SHMEM_TEAM_INVALID || pe < 0 || pe >= team->n_pes) return NULL;
    int wpe = mpishmem_team_world_pe(team, pe);
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    if (!s || !s->peer[wpe]) return NULL;
    return s->peer[wpe] + off;
}
MPISHMEM_ALIAS(shmem_team_ptr)
