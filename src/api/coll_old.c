/* OpenSHMEM active-set collectives (deprecated in 1.5, still part of 1.6): barrier, sync,
 * broadcast, collect, fcollect, alltoall and alltoalls in their 32- and 64-bit forms (0
 * elements: a no-op, except collect, whose counts may differ between PEs). The
 * active set is mapped to a cached team (src/coll/active_set.c) and the work done by the team
 * algorithms of src/coll/coll.h. pSync is checked under SHMEM_DEBUG but never written: the
 * spec's contract (initialized to SHMEM_SYNC_VALUE by the program, restored on return) holds
 * trivially, so programs may reuse it in consecutive calls. The reductions are in
 * coll_old_reduce.c. */
#include "../coll/active_set.h"
#include "../coll/coll.h"
#include "../core/order.h"
#include "coll_old.h"

void mpishmem_check_psync(const char *routine, const long *pSync, size_t nlongs)
{
    if (!pSync)
        mpishmem_error(routine, "pSync is NULL (pass a symmetric array of SHMEM_SYNC_SIZE longs, "
                                "each initialized to SHMEM_SYNC_VALUE)");
    mpishmem_check_symmetric(routine, pSync, nlongs * sizeof(long), "pSync");
}

/* The team of an active set, after the checks common to every active-set routine. */
static inline struct mpishmem_team *aset(const char *routine, int start, int log_stride,
                                         int size, const long *pSync, size_t sync_size)
{
    MPISHMEM_REQUIRE_INIT(routine);
    MPISHMEM_CHECK(psync(routine, pSync, sync_size));
    return mpishmem_active_set(routine, start, log_stride, size);
}

MPISHMEM_API void pshmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct mpishmem_team *t =
        aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, pSync, SHMEM_BARRIER_SYNC_SIZE);
    mpishmem_quiet(&mpishmem_ctx_default);
    mpishmem_coll_sync(t);
}
MPISHMEM_ALIAS(shmem_barrier)

MPISHMEM_API void pshmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    mpishmem_coll_sync(
        aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, pSync, SHMEM_BARRIER_SYNC_SIZE));
}
MPISHMEM_ALIAS(shmem_sync)

/* The 32- and 64-bit forms of one routine share a body; BYTES is the element size. Buffers are
 * checked for symmetry with the bytes this PE reads or writes in them. */
#define MPISHMEM_DEF_COLL_OLD_SIZED(BITS, BYTES)                                          \
    MPISHMEM_API void pshmem_broadcast##BITS(void *dest, const void *source, size_t nelems, \
                                             int PE_root, int PE_start, int logPE_stride, \
                                             int PE_size, long *pSync)                    \
    {                                                                                     \
        struct mpishmem_team *t = aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, \
                                       pSync, SHMEM_BCAST_SYNC_SIZE);                     \
        MPISHMEM_CHECK(root(MPISHMEM_ROUTINE, PE_root, PE_size));                         \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, dest, nelems * BYTES, "dest"));        \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, source, nelems * BYTES, "source"));    \
        size_t bytes = mpishmem_bytes(MPISHMEM_ROUTINE, nelems, BYTES);                   \
        if (bytes) mpishmem_coll_broadcast(t, dest, source, bytes, PE_root, 0);           \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_broadcast##BITS)                                                 \
    MPISHMEM_API void pshmem_collect##BITS(void *dest, const void *source, size_t nelems, \
                                           int PE_start, int logPE_stride, int PE_size,   \
                                           long *pSync)                                   \
    {                                                                                     \
        struct mpishmem_team *t = aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, \
                                       pSync, SHMEM_COLLECT_SYNC_SIZE);                   \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, dest, nelems * BYTES, "dest"));        \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, source, nelems * BYTES, "source"));    \
        /* even 0 takes part: the counts may differ between PEs */                        \
        mpishmem_coll_collect(t, dest, source, mpishmem_bytes(MPISHMEM_ROUTINE, nelems, BYTES)); \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_collect##BITS)                                                   \
    MPISHMEM_API void pshmem_fcollect##BITS(void *dest, const void *source, size_t nelems, \
                                            int PE_start, int logPE_stride, int PE_size,  \
                                            long *pSync)                                  \
    {                                                                                     \
        struct mpishmem_team *t = aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, \
                                       pSync, SHMEM_COLLECT_SYNC_SIZE);                   \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, dest, nelems * BYTES * (size_t)PE_size, \
                                 "dest"));                                                \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, source, nelems * BYTES, "source"));    \
        size_t bytes = mpishmem_bytes(MPISHMEM_ROUTINE, nelems, BYTES);                   \
        if (bytes) mpishmem_coll_fcollect(t, dest, source, bytes);                        \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_fcollect##BITS)                                                  \
    MPISHMEM_API void pshmem_alltoall##BITS(void *dest, const void *source, size_t nelems, \
                                            int PE_start, int logPE_stride, int PE_size,  \
                                            long *pSync)                                  \
    {                                                                                     \
        struct mpishmem_team *t = aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, \
                                       pSync, SHMEM_ALLTOALL_SYNC_SIZE);                  \
        size_t all = mpishmem_bytes(MPISHMEM_ROUTINE,                                     \
                                    mpishmem_bytes(MPISHMEM_ROUTINE, nelems, BYTES),      \
                                    (size_t)PE_size);                                     \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, dest, all, "dest"));                   \
        MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, source, all, "source"));               \
        if (all) mpishmem_coll_alltoall(t, dest, source, nelems * BYTES);                 \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_alltoall##BITS)                                                  \
    MPISHMEM_API void pshmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, \
                                             ptrdiff_t sst, size_t nelems, int PE_start,  \
                                             int logPE_stride, int PE_size, long *pSync)  \
    {                                                                                     \
        struct mpishmem_team *t = aset(MPISHMEM_ROUTINE, PE_start, logPE_stride, PE_size, \
                                       pSync, SHMEM_ALLTOALLS_SYNC_SIZE);                 \
        MPISHMEM_CHECK(strides(MPISHMEM_ROUTINE, dest, source, dst, sst,                  \
                               nelems * (size_t)PE_size, BYTES));                         \
        if (mpishmem_bytes(MPISHMEM_ROUTINE, nelems, BYTES))                              \
            mpishmem_coll_alltoalls(t, dest, source, dst, sst, nelems, BYTES);            \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_alltoalls##BITS)
MPISHMEM_DEF_COLL_OLD_SIZED(32, 4)
MPISHMEM_DEF_COLL_OLD_SIZED(64, 8)
