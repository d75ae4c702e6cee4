/* Plain MPI (no OpenSHMEM): MPI_Finalize returns after communication over UCX's TCP transport.
 *
 * Every rank puts one long into the next rank's window and flushes it, then all call
 * MPI_Finalize. Run as 4 ranks with MPIR_CVAR_NUM_CLIQUES=2 UCX_TLS=tcp,self (two simulated
 * nodes talking TCP) or on the emulated cluster. MPICH 3.3 to 4.1 (ch4:ucx) finalize by closing
 * every UCX endpoint, progressing until the closes complete, and only then entering the process
 * manager's barrier, where they stop progressing UCX: over TCP a close needs the peer's answer,
 * so a rank already in the barrier leaves a later one closing forever (MPICH 4.0.2: 3 hangs in
 * 8 runs; docs/multinode.md). MPICH 4.2 moved the barrier before the closes.
 *
 * Linked with the library's remedy (MPISHMEM_UCX_INTERPOSERS: closes still pending 1 s after
 * the first are reported complete, only where the quirk ucx-close-grace applies), the program
 * must end on every MPI; without it (MPISHMEM_MPI_QUIRKS=-ucx-close-grace) it hangs now and
 * then on the affected versions. The put is checked too. Exit status 1 on a wrong value. */
#include <mpi.h>
#include <stdio.h>

#define WINDOW_LONGS 64

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long *slot;
    MPI_Win win;
    /* Not a window of one long: MPICH 4.0.2 delivers an 8-byte put into an 8-byte
     * MPI_Win_allocate window to the wrong rank (seen while writing this; not what is tested). */
    MPI_Win_allocate(WINDOW_LONGS * (MPI_Aint)sizeof(long), sizeof(long), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &slot, &win);
    *slot = -1;
    MPI_Win_lock_all(0, win);
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    long value = 1000L + me;
    MPI_Put(&value, 1, MPI_LONG, (me + 1) % n, 0, 1, MPI_LONG, win);
    MPI_Win_flush_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    long want = 1000L + (me + n - 1) % n;
    int wrong = *slot != want;
    if (wrong) printf("rank %d: %ld in its window, want %ld\n", me, *slot, want);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    int any = 0;
    MPI_Allreduce(&wrong, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (me == 0) printf("finalize_close: %d ranks put and finalize%s\n", n, any ? ": WRONG" : "");
    fflush(stdout);
    MPI_Finalize();
    return any;
}
