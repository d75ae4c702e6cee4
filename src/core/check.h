/* mpishmem: argument checks, run only when SHMEM_DEBUG is set:
 *     MPISHMEM_CHECK(symmetric(MPISHMEM_ROUTINE, dest, nbytes, "dest"));
 * Without SHMEM_DEBUG a check costs one predictable branch on a flag. Each failed check
 * reports the routine, the PE, what was wrong and a hint, then aborts the job. */
#ifndef MPISHMEM_CHECK_H
#define MPISHMEM_CHECK_H

#include <stddef.h>

#include "../base/state.h"

#define MPISHMEM_CHECK(call)                                                              \
    do {                                                                                  \
        if (MPISHMEM_UNLIKELY(mpishmem_g.debug)) mpishmem_check_##call;                   \
    } while (0)

MPISHMEM_INTERNAL void mpishmem_check_initialized(const char *routine);
/* The same check, always (SHMEM_DEBUG or not): for routines that are not on a fast path
 * (collectives, barriers, allocation, teams, contexts), which would otherwise touch the freed
 * state of a finalized library. One load and one branch. */
#define MPISHMEM_REQUIRE_INIT(routine)                                                    \
    do {                                                                                  \
        if (MPISHMEM_UNLIKELY(mpishmem_g.init_count <= 0)) mpishmem_check_initialized(routine); \
    } while (0)
/* The error for an operation on SHMEM_CTX_INVALID (checked always where it is one compare). */
MPISHMEM_INTERNAL __attribute__((noreturn, cold)) void mpishmem_ctx_invalid(const char *routine);
/* `pe` numbered in the context's team. */
MPISHMEM_INTERNAL void mpishmem_check_pe_in_team(const char *routine, struct mpishmem_ctx *c,
                                                 int pe);
MPISHMEM_INTERNAL void mpishmem_check_pe(const char *routine, int pe);
/* The error for a PE number outside the context's team (or a call before shmem_init). */
MPISHMEM_INTERNAL __attribute__((noreturn, cold)) void
mpishmem_pe_out_of_range(const char *routine, struct mpishmem_ctx *c, int pe);
/* PE numbers are checked always, SHMEM_DEBUG or not: one outside the team would index the
 * peer tables out of bounds (a wrong answer, or a crash far from the call). A world PE is
 * checked by the node-local fast paths (a compare with the count in memory and a branch to
 * the general path, core/rma.h and core/amo.h) and on entry to every general path
 * (MPISHMEM_WORLD_PE_CHECK); a context's team PE by the shmem_ctx_ forms before it is
 * translated (api/api.h). */
static inline __attribute__((always_inline)) int mpishmem_pe_exists(int pe, int n)
{
    return MPISHMEM_LIKELY((unsigned)pe < (unsigned)n);
}
#define MPISHMEM_PE_IN_RANGE(routine, c, pe, n)                                          \
    do {                                                                                  \
        if (!mpishmem_pe_exists(pe, n)) mpishmem_pe_out_of_range(routine, c, pe);         \
    } while (0)
#define MPISHMEM_WORLD_PE_CHECK(routine, pe)                                              \
    MPISHMEM_PE_IN_RANGE(routine, &mpishmem_ctx_default, pe, mpishmem_g.n_pes)
/* [addr, addr + bytes) lies inside one symmetric segment. */
MPISHMEM_INTERNAL void mpishmem_check_symmetric(const char *routine, const void *addr,
                                                size_t bytes, const char *what);
/* Every block of a strided access lies inside one symmetric segment (strides in bytes). */
MPISHMEM_INTERNAL void mpishmem_check_strided(const char *routine, const void *addr,
                                              ptrdiff_t stride, size_t block, size_t nblocks,
                                              const char *what);
/* A local buffer is not NULL when it has bytes to transfer. */
MPISHMEM_INTERNAL void mpishmem_check_local(const char *routine, const void *addr, size_t bytes,
                                            const char *what);
/* A comparison operator of the point-to-point routines (SHMEM_CMP_*). */
MPISHMEM_INTERNAL void mpishmem_check_cmp(const char *routine, int cmp);
/* A signal operator (SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD). */
MPISHMEM_INTERNAL void mpishmem_check_sig_op(const char *routine, int sig_op);
/* The error for nelems * size overflowing size_t (api.h's mpishmem_bytes). */
MPISHMEM_INTERNAL __attribute__((noreturn, cold)) void
mpishmem_size_overflow(const char *routine, size_t nelems, size_t size);
/* A symmetric object of `size` bytes aligned to its size (AMO targets, signals, locks). */
MPISHMEM_INTERNAL void mpishmem_check_aligned(const char *routine, const void *addr, size_t size,
                                              const char *what);
#endif
