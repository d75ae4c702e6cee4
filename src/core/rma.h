/* mpishmem: RMA dispatch. `pe` is a world PE number here (contexts translate team PEs first).
 *
 * Fast path, inline: a heap address on a node peer without SHMEM_DEBUG is one range compare
 * and one table load, then a plain copy. Everything else (global data, memory spaces, remote
 * PEs, SHMEM_DEBUG checks, bad addresses) goes to the general path out of line, which finds
 * the segment and picks transport/local or transport/mpi. */
#ifndef MPISHMEM_RMA_H
#define MPISHMEM_RMA_H

#include <string.h>

#include "../base/segment.h"
#include "check.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_rma.h"
#include "../transport/mpi/mpi_route.h"

#define MPISHMEM_INLINE static inline __attribute__((always_inline))

MPISHMEM_INTERNAL void mpishmem_put_general(struct mpishmem_ctx *c, const char *routine,
                                            void *dest, const void *src, size_t n, int pe,
                                            int blocking);
/* mpishmem_put_general for a blocking put of up to 8 bytes (shmem_<T>_p) whose value comes in
 * a register: the caller's copy of it then needs no address, nor a stack frame to hold it. */
MPISHMEM_INTERNAL void mpishmem_put_general_value(struct mpishmem_ctx *c, const char *routine,
                                                  void *dest, uint64_t bits, size_t n, int pe);
/* A heap put to a PE beyond load/store reach on a route of MPI with batching on (mpi_route.h):
 * MPISHMEM_ROUTE_MPI_ORDERED (_direct) and MPISHMEM_ROUTE_MPI_FIRST (_first); `_value` for
 * either, blocking, of up to 8 bytes given as the first n of `bits` in memory order. Six
 * arguments at most, so that the inlined caller passes none on the stack. */
MPISHMEM_INTERNAL void mpishmem_put_remote_direct(struct mpishmem_ctx *c, size_t o,
                                                  const void *src, size_t n, int pe,
                                                  int blocking);
MPISHMEM_INTERNAL void mpishmem_put_remote_first(struct mpishmem_ctx *c, size_t o,
                                                 const void *src, size_t n, int pe, int blocking);
MPISHMEM_INTERNAL void mpishmem_put_remote_value(struct mpishmem_ctx *c, enum mpishmem_route r,
                                                 size_t o, uint64_t bits, size_t n, int pe);
MPISHMEM_INTERNAL void mpishmem_get_general(struct mpishmem_ctx *c, const char *routine,
                                            void *dest, const void *src, size_t n, int pe,
                                            int blocking);

/* Heap put to a PE on another node, where its route says (mpi_route.h); with batching off
 * the default context's blocking puts (known when the caller is inlined) take the short
 * entries. */
MPISHMEM_INLINE void mpishmem_put_remote_heap(struct mpishmem_ctx *c, size_t o, const void *src,
                                              size_t n, int pe, int blocking)
{
    enum mpishmem_route r = mpishmem_put_route(c, MPISHMEM_SEG_HEAP, o, n, pe);
    if (r != MPISHMEM_ROUTE_MPI) {
        if (__builtin_constant_p(n) && n <= 8 && (r == MPISHMEM_ROUTE_BATCH || blocking)) {
            /* shmem_<T>_p & co.: the value in a register, so that the node-local path of the
             * caller needs no stack frame to give it an address. */
            uint64_t bits = 0;
            memcpy(&bits, src, n);
            if (r == MPISHMEM_ROUTE_BATCH)
                mpishmem_batch_put_value(c, MPISHMEM_SEG_HEAP, o, bits, n, pe);
            else
                mpishmem_put_remote_value(c, r, o, bits, n, pe);
        } else if (r == MPISHMEM_ROUTE_BATCH) {
            mpishmem_batch_put(c, MPISHMEM_SEG_HEAP, o, src, n, pe);
        } else if (r == MPISHMEM_ROUTE_MPI_ORDERED) {
            mpishmem_put_remote_direct(c, o, src, n, pe, blocking);
        } else {
            mpishmem_put_remote_first(c, o, src, n, pe, blocking);
        }
        return;
    }
    int is_default = __builtin_constant_p(c == &mpishmem_ctx_default) &&
                     c == &mpishmem_ctx_default;
    if (!is_default || !__builtin_constant_p(blocking)) {
        mpishmem_mpi_put_heap(c, o, src, n, pe, blocking);
    } else if (!blocking) {
        mpishmem_mpi_putmem_nbi_heap(o, src, n, pe);
    } else if (__builtin_constant_p(n) && n == 8) {
        uint64_t v;
        memcpy(&v, src, 8);
        mpishmem_mpi_put8_heap(o, v, pe);
    } else {
        mpishmem_mpi_putmem_heap(o, src, n, pe);
    }
}

MPISHMEM_INLINE void mpishmem_put(struct mpishmem_ctx *c, const char *routine, void *dest,
                                  const void *src, size_t n, int pe, int blocking)
{
    size_t o = (size_t)((const char *)dest - mpishmem_g.heap.base);
    if (MPISHMEM_LIKELY(o < mpishmem_g.heap.fast_size) && mpishmem_pe_exists(pe, mpishmem_g.n_pes)) {
        char *p = mpishmem_g.heap.peer[pe];
        if (MPISHMEM_LIKELY(p != NULL)) {
            /* Marked first, so that the copy can be the last call (no stack frame). */
            mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
            memcpy(p + o, src, n);
        } else {
            mpishmem_put_remote_heap(c, o, src, n, pe, blocking);
        }
        return;
    }
    if (__builtin_constant_p(n) && n <= 8 && __builtin_constant_p(blocking) && blocking) {
        uint64_t bits = 0;
        memcpy(&bits, src, n);
        mpishmem_put_general_value(c, routine, dest, bits, n, pe);
    } else {
        mpishmem_put_general(c, routine, dest, src, n, pe, blocking);
    }
}

MPISHMEM_INLINE void mpishmem_get(struct mpishmem_ctx *c, const char *routine, void *dest,
                                  const void *src, size_t n, int pe, int blocking)
{
    size_t o = (size_t)((const char *)src - mpishmem_g.heap.base);
    if (MPISHMEM_LIKELY(o < mpishmem_g.heap.fast_size) && mpishmem_pe_exists(pe, mpishmem_g.n_pes)) {
        const char *p = mpishmem_g.heap.peer[pe];
        if (MPISHMEM_LIKELY(p != NULL)) memcpy(dest, p + o, n);
        else mpishmem_mpi_get_heap(c, o, dest, n, pe, blocking);
        return;
    }
    mpishmem_get_general(c, routine, dest, src, n, pe, blocking);
}

/* Strided forms: `nblocks` blocks of `block` bytes, strides in bytes (always general path). */
MPISHMEM_INTERNAL void mpishmem_put_strided(struct mpishmem_ctx *c, const char *routine,
                                            void *dest, ptrdiff_t dst, const void *src,
                                            ptrdiff_t sst, size_t block, size_t nblocks, int pe);
MPISHMEM_INTERNAL void mpishmem_get_strided(struct mpishmem_ctx *c, const char *routine,
                                            void *dest, ptrdiff_t dst, const void *src,
                                            ptrdiff_t sst, size_t block, size_t nblocks, int pe);

#endif
