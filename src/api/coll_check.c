#include "coll_check.h"

#include <stdint.h>

#include "../base/error.h"
#include "../core/check.h"

void mpishmem_check_coll_team(const char *routine, struct mpishmem_team *t)
{
    mpishmem_check_initialized(routine);
    if (t == SHMEM_TEAM_INVALID)
        mpishmem_error(routine, "the team is SHMEM_TEAM_INVALID (a split gives it to the PEs "
                                "it leaves out, and to every PE when it fails: check the "
                                "split's return value or the handle before a collective)");
}

void mpishmem_check_coll_root(const char *routine, struct mpishmem_team *t, int root)
{
    if (root < 0 || root >= t->n_pes)
        mpishmem_error(routine, "PE_root %d is not a PE of the team (it has %d PEs, numbered "
                                "0 to %d; the root is numbered in the team)",
                       root, t->n_pes, t->n_pes - 1);
}

void mpishmem_check_coll_stride(const char *routine, ptrdiff_t stride, const char *what)
{
    if (stride < 1)
        mpishmem_error(routine, "%s = %td: the strides of alltoalls must be at least 1", what,
                       stride);
}

void mpishmem_check_coll_disjoint(const char *routine, const void *dest, size_t dbytes,
                                  const void *source, size_t sbytes, int same_ok)
{
    if (dbytes == 0 || sbytes == 0 || (same_ok && dest == source)) return;
    uintptr_t d = (uintptr_t)dest, s = (uintptr_t)source;
    if (d < s + sbytes && s < d + dbytes)
        mpishmem_error(routine, "dest %p (%zu bytes) and source %p (%zu bytes) overlap; they "
                                "must be %s",
                       dest, dbytes, source, sbytes,
                       same_ok ? "the same array (in place) or disjoint" : "disjoint");
}
