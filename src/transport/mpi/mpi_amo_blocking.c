/* mpishmem: the out-of-line parts of the blocking AMO through MPI (mpi_amo_blocking.h). */
#include "mpi_amo_blocking.h"

#include "mpi_wait.h"

int mpishmem_mpi_bitwise_by_cswap;

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
