#include "mpi_amo.h"

#include "../../base/amo_op.h"
#include "mpi_amo_blocking.h"
#include "mpi_amo_op.h"
#include "mpi_progress.h"
#include "mpi_rma.h"
#include "mpi_wait.h"
#include "quirks/mpi_quirks.h"
#include "quirks/ompi_rdma_bitwise_amo.h"

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

