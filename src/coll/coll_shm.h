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

#include "../core/state.h"

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

/* The team's sync mode, chosen now if it was not yet (collective, like a sync). */
MPISHMEM_INTERNAL int mpishmem_coll_sync_mode(struct mpishmem_team *t);

#endif
