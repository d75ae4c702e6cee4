#include "segment.h"

#include "error.h"

struct mpishmem_seg *mpishmem_seg_find_other(const void *addr, size_t *off)
{
    (void)addr;
    (void)off;
    return NULL;
}

void mpishmem_not_symmetric(const char *routine, const void *addr)
{
    if (mpishmem_g.init_count <= 0)
        mpishmem_error(routine, "the library is not initialized (call shmem_init first)");
    mpishmem_error(routine,
                   "address %p is not symmetric: it is neither in the symmetric heap "
                   "[%p, %p) nor in the global data segment [%p, %p) (allocate it with "
                   "shmem_malloc or make it a global or static variable)",
                   addr, (void *)mpishmem_g.heap.base,
                   (void *)(mpishmem_g.heap.base + mpishmem_g.heap.size),
                   (void *)mpishmem_g.data.base,
                   (void *)(mpishmem_g.data.base + mpishmem_g.data.size));
}
