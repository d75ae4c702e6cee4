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
    } else if (c->batch && n <= mpishmem_batch_max && mpishmem_batch_fits(off)) {
        mpishmem_put_small_remote(c, s->id, off, src, n, pe);
    } else {
        mpishmem_ctx_lock(c);
        mpishmem_mpi_put(c, s, off, src, n, pe, blocking);
        mpishmem_ctx_unlock(c);
    }
}

/* mpishmem_put_small_remote's ways other than the heap's short one, out of line so that the
 * short one needs no stack frame. */
static __attribute__((noinline)) void put_small_other(struct mpishmem_ctx *c, int seg,
                                                      size_t off, const void *src, size_t n,
                                                      int pe)
{
    if (mpishmem_batch_may_go_direct(pe) && (seg != MPISHMEM_SEG_HEAP || c->locking)) {
        mpishmem_ctx_lock(c);
        if (mpishmem_batch_put_goes_direct(c, seg, pe)) {
            mpishmem_mpi_put(c, mpishmem_seg_by_id(seg), off, src, n, pe, 1);
            mpishmem_ctx_unlock(c);
            return;
        }
        mpishmem_ctx_unlock(c);
    }
    if (mpishmem_batch_after_direct(c, pe)) {
        mpishmem_ctx_lock(c);
        mpishmem_mpi_put(c, mpishmem_seg_by_id(seg), off, src, n, pe, 1);
        mpishmem_batch_direct_taken(c);
        mpishmem_ctx_unlock(c);
        return;
    }
    mpishmem_batch_put(c, seg, off, src, n, pe);
}

void mpishmem_put_small_remote(struct mpishmem_ctx *c, int seg, size_t off, const void *src,
                               size_t n, int pe)
{
    /* No other thread uses `c` and MPI reaches `pe` through its shared memory: the heap's
     * short path (a copy into the bounce buffer and MPI_Put), as with batching off, when
     * nothing of `c` waits for `pe` (then mpishmem_batch_before_direct only notes `pe`). The
     * common one cost ~60 instructions more, and this one's checks in a function with a frame
     * ~20 more (callgrind, Intel MPI, 8-byte put + quiet). */
    if (MPISHMEM_LIKELY(seg == MPISHMEM_SEG_HEAP && !c->locking &&
                        mpishmem_batch_may_go_direct(pe) &&
                        mpishmem_batch_put_goes_direct(c, seg, pe))) {
        mpishmem_batch_note_direct(c, pe);
        if (c == &mpishmem_ctx_default) mpishmem_mpi_putmem_heap(off, src, n, pe);
        else mpishmem_mpi_put_heap(c, off, src, n, pe, 1);
        return;
    }
    put_small_other(c, seg, off, src, n, pe);
}

void mpishmem_put_small_remote_value(struct mpishmem_ctx *c, int seg, size_t off, uint64_t bits,
                                     size_t n, int pe)
{
    mpishmem_put_small_remote(c, seg, off, &bits, n, pe); /* the caller copied n bytes in */
}

void mpishmem_put_remote_direct(struct mpishmem_ctx *c, size_t o, const void *src, size_t n,
                                int pe, int blocking)
{
    mpishmem_batch_before_direct(c, pe);
    mpishmem_mpi_put_heap(c, o, src, n, pe, blocking);
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
