/* mpishmem: node-local collectives (see coll_shm.h). Two ways:
 * - Small ones (up to MPISHMEM_MAILBOX_BYTES a member) pass through the members' mailboxes
 *   (coll_sync.h): a member copies its data into its mailbox and posts, the others copy it out
 *   when they see the post. Nobody waits for the readers of its data (a broadcast root leaves at
 *   once), as with MPI's eager messages, but with one copy on each side and no matching.
 * - Larger ones load directly from the members' symmetric buffers between team syncs (every
 *   source is ready after the first; no member returns, and so reuses its buffers, while
 *   another may still read them).
 * Reductions and scans: coll_shm_reduce.c. */
#include "coll_shm.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../base/segment.h"
#include "../core/runtime.h"
#include "../core/team.h"
#include "coll_sync.h"

/* Broadcasts of up to this many mailboxes (16 KiB) go through them: the root need not wait
 * for its readers, which matters most when PEs share cores (4 KiB, 8 PEs on 2 cores: 7.7 us
 * per broadcast reading the root's source between syncs, 2.2 us through mailboxes; 2 PEs:
 * 560 -> 360 ns, in one run of bench/shmem_coll_bench.c). */
#define BCAST_BOXES 8

const char *mpishmem_coll_shm_peer(struct mpishmem_team *t, const void *addr, int pe)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(addr, &off);
    return s->peer[mpishmem_team_world_pe(t, pe)] + off;
}

int mpishmem_coll_shm_mailboxes(struct mpishmem_team *t)
{
    return t->n_pes > 1 && mpishmem_coll_sync_mode(t) == MPISHMEM_SYNC_SHM;
}

/* Whether every member can read every member's `source` here: the team syncs through shared
 * memory, and `source` is in the heap, or in global data when node peers map it
 * (MPISHMEM_GLOBALS_SHARED, the same on every PE). A symmetric address is in the same segment
 * on every member, so every member decides alike. */
int mpishmem_coll_shm_usable(struct mpishmem_team *t, const void *source)
{
    if (!mpishmem_coll_shm_mailboxes(t)) return 0;
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(source, &off);
    if (!s || (s->id != MPISHMEM_SEG_HEAP && s->id != MPISHMEM_SEG_DATA)) return 0;
    return s->peer[mpishmem_team_world_pe(t, t->my_pe == 0)] != NULL;
}

/* The part of nbytes from off that fits in a mailbox. */
static size_t piece(size_t nbytes, size_t off)
{
    return nbytes - off < MPISHMEM_MAILBOX_BYTES ? nbytes - off : MPISHMEM_MAILBOX_BYTES;
}

int mpishmem_coll_shm_broadcast(struct mpishmem_team *t, void *dest, const void *source,
                                size_t nbytes, int root, int root_dest)
{
    if (nbytes <= BCAST_BOXES * MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        mpishmem_coll_eager_boxes(t, (unsigned)((nbytes + MPISHMEM_MAILBOX_BYTES - 1) /
                                                MPISHMEM_MAILBOX_BYTES));
        if (t->my_pe == root) {
            char *box = mpishmem_coll_eager_begin(t, nbytes);
            for (size_t off = 0; off < nbytes; off += MPISHMEM_MAILBOX_BYTES)
                memcpy(box + off / MPISHMEM_MAILBOX_BYTES * MPISHMEM_MAILBOX_STRIDE,
                       (const char *)source + off, piece(nbytes, off));
            mpishmem_coll_eager_post(t);
            if (root_dest && dest != source) memmove(dest, source, nbytes);
            mpishmem_coll_eager_end(t, 1);
        } else {
            const char *box = mpishmem_coll_eager_peer(t, root, nbytes);
            for (size_t off = 0; off < nbytes; off += MPISHMEM_MAILBOX_BYTES)
                memcpy((char *)dest + off,
                       box + off / MPISHMEM_MAILBOX_BYTES * MPISHMEM_MAILBOX_STRIDE,
                       piece(nbytes, off));
            mpishmem_coll_eager_end(t, 0);
        }
        return 0;
    }
    if (!mpishmem_coll_shm_usable(t, source)) return -1;
    /* Only the root's source is read: members wait for the root alone, and only the root
     * waits for the readers (it may reuse its source once they are done). */
    mpishmem_coll_sync_root_ready(t, root);
    if (t->my_pe != root) memcpy(dest, mpishmem_coll_shm_peer(t, source, root), nbytes);
    else if (root_dest && dest != source) memmove(dest, source, nbytes);
    mpishmem_coll_sync_root_done(t, root);
    return 0;
}

int mpishmem_coll_shm_fcollect(struct mpishmem_team *t, void *dest, const void *source,
                               size_t nbytes)
{
    if (nbytes <= MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        memcpy(mpishmem_coll_eager_begin(t, nbytes), source, nbytes);
        mpishmem_coll_eager_post(t);
        for (int p = 0; p < t->n_pes; p++) {
            char *to = (char *)dest + (size_t)p * nbytes;
            if (p != t->my_pe) memcpy(to, mpishmem_coll_eager_peer(t, p, nbytes), nbytes);
            else if (to != source) memmove(to, source, nbytes);
        }
        mpishmem_coll_eager_end(t, 1);
        return 0;
    }
    if (!mpishmem_coll_shm_usable(t, source)) return -1;
    /* In place, each member's source is its own block of dest: a different address on each. */
    int in_place = (const char *)source == (char *)dest + (size_t)t->my_pe * nbytes;
    mpishmem_coll_sync_shm(t);
    for (int p = 0; p < t->n_pes; p++) {
        char *to = (char *)dest + (size_t)p * nbytes;
        const char *from = p == t->my_pe ? (const char *)source
                                         : mpishmem_coll_shm_peer(t, in_place ? to : source, p);
        if (to != from) memmove(to, from, nbytes);
    }
    mpishmem_coll_sync_shm(t);
    return 0;
}

int mpishmem_coll_shm_alltoall(struct mpishmem_team *t, void *dest, const void *source,
                               size_t nbytes)
{
    size_t mine = (size_t)t->my_pe * nbytes;
    if (nbytes * (size_t)t->n_pes <= MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        size_t all = nbytes * (size_t)t->n_pes;
        memcpy(mpishmem_coll_eager_begin(t, all), source, all);
        mpishmem_coll_eager_post(t);
        for (int p = 0; p < t->n_pes; p++) {
            const char *from = p == t->my_pe ? (const char *)source
                                             : mpishmem_coll_eager_peer(t, p, all);
            memcpy((char *)dest + (size_t)p * nbytes, from + mine, nbytes);
        }
        mpishmem_coll_eager_end(t, 1);
        return 0;
    }
    if (!mpishmem_coll_shm_usable(t, source)) return -1;
    mpishmem_coll_sync_shm(t);
    for (int p = 0; p < t->n_pes; p++) {
        const char *from = p == t->my_pe ? (const char *)source : mpishmem_coll_shm_peer(t, source, p);
        memcpy((char *)dest + (size_t)p * nbytes, from + mine, nbytes);
    }
    mpishmem_coll_sync_shm(t);
    return 0;
}

int mpishmem_coll_shm_collect(struct mpishmem_team *t, void *dest, const void *source,
                              size_t nbytes)
{
    enum { HEAD = sizeof(uint64_t), INLINE = MPISHMEM_MAILBOX_BYTES - HEAD };
    if (!mpishmem_coll_shm_mailboxes(t)) return -1;
    /* Each member's mailbox holds its size and, when it fits, its data; larger parts are read
     * from the member's source, which every member can tell from the sizes. */
    char *box = mpishmem_coll_eager_begin(t, MPISHMEM_MAILBOX_BYTES); /* sizes vary */
    uint64_t mine = nbytes;
    memcpy(box, &mine, HEAD);
    if (nbytes && nbytes <= INLINE) memcpy(box + HEAD, source, nbytes);
    mpishmem_coll_eager_post(t);
    int n = t->n_pes, direct = 0;
    uint64_t few[64], *sizes = n <= 64 ? few : malloc(sizeof *sizes * (size_t)n);
    for (int p = 0; p < n; p++) {
        memcpy(&sizes[p], mpishmem_coll_eager_peer(t, p, MPISHMEM_MAILBOX_BYTES), HEAD);
        direct |= sizes[p] > INLINE;
    }
    if (direct && !mpishmem_coll_shm_usable(t, source)) {
        mpishmem_coll_eager_end(t, 1); /* every member saw the same sizes: all go to MPI */
        if (sizes != few) free(sizes);
        return -1;
    }
    char *to = dest;
    for (int p = 0; p < n; to += sizes[p++]) {
        if (sizes[p] == 0) continue; /* dest may be NULL where nothing lands (memcpy's rule) */
        if (p == t->my_pe) memmove(to, source, nbytes);
        else if (sizes[p] <= INLINE)
            memcpy(to, mpishmem_coll_eager_peer(t, p, MPISHMEM_MAILBOX_BYTES) + HEAD, sizes[p]);
        else memcpy(to, mpishmem_coll_shm_peer(t, source, p), sizes[p]);
    }
    mpishmem_coll_eager_end(t, 1);
    /* Read from its source: it may reuse it once every member is done. */
    if (nbytes > INLINE) mpishmem_coll_eager_wait_readers(t);
    if (sizes != few) free(sizes);
    return 0;
}

int mpishmem_coll_shm_alltoalls(struct mpishmem_team *t, void *dest, const void *source,
                                ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem_size)
{
    int n = t->n_pes, me = t->my_pe;
    /* Block j of a buffer (to or from team PE j) starts at j * nelems strides; element k of a
     * block is k strides further. */
    ptrdiff_t es = (ptrdiff_t)elem_size, sblock = (ptrdiff_t)nelems * sst * es;
    ptrdiff_t dblock = (ptrdiff_t)nelems * dst * es;
    size_t packed = nelems * elem_size;
    if (packed * (size_t)n <= MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        size_t all = packed * (size_t)n;
        char *box = mpishmem_coll_eager_begin(t, all); /* packed: block j at j * packed */
        for (int j = 0; j < n; j++)
            for (size_t k = 0; k < nelems; k++)
                memcpy(box + (size_t)j * packed + k * elem_size,
                       (const char *)source + j * sblock + (ptrdiff_t)k * sst * es, elem_size);
        mpishmem_coll_eager_post(t);
        for (int p = 0; p < n; p++) {
            const char *from = mpishmem_coll_eager_peer(t, p, all) + (size_t)me * packed;
            for (size_t k = 0; k < nelems; k++)
                memcpy((char *)dest + p * dblock + (ptrdiff_t)k * dst * es, from + k * elem_size,
                       elem_size);
        }
        mpishmem_coll_eager_end(t, 1);
        return 0;
    }
    if (!mpishmem_coll_shm_usable(t, source)) return -1;
    mpishmem_coll_sync_shm(t);
    for (int p = 0; p < n; p++) {
        const char *from = (p == me ? (const char *)source : mpishmem_coll_shm_peer(t, source, p)) +
                           me * sblock;
        for (size_t k = 0; k < nelems; k++)
            memcpy((char *)dest + p * dblock + (ptrdiff_t)k * dst * es,
                   from + (ptrdiff_t)k * sst * es, elem_size);
    }
    mpishmem_coll_sync_shm(t);
    return 0;
}
