/* mpishmem: the synchronization of a team (mpishmem_coll_sync in coll.h) and the bookkeeping of
 * its shared-memory counter slot. */
#ifndef MPISHMEM_COLL_SYNC_H
#define MPISHMEM_COLL_SYNC_H

#include "../core/state.h"

/* Gives back the team's counter slot, if it holds one (the team is being freed; local). */
MPISHMEM_INTERNAL void mpishmem_coll_sync_release(struct mpishmem_team *t);

/* A one-directional sync for a team in shared-memory mode (a broadcast): in the first half the
 * root announces that its source is ready and the other members wait for that alone; in the
 * second half each non-root says it is done reading and leaves, and the root waits for all of
 * them. About one cache-line round trip instead of two full syncs; the counters end where two
 * syncs would leave them, so it mixes with every other sync of the team. */
MPISHMEM_INTERNAL void mpishmem_coll_sync_root_ready(struct mpishmem_team *t, int root);
MPISHMEM_INTERNAL void mpishmem_coll_sync_root_done(struct mpishmem_team *t, int root);

#endif
