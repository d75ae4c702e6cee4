#include "mpi_rma.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/amo_op.h"
#include "../../base/env.h"
#include "../../base/error.h"
#include "mpi_batch.h"
#include "mpi_progress.h"
#include "mpi_wait.h"
#include "mpi_am.h"
#include "quirks/mpi_quirks.h"
#include "quirks/mpich_rma_target_race.h"
#include "quirks/ompi_ucx_win_free_mt.h"

/* Blocks of a strided transfer per MPI call where the remedy of quirk OMPI_UCX_WIN_FREE_MT
 * applies (below osc/ucx's 1000 operations in flight). */
#define OMPI_UCX_PIECE ((size_t)256)

/* Largest piece handed to one MPI call (its counts are int). */
#define CHUNK ((size_t)1 << 30)

static inline void mark_pending(struct mpishmem_ctx *c, const struct mpishmem_seg *s, int pe)
{
    mpishmem_pending_window(c, s->id, MPISHMEM_PENDING_WIN, pe);
}

/* The flags of the context's windows with MPI operations outstanding (bytes 1 ..
 * MPISHMEM_SEG_MAX of the pending word), in one load: zero when none is (quiet on a context
 * with only node-local stores pending must not yield before a flush it does not make). One
 * load instead of a pass over every segment's flag for each question took a remote put +
 * quiet's own instructions from 179 to ~130 (callgrind, Intel MPI). */
static inline union mpishmem_pending windows_pending(const struct mpishmem_ctx *c)
{
    union mpishmem_pending p = {.any = mpishmem_pending_any(c)};
    p.flag[MPISHMEM_PENDING_LOCAL] = 0;
    p.flag[MPISHMEM_PENDING_AM] = 0;
    return p;
}

static _Alignas(64) char default_bounce[MPISHMEM_BOUNCE_BYTES];
static MPI_Request default_get_req[MPISHMEM_MAX_GET_REQ];

void mpishmem_mpi_ctx_init(struct mpishmem_ctx *c, char *bounce, MPI_Request *get_req)
{
    c->bounce = bounce ? bounce : default_bounce;
    c->bounce_used = 0;
    c->get_req = get_req ? get_req : default_get_req;
    c->n_get_req = 0;
}

/* The windows of segment `id` that have operations of `c` outstanding (0, 1 or 2 of them). */
static inline int pending_windows(const struct mpishmem_ctx *c, int id, MPI_Win out[2])
{
    int n = 0;
    uint8_t f = mpishmem_pending_get(c, 1 + id);
    if (f & MPISHMEM_PENDING_WIN) out[n++] = c->win[id];
    if (f & MPISHMEM_PENDING_AMO_WIN) out[n++] = c->amo_win[id];
    return n;
}

void mpishmem_mpi_complete_gets(struct mpishmem_ctx *c)
{
    for (unsigned i = 0; i < c->n_get_req; i++) mpishmem_wait_rma(&c->get_req[i], -1);
    c->n_get_req = 0;
}

void *mpishmem_mpi_bounce(struct mpishmem_ctx *c, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (MPISHMEM_UNLIKELY(c->bounce_used + n > MPISHMEM_BOUNCE_BYTES)) {
        mpishmem_progress_before_block();
        for (int id = 0; id < MPISHMEM_SEG_MAX; id++) {
            MPI_Win w[2];
            for (int k = pending_windows(c, id, w); k-- > 0;)
                MPISHMEM_BLOCKING(mpishmem_win_flush_local_all(w[k]));
        }
        c->bounce_used = 0;
    }
    void *p = c->bounce + c->bounce_used;
    c->bounce_used += n;
    return p;
}

/* For each PE, how a blocking get from it up to CHUNK bytes goes (mpishmem_mpi_rma_setup; NULL
 * where every one is MPI_Get + MPI_Win_flush_local):
 * GET_AM: one of 4 or 8 bytes at an aligned address is an atomic fetch by active message
 * (mpi_am.h; the target's library reads it), after this context's pending puts are flushed:
 * on Open MPI to a PE it reaches over its network where AMOs are active messages (its
 * osc/ucx, quirk ompi-ucx-acc-hang), whose MPI_Get and flush take several round trips
 * (emulated cluster, 2 hosts x 1 PE, Open MPI 5.0.11, progress thread on: 8-byte
 * shmem_long_g 73 us, an atomic fetch 30 us).
 * GET_REQUEST: request-based, waited for in the library's own loop (mpishmem_wait_rma), rather
 * than MPI_Get + MPI_Win_flush_local:
 *  - where PEs outnumber cores: the loop yields, MPI's flush spins;
 *  - on MPICH itself (4 and 5, UCX and libfabric; not Intel MPI) from a PE it reaches over
 *    its network, where its request completes sooner than its flush returns (8-byte get
 *    0.50-0.53x of MPI_Get + flush_local on MPICH 4.0.2 and 5 between cliques over TCP,
 *    0.95x over libfabric), but not from a PE it reaches through its shared memory (the ABI
 *    build on MPICH 5, 2 PEs on two simulated nodes without the thread: 1.055x of raw MPI
 *    with the request, 1.02x with the flush);
 *  - on an MPI not known, where the library serves other PEs' messages (batches, active
 *    messages), since its loop serves them while it waits.
 * Not on Open MPI's osc/ucx with the remedy of ompi_ucx_win_free_mt.c, which needs each
 * blocking get flushed. Elsewhere the flush: on Intel MPI 2021 with the progress thread
 * (batching on), the request-based get was 1.044-1.073x of raw MPI against 1.032-1.036x with
 * the flush (paired_bench -s, 2 PEs on two simulated nodes, 2x7 runs), and on Open MPI 5 no
 * different; a PE that serves then does so before the get (sample_before_flush). Where
 * the wait policy finds contention, every blocking get up to CHUNK waits in the loop
 * (mpishmem_mpi_waits_in_loop). */
enum { GET_FLUSH = 0, GET_REQUEST = 1, GET_AM = 2 };
static unsigned char *get_route;

/* For each PE, the largest blocking put to it that is copied into the bounce buffer and not
 * flushed (MPISHMEM_BOUNCE_PUT when set; mpishmem_mpi_rma_setup). A copy is cheaper than
 * MPI_Win_flush_local where MPI's local completion waits for its network: MPICH itself (not
 * Intel MPI) to a PE it reaches over its network, 8192 bytes. Elsewhere
 * MPISHMEM_BOUNCE_MAX_PUT (4096), since over shared memory MPI's flush is the cheaper for
 * 8 KiB. 2 PEs on two simulated nodes, bench/compare_paired_twonode.sh, 5 rounds, 8192
 * against 4096, 8 KiB put + quiet and a burst of 16 puts (per put), with / without the
 * progress thread:
 *   MPICH 5 UCX (TCP between cliques)  put+quiet 0.90 / 0.89   burst 0.35 / 0.38
 *   MPICH 5 ofi                        put+quiet 0.96 / 0.97   burst 0.76 / 0.88
 *   MPICH 4.0.2 (TCP)                  put+quiet 1.02 / 1.02   burst 0.89 / 0.89
 *   ABI build on MPICH 5 (its shm)     put+quiet 1.17 / 1.07   burst 0.88 / 0.85
 *   Intel MPI 2021 (shm)               put+quiet 1.18 / 1.58   burst 1.02 / 1.22
 *   Open MPI 5 (shm)                   put+quiet 1.44 / 1.19   burst 1.02 / 1.00 */
static uint16_t *bounce_max;

/* The way of a blocking get from `pe` (GET_*); GET_REQUEST also while the wait policy says
 * so. */
static inline int get_way(int pe)
{
    const unsigned char *r = get_route;
    if (r != NULL && r[pe]) return r[pe];
    return mpishmem_mpi_waits_in_loop(MPISHMEM_MPI_LOOP_RMA) ? GET_REQUEST : GET_FLUSH;
}

void mpishmem_mpi_rma_setup(void)
{
    enum mpishmem_mpi_kind k = mpishmem_mpi_library.kind;
    uint16_t *m = calloc((size_t)mpishmem_g.n_pes, sizeof *m);
    if (!m) mpishmem_error("shmem_init", "out of memory for a table of %d PEs", mpishmem_g.n_pes);
    for (int pe = 0; pe < mpishmem_g.n_pes; pe++)
        m[pe] = (uint16_t)(mpishmem_env.bounce_put >= 0 ? mpishmem_env.bounce_put
                           : k == MPISHMEM_MPI_MPICH && !mpishmem_g.mpi_host_peer[pe]
                               ? 8192
                               : MPISHMEM_BOUNCE_MAX_PUT);
    free(bounce_max);
    bounce_max = m;
    unsigned char *r = calloc((size_t)mpishmem_g.n_pes, 1);
    int any = 0;
    for (int pe = 0; r && pe < mpishmem_g.n_pes; pe++) {
        if (k == MPISHMEM_MPI_OPENMPI && mpishmem_g.am_active && !mpishmem_g.mpi_host_peer[pe])
            r[pe] = GET_AM;
        else if (!mpishmem_ompi_flush_ranks &&
                 (mpishmem_g.oversubscribed ||
                  (k == MPISHMEM_MPI_MPICH && !mpishmem_g.mpi_host_peer[pe]) ||
                  (k == MPISHMEM_MPI_UNKNOWN && mpishmem_g.serve_active)))
            r[pe] = GET_REQUEST;
        any |= r[pe];
    }
    free(get_route);
    get_route = any ? r : NULL;
    if (!any) free(r);
}

/* A blocking get that waits in MPI's flush is sampled (mpishmem_flush_sampled): where the
 * library serves others' messages, their service when due (the flush serves nothing of the
 * library's); and its time, for the wait policy. Returns the sample's start (0: none). */
static inline uint64_t sample_before_flush(void)
{
    return mpishmem_flush_sampled() ? mpishmem_flush_sample_begin(1) : 0;
}

/* Waits for a request-based operation while yielding (where the wait policy says so, since
 * MPI's own blocking flush would spin and keep the target off the core). */
static void wait_yielding(MPI_Request *req, int pe)
{
    mpishmem_wait_rma(req, pe);
}

void mpishmem_mpi_put(struct mpishmem_ctx *c, const struct mpishmem_seg *s, size_t off,
                      const void *src, size_t n, int pe, int blocking)
{
    mpishmem_batch_before_direct(c, pe);
    mpishmem_progress_note();
    MPI_Win win = c->win[s->id];
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    if (blocking && n <= bounce_max[pe]) {
        /* A small blocking put returns as soon as its source is copied: no flush. */
        void *b = mpishmem_mpi_bounce(c, n);
        memcpy(b, src, n);
        MPI_Put(b, (int)n, MPI_BYTE, pe, disp, (int)n, MPI_BYTE, win);
        mark_pending(c, s, pe);
        return;
    }
    if (blocking && n <= CHUNK && mpishmem_mpi_waits_in_loop(MPISHMEM_MPI_LOOP_RMA)) {
        MPI_Request req;
        MPI_Rput(src, (int)n, MPI_BYTE, pe, disp, (int)n, MPI_BYTE, win, &req);
        wait_yielding(&req, n <= MPISHMEM_TIMED_MAX ? pe : -1);
        mark_pending(c, s, pe);
        return;
    }
    const char *p = src;
    while (n > CHUNK) {
        MPI_Put(p, (int)CHUNK, MPI_BYTE, pe, disp, (int)CHUNK, MPI_BYTE, win);
        p += CHUNK;
        disp += (MPI_Aint)CHUNK;
        n -= CHUNK;
    }
    MPI_Put(p, (int)n, MPI_BYTE, pe, disp, (int)n, MPI_BYTE, win);
    if (blocking) {
        mpishmem_progress_before_block();
        if (mpishmem_g.mpi_host_peer[pe] && !windows_pending(c).any) {
            /* Over MPI's shared memory, with nothing else outstanding: completed at the target
             * too, so that the quiet that mostly follows has nothing left to flush. 8 KiB put
             * + quiet against MPI_Put + MPI_Win_flush, with flush_local here -> this (2 PEs on
             * two simulated nodes, bench/compare_paired_twonode.sh, thread / no thread): Intel
             * MPI 1.052 -> 1.004 / 1.034 -> 1.006, Open MPI 5 1.035 -> 1.009 / 1.022 -> 1.005,
             * ABI build on MPICH 5 no thread 1.044 -> 1.016; bursts unchanged (their later
             * puts find the first pending). Over a network the target's acknowledgement would
             * be waited for on every put: MPICH 5 UCX 512 KiB puts 1.004 -> 1.022. */
            MPISHMEM_BLOCKING(MPI_Win_flush(pe, win));
            return;
        }
        MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
    }
    mark_pending(c, s, pe);
}

/* The remote heap paths (mpi_rma.h) that core/rma.h's fast path calls. A small blocking put
 * is a copy into the bounce buffer and one MPI_Put; the rest (nbi, large, a full bounce buffer,
 * a context shared by threads) takes the context's lock and the common path, out of line so
 * that the small put needs no saved registers. */
static __attribute__((noinline)) void put_heap_slow(struct mpishmem_ctx *c, size_t off,
                                                    const void *src, size_t n, int pe,
                                                    int blocking)
{
    mpishmem_ctx_lock(c);
    mpishmem_mpi_put(c, &mpishmem_g.heap, off, src, n, pe, blocking);
    mpishmem_ctx_unlock(c);
}

/* A small blocking put through the bounce buffer, which has room for it. */
static inline __attribute__((always_inline)) void put_heap_bounced(struct mpishmem_ctx *c,
                                                                   size_t off, const void *src,
                                                                   size_t n, int pe)
{
    size_t used = c->bounce_used;
    char *b = c->bounce + used;
    mpishmem_progress_note();
    c->bounce_used = used + ((n + 15) & ~(size_t)15);
    memcpy(b, src, n);
    /* Marked first: nothing of `c` is needed after the call (no thread shares it here). */
    mpishmem_pending_window(c, MPISHMEM_SEG_HEAP, MPISHMEM_PENDING_WIN, pe);
    /* The heap window starts at the heap base: its displacement is the offset. */
    MPI_Put(b, (int)n, MPI_BYTE, pe, (MPI_Aint)off, (int)n, MPI_BYTE, c->win[MPISHMEM_SEG_HEAP]);
}

/* Other sizes up to bounce_max[pe]: memcpy is a call, kept off the 8-byte path. */
static __attribute__((noinline)) void put_heap_small(struct mpishmem_ctx *c, size_t off,
                                                     const void *src, size_t n, int pe)
{
    put_heap_bounced(c, off, src, n, pe);
}

void mpishmem_mpi_put_heap(struct mpishmem_ctx *c, size_t off, const void *src, size_t n,
                           int pe, int blocking)
{
    if (MPISHMEM_UNLIKELY(!blocking || n > bounce_max[pe] || c->locking ||
                          c->bounce_used + n > MPISHMEM_BOUNCE_BYTES))
        put_heap_slow(c, off, src, n, pe, blocking);
    else if (n == 8) /* shmem_long_p & co.: the copy is one move */
        put_heap_bounced(c, off, src, 8, pe);
    else
        put_heap_small(c, off, src, n, pe);
}

/* The default context's 8-byte blocking put: its bounce buffer and window are at fixed
 * addresses, so nothing but the offset, value and PE is passed or loaded, and one compare
 * covers both a full bounce buffer and a locking context. The rest goes out of line, where
 * the value gets an address, so that this path needs no stack frame of its own. */
static __attribute__((noinline, cold)) void put8_slow(size_t off, uint64_t value, int pe)
{
    put_heap_slow(&mpishmem_ctx_default, off, &value, 8, pe, 1);
}

static inline __attribute__((always_inline)) void put8_default(size_t off, uint64_t value,
                                                               int pe)
{
    struct mpishmem_ctx *c = &mpishmem_ctx_default;
    size_t used = c->bounce_used;
    if (MPISHMEM_UNLIKELY(used >= c->bounce_put8_limit)) {
        put8_slow(off, value, pe);
        return;
    }
    char *b = default_bounce + used;
    c->bounce_used = used + 16;
    memcpy(b, &value, 8);
    mpishmem_progress_note();
    mpishmem_pending_window(c, MPISHMEM_SEG_HEAP, MPISHMEM_PENDING_WIN, pe);
    MPI_Put(b, 8, MPI_BYTE, pe, (MPI_Aint)off, 8, MPI_BYTE, c->win[MPISHMEM_SEG_HEAP]);
}

void mpishmem_mpi_put8_heap(size_t off, uint64_t value, int pe) { put8_default(off, value, pe); }

void mpishmem_mpi_putmem_heap(size_t off, const void *src, size_t n, int pe)
{
    if (n == 8) {
        uint64_t v;
        memcpy(&v, src, 8);
        put8_default(off, v, pe);
    } else {
        mpishmem_mpi_put_heap(&mpishmem_ctx_default, off, src, n, pe, 1);
    }
}

/* The default context's nbi put: the bare MPI_Put unless the context locks or the size
 * needs pieces. */
void mpishmem_mpi_putmem_nbi_heap(size_t off, const void *src, size_t n, int pe)
{
    struct mpishmem_ctx *c = &mpishmem_ctx_default;
    if (MPISHMEM_UNLIKELY(c->locking || n > CHUNK)) {
        put_heap_slow(c, off, src, n, pe, 0);
        return;
    }
    mpishmem_progress_note();
    mpishmem_pending_window(c, MPISHMEM_SEG_HEAP, MPISHMEM_PENDING_WIN, pe);
    MPI_Put(src, (int)n, MPI_BYTE, pe, (MPI_Aint)off, (int)n, MPI_BYTE,
            c->win[MPISHMEM_SEG_HEAP]);
}

/* A blocking heap get up to CHUNK bytes that waits in MPI's flush: the one MPI_Get and its
 * local flush, without mpishmem_mpi_get's choices (130 -> 78 instructions of mpishmem per
 * 8-byte shmem_long_g on Intel MPI over shared memory without the progress thread, where
 * the get's own ~900 take ~400 ns). Otherwise (a locking context, a wait for a request,
 * something of the context batched for `pe`, nbi) the common path. */
void mpishmem_mpi_get_heap(struct mpishmem_ctx *c, size_t off, void *dst, size_t n, int pe,
                           int blocking)
{
    if (MPISHMEM_LIKELY(blocking && n <= CHUNK && get_way(pe) == GET_FLUSH && !c->locking &&
                        !mpishmem_batch_busy(c, pe))) {
        MPI_Win win = c->win[MPISHMEM_SEG_HEAP];
        mpishmem_batch_note_direct(c, pe);
        mpishmem_progress_note();
        uint64_t t0 = sample_before_flush();
        MPI_Get(dst, (int)n, MPI_BYTE, pe, (MPI_Aint)off, (int)n, MPI_BYTE, win);
        mpishmem_progress_before_block();
        MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
        if (MPISHMEM_UNLIKELY(t0) && n <= MPISHMEM_TIMED_MAX) mpishmem_flush_sample_end(t0, pe);
        return;
    }
    mpishmem_ctx_lock(c);
    mpishmem_mpi_get(c, &mpishmem_g.heap, off, dst, n, pe, blocking);
    mpishmem_ctx_unlock(c);
}

void mpishmem_mpi_get(struct mpishmem_ctx *c, const struct mpishmem_seg *s, size_t off,
                      void *dst, size_t n, int pe, int blocking)
{
    mpishmem_batch_before_direct(c, pe);
    mpishmem_progress_note();
    MPI_Win win = c->win[s->id];
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    int way = blocking && n <= CHUNK ? get_way(pe) : GET_FLUSH;
    if (way == GET_AM && (n == 8 || n == 4) && off % n == 0) {
        mpishmem_mpi_flush(c); /* this context's puts first: their data goes another way */
        uint64_t v = mpishmem_am_amo(c, s, off, MPISHMEM_AMO_FETCH, n, 0, 0, pe,
                                     MPISHMEM_AMO_BLOCKING, NULL);
        mpishmem_amo_unbits(dst, v, n);
        return;
    }
    if (way == GET_REQUEST) {
        MPI_Request req;
        MPI_Rget(dst, (int)n, MPI_BYTE, pe, disp, (int)n, MPI_BYTE, win, &req);
        wait_yielding(&req, n <= MPISHMEM_TIMED_MAX ? pe : -1);
        return;
    }
    /* Only small gets teach the usual time of an operation. */
    uint64_t t0 = blocking ? sample_before_flush() : 0;
    int timed = n <= MPISHMEM_TIMED_MAX;
    char *p = dst;
    while (n > 0) {
        size_t k = n < CHUNK ? n : CHUNK;
        if (blocking || mpishmem_ompi_flush_ranks) { /* nonblocking: completed by quiet */
            MPI_Get(p, (int)k, MPI_BYTE, pe, disp, (int)k, MPI_BYTE, win);
        } else {
            if (c->n_get_req == MPISHMEM_MAX_GET_REQ) mpishmem_mpi_complete_gets(c);
            MPI_Rget(p, (int)k, MPI_BYTE, pe, disp, (int)k, MPI_BYTE, win,
                     &c->get_req[c->n_get_req++]);
        }
        p += k;
        disp += (MPI_Aint)k;
        n -= k;
    }
    if (blocking) {
        mpishmem_progress_before_block();
        MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
        if (MPISHMEM_UNLIKELY(t0) && timed) mpishmem_flush_sample_end(t0, pe);
    } else {
        mark_pending(c, s, pe);
    }
}

/* One MPI call for up to INT_MAX blocks of `block` (<= CHUNK) bytes. */
static void strided_piece(MPI_Win win, MPI_Aint disp, ptrdiff_t remote_stride, char *local,
                          ptrdiff_t local_stride, size_t block, size_t nblocks, int pe,
                          int is_put)
{
    MPI_Datatype rt, lt;
    MPI_Type_create_hvector((int)nblocks, (int)block, (MPI_Aint)remote_stride, MPI_BYTE, &rt);
    MPI_Type_create_hvector((int)nblocks, (int)block, (MPI_Aint)local_stride, MPI_BYTE, &lt);
    MPI_Type_commit(&rt);
    MPI_Type_commit(&lt);
    if (is_put) MPI_Put(local, 1, lt, pe, disp, 1, rt, win);
    else MPI_Get(local, 1, lt, pe, disp, 1, rt, win);
    MPI_Type_free(&rt);
    MPI_Type_free(&lt);
}

void mpishmem_mpi_strided(struct mpishmem_ctx *c, const struct mpishmem_seg *s, size_t off,
                          ptrdiff_t remote_stride, void *local, ptrdiff_t local_stride,
                          size_t block, size_t nblocks, int pe, int is_put)
{
    mpishmem_batch_before_direct(c, pe);
    mpishmem_progress_note();
    MPI_Win win = c->win[s->id];
    MPI_Aint disp = s->win_disp + (MPI_Aint)off;
    char *l = local;
    if (block > CHUNK) {
        /* Huge blocks: one contiguous transfer each. */
        for (size_t b = 0; b < nblocks; b++) {
            size_t o = off + (size_t)((ptrdiff_t)b * remote_stride);
            if (is_put) mpishmem_mpi_put(c, s, o, l + (ptrdiff_t)b * local_stride, block, pe, 0);
            else mpishmem_mpi_get(c, s, o, l + (ptrdiff_t)b * local_stride, block, pe, 0);
        }
    } else {
        /* Open MPI's osc/ucx flushes the thread's whole worker once 1000 of its operations
         * are in flight, which can wait for ever where the quirk's remedy applies
         * (ompi_ucx_win_free_mt.c): there pieces of OMPI_UCX_PIECE blocks (one operation
         * each), each flushed to its PE (which resets the count) before the next. */
        const size_t max_blocks = mpishmem_ompi_flush_ranks ? OMPI_UCX_PIECE : INT_MAX;
        for (int first = 1; nblocks; first = 0) {
            size_t k = nblocks < max_blocks ? nblocks : max_blocks;
            if (!first && mpishmem_ompi_flush_ranks)
                MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
            strided_piece(win, disp, remote_stride, l, local_stride, block, k, pe, is_put);
            disp += (MPI_Aint)((ptrdiff_t)k * remote_stride);
            l += (ptrdiff_t)k * local_stride;
            nblocks -= k;
        }
    }
    /* Blocking semantics: the local buffer is done with (put) or filled (get). */
    mpishmem_progress_before_block();
    MPISHMEM_BLOCKING(MPI_Win_flush_local(pe, win));
    if (is_put) mark_pending(c, s, pe);
}

/* Completes the operations on `win` of one PE (`target` pe + 1) or of every PE (-1; 0 where a
 * flag was set without a target, which no path does). MPI_Win_flush to the one PE of a put +
 * quiet instead of MPI_Win_flush_all: 8-byte put + quiet 1.088 -> 1.019 of raw MPI on MPICH 5
 * over its shared memory, the ABI build (paired_bench -s, 5 runs each way); MPICH's and Open
 * MPI's flush_all look at every PE or the whole worker. */
static inline void flush_targets(MPI_Win win, int target)
{
    if (target > 0) MPI_Win_flush(target - 1, win);
    else mpishmem_win_flush_all(win);
}

void mpishmem_mpi_flush(struct mpishmem_ctx *c)
{
    union mpishmem_pending p = windows_pending(c);
    if (!p.any) return;
    int only = __atomic_load_n(&c->flush_target, __ATOMIC_RELAXED);
    __atomic_store_n(&c->flush_target, 0, __ATOMIC_RELAXED);
    mpishmem_progress_note();
    mpishmem_progress_before_block();
    for (int id = 0; p.any; id++) { /* until no flag is left: mostly the heap's alone */
        uint8_t f = p.flag[1 + id];
        if (!f) continue;
        p.flag[1 + id] = 0;
        if (f & MPISHMEM_PENDING_AMO_WIN) MPISHMEM_BLOCKING(flush_targets(c->amo_win[id], only));
        if (f & MPISHMEM_PENDING_WIN) MPISHMEM_BLOCKING(flush_targets(c->win[id], only));
        mpishmem_pending_clear(c, 1 + id);
    }
}

void mpishmem_mpi_flush_pe(struct mpishmem_ctx *c, int pe)
{
    union mpishmem_pending p = windows_pending(c);
    if (!p.any) return;
    mpishmem_progress_before_block();
    for (int id = 0; p.any; id++) {
        uint8_t f = p.flag[1 + id];
        p.flag[1 + id] = 0;
        if (f & MPISHMEM_PENDING_AMO_WIN) MPISHMEM_BLOCKING(MPI_Win_flush(pe, c->amo_win[id]));
        if (f & MPISHMEM_PENDING_WIN) MPISHMEM_BLOCKING(MPI_Win_flush(pe, c->win[id]));
    }
}

void mpishmem_win_lock_for_run(MPI_Win win)
{
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    mpishmem_mpich_target_table_fill(win, mpishmem_g.world);
}
