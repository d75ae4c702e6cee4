/* Plain MPI (no OpenSHMEM): after MPI_Win_flush returns at the origin, a put is in the target's
 * memory, so a node peer of the target that loads it through shared memory sees it. mpishmem
 * relies on this: a PE reads a node peer's symmetric memory by load while remote PEs put to it
 * through MPI (e.g. a counter under shmem_set_lock).
 *
 * Rank 0 is the target; L is a rank on rank 0's node, W one on another node (two cliques with
 * MPICH's MPIR_CVAR_NUM_CLIQUES=2, or two hosts). Each round W puts the round number into rank
 * 0's memory (a window from MPI_Win_create over MPI_Win_allocate_shared memory), flushes, and
 * tells L by a message; L loads rank 0's word through the shared window and counts a value
 * other than that round's. MPICH 5.0.2 over libfabric's tcp provider (FI_PROVIDER=tcp with
 * MPIR_CVAR_CH4_NETMOD=ofi; 4 ranks, two cliques): 1804 of 2000 rounds saw an old value; over
 * its sockets provider, UCX, or tcp with MPIR_CVAR_CH4_OFI_ENABLE_RMA=0: none.
 * ARGS: rounds. Exit 1 when any round saw an old value. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    long rounds = argc > 1 ? atol(argv[1]) : 500;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    long *mine;
    MPI_Win shared, win;
    MPI_Win_allocate_shared(8 * sizeof(long), sizeof(long), MPI_INFO_NULL, node, &mine, &shared);
    mine[0] = -1;
    MPI_Win_create(mine, 8 * sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    /* Rank 0's node rank, broadcast on rank 0's node; every rank learns who shares it. */
    int zero_here = me == 0, zero_node_rank = -1, node_me;
    MPI_Comm_rank(node, &node_me);
    int mine_if_zero = zero_here ? node_me : -1;
    MPI_Allreduce(&mine_if_zero, &zero_node_rank, 1, MPI_INT, MPI_MAX, node);
    int with_zero = zero_node_rank >= 0;
    int *where = malloc(sizeof(int) * (size_t)n);
    MPI_Allgather(&with_zero, 1, MPI_INT, where, 1, MPI_INT, MPI_COMM_WORLD);
    int L = -1, W = -1;
    for (int i = 1; i < n; i++) {
        if (where[i] && L < 0) L = i;
        if (!where[i] && W < 0) W = i;
    }
    free(where);
    long *zero_word = NULL;
    if (with_zero) {
        MPI_Aint size;
        int unit;
        MPI_Win_shared_query(shared, zero_node_rank, &size, &unit, &zero_word);
    }
    MPI_Win_lock_all(0, win);
    MPI_Win_lock_all(0, shared);
    MPI_Barrier(MPI_COMM_WORLD);
    long old = 0;
    for (long r = 0; L >= 0 && W >= 0 && r < rounds; r++) {
        if (me == W) {
            MPI_Put(&r, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
            MPI_Win_flush(0, win);
            MPI_Send(&r, 1, MPI_LONG, L, 0, MPI_COMM_WORLD);
            MPI_Recv(NULL, 0, MPI_BYTE, L, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (me == L) {
            long want;
            MPI_Recv(&want, 1, MPI_LONG, W, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Win_sync(shared);
            if (__atomic_load_n(zero_word, __ATOMIC_ACQUIRE) != want) old++;
            MPI_Send(NULL, 0, MPI_BYTE, W, 1, MPI_COMM_WORLD);
        }
    }
    long total = 0;
    MPI_Allreduce(&old, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    int bad = total != 0 || L < 0 || W < 0;
    if (me == 0) {
        if (L < 0 || W < 0)
            printf("put_flush_peer: needs a node peer of rank 0 and a rank on another node\n");
        else
            printf("put_flush_peer: W=%d puts, L=%d loads: %ld of %ld rounds saw an old value\n",
                   W, L, total, rounds);
    }
    MPI_Win_unlock_all(shared);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Win_free(&shared);
    MPI_Comm_free(&node);
    MPI_Finalize();
    return bad;
}
