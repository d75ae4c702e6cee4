/* OpenSHMEM RMA: put, get, p, g and their nbi forms, typed, sized and mem, each with its
 * shmem_ctx_ twin. Strided forms are in rma_strided.c. The SHMEM_DEBUG checks of these
 * routines run in the general path of core/rma.c, which SHMEM_DEBUG always selects. */
#include "../core/rma.h"
#include "api.h"

/* A contiguous put or get of `nelems` elements of `size` bytes; blocking or nbi. */
#define MPISHMEM_DEF_PUT(op, T, size, blocking)                                           \
    MPISHMEM_DEF_CTX(void, op, (T * dest, const T *source, size_t nelems, int pe),        \
                     mpishmem_put(C, MPISHMEM_ROUTINE, dest, source,                      \
                                  mpishmem_bytes(MPISHMEM_ROUTINE, nelems, size), PE,  \
                                  blocking);)
#define MPISHMEM_DEF_GET(op, T, size, blocking)                                           \
    MPISHMEM_DEF_CTX(void, op, (T * dest, const T *source, size_t nelems, int pe),        \
                     mpishmem_get(C, MPISHMEM_ROUTINE, dest, source,                      \
                                  mpishmem_bytes(MPISHMEM_ROUTINE, nelems, size), PE,  \
                                  blocking);)

/* Typed: shmem_<N>_put, _get, _put_nbi, _get_nbi, _p, _g. */
#define MPISHMEM_DEF_RMA_TYPED(T, N, _)                                                   \
    MPISHMEM_DEF_PUT(N##_put, T, sizeof(T), 1)                                            \
    MPISHMEM_DEF_GET(N##_get, T, sizeof(T), 1)                                            \
    MPISHMEM_DEF_PUT(N##_put_nbi, T, sizeof(T), 0)                                        \
    MPISHMEM_DEF_GET(N##_get_nbi, T, sizeof(T), 0)                                        \
    MPISHMEM_DEF_CTX(void, N##_p, (T * dest, T value, int pe),                            \
                     mpishmem_put(C, MPISHMEM_ROUTINE, dest, &value, sizeof(T), PE, 1);)   \
    MPISHMEM_DEF_CTX(T, N##_g, (const T *source, int pe),                                 \
                     T value;                                                             \
                     mpishmem_get(C, MPISHMEM_ROUTINE, &value, source, sizeof(T), PE, 1);  \
                     return value;)
MPISHMEM_RMA_TYPES(MPISHMEM_DEF_RMA_TYPED, _)

/* Sized: shmem_put<BITS>, get<BITS>, put<BITS>_nbi, get<BITS>_nbi. */
#define MPISHMEM_DEF_RMA_SIZED(BITS, BYTES, _)                                            \
    MPISHMEM_DEF_PUT(put##BITS, void, BYTES, 1)                                           \
    MPISHMEM_DEF_GET(get##BITS, void, BYTES, 1)                                           \
    MPISHMEM_DEF_PUT(put##BITS##_nbi, void, BYTES, 0)                                     \
    MPISHMEM_DEF_GET(get##BITS##_nbi, void, BYTES, 0)
MPISHMEM_SIZES(MPISHMEM_DEF_RMA_SIZED, _)

/* Bytes: shmem_putmem, getmem, putmem_nbi, getmem_nbi. */
MPISHMEM_DEF_PUT(putmem, void, 1, 1)
MPISHMEM_DEF_GET(getmem, void, 1, 1)
MPISHMEM_DEF_PUT(putmem_nbi, void, 1, 0)
MPISHMEM_DEF_GET(getmem_nbi, void, 1, 0)
