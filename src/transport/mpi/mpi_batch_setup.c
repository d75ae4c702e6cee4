/* mpishmem: batching's set-up (mpi_batch.h): whether it is on and which records take quiet's
 * lone-record shortcut, decided together by every PE; a context's batches made and freed. */
#include "mpi_batch.h"

#include <pthread.h>
#include <stdlib.h>

#include "../../base/env.h"
#include "../../base/error.h"
#include "mpi_batch_serve.h"
#include "mpi_batch_state.h"
#include "mpi_batch_wire.h"
#include "quirks/mpi_quirks.h"

struct mpishmem_batch *mpishmem_batch_new(struct mpishmem_ctx *c)
{
    if (!mpishmem_batch_max) return NULL;
    struct mpishmem_batch *b = calloc(1, sizeof *b);
    int n = mpishmem_g.n_pes;
    if (b) b->t = calloc((size_t)n, sizeof *b->t);
    if (b) b->dirty = calloc((size_t)n, sizeof *b->dirty);
    if (!b || !b->t || !b->dirty)
        mpishmem_error("shmem_ctx_create", "out of memory for the batches of %d PEs", n);
    b->ctx = c;
    b->direct_pe = -1;
    pthread_mutex_lock(&mpishmem_bt.list_mutex);
    b->next = mpishmem_bt.all;
    mpishmem_bt.all = b;
    pthread_mutex_unlock(&mpishmem_bt.list_mutex);
    return b;
}

void mpishmem_batch_free(struct mpishmem_batch *b)
{
    if (!b) return;
    pthread_mutex_lock(&mpishmem_bt.list_mutex);
    for (struct mpishmem_batch **p = &mpishmem_bt.all; *p; p = &(*p)->next)
        if (*p == b) {
            *p = b->next;
            break;
        }
    pthread_mutex_unlock(&mpishmem_bt.list_mutex);
    for (int pe = 0; pe < mpishmem_g.n_pes; pe++) free(b->t[pe].buf);
    free(b->t);
    free(b->dirty);
    free(b);
}

void mpishmem_batch_init(int thread)
{
    /* On when some PE is not reached by load/store and either asked for, or automatic with a
     * progress thread: without one, records wait for the program's next call to the library
     * (a lone put before a long computation would wait with them). Decided together, since a
     * PE that does not serve batches would hang the PEs that send it some. A heap whose
     * offsets a record cannot hold (16 TiB) keeps it off, so that the routes of heap puts need
     * not ask (mpi_route.h). */
    long mode = mpishmem_env.batch;
    int want[2] = {(mode > 0 || (mode < 0 && thread)) && mpishmem_g.node_size < mpishmem_g.n_pes &&
                       mpishmem_batch_fits(mpishmem_g.heap.size),
                   -(int)mpishmem_env.batch_bytes};
    int all[2];
    MPI_Allreduce(want, all, 2, MPI_INT, MPI_MIN, mpishmem_g.world);
    if (!all[0]) return;
    mpishmem_bt.bytes = (size_t)mpishmem_env.batch_bytes;
    /* Puts larger than a buffer holds go direct (a small MPISHMEM_BATCH_BYTES), but 8 bytes
     * always fit (64 at least): shmem_p's path counts on it (core/rma.h). */
    size_t max = (size_t)mpishmem_env.batch_max,
           room = mpishmem_bt.bytes - MPISHMEM_BATCH_HEADER - 8;
    if (max > room) max = room & ~(size_t)7;
    /* The lone-record shortcut (mpi_batch.h). Measured on the emulated cluster (2 hosts, TCP,
     * bench/compare_batch.sh): a batch and its acknowledgement against MPI_Put + flush took
     * 16.3 / 9.1 us on MPICH 5 over libfabric, 8.1 / 7.3 us on Intel MPI, but 7.8 / 13.0 us on
     * MPICH over UCX, whose RMA over TCP costs more round trips. To a PE that MPI reaches
     * through its shared memory (the simulated nodes of one host) MPI_Put + flush is a copy
     * and a flush, and goes direct on every MPI (2 PEs on two simulated nodes, 8-byte put +
     * quiet, Open MPI 5, this choice against a batch: 0.93x and, libraries swapped, 0.96x,
     * medians of 15 paired runs of bench/compare_paired_env.sh). An AMO goes direct in the mpi
     * mode everywhere (the batch's target would apply it with an accumulate besides). */
    long lone = mpishmem_env.batch_lone;
    int libfabric = mpishmem_mpi_library.ofi || mpishmem_mpi_library.kind == MPISHMEM_MPI_INTEL;
    int amo = mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_MPI ? MPISHMEM_BATCH_LONE_AMO : 0;
    mpishmem_batch_lone_kinds =
        lone == 0 ? 0
                  : amo | (lone > 0 || libfabric ? MPISHMEM_BATCH_LONE_PUT
                                                 : MPISHMEM_BATCH_LONE_PUT_HOST);
    mpishmem_batch_direct_pe = NULL;
    if (mpishmem_batch_lone_kinds & (MPISHMEM_BATCH_LONE_PUT | MPISHMEM_BATCH_LONE_PUT_HOST))
        for (int pe = 0; pe < mpishmem_g.n_pes; pe++)
            if (pe != mpishmem_g.my_pe && mpishmem_g.mpi_host_peer[pe]) {
                mpishmem_batch_direct_pe = mpishmem_g.mpi_host_peer;
                break;
            }
    mpishmem_batch_serve_init((size_t)-all[1]);
    mpishmem_bt.head = mpishmem_bt.tail = 0;
    mpishmem_bt.n_spare = 0;
    mpishmem_g.serve_active = 1;
    __atomic_store_n(&mpishmem_batch_max, max, __ATOMIC_RELEASE);
    mpishmem_ctx_default.batch = mpishmem_batch_new(&mpishmem_ctx_default);
}

void mpishmem_batch_fini(void)
{
    if (!mpishmem_batch_max) return;
    mpishmem_batch_free(mpishmem_ctx_default.batch);
    mpishmem_ctx_default.batch = NULL;
    __atomic_store_n(&mpishmem_batch_max, 0, __ATOMIC_RELEASE);
    mpishmem_batch_direct_pe = NULL;
    while (mpishmem_bt.n_spare) free(mpishmem_bt.spare[--mpishmem_bt.n_spare]);
    mpishmem_batch_serve_fini();
    mpishmem_batch_buffered = 0;
}
