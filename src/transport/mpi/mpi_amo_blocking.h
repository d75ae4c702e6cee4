/* mpishmem: the blocking AMO through MPI, inline for its two callers: mpishmem_mpi_amo_blocking
 * (mpi_amo.c) and the general path's short way for the heap (core/amo.c, mpishmem_amo_fetch).
 * Every call layer costs ~15-25 instructions (saved registers, arguments), about 1% of a
 * blocking fetch through MPI over shared memory. */
#ifndef MPISHMEM_MPI_AMO_BLOCKING_H
#define MPISHMEM_MPI_AMO_BLOCKING_H

#include "../../base/amo_op.h"
#include "../../base/state.h"
#include "mpi_amo_op.h"
#include "mpi_batch_serve.h"
#include "mpi_progress.h"
#include "mpi_wait.h"

/* Quirk OMPI_RDMA_BITWISE_AMO: Open MPI's osc/rdma may apply 64-bit MPI_BAND/BOR/BXOR wrongly,
 * so those AMOs are compare-and-swap loops (compare-and-swap is right there; mpi_amo_blocking.c,
 * set by mpi_amo.c). */
extern MPISHMEM_INTERNAL int mpishmem_mpi_bitwise_by_cswap;
MPISHMEM_INTERNAL uint64_t mpishmem_mpi_bitwise_by_cswap_loop(int op, uint64_t operand, int pe,
                                                              MPI_Aint disp, MPI_Win win);
static inline __attribute__((always_inline)) int mpishmem_mpi_bitwise_loop_needed(int op,
                                                                                 size_t size)
{
    return MPISHMEM_UNLIKELY(mpishmem_mpi_bitwise_by_cswap) && size == 8 &&
           (op == MPISHMEM_AMO_AND || op == MPISHMEM_AMO_OR || op == MPISHMEM_AMO_XOR);
}

/* The wait of a blocking AMO in the library's loop (mpi_amo.c). */
MPISHMEM_INTERNAL void mpishmem_mpi_yielding_fetch(int op, uint64_t in[2], uint64_t *out,
                                                   MPI_Datatype t, int pe, MPI_Aint disp,
                                                   MPI_Win win);

static inline __attribute__((always_inline)) uint64_t
mpishmem_mpi_blocking_amo(int op, size_t size, uint64_t operand, uint64_t compare,
                          MPI_Datatype t, int pe, MPI_Aint disp, MPI_Win win)
{
    uint64_t in[2], out = 0;
    mpishmem_amo_unbits(&in[0], operand, size);
    mpishmem_amo_unbits(&in[1], compare, size);
    /* Batches other PEs sent are served first when a sampled call finds it due
     * (mpishmem_flush_sampled): a PE that polls a word (its own or another PE's) with AMOs
     * would otherwise never serve them while their senders wait for it. Then the plain
     * blocking call, except where the wait policy sends it to the library's loop (which
     * yields). Not for oneself: MPICH 4.0.2 never completed a request-based fetch on oneself
     * whose wait served batches (tests/progress/exchange_rounds.c, 4 PEs on the emulated
     * cluster, hung), and a fetch on oneself waits for no other PE. */
    int self = pe == mpishmem_g.my_pe;
    uint64_t t0 = 0;
    if (mpishmem_flush_sampled()) t0 = mpishmem_flush_sample_begin(0);
    if (!self && MPISHMEM_UNLIKELY(mpishmem_mpi_waits_in_loop(
                                  op == MPISHMEM_AMO_CSWAP ? MPISHMEM_MPI_LOOP_CSWAP : MPISHMEM_MPI_LOOP_FETCH))) {
        mpishmem_mpi_yielding_fetch(op, in, &out, t, pe, disp, win);
    } else {
        if (op == MPISHMEM_AMO_CSWAP)
            MPI_Compare_and_swap(&in[0], &in[1], &out, t, pe, disp, win);
        else
            MPI_Fetch_and_op(&in[0], &out, t, pe, disp, mpishmem_mpi_op(op), win);
        /* Local completion fills the result, and a fetched value implies the operation
         * took place at the target: nothing is left for quiet. */
        MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
        if (MPISHMEM_UNLIKELY(t0) && !self) mpishmem_flush_sample_end(t0, pe);
    }
    return mpishmem_amo_bits(&out, size);
}

/* mpishmem_mpi_amo_blocking (mpi_amo.h), inline. */
static inline __attribute__((always_inline)) uint64_t
mpishmem_mpi_amo_blocking_inline(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                 size_t off, int op, size_t size, uint64_t operand,
                                 uint64_t compare, int pe)
{
    mpishmem_progress_note();
    MPI_Win win = c->amo_win[s->id];
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    if (mpishmem_mpi_bitwise_loop_needed(op, size))
        return mpishmem_mpi_bitwise_by_cswap_loop(op, operand, pe, disp, win);
    return mpishmem_mpi_blocking_amo(op, size, operand, compare,
                                     size == 4 ? MPI_UINT32_T : MPI_UINT64_T, pe, disp, win);
}

#endif
