/* mpishmem: a team's synchronization through node shared memory (coll_sync.c: counters,
 * mailboxes) and the bookkeeping of its counter slot. The team sync that picks this way, the
 * node-aware one or an MPI barrier is mpishmem_coll_sync (coll.h, coll_barrier.c). */
#ifndef MPISHMEM_COLL_SYNC_H
#define MPISHMEM_COLL_SYNC_H

#include <mpi.h>

#include "../base/state.h"
#include "../core/progress.h"
#include "coll_wait.h"

/* The team's sync mode (MPISHMEM_SYNC_*), chosen now if it was not yet (collective, like a
 * sync). */
MPISHMEM_INTERNAL int mpishmem_coll_sync_mode(struct mpishmem_team *t);

/* A sync of a team in shared-memory mode (two or more members): stores this PE's counter,
 * increased by one, with release semantics, then waits until every member's counter has
 * reached that value (acquire). Inline: it is the whole of a node-local barrier. */
static inline void mpishmem_coll_sync_shm(struct mpishmem_team *t)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = ++s->value;
    uint64_t *const *c = s->counter;
    mpishmem_coll_store(s, t->my_pe, c[t->my_pe], v);
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    for (int i = 0; i < t->n_pes; i++) mpishmem_coll_wait_ge(s, i, c[i], v, &polls);
}

/* Gives back the team's counter slot, if it holds one (the team is being freed; local). */
MPISHMEM_INTERNAL void mpishmem_coll_sync_release(struct mpishmem_team *t);

/* A one-directional sync for a team in shared-memory mode (a broadcast): in the first half the
 * root announces that its source is ready and the other members wait for that alone; in the
 * second half each non-root says it is done reading and leaves, and the root waits for all of
 * them. About one cache-line round trip instead of two full syncs; the counters end where two
 * syncs would leave them, so it mixes with every other sync of the team. */
MPISHMEM_INTERNAL void mpishmem_coll_sync_root_ready(struct mpishmem_team *t, int root);
MPISHMEM_INTERNAL void mpishmem_coll_sync_root_done(struct mpishmem_team *t, int root);

/* For the node part of a team that spans nodes (coll_node.c): takes a counter slot for
 * `part` (its members are this PE's node peers), agreed with one allreduce over `comm` (the
 * whole team's communicator; every member calls this for its node's part), or the slot of
 * SHMEM_TEAM_WORLD when `world` is set (world then spans nodes and never uses it). Returns 0,
 * or -1 on every member alike when no slot is free or threads could race for one. */
MPISHMEM_INTERNAL int mpishmem_coll_sync_node_slot(struct mpishmem_team *part, MPI_Comm comm,
                                                   int world);

/* A sync split in two halves around team PE 0 (a node's leader), which does something in
 * between (MPI with the other nodes' leaders): _arrive returns on the others at once, on PE 0
 * once every member has arrived; _leave returns on PE 0 at once, on the others once PE 0 has
 * called it. Each stores this PE's counter, so the counters end where two syncs leave them. */
MPISHMEM_INTERNAL void mpishmem_coll_sync_arrive(struct mpishmem_team *t);
MPISHMEM_INTERNAL void mpishmem_coll_sync_leave(struct mpishmem_team *t);

/* A mailbox collective, for a team in shared-memory mode (coll_shm.c): the data passes through
 * the members' mailboxes, so nobody waits for the readers of its data. In order, on every
 * member: mpishmem_coll_eager_boxes if it needs more than one mailbox; then, if this PE sends
 * data, mpishmem_coll_eager_begin (it returns where to put `nbytes` of data, once the readers
 * of what this PE put in that mailbox MPISHMEM_MAILBOXES mailboxes ago are done with it) and
 * mpishmem_coll_eager_post once the data is there (it stores the mailbox's flag); then
 * mpishmem_coll_eager_peer for each member whose data this PE reads (it waits for that
 * member's post and returns where its `nbytes` are); then mpishmem_coll_eager_end, which
 * stores v + 2 in this PE's counter (this PE read everything it will read): counters end where
 * two syncs leave them, so this mixes with every other sync of the team. Every member makes
 * the same sequence of these collectives on a team, so they agree on the mailboxes in use and
 * on v. `nbytes` is the same for a member's data in _begin and in its readers' _peer: up to
 * MPISHMEM_MAILBOX_INLINE bytes travel in the flag's cache line. */
MPISHMEM_INTERNAL char *mpishmem_coll_eager_begin(struct mpishmem_team *t, size_t nbytes);
/* Before the others, on every member alike: the next mailbox collective uses k adjacent
 * mailboxes (k <= MPISHMEM_MAILBOXES / 2) instead of one; the data of mailbox i (i < k), up to
 * MPISHMEM_MAILBOX_BYTES, is at i * MPISHMEM_MAILBOX_STRIDE from what _begin or _peer return
 * for nbytes > MPISHMEM_MAILBOX_INLINE. */
MPISHMEM_INTERNAL void mpishmem_coll_eager_boxes(struct mpishmem_team *t, unsigned k);
MPISHMEM_INTERNAL void mpishmem_coll_eager_post(struct mpishmem_team *t);
MPISHMEM_INTERNAL const char *mpishmem_coll_eager_peer(struct mpishmem_team *t, int pe,
                                                       size_t nbytes);
MPISHMEM_INTERNAL void mpishmem_coll_eager_end(struct mpishmem_team *t, int wrote);
/* After _end: waits until every member is done with this mailbox collective (for a member
 * that let the others read a buffer of its own). */
MPISHMEM_INTERNAL void mpishmem_coll_eager_wait_readers(struct mpishmem_team *t);

#endif
