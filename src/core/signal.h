/* mpishmem: put-with-signal. The data is delivered before the signal becomes visible, on
 * every path: a node-local copy is followed by a release fence; an MPI put is flushed to the
 * target before the signal update, because MPI does not order a put with a later accumulate
 * (or active message). The signal update itself is an AMO (core/amo.h), so it is atomic with
 * signal_add/set, other put-with-signal calls and AMOs from any PE. */
#ifndef MPISHMEM_SIGNAL_H
#define MPISHMEM_SIGNAL_H

#include <stddef.h>
#include <stdint.h>

#include "../base/state.h"

MPISHMEM_INTERNAL void mpishmem_put_signal(struct mpishmem_ctx *c, const char *routine,
                                           void *dest, const void *src, size_t n,
                                           uint64_t *sig_addr, uint64_t signal, int sig_op,
                                           int pe, int blocking);

#endif
