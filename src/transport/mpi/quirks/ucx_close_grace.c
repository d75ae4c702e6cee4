/* A remedy for MPICH 4.0's hang in MPI_Finalize over UCX's TCP transport.
 *
 * MPICH 4.0 (ch4:ucx) finalizes by closing every UCX endpoint in flush mode, progressing UCX
 * until the closes complete, and only then entering a PMI barrier, in which it blocks without
 * progressing UCX. Over TCP a close needs an answer from the peer. A PE that has finished its
 * own closes waits in the barrier and never answers a peer whose closes started a little
 * later: that peer progresses forever, and the job hangs after the program's last line.
 * Pure MPI programs hang the same way (two or more ranks exchanging anything over TCP, e.g.
 * MPIR_CVAR_NUM_CLIQUES=2 with UCX_TLS=tcp,self: 3 hangs in 8 runs at 4 ranks; see
 * docs/multinode.md, tests/mpi_repro/finalize_close.c). MPICH 3.3 to 4.1 finalize this way
 * (read); 4.2.0 enters the barrier before closing.
 *
 * The library interposes the two UCX calls of MPICH's close loop (MPICH calls them through
 * the dynamic linker, and libmpishmem comes before libucp in the lookup order): a close that
 * has not completed MPISHMEM_CLOSE_GRACE_SECONDS after the first close began is reported
 * complete, so MPICH reaches the barrier and every process ends. Nothing is lost: by then
 * MPI_Finalize's rules say that all communication has completed (shmem_finalize has also
 * quieted every context and synchronized all PEs). It affects nothing but endpoint closes,
 * which MPICH issues only in MPI_Finalize, and only where the quirk table's entry
 * ucx-close-grace applies (mpi_quirks_table.h); elsewhere both calls pass straight through.
 * Plain MPI programs of the tests link this file and mpi_quirks.c (MPISHMEM_UCX_INTERPOSERS),
 * so the decision is taken here, at the first close, not by shmem_init. */
#define _GNU_SOURCE
#include <mpi.h>

#include "mpi_quirks.h"
#include "ucx_interposer_next.h"
#include "ucx_interposers.h"

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* Named by runtime.c, so that a static link takes this object (ucx_interposers.h). */
__attribute__((visibility("hidden"))) const char mpishmem_interposer_ucx_finalize = 1;

#define MPISHMEM_CLOSE_GRACE_SECONDS 1.0
/* UCX returns small negative numbers cast to pointers for errors (UCS_PTR_IS_ERR). */
#define UCS_ERR_POINTER(p) ((uintptr_t)(p) >= (uintptr_t)-100)

static struct {
    void **pending; /* close requests MPICH is waiting for */
    size_t n, cap;
    double first; /* when the first close was issued */
} closes;

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

__attribute__((visibility("default"))) void *ucp_disconnect_nb(void *ep)
{
    static void *(*real)(void *);
    if (!real) real = (void *(*)(void *))mpishmem_interposed_next("ucp_disconnect_nb");
    void *request = real(ep);
    if (request == NULL || UCS_ERR_POINTER(request)) return request;
    mpishmem_mpi_quirks_detect();
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_UCX_CLOSE_GRACE]) return request;
    if (closes.n == closes.cap) {
        size_t cap = closes.cap ? 2 * closes.cap : 64;
        void **grown = realloc(closes.pending, cap * sizeof *grown);
        if (!grown) return request; /* untracked: at worst MPICH's own behaviour */
        closes.pending = grown;
        closes.cap = cap;
    }
    if (closes.n == 0) closes.first = seconds_now();
    closes.pending[closes.n++] = request;
    return request;
}

__attribute__((visibility("default"))) int ucp_request_is_completed(void *request)
{
    static int (*real)(void *);
    if (!real) real = (int (*)(void *))mpishmem_interposed_next("ucp_request_is_completed");
    int done = real(request);
    if (done || closes.n == 0 || seconds_now() - closes.first < MPISHMEM_CLOSE_GRACE_SECONDS)
        return done;
    for (size_t i = 0; i < closes.n; i++)
        if (closes.pending[i] == request) return 1;
    return done;
}
