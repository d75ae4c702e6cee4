/* mpishmem: the general RMA path (see rma.h): SHMEM_DEBUG checks, segment lookup, then the
 * node-local copy or the MPI transfer. */
#include "rma.h"

#include "check.h"
#include "../transport/local/local_rma.h"
#include "../transport/mpi/mpi_rma.h"

static struct mpishmem_seg *lookup(const char *routine, const void *addr, size_t *off)
{
    struct mpishmem_seg *s = mpishmem_seg_find(addr, off);
    if (MPISHMEM_UNLIKELY(!s)) mpishmem_not_symmetric(routine, addr);
    return s;
}

/* A put on a route of MPI (mpi_route.h). */
static void put_remote_routed(struct mpishmem_ctx *c, enum mpishmem_route r, int seg, size_t off,
                              const void *src, size_t n, int pe, int blocking)
{
    if (r == MPISHMEM_ROUTE_MPI_ORDERED && seg == MPISHMEM_SEG_HEAP) {
        mpishmem_put_remote_direct(c, off, src, n, pe, blocking);
        return;
    }
    mpishmem_ctx_lock(c);
    mpishmem_mpi_put(c, mpishmem_seg_by_id(seg), off, src, n, pe, blocking);
    if (r == MPISHMEM_ROUTE_MPI_FIRST) mpishmem_route_first_taken(c);
    mpishmem_ctx_unlock(c);
}

void mpishmem_put_general(struct mpishmem_ctx *c, const char *routine, void *dest,
                          const void *src, size_t n, int pe, int blocking)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    if (mpishmem_g.debug) {
        mpishmem_check_pe_in_team(routine, &mpishmem_ctx_default, pe);
        mpishmem_check_symmetric(routine, dest, n, "dest");
        mpishmem_check_local(routine, src, n, "source");
    }
    if (n == 0) return; /* a no-op, whatever the addresses (NULL included) */
    size_t off;
    struct mpishmem_seg *s = lookup(routine, dest, &off);
    char *peer = s->peer[pe];
    if (peer) {
        memcpy(peer + off, src, n);
        mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
    } else {
        enum mpishmem_route r = mpishmem_put_route(c, s->id, off, n, pe);
        if (r == MPISHMEM_ROUTE_BATCH) mpishmem_batch_put(c, s->id, off, src, n, pe);
        else put_remote_routed(c, r, s->id, off, src, n, pe, blocking);
    }
}

void mpishmem_put_remote_direct(struct mpishmem_ctx *c, size_t o, const void *src, size_t n,
                                int pe, int blocking)
{
    mpishmem_batch_before_direct(c, pe);
    if (c == &mpishmem_ctx_default && blocking) mpishmem_mpi_putmem_heap(o, src, n, pe);
    else mpishmem_mpi_put_heap(c, o, src, n, pe, blocking);
}

void mpishmem_put_remote_first(struct mpishmem_ctx *c, size_t o, const void *src, size_t n,
                               int pe, int blocking)
{
    put_remote_routed(c, MPISHMEM_ROUTE_MPI_FIRST, MPISHMEM_SEG_HEAP, o, src, n, pe, blocking);
}

void mpishmem_put_remote_value(struct mpishmem_ctx *c, enum mpishmem_route r, size_t o,
                               uint64_t bits, size_t n, int pe)
{
    /* the caller copied n bytes in */
    put_remote_routed(c, r, MPISHMEM_SEG_HEAP, o, &bits, n, pe, 1);
}

void mpishmem_put_general_value(struct mpishmem_ctx *c, const char *routine, void *dest,
                                uint64_t bits, size_t n, int pe)
{
    mpishmem_put_general(c, routine, dest, &bits, n, pe, 1); /* little or big endian alike:
                                                              * the caller copied n bytes in */
}

void mpishmem_get_general(struct mpishmem_ctx *c, const char *routine, void *dest,
                          const void *src, size_t n, int pe, int blocking)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    if (mpishmem_g.debug) {
        mpishmem_check_pe_in_team(routine, &mpishmem_ctx_default, pe);
        mpishmem_check_symmetric(routine, src, n, "source");
        mpishmem_check_local(routine, dest, n, "dest");
    }
    if (n == 0) return; /* a no-op, whatever the addresses (NULL included) */
    size_t off;
    struct mpishmem_seg *s = lookup(routine, src, &off);
    const char *peer = s->peer[pe];
    if (peer) memcpy(dest, peer + off, n);
    else {
        mpishmem_ctx_lock(c);
        mpishmem_mpi_get(c, s, off, dest, n, pe, blocking);
        mpishmem_ctx_unlock(c);
    }
}

void mpishmem_put_strided(struct mpishmem_ctx *c, const char *routine, void *dest,
                          ptrdiff_t dst, const void *src, ptrdiff_t sst, size_t block,
                          size_t nblocks, int pe)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    if (nblocks == 0 || block == 0) return; /* a no-op, whatever the addresses */
    size_t off;
    struct mpishmem_seg *s = lookup(routine, dest, &off);
    char *peer = s->peer[pe];
    if (peer) {
        mpishmem_local_strided(peer + off, dst, src, sst, block, nblocks);
        mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
    } else {
        mpishmem_ctx_lock(c);
        mpishmem_mpi_strided(c, s, off, dst, (void *)src, sst, block, nblocks, pe, 1);
        mpishmem_ctx_unlock(c);
    }
}

void mpishmem_get_strided(struct mpishmem_ctx *c, const char *routine, void *dest,
                          ptrdiff_t dst, const void *src, ptrdiff_t sst, size_t block,
                          size_t nblocks, int pe)
{
    MPISHMEM_WORLD_PE_CHECK(routine, pe);
    if (nblocks == 0 || block == 0) return; /* a no-op, whatever the addresses */
    size_t off;
    struct mpishmem_seg *s = lookup(routine, src, &off);
    const char *peer = s->peer[pe];
    if (peer) mpishmem_local_strided(dest, dst, peer + off, sst, block, nblocks);
    else {
        mpishmem_ctx_lock(c);
        mpishmem_mpi_strided(c, s, off, sst, dest, dst, block, nblocks, pe, 0);
        mpishmem_ctx_unlock(c);
    }
}
