/* mpishmem: RMA dispatch. Each call finds the segment once, then either copies through the
 * node peer's mapping (transport/local) or hands off to MPI (transport/mpi). `pe` is a world
 * PE number here; contexts translate team PEs before calling. */
#ifndef MPISHMEM_RMA_H
#define MPISHMEM_RMA_H

#include <string.h>

#include "../transport/local/local_rma.h"
#include "../transport/mpi/mpi_rma.h"
#include "segment.h"

#define MPISHMEM_INLINE static inline __attribute__((always_inline))

MPISHMEM_INLINE void mpishmem_put(struct mpishmem_ctx *c, const char *routine, void *dest,
                                  const void *src, size_t n, int pe, int blocking)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, dest);
    char *peer = s->peer[pe];
    if (MPISHMEM_LIKELY(peer != NULL)) {
        memcpy(peer + off, src, n);
        c->pending.flag[MPISHMEM_PENDING_LOCAL] = 1;
    } else {
        mpishmem_mpi_put(c, s, off, src, n, pe, blocking);
    }
}

MPISHMEM_INLINE void mpishmem_get(struct mpishmem_ctx *c, const char *routine, void *dest,
                                  const void *src, size_t n, int pe, int blocking)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(src, &off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, src);
    const char *peer = s->peer[pe];
    if (MPISHMEM_LIKELY(peer != NULL)) memcpy(dest, peer + off, n);
    else mpishmem_mpi_get(c, s, off, dest, n, pe, blocking);
}

/* Strided forms: `nblocks` blocks of `block` bytes, strides in bytes. */
MPISHMEM_INLINE void mpishmem_put_strided(struct mpishmem_ctx *c, const char *routine,
                                          void *dest, ptrdiff_t dst, const void *src,
                                          ptrdiff_t sst, size_t block, size_t nblocks, int pe)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, dest);
    char *peer = s->peer[pe];
    if (MPISHMEM_LIKELY(peer != NULL)) {
        mpishmem_local_strided(peer + off, dst, src, sst, block, nblocks);
        c->pending.flag[MPISHMEM_PENDING_LOCAL] = 1;
    } else if (nblocks) {
        mpishmem_mpi_strided(c, s, off, dst, (void *)src, sst, block, nblocks, pe, 1);
    }
}

MPISHMEM_INLINE void mpishmem_get_strided(struct mpishmem_ctx *c, const char *routine,
                                          void *dest, ptrdiff_t dst, const void *src,
                                          ptrdiff_t sst, size_t block, size_t nblocks, int pe)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(src, &off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, src);
    const char *peer = s->peer[pe];
    if (MPISHMEM_LIKELY(peer != NULL))
        mpishmem_local_strided(dest, dst, peer + off, sst, block, nblocks);
    else if (nblocks)
        mpishmem_mpi_strided(c, s, off, sst, dest, dst, block, nblocks, pe, 0);
}

#endif
