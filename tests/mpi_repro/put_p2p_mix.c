/* Plain MPI (no OpenSHMEM): large MPI_Puts interleaved with point-to-point messages, as
 * mpishmem's active-message AMOs and nbi puts mix them (examples/isx_sort: a fetch-add request
 * and reply per target, then a put of its keys, then one flush). ARGS: ints per put (default
 * 50000), rounds (default 5). Each round every rank, for every target in turn, sends a request,
 * answers the one it receives, waits for its reply, and puts `count` ints into its own slice of
 * the target's window; one MPI_Win_flush_all and a barrier end the round and every slice is
 * checked. Exit status 1 on a wrong value.
 *
 * Open MPI 5.0.11 (osc/ucx and pml/ucx over its UCX 1.20.1's TCP transport, the emulated
 * cluster, 4 ranks on 2 hosts) crashed in UCX's TCP event handler inside MPI_Win_flush_all
 * (address 0x8), its peers saw a whole slice wrong or "Connection reset by remote peer"; with
 * UCX_TCP_PUT_ENABLE=n (puts over UCX's active messages) it ran clean (quirk
 * ompi-ucx-tcp-put). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    long count = argc > 1 ? atol(argv[1]) : 50000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    size_t bytes = sizeof(int) * (size_t)count * (size_t)n;
    int *slots = malloc(bytes), *src = malloc(sizeof(int) * (size_t)count);
    MPI_Win win;
    MPI_Win_create(slots, (MPI_Aint)bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    long wrong = 0;
    for (int r = 0; r < rounds && !wrong; r++) {
        for (long i = 0; i < count; i++) src[i] = me * 1000000 + r * 100000 + (int)(i % 100000);
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = 0; i < n; i++) {
            int to = (me + i) % n, from = (me - i + n) % n;
            long request = count, reply = 0, got = 0;
            MPI_Request req[2];
            MPI_Irecv(&reply, 1, MPI_LONG, to, 2, MPI_COMM_WORLD, &req[0]);
            MPI_Isend(&request, 1, MPI_LONG, to, 1, MPI_COMM_WORLD, &req[1]);
            MPI_Recv(&got, 1, MPI_LONG, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&got, 1, MPI_LONG, from, 2, MPI_COMM_WORLD);
            MPI_Wait(&req[0], MPI_STATUS_IGNORE);
            MPI_Wait(&req[1], MPI_STATUS_IGNORE);
            MPI_Put(src, (int)(count * 4), MPI_BYTE, to, (MPI_Aint)me * count * 4,
                    (int)(count * 4), MPI_BYTE, win);
        }
        MPI_Win_flush_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_sync(win);
        for (int s = 0; s < n; s++)
            for (long i = 0; i < count; i++)
                wrong += slots[s * count + i] != s * 1000000 + r * 100000 + (int)(i % 100000);
        if (wrong) printf("put_p2p_mix: rank %d round %d: %ld ints wrong\n", me, r, wrong);
    }
    long any = 0;
    MPI_Allreduce(&wrong, &any, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("put_p2p_mix: %d ranks, %d rounds of %ld-int puts: %s\n", n, rounds, count,
               any ? "WRONG" : "right");
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return any != 0;
}
