/* mpishmem: the symmetric-heap allocator.
 *
 * It hands out offsets into the heap and keeps its bookkeeping in private memory (nothing is
 * stored inside the heap, so a stray user write cannot corrupt it). It is deterministic: the
 * same sequence of calls yields the same offsets on every PE, which is what makes the
 * collective shmem_malloc symmetric. First fit over a sorted list of free extents, with free
 * neighbours coalesced.
 *
 * Each allocator instance is an arena: the symmetric heap has one (the mpishmem_alloc_* names
 * below), and so does every attached memory space (src/core/space.c). */
#ifndef MPISHMEM_ALLOC_H
#define MPISHMEM_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "../base/state.h"

#define MPISHMEM_ALLOC_FAILED ((size_t)-1)
/* Every block starts on a cache line: no false sharing between symmetric objects. */
#define MPISHMEM_ALLOC_MIN_ALIGN 64

/* An arena: sorted arrays of free and live extents of a segment of `size` bytes. */
struct mpishmem_extent {
    size_t off, len;
};
struct mpishmem_extents {
    struct mpishmem_extent *v;
    size_t n, cap;
};
struct mpishmem_arena {
    struct mpishmem_extents free_list, used_list;
};

MPISHMEM_INTERNAL void mpishmem_arena_init(struct mpishmem_arena *a, size_t size);
MPISHMEM_INTERNAL void mpishmem_arena_fini(struct mpishmem_arena *a);
/* `align` is a power of two; returns an offset or MPISHMEM_ALLOC_FAILED. */
MPISHMEM_INTERNAL size_t mpishmem_arena_alloc(struct mpishmem_arena *a, size_t size,
                                              size_t align);
/* The same for a segment at address `base`: `align` applies to base + offset (a base aligned
 * only to a page still gives blocks aligned to more). */
MPISHMEM_INTERNAL size_t mpishmem_arena_alloc_at(struct mpishmem_arena *a, uintptr_t base,
                                                 size_t size, size_t align);
/* Returns 0, or -1 if `offset` is not the start of a live block. */
MPISHMEM_INTERNAL int mpishmem_arena_free(struct mpishmem_arena *a, size_t offset);
/* Size of the live block at `offset`, or MPISHMEM_ALLOC_FAILED. */
MPISHMEM_INTERNAL size_t mpishmem_arena_block_size(const struct mpishmem_arena *a, size_t offset);
/* Grows or shrinks the block at `offset` without moving it; 0 on success, -1 otherwise. */
MPISHMEM_INTERNAL int mpishmem_arena_resize_in_place(struct mpishmem_arena *a, size_t offset,
                                                     size_t size);
/* Live blocks of the arena. */
static inline size_t mpishmem_arena_live_blocks(const struct mpishmem_arena *a)
{
    return a->used_list.n;
}

/* The symmetric heap's arena. */
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
