/* mpishmem: the collective algorithms, on a team. Both the team-based routines (src/api) and the
 * deprecated active-set routines (whose active sets are kept as cached teams) call these; the
 * api layer does the argument checks, the quiet a barrier needs, and the type mapping.
 *
 * Every routine here is collective over the members of `t`, called by each of them in the same
 * order. Sizes are in bytes unless named `count`. MPI collectives go through mpishmem_comm_*
 * (src/transport/mpi/mpi_comm.h): MPI's blocking call where nothing else needs serving, else a
 * nonblocking one completed by a wait that keeps MPI progressing and yields the core. */
#ifndef MPISHMEM_COLL_H
#define MPISHMEM_COLL_H

#include <mpi.h>
#include <stddef.h>

#include "../base/state.h"

/* Synchronization only (no quiet): every member has entered before any member leaves, and the
 * node-local stores each member made before it are visible to the others after it. */
MPISHMEM_INTERNAL void mpishmem_coll_sync(struct mpishmem_team *t);

/* dest[0 .. nbytes) of every member = source of team PE `root`. With `root_dest` nonzero the
 * root's dest is written too (1.5+ team broadcast), else the root's dest is untouched
 * (deprecated active-set broadcast). */
MPISHMEM_INTERNAL void mpishmem_coll_broadcast(struct mpishmem_team *t, void *dest,
                                               const void *source, size_t nbytes, int root,
                                               int root_dest);

/* Concatenation in team PE order of every member's `nbytes` (fcollect: the same on every member;
 * collect: may differ per member, 0 included). */
MPISHMEM_INTERNAL void mpishmem_coll_fcollect(struct mpishmem_team *t, void *dest,
                                              const void *source, size_t nbytes);
MPISHMEM_INTERNAL void mpishmem_coll_collect(struct mpishmem_team *t, void *dest,
                                             const void *source, size_t nbytes);

/* Block j (`nbytes`) of member i's source goes to block i of member j's dest. */
MPISHMEM_INTERNAL void mpishmem_coll_alltoall(struct mpishmem_team *t, void *dest,
                                              const void *source, size_t nbytes);

/* Strided alltoall: `nelems` elements of `elem_size` bytes per pair of members; element k for
 * member j is at source[(j * nelems + k) * sst] and lands at dest[(i * nelems + k) * dst]
 * (strides in elements, >= 1). */
MPISHMEM_INTERNAL void mpishmem_coll_alltoalls(struct mpishmem_team *t, void *dest,
                                               const void *source, ptrdiff_t dst, ptrdiff_t sst,
                                               size_t nelems, size_t elem_size);

/* Element-wise reduction of `count` elements of `type` with `op` into every member's dest
 * (dest == source: in place). */
MPISHMEM_INTERNAL void mpishmem_coll_reduce(struct mpishmem_team *t, void *dest,
                                            const void *source, size_t count, MPI_Datatype type,
                                            MPI_Op op);

/* Prefix sums in team PE order (inclusive, or exclusive with zeros on team PE 0). */
MPISHMEM_INTERNAL void mpishmem_coll_scan(struct mpishmem_team *t, void *dest,
                                          const void *source, size_t count, MPI_Datatype type,
                                          MPI_Op op, int exclusive);

#endif
