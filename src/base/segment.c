#include "segment.h"

#include "error.h"

/* Memory spaces: at most MPISHMEM_SEG_MAX - MPISHMEM_SEG_SPACE0 attached at once, so a short
 * scan. Only reached for addresses outside heap and data (the inline lookup's fast tries). */
struct mpishmem_seg *mpishmem_seg_find_other(uintptr_t addr, size_t *off)
{
    for (int id = MPISHMEM_SEG_SPACE0; id < MPISHMEM_SEG_MAX; id++) {
        struct mpishmem_seg *s = mpishmem_g.space_seg[id];
        if (!s) continue;
        size_t o = (size_t)(addr - (uintptr_t)s->base);
        if (o < s->size) {
            *off = o;
            return s;
        }
    }
    return NULL;
}

struct mpishmem_seg *mpishmem_seg_by_id(int id)
{
    if (id == MPISHMEM_SEG_HEAP) return &mpishmem_g.heap;
    if (id == MPISHMEM_SEG_DATA) return &mpishmem_g.data;
    return id >= MPISHMEM_SEG_SPACE0 && id < MPISHMEM_SEG_MAX ? mpishmem_g.space_seg[id] : NULL;
}

const char *mpishmem_seg_name(const struct mpishmem_seg *s)
{
    if (s->id == MPISHMEM_SEG_HEAP) return "symmetric heap";
    return s->id == MPISHMEM_SEG_DATA ? "global data segment" : "memory space";
}

void mpishmem_not_symmetric(const char *routine, const void *addr)
{
    if (mpishmem_g.init_count <= 0)
        mpishmem_error(routine, "the library is not initialized (call shmem_init first)");
    mpishmem_error(routine,
                   "address %p is not symmetric: it is neither in the symmetric heap "
                   "[%p, %p) nor in the global data segment [%p, %p) nor in an attached "
                   "memory space (allocate it with shmem_malloc or shmemx_space_malloc, or make "
                   "it a global or static variable)",
                   addr, (void *)mpishmem_g.heap.base,
                   (void *)(mpishmem_g.heap.base + mpishmem_g.heap.size),
                   (void *)mpishmem_g.data.base,
                   (void *)(mpishmem_g.data.base + mpishmem_g.data.size));
}
