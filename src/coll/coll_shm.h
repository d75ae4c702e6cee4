/* mpishmem: collectives through node shared memory, for teams whose members all share memory
 * with this PE and synchronize through counters (coll_sync.c). Each member reads the others'
 * symmetric buffers directly between two team syncs: no MPI message, no intermediate copy.
 * Each returns 0 when it did the work, or -1 when this call must go through MPI instead; the
 * choice depends only on what every member sees alike (the team's sync mode, the sizes, the
 * segment of the symmetric source), so all members take the same path. */
#ifndef MPISHMEM_COLL_SHM_H
#define MPISHMEM_COLL_SHM_H

#include <mpi.h>
#include <stddef.h>

#include "../base/state.h"

MPISHMEM_INTERNAL int mpishmem_coll_shm_broadcast(struct mpishmem_team *t, void *dest,
                                                  const void *source, size_t nbytes, int root,
                                                  int root_dest);
MPISHMEM_INTERNAL int mpishmem_coll_shm_fcollect(struct mpishmem_team *t, void *dest,
                                                 const void *source, size_t nbytes);
MPISHMEM_INTERNAL int mpishmem_coll_shm_alltoall(struct mpishmem_team *t, void *dest,
                                                 const void *source, size_t nbytes);
MPISHMEM_INTERNAL int mpishmem_coll_shm_reduce(struct mpishmem_team *t, void *dest,
                                               const void *source, size_t count,
                                               MPI_Datatype type, MPI_Op op);

/* A reduction whose result only team PE 0 needs (the node part of a node-aware reduction,
 * coll_node.c), through the mailboxes: up to MPISHMEM_MAILBOX_BYTES of operand; the other
 * members' dest is left alone. */
MPISHMEM_INTERNAL int mpishmem_coll_shm_reduce_first(struct mpishmem_team *t, void *dest,
                                                     const void *source, size_t count,
                                                     MPI_Datatype type, MPI_Op op);

/* alltoalls: dst and sst are strides in elements (not both 1). */
MPISHMEM_INTERNAL int mpishmem_coll_shm_alltoalls(struct mpishmem_team *t, void *dest,
                                                  const void *source, ptrdiff_t dst,
                                                  ptrdiff_t sst, size_t nelems,
                                                  size_t elem_size);
/* collect: sizes may differ per member. */
MPISHMEM_INTERNAL int mpishmem_coll_shm_collect(struct mpishmem_team *t, void *dest,
                                                const void *source, size_t nbytes);
/* Inclusive or exclusive prefix reduction (exclusive: member 0's dest is left alone). */
MPISHMEM_INTERNAL int mpishmem_coll_shm_scan(struct mpishmem_team *t, void *dest,
                                             const void *source, size_t count,
                                             MPI_Datatype type, MPI_Op op, int exclusive);

/* Shared by coll_shm.c and coll_shm_reduce.c. Whether the team syncs through shared memory
 * (and has mailboxes); whether, in addition, every member can read every member's symmetric
 * `addr` (the same answer on every member); where this PE reads `addr` of team PE `pe`. */
MPISHMEM_INTERNAL int mpishmem_coll_shm_mailboxes(struct mpishmem_team *t);
MPISHMEM_INTERNAL int mpishmem_coll_shm_usable(struct mpishmem_team *t, const void *addr);
MPISHMEM_INTERNAL const char *mpishmem_coll_shm_peer(struct mpishmem_team *t, const void *addr,
                                                     int pe);

#endif
