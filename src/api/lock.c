/* OpenSHMEM distributed locks: a fair (FIFO) queue lock in the manner of Mellor-Crummey and
 * Scott, built on AMOs so that it works on heap and global locks, on one node and across
 * nodes, in either AMO mode.
 *
 * The symmetric `long` lock holds two 32-bit words. Word 0 on PE 0 is the queue's tail: 0 when
 * the lock is free, else 1 + the last PE in the queue. Word 1 on each PE is that PE's queue
 * node: bit 0 is set while the PE waits for the lock, the bits above hold 1 + the PE queued
 * behind it (0: none yet). A PE enqueues by swapping itself into the tail, links itself behind
 * its predecessor with an add on the predecessor's node, and spins on its own node (local
 * memory). The holder passes the lock by clearing its successor's wait bit, or frees it by a
 * compare-and-swap on the tail when nobody is queued. */
#include "../core/amo.h"
#include "../core/order.h"
#include "../core/wait.h"
#include "api.h"

#define HOME_PE 0
#define WAITING 1u

static uint32_t *tail_word(long *lock) { return (uint32_t *)(void *)lock; }
static uint32_t *node_word(long *lock) { return (uint32_t *)(void *)lock + 1; }

static uint32_t amo32(const char *routine, int op, uint32_t *addr, uint32_t operand,
                      uint32_t compare, int pe)
{
    return (uint32_t)mpishmem_amo_general(&mpishmem_ctx_default, routine, op, 4, addr, operand,
                                          compare, pe, MPISHMEM_AMO_BLOCKING, NULL);
}

static void mpishmem_check_lock(const char *routine, long *lock)
{
    mpishmem_check_initialized(routine);
    mpishmem_check_aligned(routine, lock, sizeof *lock, "lock");
}

/* Marks this PE's node "waiting, nobody behind". Nobody else touches the node until this PE
 * is in the queue, so the update needs no AMO; it is made visible before the enqueue. */
static void reset_node(long *lock)
{
    __atomic_store_n(node_word(lock), WAITING, __ATOMIC_SEQ_CST);
}

MPISHMEM_API void pshmem_set_lock(long *lock)
{
    const char *routine = MPISHMEM_ROUTINE;
    MPISHMEM_CHECK(lock(routine, lock));
    uint32_t me = (uint32_t)mpishmem_g.my_pe + 1;
    reset_node(lock);
    uint32_t prev = amo32(routine, MPISHMEM_AMO_SWAP, tail_word(lock), me, 0, HOME_PE);
    if (prev != 0) {
        amo32(routine, MPISHMEM_AMO_ADD, node_word(lock), me << 1, 0, (int)prev - 1);
        MPISHMEM_WAIT_WHILE(__atomic_load_n(node_word(lock), __ATOMIC_ACQUIRE) & WAITING);
    }
    atomic_thread_fence(memory_order_acquire);
}
MPISHMEM_ALIAS(shmem_set_lock)

MPISHMEM_API int pshmem_test_lock(long *lock)
{
    const char *routine = MPISHMEM_ROUTINE;
    MPISHMEM_CHECK(lock(routine, lock));
    uint32_t me = (uint32_t)mpishmem_g.my_pe + 1;
    reset_node(lock);
    if (amo32(routine, MPISHMEM_AMO_CSWAP, tail_word(lock), me, 0, HOME_PE) != 0) {
        /* Programs retry test_lock in a loop: let MPI (and our requests) progress. */
        mpishmem_progress_poke();
        return 1;
    }
    atomic_thread_fence(memory_order_acquire);
    return 0;
}
MPISHMEM_ALIAS(shmem_test_lock)

MPISHMEM_API void pshmem_clear_lock(long *lock)
{
    const char *routine = MPISHMEM_ROUTINE;
    MPISHMEM_CHECK(lock(routine, lock));
    /* The updates made under the lock complete before the next holder may enter. */
    mpishmem_quiet(&mpishmem_ctx_default);
    uint32_t me = (uint32_t)mpishmem_g.my_pe + 1;
    uint32_t next = __atomic_load_n(node_word(lock), __ATOMIC_ACQUIRE) >> 1;
    if (next == 0) {
        if (amo32(routine, MPISHMEM_AMO_CSWAP, tail_word(lock), 0, me, HOME_PE) == me) return;
        /* A PE has swapped itself into the tail but not yet linked itself behind us. */
        MPISHMEM_WAIT_WHILE((next = __atomic_load_n(node_word(lock), __ATOMIC_ACQUIRE) >> 1) == 0);
    }
    amo32(routine, MPISHMEM_AMO_AND, node_word(lock), ~WAITING, 0, (int)next - 1);
}
MPISHMEM_ALIAS(shmem_clear_lock)
