/* Plain MPI (no OpenSHMEM): every rank hammers one word of rank 0's window with what a blocking
 * OpenSHMEM fetch-add and compare-swap become when PEs outnumber cores (mpi_amo.c): an
 * MPI_Rget_accumulate(MPI_SUM) completed by an MPI_Test loop that yields the core, then an
 * MPI_Compare_and_swap and MPI_Win_flush_local. ARGS: rounds (default 2000). Rank 0 checks
 * the sum; exit status 1 if it is wrong. Rank 1 prints its progress every 500 rounds, so a
 * hang shows where it stopped.
 * Open MPI 5.0.11's osc/ucx over UCX's TCP transport (the emulated cluster, 4 ranks on 2
 * hosts: cluster.sh run -n 4 -ppn 2 acc_contention) hung in 9 of 11 runs, every rank but
 * rank 0 inside ompi_osc_ucx_rget_accumulate or MPI_Compare_and_swap spinning in
 * ucp_worker_progress, at any thread level. */
#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n, rounds = argc > 1 ? atoi(argv[1]) : 2000;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    uint64_t *word;
    MPI_Win win;
    MPI_Win_allocate(2 * sizeof *word, sizeof *word, MPI_INFO_NULL, MPI_COMM_WORLD, &word, &win);
    word[0] = word[1] = 0;
    MPI_Win_lock_all(0, win);
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < rounds; i++) {
        uint64_t one = 1, old = 0, zero = 0, set = 1;
        MPI_Request req;
        int done = 0;
        MPI_Rget_accumulate(&one, 1, MPI_UINT64_T, &old, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T,
                            MPI_SUM, win, &req);
        while (!done) {
            MPI_Test(&req, &done, MPI_STATUS_IGNORE);
            if (!done) sched_yield();
        }
        MPI_Compare_and_swap(&set, &zero, &old, MPI_UINT64_T, 0, 1, win);
        MPI_Win_flush_local(0, win);
        if (me == 1 && i % 500 == 0) {
            printf("acc_contention: rank 1 at round %d\n", i);
            fflush(stdout);
        }
    }
    MPI_Win_flush_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    int wrong = 0;
    if (me == 0) {
        uint64_t want = (uint64_t)n * (uint64_t)rounds;
        wrong = word[0] != want || word[1] != 1;
        printf("acc_contention: sum %llu (expected %llu), flag %llu: %s\n",
               (unsigned long long)word[0], (unsigned long long)want,
               (unsigned long long)word[1], wrong ? "WRONG" : "right");
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return wrong;
}
