/* OpenSHMEM team-based data collectives: alltoall, alltoalls, broadcast, collect and fcollect,
 * typed (the 24 standard RMA types) and mem (bytes). Each typed routine is one line handing
 * its element size to a shared body: checks under SHMEM_DEBUG, then src/coll. They return 0, or
 * -1 for SHMEM_TEAM_INVALID. No quiet: team collectives order only their own data. */
#include "../coll/coll.h"
#include "api.h"
#include "coll_check.h"

static int alltoall(const char *routine, struct mpishmem_team *t, void *dest, const void *source,
                    size_t nelems, size_t size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    size_t block = mpishmem_bytes(routine, nelems, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        size_t bytes = mpishmem_bytes(routine, block, (size_t)t->n_pes);
        mpishmem_check_symmetric(routine, dest, bytes, "dest");
        mpishmem_check_symmetric(routine, source, bytes, "source");
        mpishmem_check_coll_disjoint(routine, dest, bytes, source, bytes, 0);
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    if (block == 0) return 0; /* every PE passes 0: a no-op everywhere, NULL buffers too */
    mpishmem_bytes(routine, block, (size_t)t->n_pes);
    mpishmem_coll_alltoall(t, dest, source, block);
    return 0;
}

/* Bytes from the first to the end of the last of `count` elements `stride` elements apart. */
static size_t strided_extent(size_t count, ptrdiff_t stride, size_t size)
{
    return count ? ((count - 1) * (size_t)stride + 1) * size : 0;
}

static int alltoalls(const char *routine, struct mpishmem_team *t, void *dest,
                     const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                     size_t size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    mpishmem_bytes(routine, nelems, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        mpishmem_check_coll_stride(routine, dst, "dst");
        mpishmem_check_coll_stride(routine, sst, "sst");
        size_t count = nelems * (size_t)t->n_pes;
        size_t dbytes = strided_extent(count, dst, size), sbytes = strided_extent(count, sst, size);
        mpishmem_check_symmetric(routine, dest, dbytes, "dest");
        mpishmem_check_symmetric(routine, source, sbytes, "source");
        mpishmem_check_coll_disjoint(routine, dest, dbytes, source, sbytes, 0);
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    if (nelems == 0) return 0;
    mpishmem_coll_alltoalls(t, dest, source, dst, sst, nelems, size);
    return 0;
}

static int broadcast(const char *routine, struct mpishmem_team *t, void *dest,
                     const void *source, size_t nelems, int root, size_t size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    size_t bytes = mpishmem_bytes(routine, nelems, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        mpishmem_check_coll_root(routine, t, root);
        mpishmem_check_symmetric(routine, dest, nelems * size, "dest");
        mpishmem_check_symmetric(routine, source, nelems * size, "source");
        mpishmem_check_coll_disjoint(routine, dest, nelems * size, source, nelems * size, 1);
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    if (bytes == 0) return 0;
    mpishmem_coll_broadcast(t, dest, source, bytes, root, 1);
    return 0;
}

static int collect(const char *routine, struct mpishmem_team *t, void *dest, const void *source,
                   size_t nelems, size_t size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    size_t bytes = mpishmem_bytes(routine, nelems, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        /* dest holds at least this PE's part (the total is known only inside the call) */
        mpishmem_check_symmetric(routine, dest, nelems * size, "dest");
        mpishmem_check_symmetric(routine, source, nelems * size, "source");
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    /* PEs may contribute different counts, so even 0 takes part (src/coll copes with NULL
     * buffers of 0 bytes). */
    mpishmem_coll_collect(t, dest, source, bytes);
    return 0;
}

static int fcollect(const char *routine, struct mpishmem_team *t, void *dest, const void *source,
                    size_t nelems, size_t size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    size_t bytes = mpishmem_bytes(routine, nelems, size);
    if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) {
        mpishmem_check_coll_team(routine, t);
        size_t all = mpishmem_bytes(routine, bytes, (size_t)t->n_pes);
        mpishmem_check_symmetric(routine, dest, all, "dest");
        mpishmem_check_symmetric(routine, source, bytes, "source");
        /* in place: source is this PE's own block of dest */
        if ((const char *)source != (char *)dest + bytes * (size_t)t->my_pe)
            mpishmem_check_coll_disjoint(routine, dest, all, source, bytes, 0);
    }
    if (t == SHMEM_TEAM_INVALID) return -1;
    if (bytes == 0) return 0;
    mpishmem_bytes(routine, bytes, (size_t)t->n_pes);
    mpishmem_coll_fcollect(t, dest, source, bytes);
    return 0;
}

#define MPISHMEM_DEF_COLL_DATA(T, N, _)                                                   \
    MPISHMEM_API int pshmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source,   \
                                           size_t nelems)                                 \
    {                                                                                     \
        return alltoall(MPISHMEM_ROUTINE, team, dest, source, nelems, sizeof(T));         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_alltoall)                                                  \
    MPISHMEM_API int pshmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source,  \
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems)  \
    {                                                                                     \
        return alltoalls(MPISHMEM_ROUTINE, team, dest, source, dst, sst, nelems,          \
                         sizeof(T));                                                      \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_alltoalls)                                                 \
    MPISHMEM_API int pshmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source,  \
                                            size_t nelems, int PE_root)                   \
    {                                                                                     \
        return broadcast(MPISHMEM_ROUTINE, team, dest, source, nelems, PE_root, sizeof(T)); \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_broadcast)                                                 \
    MPISHMEM_API int pshmem_##N##_collect(shmem_team_t team, T *dest, const T *source,    \
                                          size_t nelems)                                  \
    {                                                                                     \
        return collect(MPISHMEM_ROUTINE, team, dest, source, nelems, sizeof(T));          \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_collect)                                                   \
    MPISHMEM_API int pshmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source,   \
                                           size_t nelems)                                 \
    {                                                                                     \
        return fcollect(MPISHMEM_ROUTINE, team, dest, source, nelems, sizeof(T));         \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##N##_fcollect)
MPISHMEM_RMA_TYPES(MPISHMEM_DEF_COLL_DATA, _)

MPISHMEM_API int pshmem_alltoallmem(shmem_team_t team, void *dest, const void *source,
                                    size_t nelems)
{
    return alltoall(MPISHMEM_ROUTINE, team, dest, source, nelems, 1);
}
MPISHMEM_ALIAS(shmem_alltoallmem)

MPISHMEM_API int pshmem_alltoallsmem(shmem_team_t team, void *dest, const void *source,
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems)
{
    return alltoalls(MPISHMEM_ROUTINE, team, dest, source, dst, sst, nelems, 1);
}
MPISHMEM_ALIAS(shmem_alltoallsmem)

MPISHMEM_API int pshmem_broadcastmem(shmem_team_t team, void *dest, const void *source,
                                     size_t nelems, int PE_root)
{
    return broadcast(MPISHMEM_ROUTINE, team, dest, source, nelems, PE_root, 1);
}
MPISHMEM_ALIAS(shmem_broadcastmem)

MPISHMEM_API int pshmem_collectmem(shmem_team_t team, void *dest, const void *source,
                                   size_t nelems)
{
    return collect(MPISHMEM_ROUTINE, team, dest, source, nelems, 1);
}
MPISHMEM_ALIAS(shmem_collectmem)

MPISHMEM_API int pshmem_fcollectmem(shmem_team_t team, void *dest, const void *source,
                                    size_t nelems)
{
    return fcollect(MPISHMEM_ROUTINE, team, dest, source, nelems, 1);
}
MPISHMEM_ALIAS(shmem_fcollectmem)
