/* mpishmem: the atomic operations every AMO, signal and lock routine reduces to.
 *
 * All OpenSHMEM AMO types are 4 or 8 bytes, and every operation they support (fetch, set,
 * swap, compare-swap, add, and, or, xor) gives the same bits on a signed, unsigned or floating
 * type of that size when done on an unsigned integer of that size (two's complement add; float
 * only ever fetches, sets or swaps). So below the typed API an AMO is (op, size, operands as a
 * uint64_t), whatever path executes it. */
#ifndef MPISHMEM_AMO_OP_H
#define MPISHMEM_AMO_OP_H

#include <stdint.h>
#include <string.h>

enum mpishmem_amo_op {
    MPISHMEM_AMO_FETCH,
    MPISHMEM_AMO_SET,
    MPISHMEM_AMO_SWAP,
    MPISHMEM_AMO_CSWAP,
    MPISHMEM_AMO_ADD,
    MPISHMEM_AMO_AND,
    MPISHMEM_AMO_OR,
    MPISHMEM_AMO_XOR,
    MPISHMEM_AMO_NOPS
};

/* What the caller wants back. */
enum mpishmem_amo_kind {
    MPISHMEM_AMO_NONFETCHING, /* nothing; completes at quiet */
    MPISHMEM_AMO_BLOCKING,    /* the old value, now */
    MPISHMEM_AMO_NBI          /* the old value, written to `result` by the next quiet */
};

/* Value bits of a 4- or 8-byte object, and back. */
static inline __attribute__((always_inline)) uint64_t mpishmem_amo_bits(const void *v,
                                                                        size_t size)
{
    if (size == 4) {
        uint32_t u;
        memcpy(&u, v, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, v, 8);
    return u;
}

static inline __attribute__((always_inline)) void mpishmem_amo_unbits(void *v, uint64_t bits,
                                                                      size_t size)
{
    if (size == 4) {
        uint32_t u = (uint32_t)bits;
        memcpy(v, &u, 4);
    } else {
        memcpy(v, &bits, 8);
    }
}

#endif
