/* mpishmem: AMO dispatch. `pe` is a world PE number here.
 *
 * Fast path, inline: a heap address on a PE whose heap this PE may update with CPU atomics
 * (every PE of a single-node job; node peers in the active-message mode) is one range compare
 * and one table load, then the CPU atomic. Everything else goes to the general path, which
 * runs the SHMEM_DEBUG checks and picks the mechanism: CPU atomics, MPI accumulates, or
 * active messages (docs/design.md, "Atomics"). */
#ifndef MPISHMEM_AMO_H
#define MPISHMEM_AMO_H

#include "../base/amo_op.h"
#include "../base/state.h"
#include "check.h"

/* The address to apply a CPU atomic to for heap address `addr` on `pe`, or NULL. */
static inline __attribute__((always_inline)) void *mpishmem_amo_fast_addr(const void *addr,
                                                                          int pe)
{
    size_t o = (size_t)((const char *)addr - mpishmem_g.heap.base);
    if (MPISHMEM_UNLIKELY(o >= mpishmem_g.heap.fast_size) || !mpishmem_pe_exists(pe, mpishmem_g.n_pes))
        return NULL; /* the general path, which reports a PE out of range */
    char *p = mpishmem_g.heap.amo_peer[pe];
    return MPISHMEM_LIKELY(p != NULL) ? p + o : NULL;
}

/* Any AMO on any symmetric address. Returns the old value for MPISHMEM_AMO_BLOCKING; for
 * MPISHMEM_AMO_NBI it is written to `result` by the next quiet (or at once). */
MPISHMEM_INTERNAL uint64_t mpishmem_amo_general(struct mpishmem_ctx *c, const char *routine,
                                                int op, size_t size, void *dest,
                                                uint64_t operand, uint64_t compare, int pe,
                                                int kind, void *result);

/* mpishmem_amo_general(..., MPISHMEM_AMO_BLOCKING, NULL), shorter for the common remote case. */
MPISHMEM_INTERNAL uint64_t mpishmem_amo_fetch(struct mpishmem_ctx *c, const char *routine, int op,
                                              size_t size, void *dest, uint64_t operand,
                                              uint64_t compare, int pe);

/* Sets up the AMO tables and mechanism after the segments exist (init), and undoes it. */
MPISHMEM_INTERNAL void mpishmem_amo_init(const char *routine, int data_shared);
MPISHMEM_INTERNAL void mpishmem_amo_fini(void);

#endif
