/* mpishmem: teams. A team is the list of its PEs (team PE -> world PE, and back) and an MPI
 * communicator made on first use. The predefined teams live in runtime.c; the teams a program
 * splits off are made here and kept on a list so finalize can free what the program did not
 * destroy. */
#ifndef MPISHMEM_TEAM_H
#define MPISHMEM_TEAM_H

#include "../base/state.h"

/* World PE of team PE `pe` (no range check). */
static inline int mpishmem_team_world_pe(const struct mpishmem_team *t, int pe)
{
    return t->world_pe ? t->world_pe[pe] : pe;
}

/* Team PE of world PE `wpe`, or -1 if it is not a member (no range check of wpe). */
static inline int mpishmem_team_pe_of_world(const struct mpishmem_team *t, int wpe)
{
    return t->team_pe ? t->team_pe[wpe] : wpe;
}

MPISHMEM_INTERNAL void mpishmem_team_make_comm(struct mpishmem_team *t);

/* The team's communicator. The first call is collective over the team's members (every
 * member must make it at the same point: the team's first collective). */
static inline MPI_Comm mpishmem_team_comm(struct mpishmem_team *t)
{
    if (MPISHMEM_UNLIKELY(t->comm == MPI_COMM_NULL)) mpishmem_team_make_comm(t);
    return t->comm;
}

/* Collective over `parent`: agrees that every PE can take part (`ok` nonzero everywhere), then
 * returns the new team of this PE, made from its PE list in team order (`world_pes`, n of
 * them, this PE among them), in *out; with members == NULL this PE joins no team and *out is
 * NULL. Returns 0, or -1 on every PE when some PE's ok was 0 (nothing is created). */
MPISHMEM_INTERNAL int mpishmem_team_agree(struct mpishmem_team *parent, int ok);
MPISHMEM_INTERNAL struct mpishmem_team *mpishmem_team_new(const int *world_pes, int n,
                                                          const shmem_team_config_t *config,
                                                          long mask);

/* Frees a team made by mpishmem_team_new (its communicator, if made, and maps). */
MPISHMEM_INTERNAL void mpishmem_team_free(struct mpishmem_team *t);

/* Frees every team the program created and did not destroy (at finalize). */
MPISHMEM_INTERNAL void mpishmem_team_free_all(void);

/* Registers a function that mpishmem_team_free_all runs first: a cache of teams made by
 * mpishmem_team_new (the active sets, src/coll/active_set.c) frees them there through
 * mpishmem_team_free and forgets them, so nothing is freed twice and no stale pointer survives
 * a re-initialization. One hook; registering again replaces it. */
MPISHMEM_INTERNAL void mpishmem_team_on_free_all(void (*hook)(void));

/* Registers what releases the collectives' state of a team (src/coll: node-aware structure,
 * shared-memory sync slot), run by mpishmem_team_free and, for SHMEM_TEAM_WORLD and
 * SHMEM_TEAM_SHARED, at finalize: the API layer registers it before the runtime starts, so
 * that core never calls up into coll. One hook; registering again replaces it. */
MPISHMEM_INTERNAL void mpishmem_team_on_release(void (*hook)(struct mpishmem_team *t));
/* Runs that hook on t (nothing if none is registered). */
MPISHMEM_INTERNAL void mpishmem_team_release_coll(struct mpishmem_team *t);

#endif
