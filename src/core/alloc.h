/* mpishmem: the symmetric-heap allocator.
 *
 * It hands out offsets into the heap and keeps its bookkeeping in private memory (nothing is
 * stored inside the heap, so a stray user write cannot corrupt it). It is deterministic: the
 * same sequence of calls yields the same offsets on every PE, which is what makes the
 * collective shmem_malloc symmetric. First fit over a sorted list of free extents, with free
 * neighbours coalesced. */
#ifndef MPISHMEM_ALLOC_H
#define MPISHMEM_ALLOC_H

#include <stddef.h>

#include "state.h"

#define MPISHMEM_ALLOC_FAILED ((size_t)-1)
/* Every block starts on a cache line: no false sharing between symmetric objects. */
#define MPISHMEM_ALLOC_MIN_ALIGN 64

MPISHMEM_INTERNAL void mpishmem_alloc_init(size_t heap_size);
MPISHMEM_INTERNAL void mpishmem_alloc_fini(void);
/* `align` is a power of two; returns an offset or MPISHMEM_ALLOC_FAILED. */
MPISHMEM_INTERNAL size_t mpishmem_alloc(size_t size, size_t align);
/* Returns 0, or -1 if `offset` is not the start of a live block. */
MPISHMEM_INTERNAL int mpishmem_alloc_free(size_t offset);
/* Size of the live block at `offset`, or MPISHMEM_ALLOC_FAILED. */
MPISHMEM_INTERNAL size_t mpishmem_alloc_block_size(size_t offset);
/* Grows or shrinks the block at `offset` without moving it; 0 on success, -1 otherwise. */
MPISHMEM_INTERNAL int mpishmem_alloc_resize_in_place(size_t offset, size_t size);

#endif
