#include "exit_notice.h"

#include <stdlib.h>

#include "mpi_comm.h"
#include "quirks/mpi_quirks.h"

static struct {
    int sent;          /* this PE sent notices */
    int n;             /* entries of req */
    MPI_Request *req;  /* [n] its sends (MPI_REQUEST_NULL to itself) */
} notice;
static int notice_payload; /* the sender's PE number; lives until the sends complete */

void mpishmem_exit_notice_send(void)
{
    int n = mpishmem_g.n_pes;
    if (n <= 1 || notice.sent) return;
    notice.req = malloc(sizeof *notice.req * (size_t)n);
    if (!notice.req) return;
    notice_payload = mpishmem_g.my_pe;
    for (int pe = 0; pe < n; pe++) {
        notice.req[pe] = MPI_REQUEST_NULL;
        if (pe != mpishmem_g.my_pe)
            MPI_Isend(&notice_payload, 1, MPI_INT, pe, MPISHMEM_EXIT_NOTICE_TAG, mpishmem_g.world,
                      &notice.req[pe]);
    }
    notice.n = n;
    notice.sent = 1;
}

void mpishmem_exit_notice_drain(MPI_Comm fini)
{
    if (mpishmem_g.n_pes <= 1) return;
    /* Every notice was sent before its sender entered finalize's barrier, which this PE has
     * passed: count them, then receive this PE's share. */
    int mine = notice.sent, senders = 0;
    mpishmem_comm_allreduce(&mine, &senders, 1, MPI_INT, MPI_SUM, fini);
    for (int i = 0; i < senders - mine; i++) {
        int from;
        if (mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_UCX_ANYSRC_RECV]) {
            /* The notices have arrived already: MPICH 4.3+ over UCX would never complete a
             * receive from MPI_ANY_SOURCE posted now (mpi_quirks_table.h). */
            MPI_Message msg;
            MPI_Mprobe(MPI_ANY_SOURCE, MPISHMEM_EXIT_NOTICE_TAG, mpishmem_g.world, &msg,
                       MPI_STATUS_IGNORE);
            MPI_Mrecv(&from, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, MPISHMEM_EXIT_NOTICE_TAG,
                     mpishmem_g.world, MPI_STATUS_IGNORE);
        }
    }
    if (notice.sent) {
        for (int i = 0; i < notice.n; i++) MPI_Wait(&notice.req[i], MPI_STATUS_IGNORE);
        free(notice.req);
        notice.req = NULL;
        notice.sent = 0;
    }
}
