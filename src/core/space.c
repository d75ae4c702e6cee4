#define _GNU_SOURCE
#include "space.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/error.h"
#include "../base/segment.h"
#include "../transport/mpi/mpi_am.h"
#include "../transport/mpi/mpi_amo.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_comm.h"
#include "../transport/mpi/mpi_rma.h"
#include "../transport/mpi/quirks/ompi_ucx_win_free_mt.h"
#include "ctx.h"
#include "order.h"
#include "shm.h"

/* Every space created and not destroyed; creation and destruction are local, so threads may
 * do them at once. */
static struct mpishmem_space *spaces;
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;

struct mpishmem_space *mpishmem_space_new(const shmemx_space_config_t *config)
{
    struct mpishmem_space *sp = calloc(1, sizeof *sp);
    size_t page = mpishmem_page_size();
    sp->config = *config;
    sp->size = MPISHMEM_ROUND_UP(config->sheap_size, page);
    sp->win = MPI_WIN_NULL;
    pthread_mutex_init(&sp->ctx_lock, NULL);
    pthread_mutex_lock(&list_lock);
    sp->next = spaces;
    spaces = sp;
    pthread_mutex_unlock(&list_lock);
    return sp;
}

void mpishmem_space_delete(struct mpishmem_space *sp)
{
    pthread_mutex_lock(&list_lock);
    for (struct mpishmem_space **p = &spaces; *p; p = &(*p)->next)
        if (*p == sp) {
            *p = sp->next;
            break;
        }
    pthread_mutex_unlock(&list_lock);
    pthread_mutex_destroy(&sp->ctx_lock);
    free(sp);
}

int mpishmem_space_exists(const struct mpishmem_space *sp)
{
    int found = 0;
    pthread_mutex_lock(&list_lock);
    for (const struct mpishmem_space *p = spaces; p && !found; p = p->next) found = p == sp;
    pthread_mutex_unlock(&list_lock);
    return found;
}

static struct mpishmem_space *space_of_seg(struct mpishmem_seg *s)
{
    return (struct mpishmem_space *)((char *)s - offsetof(struct mpishmem_space, seg));
}

struct mpishmem_space *mpishmem_space_of(const void *addr, size_t *off)
{
    struct mpishmem_seg *s = mpishmem_seg_find_other((uintptr_t)addr, off);
    return s ? space_of_seg(s) : NULL;
}

/* ---- Attach and detach ---------------------------------------------------------------------- */

/* Every PE must attach the same space configuration at the same point, so that the segment
 * id and the windows match; the values are checked always (attach is rare and costly). */
static void agree(const char *routine, size_t size, int n_ctx, int id)
{
    unsigned long long v[6] = {size, ~(unsigned long long)size, (unsigned)n_ctx,
                               ~(unsigned long long)(unsigned)n_ctx, (unsigned)id,
                               ~(unsigned long long)(unsigned)id};
    unsigned long long r[6];
    mpishmem_comm_allreduce(v, r, 6, MPI_UNSIGNED_LONG_LONG, MPI_MAX, mpishmem_g.world);
    for (int i = 0; i < 6; i += 2)
        if (r[i] != v[i] || ~r[i + 1] != v[i])
            mpishmem_error(routine,
                           "PEs attach different memory spaces (here: %zu bytes, %d contexts, "
                           "%d spaces attached before): shmemx_space_attach is collective over "
                           "the world, every PE must attach spaces of the same configuration in "
                           "the same order",
                           size, n_ctx, id - MPISHMEM_SEG_SPACE0);
}

static int free_segment_id(void)
{
    for (int id = MPISHMEM_SEG_SPACE0; id < MPISHMEM_SEG_MAX; id++)
        if (!mpishmem_g.space_seg[id]) return id;
    return -1;
}

/* Load/store and CPU-atomic addresses of every PE's part, as for the heap (core/amo.c): CPU
 * atomics serve every AMO in a single-node job, and node peers in the active-message mode. */
static void map_peers(struct mpishmem_space *sp, size_t slot)
{
    struct mpishmem_seg *s = &sp->seg;
    int n = mpishmem_g.n_pes;
    s->peer = calloc((size_t)n, sizeof(char *));
    s->amo_peer = calloc((size_t)n, sizeof(char *));
    for (int i = 0; i < mpishmem_g.node_size; i++) {
        int pe = mpishmem_g.node_pes[i];
        s->peer[pe] = pe == mpishmem_g.my_pe ? s->base : sp->view + slot * (size_t)i;
    }
    int single_node = mpishmem_g.node_size == n;
    if (single_node || mpishmem_g.amo_mode == MPISHMEM_AMO_MODE_AM)
        memcpy(s->amo_peer, s->peer, sizeof(char *) * (size_t)n);
    /* In the active-message mode AMOs on oneself take the general path, which serves incoming
     * requests (see mpishmem_amo_init). */
    if (mpishmem_g.am_active) s->amo_peer[mpishmem_g.my_pe] = NULL;
}

static void create_window(struct mpishmem_space *sp, MPI_Info info, MPI_Win *w)
{
    /* MPI_Win_create synchronizes without yielding: arriving together (after a yielding
     * barrier) is much faster when PEs share cores (see core/ctx.c). */
    mpishmem_comm_barrier(mpishmem_g.world);
    MPI_Win_create(sp->seg.base, (MPI_Aint)sp->size, 1, info, mpishmem_g.world, w);
    mpishmem_win_lock_for_run(*w);
}

static void free_window(MPI_Win *w)
{
    if (*w == MPI_WIN_NULL) return;
    mpishmem_win_unlock_for_free(*w); /* completes every operation of this PE on it */
    mpishmem_comm_barrier(mpishmem_g.world);
    MPI_Win_free(w);
}

/* Windows only where some PE is reached through MPI: in a single-node job every access to a
 * space is a load/store or CPU atomic, and windows would only cost time. */
static void create_windows(struct mpishmem_space *sp)
{
    int n = sp->config.num_contexts;
    sp->ctx_win = malloc(sizeof(MPI_Win) * (size_t)(n > 0 ? n : 1));
    sp->ctx = calloc((size_t)(n > 0 ? n : 1), sizeof *sp->ctx);
    sp->win = MPI_WIN_NULL;
    for (int i = 0; i < n; i++) sp->ctx_win[i] = MPI_WIN_NULL;
    if (mpishmem_g.node_size == mpishmem_g.n_pes) return;
    MPI_Info info = mpishmem_mpi_amo_win_info();
    create_window(sp, info, &sp->win);
    for (int i = 0; i < n; i++) create_window(sp, info, &sp->ctx_win[i]);
    MPI_Info_free(&info);
}

/* Points every context at the window of segment `id` (MPI_WIN_NULL: the segment is gone):
 * the default and pool contexts (core/ctx.c) and the contexts of every attached space. */
static void set_segment_window(int id, MPI_Win w)
{
    mpishmem_ctx_set_segment_window(id, w);
    for (int sid = MPISHMEM_SEG_SPACE0; sid < MPISHMEM_SEG_MAX; sid++) {
        struct mpishmem_seg *s = mpishmem_g.space_seg[sid];
        if (!s) continue;
        struct mpishmem_space *other = space_of_seg(s);
        pthread_mutex_lock(&other->ctx_lock);
        for (int i = 0; i < other->config.num_contexts; i++) {
            struct mpishmem_ctx *c = other->ctx[i];
            if (!c || sid == id) continue;
            mpishmem_ctx_lock(c);
            c->win[id] = c->amo_win[id] = w;
            if (w == MPI_WIN_NULL) mpishmem_pending_clear(c, 1 + id);
            mpishmem_ctx_unlock(c);
        }
        pthread_mutex_unlock(&other->ctx_lock);
    }
}

void mpishmem_space_attach(struct mpishmem_space *sp, const char *routine)
{
    if (sp->attached)
        mpishmem_error(routine, "the memory space is already attached (detach it first)");
    int id = free_segment_id();
    agree(routine, sp->size, sp->config.num_contexts, id);
    if (id < 0)
        mpishmem_error(routine,
                       "%d memory spaces are attached already, the most there may be at once "
                       "(detach one with shmemx_space_detach first)",
                       MPISHMEM_SEG_MAX - MPISHMEM_SEG_SPACE0);

    size_t slot = sp->size;
    if (slot > (SIZE_MAX / 2) / (size_t)mpishmem_g.node_size)
        mpishmem_error(routine, "a space of %zu bytes for each of the node's %d PEs does not fit "
                                "in the address space", slot, mpishmem_g.node_size);
    sp->view_len = slot * (size_t)mpishmem_g.node_size;
    int fd = mpishmem_shm_open_node_object(sp->view_len, routine);
    char *base = mpishmem_shm_map_symmetric(fd, slot * (size_t)mpishmem_g.node_rank, slot, routine);
    sp->view = mmap(NULL, sp->view_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    close(fd);
    if (sp->view == MAP_FAILED)
        mpishmem_error(routine, "cannot map the node's shared memory of the space (%zu bytes)",
                       sp->view_len);

    sp->seg = (struct mpishmem_seg){.base = base, .size = sp->size, .id = id};
    map_peers(sp, slot);
    create_windows(sp);
    mpishmem_arena_init(&sp->arena, sp->size);
    sp->attached = 1;

    mpishmem_g.space_seg[id] = &sp->seg;
    set_segment_window(id, sp->win);
    mpishmem_comm_barrier(mpishmem_g.world);
}

void mpishmem_space_detach(struct mpishmem_space *sp, const char *routine)
{
    if (!sp->attached) mpishmem_error(routine, "the memory space is not attached");
    for (int i = 0; i < sp->config.num_contexts; i++)
        if (sp->ctx[i])
            mpishmem_error(routine, "a context of the memory space still exists (destroy the "
                                    "space's contexts with shmem_ctx_destroy first)");
    if (mpishmem_arena_live_blocks(&sp->arena))
        mpishmem_debug_msg(routine, "%zu blocks of the memory space were not freed; detaching "
                                    "frees them", mpishmem_arena_live_blocks(&sp->arena));
    /* Every PE is done with the space: its own operations complete, then a barrier. */
    mpishmem_quiet(&mpishmem_ctx_default);
    if (mpishmem_g.am_active) mpishmem_am_complete();
    mpishmem_batch_complete_all(); /* every context's batches, which may hold records for it */
    mpishmem_comm_barrier(mpishmem_g.world);

    int id = sp->seg.id;
    mpishmem_g.space_seg[id] = NULL;
    set_segment_window(id, MPI_WIN_NULL);
    free_window(&sp->win);
    for (int i = 0; i < sp->config.num_contexts; i++) free_window(&sp->ctx_win[i]);
    free(sp->ctx_win);
    free(sp->ctx);
    sp->ctx_win = NULL;
    sp->ctx = NULL;

    munmap(sp->seg.base, sp->size);
    munmap(sp->view, sp->view_len);
    free(sp->seg.peer);
    free(sp->seg.amo_peer);
    mpishmem_arena_fini(&sp->arena);
    memset(&sp->seg, 0, sizeof sp->seg);
    sp->view = NULL;
    sp->attached = 0;
}

/* ---- Contexts ------------------------------------------------------------------------------- */

/* A space's context uses the space's dedicated window i for the space and the default
 * context's windows for every other segment; AMOs go through the default windows, as for
 * every context (MPI accumulates are atomic only within one window). */
struct mpishmem_ctx *mpishmem_space_ctx_new(struct mpishmem_space *sp, long options)
{
    pthread_mutex_lock(&sp->ctx_lock);
    int i = 0;
    while (i < sp->config.num_contexts && sp->ctx[i]) i++;
    if (i == sp->config.num_contexts) {
        pthread_mutex_unlock(&sp->ctx_lock);
        return NULL;
    }
    struct mpishmem_ctx *c = calloc(1, sizeof *c);
    char *bounce = aligned_alloc(64, MPISHMEM_BOUNCE_BYTES);
    MPI_Request *req = malloc(sizeof(MPI_Request) * MPISHMEM_MAX_GET_REQ);
    memcpy(c->win, mpishmem_ctx_default.win, sizeof c->win);
    memcpy(c->amo_win, mpishmem_ctx_default.win, sizeof c->amo_win);
    c->win[sp->seg.id] = sp->ctx_win[i];
    c->amo_mark = MPISHMEM_PENDING_AMO_WIN;
    c->pool_slot = i; /* the space's window slot */
    c->space = sp;
    c->team = &mpishmem_team_world;
    c->options = options;
    mpishmem_mpi_ctx_init(c, bounce, req);
    mpishmem_ctx_lock_init(c);
    sp->ctx[i] = c;
    pthread_mutex_unlock(&sp->ctx_lock);
    return c;
}

void mpishmem_space_ctx_free(struct mpishmem_ctx *c)
{
    struct mpishmem_space *sp = c->space;
    mpishmem_quiet(c);
    /* Out of the table first: an attach in another thread may lock the context meanwhile. */
    pthread_mutex_lock(&sp->ctx_lock);
    sp->ctx[c->pool_slot] = NULL;
    pthread_mutex_unlock(&sp->ctx_lock);
    if (c->locking) pthread_mutex_destroy(&c->lock);
    free(c->bounce);
    free(c->get_req);
    free(c);
}

/* ---- Finalize ------------------------------------------------------------------------------- */

void mpishmem_space_fini_all(void)
{
    /* Detached in the order of their segment ids, which is the same on every PE. */
    for (int id = MPISHMEM_SEG_SPACE0; id < MPISHMEM_SEG_MAX; id++) {
        struct mpishmem_seg *s = mpishmem_g.space_seg[id];
        if (!s) continue;
        struct mpishmem_space *sp = space_of_seg(s);
        for (int i = 0; i < sp->config.num_contexts; i++)
            if (sp->ctx[i]) mpishmem_space_ctx_free(sp->ctx[i]);
        mpishmem_space_detach(sp, "shmem_finalize");
    }
    while (spaces) mpishmem_space_delete(spaces);
}
