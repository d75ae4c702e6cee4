/* mpishmem: symmetric address -> (segment, offset). The hot path: the heap is one subtraction
 * and one compare; global data is the second try; anything else goes out of line. */
#ifndef MPISHMEM_SEGMENT_H
#define MPISHMEM_SEGMENT_H

#include "state.h"

/* Looks beyond heap and data (memory spaces); NULL if `addr` is not symmetric. The address
 * goes as an integer: it is compared, never read, and GCC warns (-Wmaybe-uninitialized) when a
 * pointer to memory not yet written (a fresh malloc) goes out of line as a const void *. */
MPISHMEM_INTERNAL struct mpishmem_seg *mpishmem_seg_find_other(uintptr_t addr, size_t *off);

static inline __attribute__((always_inline)) struct mpishmem_seg *
mpishmem_seg_find(const void *addr, size_t *off)
{
    size_t o = (size_t)((const char *)addr - mpishmem_g.heap.base);
    if (MPISHMEM_LIKELY(o < mpishmem_g.heap.size)) {
        *off = o;
        return &mpishmem_g.heap;
    }
    o = (size_t)((const char *)addr - mpishmem_g.data.base);
    if (o < mpishmem_g.data.size) {
        *off = o;
        return &mpishmem_g.data;
    }
    return mpishmem_seg_find_other((uintptr_t)addr, off);
}

/* The segment with id `id` (heap, data or an attached memory space), NULL if none. */
MPISHMEM_INTERNAL struct mpishmem_seg *mpishmem_seg_by_id(int id);
/* What the segment is, for messages: "symmetric heap", "global data segment", "memory space". */
MPISHMEM_INTERNAL const char *mpishmem_seg_name(const struct mpishmem_seg *s);

/* Error for an address that is not symmetric (never returns). */
MPISHMEM_INTERNAL __attribute__((noreturn)) void mpishmem_not_symmetric(const char *routine,
                                                                       const void *addr);

#endif
