#define _XOPEN_SOURCE 700 /* PTHREAD_MUTEX_RECURSIVE */
#include "ctx.h"

#include <stdlib.h>
#include <string.h>

#include "../base/env.h"
#include "../transport/mpi/mpi_amo.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_comm.h"
#include "../transport/mpi/mpi_rma.h"
#include "../transport/mpi/quirks/ompi_ucx_win_free_mt.h"
#include "order.h"

struct pool_set {
    MPI_Win win[MPISHMEM_SEG_MAX];
    struct mpishmem_ctx *owner; /* NULL when free */
};

static struct pool_set *pool;
static int pool_size, pool_used;
static int pool_owns_windows; /* MPISHMEM_CONTEXT_WINDOWS: the sets have windows of their own */
/* Sets promised to teams and not yet taken: sum over teams of reserved - live contexts. */
static int pool_promised;

static void create_set(struct pool_set *p)
{
    const struct mpishmem_seg *segs[] = {&mpishmem_g.heap, &mpishmem_g.data};
    MPI_Info info = mpishmem_mpi_amo_win_info();
    for (int i = 0; i < MPISHMEM_SEG_MAX; i++) p->win[i] = MPI_WIN_NULL;
    for (size_t i = 0; i < sizeof segs / sizeof *segs; i++) {
        const struct mpishmem_seg *s = segs[i];
        /* MPI_Win_create synchronizes without yielding: with PEs sharing cores, arriving
         * together (after a yielding barrier) makes it several times faster. */
        mpishmem_comm_barrier(mpishmem_g.world);
        MPI_Win_create(s->base - s->win_disp, (MPI_Aint)(s->size + (size_t)s->win_disp), 1, info,
                       mpishmem_g.world, &p->win[s->id]);
        mpishmem_win_lock_for_run(p->win[s->id]);
    }
    MPI_Info_free(&info);
}

/* The sets alias the default context's windows unless MPISHMEM_CONTEXT_WINDOWS asks for
 * windows of their own. Shared windows cost nothing at init and nothing per peer, and a
 * context's quiet stays correct (it completes the context's operations, and maybe other
 * contexts' too, which the specification allows). Own windows (created collectively here,
 * since shmem_ctx_create is local) keep the contexts' completions apart, for threads that each
 * drive a context, at a price that grows with the contexts: MPI_Win_create took ~0.5 s per
 * window with 16 PEs on 2 cores in the simulated two-node mode, twice per context (heap and
 * data). In a job where every operation is a load/store (one node, globals shared) windows have
 * no use at all. */
void mpishmem_ctx_pool_init(void)
{
    pool_size = mpishmem_env.contexts > 0 ? (int)mpishmem_env.contexts : 0;
    pool_used = pool_promised = 0;
    pool = pool_size ? calloc((size_t)pool_size, sizeof *pool) : NULL;
    pool_owns_windows = mpishmem_g.remote_updates && mpishmem_env.context_windows;
    for (int i = 0; i < pool_size; i++) {
        if (pool_owns_windows) create_set(&pool[i]);
        else memcpy(pool[i].win, mpishmem_ctx_default.win, sizeof pool[i].win);
    }
}

void mpishmem_ctx_pool_fini(void)
{
    for (int i = 0; i < pool_size; i++) {
        if (pool[i].owner) mpishmem_ctx_free(pool[i].owner);
        for (int w = 0; w < MPISHMEM_SEG_MAX && pool_owns_windows; w++)
            if (pool[i].win[w] != MPI_WIN_NULL) {
                mpishmem_win_unlock_for_free(pool[i].win[w]);
                MPI_Win_free(&pool[i].win[w]);
            }
    }
    free(pool);
    pool = NULL;
    pool_size = pool_used = pool_promised = pool_owns_windows = 0;
}

/* Threads may create and destroy contexts at the same time. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

struct mpishmem_ctx *mpishmem_ctx_new(struct mpishmem_team *team, long options)
{
    pthread_mutex_lock(&pool_lock);
    int from_reservation = team->ctx_count < team->ctx_reserved;
    if (!from_reservation && pool_size - pool_used - pool_promised <= 0) {
        pthread_mutex_unlock(&pool_lock);
        return NULL;
    }
    int slot = 0;
    while (pool[slot].owner) slot++; /* a free set exists: pool_used < pool_size */
    struct mpishmem_ctx *c = calloc(1, sizeof *c);
    char *bounce = aligned_alloc(64, MPISHMEM_BOUNCE_BYTES);
    MPI_Request *req = malloc(sizeof(MPI_Request) * MPISHMEM_MAX_GET_REQ);
    memcpy(c->win, pool[slot].win, sizeof c->win);
    memcpy(c->amo_win, mpishmem_ctx_default.win, sizeof c->amo_win);
    c->amo_mark = MPISHMEM_PENDING_AMO_WIN;
    c->pool_slot = slot;
    c->team = team;
    c->options = options;
    mpishmem_mpi_ctx_init(c, bounce, req);
    mpishmem_ctx_lock_init(c);
    c->batch = mpishmem_batch_new(c);
    pool[slot].owner = c;
    pool_used++;
    if (from_reservation) pool_promised--;
    team->ctx_count++;
    pthread_mutex_unlock(&pool_lock);
    return c;
}

void mpishmem_ctx_free(struct mpishmem_ctx *c)
{
    mpishmem_quiet(c);
    pthread_mutex_lock(&pool_lock);
    struct mpishmem_team *team = c->team;
    pool[c->pool_slot].owner = NULL;
    pool_used--;
    team->ctx_count--;
    if (team->ctx_count < team->ctx_reserved) pool_promised++;
    pthread_mutex_unlock(&pool_lock);
    /* Only now: a space being attached locks the pool's live contexts (under pool_lock). */
    if (c->locking) pthread_mutex_destroy(&c->lock);
    mpishmem_batch_free(c->batch);
    free(c->bounce);
    free(c->get_req);
    free(c);
}

int mpishmem_ctx_reserve(int n)
{
    pthread_mutex_lock(&pool_lock);
    int ok = n <= pool_size - pool_used - pool_promised;
    if (ok) pool_promised += n;
    pthread_mutex_unlock(&pool_lock);
    return ok ? 0 : -1;
}

void mpishmem_ctx_release_team(struct mpishmem_team *t)
{
    pthread_mutex_lock(&pool_lock);
    if (t->ctx_count < t->ctx_reserved) pool_promised -= t->ctx_reserved - t->ctx_count;
    t->ctx_reserved = 0;
    pthread_mutex_unlock(&pool_lock);
}

static void set_window(struct mpishmem_ctx *c, int id, MPI_Win w)
{
    mpishmem_ctx_lock(c);
    c->win[id] = c->amo_win[id] = w;
    if (w == MPI_WIN_NULL) mpishmem_pending_clear(c, 1 + id);
    mpishmem_ctx_unlock(c);
}

void mpishmem_ctx_set_segment_window(int id, MPI_Win w)
{
    set_window(&mpishmem_ctx_default, id, w);
    pthread_mutex_lock(&pool_lock);
    for (int i = 0; i < pool_size; i++) {
        pool[i].win[id] = w;
        if (pool[i].owner) set_window(pool[i].owner, id, w);
    }
    pthread_mutex_unlock(&pool_lock);
}

int mpishmem_ctx_free_sets(void)
{
    return pool_size - pool_used - pool_promised;
}

void mpishmem_ctx_lock_init(struct mpishmem_ctx *c)
{
    c->locking = mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE &&
                 !(c->options & SHMEM_CTX_PRIVATE);
    c->bounce_put8_limit = c->locking ? 0 : MPISHMEM_BOUNCE_BYTES - 16;
    if (c->locking) {
        pthread_mutexattr_t a;
        pthread_mutexattr_init(&a);
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
        pthread_mutex_init(&c->lock, &a);
        pthread_mutexattr_destroy(&a);
        /* Never cleared: every quiet on the context takes its slow path and fences (see
         * mpishmem_quiet_pending). */
        mpishmem_pending_mark(c, MPISHMEM_PENDING_LOCAL);
    }
}
