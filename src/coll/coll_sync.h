/* mpishmem: the synchronization of a team (mpishmem_coll_sync in coll.h) and the bookkeeping of
 * its shared-memory counter slot. */
#ifndef MPISHMEM_COLL_SYNC_H
#define MPISHMEM_COLL_SYNC_H

#include "../core/state.h"

/* Gives back the team's counter slot, if it holds one (the team is being freed; local). */
MPISHMEM_INTERNAL void mpishmem_coll_sync_release(struct mpishmem_team *t);

#endif
