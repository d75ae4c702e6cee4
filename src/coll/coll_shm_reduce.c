/* mpishmem: reductions and prefix reductions of node-local teams (coll_shm.h). Operands are
 * combined in team PE order (the first operand copied, each next one combined into it as
 * MPI_Reduce_local does: coll_combine.h), and each result element is computed by one member,
 * or alike by every member, so every member gets the same bits. Small operands pass through
 * the mailboxes; larger ones are loaded from the members' symmetric buffers between syncs. */
#include <stdlib.h>
#include <string.h>

#include "../base/error.h"
#include "../core/runtime.h"
#include "coll_combine.h"
#include "coll_shm.h"
#include "coll_sync.h"

/* Larger operands are combined this many bytes at a time, in a buffer on the stack. */
#define PIECE 8192

/* dest = the operands of team PEs [0, upto) from the mailboxes (upto >= 1). */
static void combine_mailboxes(struct mpishmem_team *t, void *dest, size_t nbytes, size_t count,
                              int upto, const struct mpishmem_combiner *c)
{
    memcpy(dest, mpishmem_coll_eager_peer(t, 0, nbytes), nbytes);
    for (int p = 1; p < upto; p++)
        mpishmem_coll_combine(c, mpishmem_coll_eager_peer(t, p, nbytes), dest, count);
}

/* Small operands: each member posts its operand and combines the ones it needs. */
static void through_mailboxes(struct mpishmem_team *t, void *dest, const void *source,
                              size_t nbytes, size_t count, int upto,
                              const struct mpishmem_combiner *c)
{
    memcpy(mpishmem_coll_eager_begin(t, nbytes), source, nbytes);
    mpishmem_coll_eager_post(t);
    /* This PE's operand comes from its mailbox too: source may be dest. */
    if (upto > 0) combine_mailboxes(t, dest, nbytes, count, upto, c);
    mpishmem_coll_eager_end(t, 1);
}

/* acc[0, m) = the elements [k, k + m) of the sources of team PEs [0, upto) (upto >= 1). */
static void combine_sources(struct mpishmem_team *t, char *acc, const char *source, size_t k,
                            size_t m, size_t size, int upto, const struct mpishmem_combiner *c)
{
    const char *mine = source;
    memcpy(acc, (t->my_pe == 0 ? mine : mpishmem_coll_shm_peer(t, source, 0)) + k * size,
           m * size);
    for (int p = 1; p < upto; p++)
        mpishmem_coll_combine(c, (p == t->my_pe ? mine : mpishmem_coll_shm_peer(t, source, p)) +
                                     k * size, acc, m);
}

/* Bounds [lo, hi) of member p's slice of `count` elements. */
static void slice(size_t per, size_t count, int p, size_t *lo, size_t *hi)
{
    *lo = per * (size_t)p < count ? per * (size_t)p : count;
    *hi = *lo + per < count ? *lo + per : count;
}

/* Larger reductions: member i combines the i-th slice of every member's source into the i-th
 * slice of its dest (reading nobody else's dest, and a slice of its own source nobody else
 * reads: in place is safe); then each member copies the other slices from their owners' dest. */
static void reduce_slices(struct mpishmem_team *t, char *dest, const char *source, size_t count,
                          size_t size, const struct mpishmem_combiner *c)
{
    int n = t->n_pes, me = t->my_pe;
    /* Slices of whole cache lines where the element size allows. */
    size_t align = size < 64 && 64 % size == 0 ? 64 / size : 1;
    size_t per = ((count + (size_t)n - 1) / (size_t)n + align - 1) / align * align;
    size_t piece = PIECE / size, lo, hi;
    _Alignas(64) char acc[PIECE];
    slice(per, count, me, &lo, &hi);
    mpishmem_coll_sync_shm(t);
    for (size_t k = lo; k < hi; k += piece) {
        size_t m = hi - k < piece ? hi - k : piece;
        combine_sources(t, acc, source, k, m, size, n, c);
        memcpy(dest + k * size, acc, m * size);
    }
    mpishmem_coll_sync_shm(t);
    for (int p = 0; p < n; p++) {
        slice(per, count, p, &lo, &hi);
        if (p != me && hi > lo)
            memcpy(dest + lo * size, mpishmem_coll_shm_peer(t, dest, p) + lo * size,
                   (hi - lo) * size);
    }
    mpishmem_coll_sync_shm(t);
}

int mpishmem_coll_shm_reduce_first(struct mpishmem_team *t, void *dest, const void *source,
                                   size_t count, MPI_Datatype type, MPI_Op op)
{
    int size;
    MPI_Type_size(type, &size);
    size_t nbytes = count * (size_t)size;
    if (nbytes > MPISHMEM_MAILBOX_BYTES || !mpishmem_coll_shm_mailboxes(t)) return -1;
    struct mpishmem_combiner c = mpishmem_coll_combiner(type, op);
    through_mailboxes(t, dest, source, nbytes, count, t->my_pe == 0 ? t->n_pes : 0, &c);
    return 0;
}

int mpishmem_coll_shm_reduce(struct mpishmem_team *t, void *dest, const void *source,
                             size_t count, MPI_Datatype type, MPI_Op op)
{
    int size;
    MPI_Type_size(type, &size);
    size_t nbytes = count * (size_t)size;
    struct mpishmem_combiner c = mpishmem_coll_combiner(type, op);
    if (nbytes <= MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        through_mailboxes(t, dest, source, nbytes, count, t->n_pes, &c);
        return 0;
    }
    if ((size_t)size > PIECE || !mpishmem_coll_shm_usable(t, source) ||
        !mpishmem_coll_shm_usable(t, dest))
        return -1;
    reduce_slices(t, dest, source, count, (size_t)size, &c);
    return 0;
}

int mpishmem_coll_shm_scan(struct mpishmem_team *t, void *dest, const void *source,
                           size_t count, MPI_Datatype type, MPI_Op op, int exclusive)
{
    int size;
    MPI_Type_size(type, &size);
    size_t nbytes = count * (size_t)size;
    int upto = t->my_pe + !exclusive; /* the operands this PE's result combines */
    struct mpishmem_combiner c = mpishmem_coll_combiner(type, op);
    if (nbytes <= MPISHMEM_MAILBOX_BYTES && mpishmem_coll_shm_mailboxes(t)) {
        through_mailboxes(t, dest, source, nbytes, count, upto, &c);
        return 0;
    }
    if ((size_t)size > PIECE || !mpishmem_coll_shm_usable(t, source)) return -1;
    /* Every member reads the sources of the members before it: in place, this PE's result is
     * stored only after the last sync (members after it read its source until then). */
    char *out = dest == source && upto > 0 ? malloc(nbytes) : dest;
    if (!out) /* no way out that every member would take alike */
        mpishmem_error(exclusive ? "shmem_sum_exscan" : "shmem_sum_inscan",
                       "no memory for the result of an in-place scan of %zu bytes", nbytes);
    size_t piece = PIECE / (size_t)size;
    _Alignas(64) char acc[PIECE];
    mpishmem_coll_sync_shm(t);
    for (size_t k = 0; k < count && upto > 0; k += piece) {
        size_t m = count - k < piece ? count - k : piece;
        combine_sources(t, acc, source, k, m, (size_t)size, upto, &c);
        memcpy(out + k * (size_t)size, acc, m * (size_t)size);
    }
    mpishmem_coll_sync_shm(t);
    if (out != dest) {
        memcpy(dest, out, nbytes);
        free(out);
    }
    return 0;
}
