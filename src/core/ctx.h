/* mpishmem: contexts and the pool of MPI windows behind them.
 *
 * A context's quiet must complete its own operations and not wait for other contexts', and
 * MPI completes RMA per window (flush), so every context owns a set of windows (one per
 * segment). MPI windows are created collectively but shmem_ctx_create is local, so the window
 * sets are made at shmem_init: MPISHMEM_CONTEXTS of them (the pool). Creating a context takes
 * a free set; when none is left, creation fails with a nonzero return. A team split with
 * SHMEM_TEAM_NUM_CONTEXTS reserves sets for the team, so its shmem_team_create_ctx calls
 * cannot be starved by other contexts. AMOs of every context go through the default context's
 * windows (MPI accumulates are atomic only within one window). */
#ifndef MPISHMEM_CTX_H
#define MPISHMEM_CTX_H

#include "../base/state.h"

/* Collective: creates the pool (after the default context's windows exist). */
MPISHMEM_INTERNAL void mpishmem_ctx_pool_init(void);
/* Collective: frees the pool; contexts the program did not destroy are freed first. */
MPISHMEM_INTERNAL void mpishmem_ctx_pool_fini(void);

/* A new context on `team` (team PE numbering), or NULL when the pool has no free set. */
MPISHMEM_INTERNAL struct mpishmem_ctx *mpishmem_ctx_new(struct mpishmem_team *team,
                                                        long options);
/* Completes the context's operations and returns its window set to the pool (a context of a
 * memory space goes back through mpishmem_space_ctx_free instead). */
MPISHMEM_INTERNAL void mpishmem_ctx_free(struct mpishmem_ctx *c);

/* Reserves n window sets for a new team; 0 on success, -1 if fewer than n are free. A
 * negative n gives back a reservation that was not used (a failed split). */
MPISHMEM_INTERNAL int mpishmem_ctx_reserve(int n);
/* Gives back what a destroyed team still held of its reservation. */
MPISHMEM_INTERNAL void mpishmem_ctx_release_team(struct mpishmem_team *t);

/* Points the default context, the pool's window sets and the live pool contexts at window `w`
 * for segment `id` (a memory space being attached); MPI_WIN_NULL when the segment goes away,
 * which also drops their pending marks for it (its window has been completed and freed). */
MPISHMEM_INTERNAL void mpishmem_ctx_set_segment_window(int id, MPI_Win w);

/* Sets up a context's lock for the thread level in force (PRIVATE contexts need none). */
MPISHMEM_INTERNAL void mpishmem_ctx_lock_init(struct mpishmem_ctx *c);

/* Window sets left for contexts that hold no reservation (for shmem_team_get_config). */
MPISHMEM_INTERNAL int mpishmem_ctx_free_sets(void);

#endif
