/* mpishmem: argument checks shared by the active-set collectives (coll_old.c,
 * coll_old_reduce.c), run under SHMEM_DEBUG through MPISHMEM_CHECK. The active set itself is
 * checked, always, when this PE first uses it (src/coll/active_set.h). */
#ifndef MPISHMEM_API_COLL_OLD_H
#define MPISHMEM_API_COLL_OLD_H

#include "api.h"

/* pSync: not NULL, symmetric, `nlongs` longs. */
MPISHMEM_INTERNAL void mpishmem_check_psync(const char *routine, const long *pSync,
                                            size_t nlongs);

/* PE_root: a PE of the active set (0 <= root < size). */
static inline void mpishmem_check_root(const char *routine, int root, int size)
{
    if (root < 0 || root >= size)
        mpishmem_error(routine, "PE_root = %d is out of range (it numbers a PE of the active "
                                "set, which has %d PEs: 0 to %d)", root, size, size - 1);
}

/* Strided alltoall buffers: `n` elements of `size` bytes at strides dst/sst (in elements). */
static inline void mpishmem_check_strides(const char *routine, const void *dest,
                                          const void *source, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t n, size_t size)
{
    if (dst < 1 || sst < 1)
        mpishmem_error(routine, "the strides must be at least 1 element (dst = %td, sst = %td)",
                       dst, sst);
    mpishmem_check_strided(routine, dest, dst * (ptrdiff_t)size, size, n, "dest");
    mpishmem_check_strided(routine, source, sst * (ptrdiff_t)size, size, n, "source");
}

#endif
