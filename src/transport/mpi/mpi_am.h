/* mpishmem: AMOs as active messages over MPI two-sided messages. The origin sends the request
 * to the target PE, whose library applies it with CPU atomics (transport/local/local_amo.h)
 * whenever it makes progress (any wait loop, quiet, barrier, collective) and replies with the
 * old value, or an acknowledgement that quiet waits for. Node peers are served by the origin
 * itself with the same CPU atomics, so all AMOs stay atomic with respect to each other. */
#ifndef MPISHMEM_MPI_AM_H
#define MPISHMEM_MPI_AM_H

#include <stddef.h>
#include <stdint.h>

#include "../../base/state.h"

/* Collective over the world: set up / tear down the message channel (after a barrier that
 * follows the last AMO). */
MPISHMEM_INTERNAL void mpishmem_am_init(void);
MPISHMEM_INTERNAL void mpishmem_am_fini(void);

/* `kind` as in base/amo_op.h. Returns the old value for MPISHMEM_AMO_BLOCKING. */
MPISHMEM_INTERNAL uint64_t mpishmem_am_amo(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                           size_t off, int op, size_t size, uint64_t operand,
                                           uint64_t compare, int pe, int kind, void *result);

/* Applies the requests that have arrived; returns how many. Called by every progress poll. */
MPISHMEM_INTERNAL unsigned mpishmem_am_serve(void);

/* Waits until every AMO this PE sent has been applied (quiet and fence). */
MPISHMEM_INTERNAL void mpishmem_am_complete(void);

#endif
