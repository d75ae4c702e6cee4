/* mpishmem: node-aware collectives for teams that span nodes. A team keeps two levels, made at
 * its first collective that asks for them (collective over the team, like its communicator):
 * its members on this PE's node, in team order, as a team of their own that synchronizes and
 * passes data through node shared memory (coll_sync.c, coll_shm*.c), and a communicator of
 * node leaders (the lowest team PE of each node). A collective then runs as a step inside each
 * node, an MPI collective between the leaders and a step back inside each node. Collect learns
 * every member's size through a node-aware fcollect first.
 *
 * Each mpishmem_coll_node_* returns 0 when it did the work, or -1 when the caller must use
 * the plain MPI collective on the team: MPISHMEM_COLL_NODE_AWARE=0, the team is node-local or
 * has no node-aware structure, or (with -1, the default) MPI's own collective was measured
 * faster for this collective and size. Every member decides alike (sizes, segments and
 * settings that are the same on every member). */
#ifndef MPISHMEM_COLL_NODE_H
#define MPISHMEM_COLL_NODE_H

#include <mpi.h>
#include <stddef.h>

#include "../base/state.h"

struct mpishmem_coll_node {
    struct mpishmem_team local; /* this node's members; local.my_pe 0 is the node's leader */
    MPI_Comm leaders; /* rank r: the leader of node r (nodes in the team order of their
                       * leaders); MPI_COMM_NULL on members that do not lead */
    int n_nodes, my_node;
    int *node_of;     /* [n_pes] node of each team PE */
    int *node_first;  /* [n_nodes + 1] start of each node's members in node order (fcollect:
                       * nodes one after the other, each one's members in team order) */
    int grouped;      /* node order is team order: every node's members are one range */
    int most_local;   /* members of the largest node part */
};

MPISHMEM_INTERNAL int mpishmem_coll_node_sync(struct mpishmem_team *t);
MPISHMEM_INTERNAL int mpishmem_coll_node_broadcast(struct mpishmem_team *t, void *dest,
                                                   const void *source, size_t nbytes, int root,
                                                   int root_dest);
MPISHMEM_INTERNAL int mpishmem_coll_node_reduce(struct mpishmem_team *t, void *dest,
                                                const void *source, size_t count,
                                                MPI_Datatype type, MPI_Op op);
MPISHMEM_INTERNAL int mpishmem_coll_node_fcollect(struct mpishmem_team *t, void *dest,
                                                  const void *source, size_t nbytes);
MPISHMEM_INTERNAL int mpishmem_coll_node_collect(struct mpishmem_team *t, void *dest,
                                                 const void *source, size_t nbytes);

/* Frees the team's node-aware structure, if it has one (the team is being freed). */
MPISHMEM_INTERNAL void mpishmem_coll_node_free(struct mpishmem_team *t);

/* Releases everything the collectives keep for team t: its node-aware structure and its
 * shared-memory sync slot (registered with mpishmem_team_on_release by shmem_init). */
MPISHMEM_INTERNAL void mpishmem_coll_team_release(struct mpishmem_team *t);

#endif
