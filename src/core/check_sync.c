/* SHMEM_DEBUG checks of the synchronization routines' arguments. */
#include <stdint.h>

#include "../base/error.h"
#include "check.h"

void mpishmem_check_cmp(const char *routine, int cmp)
{
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_LE)
        mpishmem_error(routine, "invalid comparison operator %d (use one of SHMEM_CMP_EQ, "
                                "_NE, _GT, _GE, _LT, _LE)", cmp);
}

void mpishmem_check_sig_op(const char *routine, int sig_op)
{
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD)
        mpishmem_error(routine, "invalid signal operator %d (use SHMEM_SIGNAL_SET or "
                                "SHMEM_SIGNAL_ADD)", sig_op);
}

void mpishmem_check_aligned(const char *routine, const void *addr, size_t size,
                            const char *what)
{
    mpishmem_check_symmetric(routine, addr, size, what);
    if ((uintptr_t)addr % size)
        mpishmem_error(routine, "%s = %p is not aligned to %zu bytes (the size of its type)",
                       what, addr, size);
}
