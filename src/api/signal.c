/* OpenSHMEM signaling: put-with-signal (typed, sized, mem; blocking and nbi; ctx twins),
 * signal_fetch, signal_add and signal_set. */
#include "../core/amo.h"
#include "../core/progress.h"
#include "../core/signal.h"
#include "api.h"

#define MPISHMEM_DEF_PUT_SIGNAL(op, T, size, blocking)                                    \
    MPISHMEM_DEF_CTX(void, op,                                                            \
                     (T * dest, const T *source, size_t nelems, uint64_t *sig_addr,       \
                      uint64_t signal, int sig_op, int pe),                               \
                     mpishmem_put_signal(C, MPISHMEM_ROUTINE, dest, source,            \
                                         mpishmem_bytes(MPISHMEM_ROUTINE, nelems, size), \
                                         sig_addr, signal, sig_op, PE, blocking);)

#define MPISHMEM_DEF_SIGNAL_TYPED(T, N, _)                                                \
    MPISHMEM_DEF_PUT_SIGNAL(N##_put_signal, T, sizeof(T), 1)                              \
    MPISHMEM_DEF_PUT_SIGNAL(N##_put_signal_nbi, T, sizeof(T), 0)
MPISHMEM_RMA_TYPES(MPISHMEM_DEF_SIGNAL_TYPED, _)

#define MPISHMEM_DEF_SIGNAL_SIZED(BITS, BYTES, _)                                         \
    MPISHMEM_DEF_PUT_SIGNAL(put##BITS##_signal, void, BYTES, 1)                           \
    MPISHMEM_DEF_PUT_SIGNAL(put##BITS##_signal_nbi, void, BYTES, 0)
MPISHMEM_SIZES(MPISHMEM_DEF_SIGNAL_SIZED, _)

MPISHMEM_DEF_PUT_SIGNAL(putmem_signal, void, 1, 1)
MPISHMEM_DEF_PUT_SIGNAL(putmem_signal_nbi, void, 1, 0)

MPISHMEM_API uint64_t pshmem_signal_fetch(const uint64_t *sig_addr)
{
    MPISHMEM_CHECK(aligned(MPISHMEM_ROUTINE, sig_addr, sizeof *sig_addr, "sig_addr"));
    /* Programs poll signal_fetch in a loop; an update sent through MPI lands only while this
     * PE is inside MPI. */
    if (MPISHMEM_UNLIKELY(mpishmem_g.remote_updates)) mpishmem_progress_poke();
    return __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE);
}
MPISHMEM_ALIAS(shmem_signal_fetch)

/* signal_add and signal_set: a non-fetching AMO on the signal word. */
#define MPISHMEM_DEF_SIGNAL_UPDATE(name, OP, local)                                       \
    MPISHMEM_DEF_CTX(void, name, (uint64_t * sig_addr, uint64_t signal, int pe),          \
                     uint64_t *a = mpishmem_amo_fast_addr(sig_addr, PE);                  \
                     if (MPISHMEM_LIKELY(a != NULL)) {                                    \
                         local;                                                           \
                         mpishmem_pending_mark(C, MPISHMEM_PENDING_LOCAL);                \
                         return;                                                          \
                     }                                                                    \
                     mpishmem_amo_general(C, MPISHMEM_ROUTINE, OP, sizeof(uint64_t),      \
                                          sig_addr, signal, 0, PE,                        \
                                          MPISHMEM_AMO_NONFETCHING, NULL);)
MPISHMEM_DEF_SIGNAL_UPDATE(signal_add, MPISHMEM_AMO_ADD,
                           __atomic_fetch_add(a, signal, __ATOMIC_RELEASE))
MPISHMEM_DEF_SIGNAL_UPDATE(signal_set, MPISHMEM_AMO_SET,
                           __atomic_store_n(a, signal, __ATOMIC_RELEASE))
