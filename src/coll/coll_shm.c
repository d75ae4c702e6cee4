/* mpishmem: node-local collectives by direct loads from the members' symmetric buffers
 * (see coll_shm.h). Pattern: sync (every member has arrived, so every source is ready), copy
 * or combine from the peers' sources into this PE's dest, sync (no member returns, and so
 * reuses its source, while another may still read it). Reductions combine in team PE order
 * with MPI_Reduce_local, so every member computes the same bits. */
#include "coll_shm.h"

#include <stdlib.h>
#include <string.h>

#include "../core/segment.h"
#include "../core/team.h"
#include "coll.h"
#include "coll_sync.h"

/* Largest reduction done here (bytes of one member's operand): each member reads every
 * member's operand, which beyond this costs more than MPI's reduce-scatter algorithms. */
#define SHM_REDUCE_MAX (64 * 1024)

/* Where this PE reads `addr` of team PE `pe` (usable() said it can). */
static const char *peer_addr(struct mpishmem_team *t, const void *addr, int pe)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(addr, &off);
    return s->peer[mpishmem_team_world_pe(t, pe)] + off;
}

/* Whether every member can read every member's `source` here: the team syncs through shared
 * memory, and `source` is in the heap, or in global data when node peers map it
 * (MPISHMEM_GLOBALS_SHARED, the same on every PE). A symmetric address is in the same segment
 * on every member, so every member decides alike. */
static int usable(struct mpishmem_team *t, const void *source)
{
    if (t->n_pes < 2 || mpishmem_coll_sync_mode(t) != MPISHMEM_SYNC_SHM) return 0;
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(source, &off);
    if (!s || (s->id != MPISHMEM_SEG_HEAP && s->id != MPISHMEM_SEG_DATA)) return 0;
    return s->peer[mpishmem_team_world_pe(t, t->my_pe == 0)] != NULL;
}

int mpishmem_coll_shm_broadcast(struct mpishmem_team *t, void *dest, const void *source,
                                size_t nbytes, int root, int root_dest)
{
    if (!usable(t, source)) return -1;
    /* Only the root's source is read: members wait for the root alone, and only the root
     * waits for the readers (it may reuse its source once they are done). */
    mpishmem_coll_sync_root_ready(t, root);
    if (t->my_pe != root) memcpy(dest, peer_addr(t, source, root), nbytes);
    else if (root_dest && dest != source) memmove(dest, source, nbytes);
    mpishmem_coll_sync_root_done(t, root);
    return 0;
}

int mpishmem_coll_shm_fcollect(struct mpishmem_team *t, void *dest, const void *source,
                               size_t nbytes)
{
    if (!usable(t, source)) return -1;
    /* In place, each member's source is its own block of dest: a different address on each. */
    int in_place = (const char *)source == (char *)dest + (size_t)t->my_pe * nbytes;
    mpishmem_coll_sync(t);
    for (int p = 0; p < t->n_pes; p++) {
        char *to = (char *)dest + (size_t)p * nbytes;
        const char *from = p == t->my_pe ? (const char *)source
                                         : peer_addr(t, in_place ? to : source, p);
        if (to != from) memmove(to, from, nbytes);
    }
    mpishmem_coll_sync(t);
    return 0;
}

int mpishmem_coll_shm_alltoall(struct mpishmem_team *t, void *dest, const void *source,
                               size_t nbytes)
{
    if (!usable(t, source)) return -1;
    mpishmem_coll_sync(t);
    size_t mine = (size_t)t->my_pe * nbytes;
    for (int p = 0; p < t->n_pes; p++) {
        const char *from = p == t->my_pe ? (const char *)source : peer_addr(t, source, p);
        memcpy((char *)dest + (size_t)p * nbytes, from + mine, nbytes);
    }
    mpishmem_coll_sync(t);
    return 0;
}

int mpishmem_coll_shm_reduce(struct mpishmem_team *t, void *dest, const void *source,
                             size_t count, MPI_Datatype type, MPI_Op op)
{
    int size;
    MPI_Type_size(type, &size);
    size_t nbytes = count * (size_t)size;
    if (nbytes > SHM_REDUCE_MAX || !usable(t, source)) return -1;
    /* In place, the result may be stored only once no member reads this source any more. */
    char stack[512];
    void *acc = dest;
    if (dest == source) acc = nbytes <= sizeof stack ? stack : malloc(nbytes);
    mpishmem_coll_sync(t);
    memcpy(acc, t->my_pe == 0 ? source : peer_addr(t, source, 0), nbytes);
    for (int p = 1; p < t->n_pes; p++)
        MPI_Reduce_local(p == t->my_pe ? source : peer_addr(t, source, p), acc, (int)count, type,
                         op);
    mpishmem_coll_sync(t);
    if (acc != dest) {
        memcpy(dest, acc, nbytes);
        if (acc != stack) free(acc);
    }
    return 0;
}
