/* mpishmem: AMOs by CPU atomics on memory this PE can load and store (its own, or a node
 * peer's through shared memory). Used for every AMO in a single-node job and, in the
 * active-message mode, by both the origin (node peers) and the target (requests from other
 * nodes), so all of them are atomic with respect to each other. */
#ifndef MPISHMEM_LOCAL_AMO_H
#define MPISHMEM_LOCAL_AMO_H

#include "../../base/amo_op.h"

#define MPISHMEM_LOCAL_AMO_BODY(U, p, op, operand, compare)                               \
    switch (op) {                                                                         \
    case MPISHMEM_AMO_FETCH: return __atomic_load_n(p, __ATOMIC_ACQUIRE);                 \
    case MPISHMEM_AMO_SET: __atomic_store_n(p, (U)(operand), __ATOMIC_RELEASE); return 0; \
    case MPISHMEM_AMO_SWAP: return __atomic_exchange_n(p, (U)(operand), __ATOMIC_SEQ_CST); \
    case MPISHMEM_AMO_CSWAP: {                                                            \
        U expected = (U)(compare);                                                        \
        __atomic_compare_exchange_n(p, &expected, (U)(operand), 0, __ATOMIC_SEQ_CST,      \
                                    __ATOMIC_SEQ_CST);                                    \
        return expected;                                                                  \
    }                                                                                     \
    case MPISHMEM_AMO_ADD: return __atomic_fetch_add(p, (U)(operand), __ATOMIC_SEQ_CST);  \
    case MPISHMEM_AMO_AND: return __atomic_fetch_and(p, (U)(operand), __ATOMIC_SEQ_CST);  \
    case MPISHMEM_AMO_OR: return __atomic_fetch_or(p, (U)(operand), __ATOMIC_SEQ_CST);    \
    default: return __atomic_fetch_xor(p, (U)(operand), __ATOMIC_SEQ_CST);                \
    }

/* Applies `op` to the `size`-byte object at `addr`; returns its old value. */
static inline uint64_t mpishmem_local_amo(int op, size_t size, void *addr, uint64_t operand,
                                          uint64_t compare)
{
    if (size == 4) {
        uint32_t *p = addr;
        MPISHMEM_LOCAL_AMO_BODY(uint32_t, p, op, operand, compare)
    } else {
        uint64_t *p = addr;
        MPISHMEM_LOCAL_AMO_BODY(uint64_t, p, op, operand, compare)
    }
}

#endif
