/* Plain MPI (no OpenSHMEM): is an MPI_Put's origin buffer free for reuse once
 * MPI_Win_flush_local_all (argument "local") or MPI_Win_flush_all ("all") has returned? Every
 * rank puts COUNT longs, one MPI_Put each, into its slice of one target's window, from a ring
 * of SLOTS 16-byte slots (as mpishmem's bounce buffer does for small blocking puts) and flushes
 * before the ring wraps; then MPI_Win_flush_all, a barrier, and the target checks every
 * element. 4 repetitions, a different target each. Exit status 1 if any element is wrong.
 * MPICH 4.0.2 ch4:ucx with UCX's shared-memory transports delivers later contents of the slot
 * (docs/multinode.md). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define COUNT 10000
#define SLOTS 4096

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n, full = argc > 1 && !strcmp(argv[1], "all");
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long *base;
    MPI_Win win;
    MPI_Win_allocate((MPI_Aint)n * COUNT * (MPI_Aint)sizeof(long), sizeof(long), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &base, &win);
    MPI_Win_lock_all(0, win);
    static long ring[2 * SLOTS];
    long wrong = 0, total = 0;
    for (int rep = 0; rep < 4; rep++) {
        memset(base, 0, (size_t)n * COUNT * sizeof(long));
        MPI_Win_sync(win);
        MPI_Barrier(MPI_COMM_WORLD);
        int target = rep % n;
        for (int i = 0; i < COUNT; i++) {
            int slot = i % SLOTS;
            if (i && slot == 0) { /* the ring wraps: its puts must be done with their sources */
                if (full) MPI_Win_flush_all(win);
                else MPI_Win_flush_local_all(win);
            }
            ring[2 * slot] = (long)rep * 1000000000L + (long)me * 1000000L + i + 1;
            MPI_Put(&ring[2 * slot], 1, MPI_LONG, target, (MPI_Aint)me * COUNT + i, 1, MPI_LONG,
                    win);
        }
        MPI_Win_flush_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_sync(win);
        if (me == target)
            for (int o = 0; o < n; o++)
                for (int i = 0; i < COUNT; i++) {
                    long want = (long)rep * 1000000000L + (long)o * 1000000L + i + 1;
                    long got = base[(size_t)o * COUNT + i];
                    if (got == want) continue;
                    if (wrong++ < 3)
                        printf("rank %d rep %d origin %d element %d: expected %ld got %ld\n", me,
                               rep, o, i, want, got);
                }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Reduce(&wrong, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("put_source_reuse (%s): %ld wrong of %d\n",
               full ? "MPI_Win_flush_all" : "MPI_Win_flush_local_all", total, 4 * n * COUNT);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return total != 0;
}
