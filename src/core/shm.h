/* mpishmem: the node's shared-memory object and the placement of this PE's symmetric heap.
 *
 * One POSIX shared-memory object per node holds every node PE's slot (its heap, then a copy of
 * its global data). The node leader creates it with O_EXCL, mode 0600 and a random name, every
 * node PE opens it, and the leader unlinks it as soon as all have it open: from then on nothing
 * is left in /dev/shm, whether the job ends well, calls shmem_global_exit or is killed. */
#ifndef MPISHMEM_SHM_H
#define MPISHMEM_SHM_H

#include <stddef.h>

#include "../base/state.h"

/* Collective over mpishmem_g.node: returns a file descriptor of a fresh object of `bytes`. */
MPISHMEM_INTERNAL int mpishmem_shm_open_node_object(size_t bytes, const char *routine);

/* Collective over mpishmem_g.world: maps `size` bytes of `fd` at `offset` at one virtual
 * address that is the same on every PE, and returns it. */
MPISHMEM_INTERNAL void *mpishmem_shm_map_symmetric(int fd, size_t offset, size_t size,
                                                   const char *routine);

MPISHMEM_INTERNAL size_t mpishmem_page_size(void);
#define MPISHMEM_ROUND_UP(x, a) (((x) + (a)-1) / (a) * (a))

#endif
