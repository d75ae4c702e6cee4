/* mpishmem: argument checks of the team-based collectives (run under SHMEM_DEBUG, through
 * MPISHMEM_CHECK like those of check.h). */
#ifndef MPISHMEM_COLL_CHECK_H
#define MPISHMEM_COLL_CHECK_H

#include <stddef.h>

#include "../base/state.h"

/* The library is initialized and the team is not SHMEM_TEAM_INVALID. */
MPISHMEM_INTERNAL void mpishmem_check_coll_team(const char *routine, struct mpishmem_team *t);
/* PE_root numbers a PE of the team. */
MPISHMEM_INTERNAL void mpishmem_check_coll_root(const char *routine, struct mpishmem_team *t,
                                                int root);
/* A stride of alltoalls is at least 1. */
MPISHMEM_INTERNAL void mpishmem_check_coll_stride(const char *routine, ptrdiff_t stride,
                                                  const char *what);
/* [dest, dest + dbytes) and [source, source + sbytes) do not overlap; with `same_ok`, dest ==
 * source is allowed too (in place). */
MPISHMEM_INTERNAL void mpishmem_check_coll_disjoint(const char *routine, const void *dest,
                                                    size_t dbytes, const void *source,
                                                    size_t sbytes, int same_ok);

#endif
