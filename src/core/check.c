#include "check.h"

#include <stdint.h>

#include "../base/error.h"
#include "../base/segment.h"
#include "team.h"

void mpishmem_check_initialized(const char *routine)
{
    if (mpishmem_g.init_count <= 0)
        mpishmem_error(routine, "the library is not initialized (call shmem_init first)");
}

void mpishmem_ctx_invalid(const char *routine)
{
    mpishmem_error(routine, "the context is SHMEM_CTX_INVALID (check the return value of "
                            "shmem_ctx_create)");
}

void mpishmem_check_pe_in_team(const char *routine, struct mpishmem_ctx *c, int pe)
{
    mpishmem_check_initialized(routine);
    int n = c->team->n_pes;
    if (pe < 0 || pe >= n)
        mpishmem_error(routine, "PE %d is out of range (the %s has %d PEs, numbered 0 to %d)",
                       pe, c->team == &mpishmem_team_world ? "job" : "context's team", n, n - 1);
}

void mpishmem_pe_out_of_range(const char *routine, struct mpishmem_ctx *c, int pe)
{
    mpishmem_check_pe_in_team(routine, c, pe);
    mpishmem_error(routine, "PE %d is out of range", pe); /* not reached */
}

void mpishmem_check_pe(const char *routine, int pe)
{
    mpishmem_check_pe_in_team(routine, &mpishmem_ctx_default, pe);
}

void mpishmem_check_symmetric(const char *routine, const void *addr, size_t bytes,
                              const char *what)
{
    mpishmem_check_initialized(routine);
    if (bytes == 0) return;
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(addr, &off);
    if (!s)
        mpishmem_error(routine,
                       "%s = %p is not a symmetric address (use memory from shmem_malloc, a "
                       "global or static variable, or an attached memory space)",
                       what, addr);
    if (bytes > s->size - off)
        mpishmem_error(routine,
                       "%s = %p: the %zu bytes accessed run past the end of the %s by %zu bytes "
                       "(check the element count)",
                       what, addr, bytes, mpishmem_seg_name(s), bytes - (s->size - off));
}

void mpishmem_check_strided(const char *routine, const void *addr, ptrdiff_t stride,
                            size_t block, size_t nblocks, const char *what)
{
    if (nblocks == 0 || block == 0) return;
    const char *first = addr, *last = first + (ptrdiff_t)(nblocks - 1) * stride;
    const char *low = stride < 0 ? last : first;
    size_t extent = (size_t)((stride < 0 ? first : last) - low) + block;
    mpishmem_check_symmetric(routine, low, extent, what);
}

void mpishmem_check_local(const char *routine, const void *addr, size_t bytes, const char *what)
{
    if (bytes && !addr) mpishmem_error(routine, "%s is NULL", what);
}

void mpishmem_size_overflow(const char *routine, size_t nelems, size_t size)
{
    mpishmem_error(routine, "%zu elements of %zu bytes overflow the address space (a negative "
                            "count converted to size_t?)", nelems, size);
}

/* The synchronization routines' arguments. */
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
