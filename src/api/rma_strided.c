/* OpenSHMEM strided RMA: iput, iget (element strides) and ibput, ibget (1.6: blocks of bsize
 * elements), typed and sized, each with its shmem_ctx_ twin. Strides are in elements. */
#include "../core/rma.h"
#include "api.h"

#define MPISHMEM_DEF_IBPUT(op, T, size, params, bsize, nblocks)                           \
    MPISHMEM_DEF_CTX(void, op, params,                                                    \
                     MPISHMEM_CHECK(strided(MPISHMEM_ROUTINE, dest, dst * (ptrdiff_t)(size), \
                                            (bsize) * (size), nblocks, "dest"));          \
                     MPISHMEM_CHECK(local(MPISHMEM_ROUTINE, source, (bsize) * (nblocks), "source")); \
                     mpishmem_put_strided(C, MPISHMEM_ROUTINE, dest, dst * (ptrdiff_t)(size), \
                                          source, sst * (ptrdiff_t)(size),                     \
                                          mpishmem_bytes(MPISHMEM_ROUTINE, bsize, size), \
                                          nblocks, PE);)
#define MPISHMEM_DEF_IBGET(op, T, size, params, bsize, nblocks)                           \
    MPISHMEM_DEF_CTX(void, op, params,                                                    \
                     MPISHMEM_CHECK(strided(MPISHMEM_ROUTINE, source,                     \
                                            sst * (ptrdiff_t)(size), (bsize) * (size),    \
                                            nblocks, "source"));                          \
                     MPISHMEM_CHECK(local(MPISHMEM_ROUTINE, dest, (bsize) * (nblocks), "dest")); \
                     mpishmem_get_strided(C, MPISHMEM_ROUTINE, dest, dst * (ptrdiff_t)(size), \
                                          source, sst * (ptrdiff_t)(size),                     \
                                          mpishmem_bytes(MPISHMEM_ROUTINE, bsize, size), \
                                          nblocks, PE);)

#define MPISHMEM_I_PARAMS(T)                                                              \
    (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe)
#define MPISHMEM_IB_PARAMS(T)                                                             \
    (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, \
     int pe)

#define MPISHMEM_DEF_STRIDED(iput, iget, ibput, ibget, T, size)                           \
    MPISHMEM_DEF_IBPUT(iput, T, size, MPISHMEM_I_PARAMS(T), 1, nelems)                    \
    MPISHMEM_DEF_IBGET(iget, T, size, MPISHMEM_I_PARAMS(T), 1, nelems)                    \
    MPISHMEM_DEF_IBPUT(ibput, T, size, MPISHMEM_IB_PARAMS(T), bsize, nblocks)             \
    MPISHMEM_DEF_IBGET(ibget, T, size, MPISHMEM_IB_PARAMS(T), bsize, nblocks)

#define MPISHMEM_DEF_STRIDED_TYPED(T, N, _)                                               \
    MPISHMEM_DEF_STRIDED(N##_iput, N##_iget, N##_ibput, N##_ibget, T, sizeof(T))
MPISHMEM_RMA_TYPES(MPISHMEM_DEF_STRIDED_TYPED, _)

#define MPISHMEM_DEF_STRIDED_SIZED(BITS, BYTES, _)                                        \
    MPISHMEM_DEF_STRIDED(iput##BITS, iget##BITS, ibput##BITS, ibget##BITS, void, BYTES)
MPISHMEM_SIZES(MPISHMEM_DEF_STRIDED_SIZED, _)
