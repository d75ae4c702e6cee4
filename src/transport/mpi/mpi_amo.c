#include "mpi_amo.h"

#include "../../base/amo_op.h"
#include "mpi_amo_blocking.h"
#include "mpi_amo_op.h"
#include "mpi_progress.h"
#include "mpi_quirks.h"
#include "mpi_rma.h"
#include "mpi_wait.h"
#include "ompi_osc_rdma.h"

int mpishmem_mpi_bitwise_by_cswap;

void mpishmem_mpi_amo_setup(void)
{
    mpishmem_mpi_bitwise_by_cswap =
        mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_RDMA_BITWISE_AMO] &&
        mpishmem_ompi_rdma_btl_atomics_possible();
}

MPI_Info mpishmem_mpi_amo_win_info(void)
{
    MPI_Info info;
    MPI_Info_create(&info);
    /* MPICH: the reduce operations (and compare-and-swap) used on the window, so that it may
     * use network atomics when all of them are supported, yet stay atomic across them. */
    MPI_Info_set(info, "which_accumulate_ops", "sum,replace,no_op,cswap,band,bor,bxor");
    return info;
}


/* A blocking fetching AMO that waits in a yielding loop (MPI's blocking flush spins, which
 * starves the target when PEs outnumber cores). Fetching operations use the request-based
 * MPI_Rget_accumulate. Compare-and-swap has no request-based form: a no-op fetch on the same
 * location follows it, which MPI's default accumulate ordering (same origin, same target
 * location) applies after it; once that one is done, the compare-and-swap has been applied
 * and the closing flush only collects its reply. */
void mpishmem_mpi_yielding_fetch(int op, uint64_t in[2], uint64_t *out, MPI_Datatype t, int pe,
                                 MPI_Aint disp, MPI_Win win)
{
    MPI_Request req;
    uint64_t dummy;
    if (op == MPISHMEM_AMO_CSWAP) {
        MPI_Compare_and_swap(&in[0], &in[1], out, t, pe, disp, win);
        MPI_Rget_accumulate(NULL, 0, t, &dummy, 1, t, pe, disp, 1, t, MPI_NO_OP, win, &req);
    } else {
        MPI_Rget_accumulate(&in[0], 1, t, out, 1, t, pe, disp, 1, t, mpishmem_mpi_op(op), win, &req);
    }
    mpishmem_wait_rma(&req, pe);
    if (op == MPISHMEM_AMO_CSWAP) MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
}

/* A 64-bit and/or/xor as compare-and-swaps until one finds the value it computed from: the
 * first guesses 0 (a fresh word), each failed one returns the value to try next. */
uint64_t mpishmem_mpi_bitwise_by_cswap_loop(int op, uint64_t operand, int pe, MPI_Aint disp,
                                            MPI_Win win)
{
    uint64_t old = 0;
    for (;;) {
        uint64_t want = op == MPISHMEM_AMO_AND  ? old & operand
                        : op == MPISHMEM_AMO_OR ? old | operand
                                                : old ^ operand;
        uint64_t seen = mpishmem_mpi_blocking_amo(MPISHMEM_AMO_CSWAP, 8, want, old,
                                                  MPI_UINT64_T, pe, disp, win);
        if (seen == old) return old;
        old = seen;
    }
}

uint64_t mpishmem_mpi_amo_blocking(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                   size_t off, int op, size_t size, uint64_t operand,
                                   uint64_t compare, int pe)
{
    return mpishmem_mpi_amo_blocking_inline(c, s, off, op, size, operand, compare, pe);
}

uint64_t mpishmem_mpi_amo(struct mpishmem_ctx *c, const struct mpishmem_seg *s, size_t off,
                          int op, size_t size, uint64_t operand, uint64_t compare, int pe,
                          int kind, void *result)
{
    if (kind == MPISHMEM_AMO_BLOCKING)
        return mpishmem_mpi_amo_blocking(c, s, off, op, size, operand, compare, pe);
    mpishmem_progress_note();
    MPI_Win win = c->amo_win[s->id];
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    MPI_Datatype t = size == 4 ? MPI_UINT32_T : MPI_UINT64_T;

    if (mpishmem_mpi_bitwise_loop_needed(op, size)) {
        /* Done when it returns: nothing is left for quiet. */
        uint64_t old = mpishmem_mpi_bitwise_by_cswap_loop(op, operand, pe, disp, win);
        if (kind == MPISHMEM_AMO_NBI) mpishmem_amo_unbits(result, old, size);
        return old;
    }
    uint64_t *slot = mpishmem_mpi_bounce(c, 2 * sizeof(uint64_t));
    mpishmem_amo_unbits(&slot[0], operand, size);
    mpishmem_amo_unbits(&slot[1], compare, size);
    if (kind == MPISHMEM_AMO_NONFETCHING)
        MPI_Accumulate(&slot[0], 1, t, pe, disp, 1, t, mpishmem_mpi_op(op), win);
    else if (op == MPISHMEM_AMO_CSWAP)
        MPI_Compare_and_swap(&slot[0], &slot[1], result, t, pe, disp, win);
    else
        MPI_Fetch_and_op(&slot[0], result, t, pe, disp, mpishmem_mpi_op(op), win);
    mpishmem_pending_window(c, s->id, c->amo_mark, pe);
    return 0;
}

int mpishmem_mpi_amo_batchable(int op, size_t size)
{
    return !mpishmem_mpi_bitwise_loop_needed(op, size);
}

