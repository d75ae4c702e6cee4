/* A receive from MPI_ANY_SOURCE posted for a message that has already arrived completes.
 *
 * Each round, every rank sends one int to every other rank, all ranks pass a barrier (the
 * messages are then at their targets, unexpected), and each receives its n-1 messages from
 * MPI_ANY_SOURCE: MPI_Irecv + MPI_Test ("irecv", what mpishmem's active-message server and its
 * exit notices do), or MPI_Improbe + MPI_Mrecv ("mprobe", the workaround), or "auto": the
 * one mpishmem chooses for the MPI loaded (the quirk table's mpich-ucx-anysrc-recv entry).
 *
 * MPICH 4.3 and later over UCX, between ranks that reach each other through the netmod (two
 * nodes, or MPIR_CVAR_NUM_CLIQUES=2 with UCX_TLS=tcp,self): the irecv pattern never completes.
 * Such a receive is posted on the shared-memory module and on UCX, linked as partners. UCX finds
 * the message in its unexpected queue and runs the completion callback inside
 * ucp_tag_recv_nbx (MPICH asks for UCP_OP_ATTR_FLAG_NO_IMM_CMPL), before MPICH has linked the
 * partners; the callback completes UCX's half only, and the request the program holds stays
 * incomplete although the data is in its buffer (MPICH commit 1f5232d9e5, first in 4.3.0,
 * removed the check in anysource_irecv that handled this case; 4.0.2 passes).
 *
 * ARGS: irecv|mprobe|auto [rounds]. Exit 0 when every message arrived with the right contents;
 * a receive still incomplete after 10 s is reported and ends the job with status 1. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/transport/mpi/quirks/mpi_quirks.h"

#define TAG 5
#define STUCK_SECONDS 10.0

static int rank, size;

static void stuck(int round, int got)
{
    printf("rank %d round %d: a receive from MPI_ANY_SOURCE of a message that had already "
           "arrived is still incomplete after %.0f s (%d of %d received)\n",
           rank, round, STUCK_SECONDS, got, size - 1);
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static int receive_irecv(int round, int got, MPI_Status *st)
{
    int value = -1, done = 0;
    MPI_Request req;
    MPI_Irecv(&value, 1, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &req);
    double start = MPI_Wtime();
    while (!done) {
        MPI_Test(&req, &done, st);
        if (!done && MPI_Wtime() - start > STUCK_SECONDS) stuck(round, got);
    }
    return value;
}

static int receive_mprobe(int round, int got, MPI_Status *st)
{
    int value = -1, found = 0;
    MPI_Message msg;
    double start = MPI_Wtime();
    while (!found) {
        MPI_Improbe(MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &found, &msg, st);
        if (!found && MPI_Wtime() - start > STUCK_SECONDS) stuck(round, got);
    }
    MPI_Mrecv(&value, 1, MPI_INT, &msg, st);
    return value;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "auto";
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    mpishmem_mpi_quirks_detect();
    int use_mprobe = !strcmp(mode, "mprobe") ||
                     (!strcmp(mode, "auto") &&
                      mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_UCX_ANYSRC_RECV]);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *out = malloc(sizeof *out * (size_t)size), *seen = malloc(sizeof *seen * (size_t)size);
    MPI_Request *sends = malloc(sizeof *sends * (size_t)size);
    int errors = 0;
    for (int round = 0; round < rounds; round++) {
        for (int p = 0; p < size; p++) {
            seen[p] = 0;
            sends[p] = MPI_REQUEST_NULL;
            out[p] = round * 100000 + rank * 100 + p % 100;
            if (p != rank) MPI_Isend(&out[p], 1, MPI_INT, p, TAG, MPI_COMM_WORLD, &sends[p]);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        for (int got = 0; got < size - 1; got++) {
            MPI_Status st;
            int v = use_mprobe ? receive_mprobe(round, got, &st) : receive_irecv(round, got, &st);
            int from = st.MPI_SOURCE;
            if (from < 0 || from >= size || from == rank || seen[from]++ ||
                v != round * 100000 + from * 100 + rank % 100) {
                if (errors++ < 5)
                    printf("rank %d round %d: %d from rank %d, unexpected\n", rank, round, v,
                           from);
            }
        }
        for (int p = 0; p < size; p++) MPI_Wait(&sends[p], MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD); /* no message of the next round before this one's */
    }
    int all = 0;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %d rounds of %d ranks, %s: %d wrong messages\n", mpishmem_mpi_library.name,
               rounds, size, use_mprobe ? "MPI_Improbe + MPI_Mrecv" : "MPI_Irecv", all);
    free(out);
    free(seen);
    free(sends);
    MPI_Finalize();
    return all != 0;
}
