/* Remedy of quirk OMPI_UCX_POOLED_EP (mpi_quirks_table.h): the connections that Open MPI 5's
 * osc/ucx leaves open for every window freed under MPI_THREAD_MULTIPLE.
 *
 * At MPI_THREAD_MULTIPLE osc/ucx gives each (window, thread) a UCX worker from a pool, and
 * that worker's endpoints lead to each peer's one receiving worker. When the window is freed
 * (or the thread ends) osc/ucx calls ucp_ep_destroy on those endpoints and puts the worker
 * back into the pool, which destroys workers only in MPI_Finalize. But UCX destroys an
 * endpoint whose peer has connected back to it only with its worker ("Endpoints which have
 * remote connection are destroyed only when the worker is destroyed", ucp_ep.c): the endpoint
 * and its TCP connection stay, and the next window that takes the worker opens a new one to
 * the same peer. Each freed window so leaves one open socket per peer and thread
 * (tests/mpi_repro/win_free_fds.c: 10 windows, 10 sockets on each of 2 ranks), until the
 * process runs out of descriptors.
 *
 * The library interposes the three UCX calls involved (Open MPI calls them through the
 * dynamic linker, and libmpishmem comes before libucp in the lookup order, as for the other
 * interposers: ucx_yield_idle.c). An endpoint created to a worker address alone is recorded
 * with its worker and the peer worker's unique id (ucp_worker_address_query). Its
 * ucp_ep_destroy only marks it idle, connection and all, and the next ucp_ep_create from the
 * same worker to the same peer worker gets it back instead of a new connection:
 * osc/ucx has flushed it before destroying it (the worker's flush when a thread's record
 * goes, the window's flushes in MPI_Win_free), and UCX destroys every endpoint of a worker
 * with the worker (ucp_worker_destroy, interposed to forget them). Elsewhere (the quirk off,
 * other parameters, a UCX without ucp_worker_address_query) all three pass straight through.
 * Plain MPI programs of the tests link this file too (MPISHMEM_UCX_INTERPOSERS). */
#define _GNU_SOURCE
#include <mpi.h>

#include "mpi_quirks.h"
#include "ucx_interposer_next.h"
#include "ucx_interposers.h"
#include "ompi_ucx_thread_exit.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Named by runtime.c, so that a static link takes this object (ucx_interposers.h). */
__attribute__((visibility("hidden"))) const char mpishmem_interposer_ompi_ep_reuse = 1;

/* The beginnings of UCX's public, ABI-stable parameter structures (ucp_def.h, ucp.h): the
 * library is built without UCX's headers. */
struct ucx_ep_params_head {
    uint64_t field_mask;
    const void *address;
};
#define UCX_EP_PARAM_FIELD_REMOTE_ADDRESS 1u /* UCP_EP_PARAM_FIELD_REMOTE_ADDRESS */
struct ucx_worker_address_attr {
    uint64_t field_mask;
    uint64_t worker_uid;
};
#define UCX_WORKER_ADDRESS_ATTR_FIELD_UID 1u /* UCP_WORKER_ADDRESS_ATTR_FIELD_UID */

/* An endpoint made here: its worker, its peer worker, and whether osc/ucx has let it go (ep
 * NULL: forgotten, its address since given to another endpoint). */
struct pooled_ep {
    void *ep, *worker;
    uint64_t peer;
    int idle;
};

/* The endpoints, with two open-addressing indexes over them (record number + 1, 0 empty):
 * by endpoint and by (worker, peer). Records go only when their worker does (MPI_Finalize),
 * and the indexes are rebuilt then. */
static struct {
    pthread_mutex_t lock;
    struct pooled_ep *rec;
    size_t n, cap;
    size_t *by_ep, *by_peer, slots; /* slots: a power of two, at least 2 * cap */
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER};

static size_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}
static size_t hash_ep(const void *ep) { return mix((uint64_t)(uintptr_t)ep); }
static size_t hash_peer(const void *worker, uint64_t peer)
{
    return mix((uint64_t)(uintptr_t)worker * 31 + peer);
}

static void index_record(size_t i)
{
    size_t m = pool.slots - 1, s;
    for (s = hash_ep(pool.rec[i].ep) & m; pool.by_ep[s]; s = (s + 1) & m) {}
    pool.by_ep[s] = i + 1;
    for (s = hash_peer(pool.rec[i].worker, pool.rec[i].peer) & m; pool.by_peer[s];
         s = (s + 1) & m) {}
    pool.by_peer[s] = i + 1;
}

/* Builds both indexes anew with `slots` slots; 0 when out of memory (nothing changed). */
static int reindex(size_t slots)
{
    size_t *a = calloc(slots, sizeof *a), *b = calloc(slots, sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return 0;
    }
    free(pool.by_ep);
    free(pool.by_peer);
    pool.by_ep = a;
    pool.by_peer = b;
    pool.slots = slots;
    for (size_t i = 0; i < pool.n; i++) index_record(i);
    return 1;
}

static struct pooled_ep *find_ep(const void *ep)
{
    if (!pool.slots) return NULL;
    size_t m = pool.slots - 1;
    for (size_t s = hash_ep(ep) & m; pool.by_ep[s]; s = (s + 1) & m)
        if (pool.rec[pool.by_ep[s] - 1].ep == ep) return &pool.rec[pool.by_ep[s] - 1];
    return NULL;
}

static struct pooled_ep *find_idle(const void *worker, uint64_t peer)
{
    if (!pool.slots) return NULL;
    size_t m = pool.slots - 1;
    for (size_t s = hash_peer(worker, peer) & m; pool.by_peer[s]; s = (s + 1) & m) {
        struct pooled_ep *r = &pool.rec[pool.by_peer[s] - 1];
        if (r->idle && r->worker == worker && r->peer == peer) return r;
    }
    return NULL;
}

/* Records a new busy endpoint; without memory it stays unrecorded (destroyed as UCX does). */
static void record(void *ep, void *worker, uint64_t peer)
{
    if (pool.n == pool.cap) {
        size_t cap = pool.cap ? 2 * pool.cap : 64;
        struct pooled_ep *grown = realloc(pool.rec, cap * sizeof *grown);
        if (!grown) return;
        pool.rec = grown;
        pool.cap = cap;
    }
    if (2 * pool.cap > pool.slots && !reindex(4 * pool.cap)) return;
    pool.rec[pool.n] = (struct pooled_ep){ep, worker, peer, 0};
    index_record(pool.n++);
}

/* The unique id of the worker at `address`, or 0 when UCX cannot tell (ids are random 64-bit
 * numbers: 0 stands for none here). */
static uint64_t peer_worker_id(const void *address)
{
    static int (*query)(const void *, struct ucx_worker_address_attr *);
    static int looked;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        /* UCX 1.13 and later; RTLD_DEFAULT: libucp is loaded, wherever it sits in the order. */
        query = (int (*)(const void *, struct ucx_worker_address_attr *))dlsym(
            RTLD_DEFAULT, "ucp_worker_address_query");
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    struct ucx_worker_address_attr attr = {.field_mask = UCX_WORKER_ADDRESS_ATTR_FIELD_UID};
    if (!query || query(address, &attr) != 0) return 0;
    return attr.worker_uid;
}

__attribute__((visibility("default"))) int ucp_ep_create(void *worker,
                                                         const struct ucx_ep_params_head *params,
                                                         void **ep_out)
{
    typedef int create_fn(void *, const struct ucx_ep_params_head *, void **);
    static create_fn *real;
    if (!real) real = (create_fn *)mpishmem_interposed_next("ucp_ep_create");
    mpishmem_mpi_quirks_detect();
    mpishmem_ompi_thread_exit_watch(); /* this thread now has records in osc/ucx */
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_POOLED_EP]) return real(worker, params, ep_out);
    uint64_t peer = params->field_mask == UCX_EP_PARAM_FIELD_REMOTE_ADDRESS
                        ? peer_worker_id(params->address)
                        : 0;
    if (peer) {
        pthread_mutex_lock(&pool.lock);
        struct pooled_ep *r = find_idle(worker, peer);
        if (r) r->idle = 0; /* the worker's thread owns it again */
        pthread_mutex_unlock(&pool.lock);
        if (r) {
            *ep_out = r->ep;
            return 0; /* UCS_OK */
        }
    }
    int status = real(worker, params, ep_out);
    if (status != 0) return status;
    pthread_mutex_lock(&pool.lock);
    /* A record of an endpoint that went another way (ucp_disconnect_nb: Open MPI's pml at
     * finalize) and whose address UCX gave this one: forgotten, so that this endpoint's
     * ucp_ep_destroy is never mistaken for a pooled one's. */
    struct pooled_ep *stale = find_ep(*ep_out);
    if (stale) stale->ep = NULL;
    if (peer) record(*ep_out, worker, peer);
    pthread_mutex_unlock(&pool.lock);
    return status;
}

__attribute__((visibility("default"))) void ucp_ep_destroy(void *ep)
{
    static void (*real)(void *);
    if (!real) real = (void (*)(void *))mpishmem_interposed_next("ucp_ep_destroy");
    pthread_mutex_lock(&pool.lock);
    struct pooled_ep *r = find_ep(ep);
    if (r && !r->idle) {
        r->idle = 1;
        pthread_mutex_unlock(&pool.lock);
        return;
    }
    pthread_mutex_unlock(&pool.lock);
    real(ep);
}

__attribute__((visibility("default"))) void ucp_worker_destroy(void *worker)
{
    static void (*real)(void *);
    if (!real) real = (void (*)(void *))mpishmem_interposed_next("ucp_worker_destroy");
    pthread_mutex_lock(&pool.lock);
    size_t kept = 0;
    for (size_t i = 0; i < pool.n; i++)
        if (pool.rec[i].worker != worker) pool.rec[kept++] = pool.rec[i];
    if (kept != pool.n) {
        pool.n = kept;
        memset(pool.by_ep, 0, pool.slots * sizeof *pool.by_ep);
        memset(pool.by_peer, 0, pool.slots * sizeof *pool.by_peer);
        for (size_t i = 0; i < pool.n; i++) index_record(i);
    }
    pthread_mutex_unlock(&pool.lock);
    real(worker); /* destroys the worker's endpoints, the idle ones among them */
}
