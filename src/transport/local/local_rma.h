/* mpishmem: RMA to node peers by load/store on shared memory. */
#ifndef MPISHMEM_LOCAL_RMA_H
#define MPISHMEM_LOCAL_RMA_H

#include <stddef.h>
#include <string.h>

/* Strided copy of `nblocks` blocks of `block` bytes (strides in bytes). Element sizes of the
 * typed routines get fixed-size copies the compiler turns into single moves. */
static inline void mpishmem_local_strided(char *dst, ptrdiff_t dst_stride, const char *src,
                                          ptrdiff_t src_stride, size_t block, size_t nblocks)
{
#define MPISHMEM_STRIDED_LOOP(B)                                                          \
    for (size_t i = 0; i < nblocks; i++, dst += dst_stride, src += src_stride)            \
        memcpy(dst, src, B);
    switch (block) {
    case 1: MPISHMEM_STRIDED_LOOP(1); break;
    case 2: MPISHMEM_STRIDED_LOOP(2); break;
    case 4: MPISHMEM_STRIDED_LOOP(4); break;
    case 8: MPISHMEM_STRIDED_LOOP(8); break;
    case 16: MPISHMEM_STRIDED_LOOP(16); break;
    default: MPISHMEM_STRIDED_LOOP(block); break;
    }
#undef MPISHMEM_STRIDED_LOOP
}

#endif
