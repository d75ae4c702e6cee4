/* mpishmem: the runtime state shared by every layer, and the few macros the hot paths use.
 * Everything here is hidden inside the library (-fvisibility=hidden). */
#ifndef MPISHMEM_STATE_H
#define MPISHMEM_STATE_H

#include <mpi.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "shmem.h"

#define MPISHMEM_LIKELY(x) __builtin_expect(!!(x), 1)
#define MPISHMEM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define MPISHMEM_INTERNAL __attribute__((visibility("hidden")))
/* The thread-local counters every remote call touches: with glibc, in the initial-exec model
 * (one load relative to the thread pointer) instead of a call to __tls_get_addr per access,
 * which cost 11-33 instructions per remote operation (callgrind, bench/callgrind_remote.sh).
 * glibc keeps spare static TLS for libraries loaded later with dlopen (Python's, shmem4py's
 * way in), far more than these few bytes. */
#if defined(__GLIBC__) && defined(__GNUC__)
#define MPISHMEM_FAST_TLS __attribute__((tls_model("initial-exec")))
#else
#define MPISHMEM_FAST_TLS
#endif

/* Segment ids: index into each context's window array. Ids from MPISHMEM_SEG_SPACE0 on are
 * held by attached memory spaces (shmemx_space_attach; src/core/space.h). */
enum {
    MPISHMEM_SEG_HEAP = 0,
    MPISHMEM_SEG_DATA = 1,
    MPISHMEM_SEG_SPACE0 = 2,
    MPISHMEM_SEG_MAX = 6
};

/* A symmetric segment as this PE sees it. */
struct mpishmem_seg {
    char *base;        /* this PE's copy: [base, base + size) */
    size_t fast_size;  /* heap: `size`, or 0 under SHMEM_DEBUG so every call takes the checked
                        * general path; the fast path then needs no test of the debug flag */
    size_t size;       /* 0 when the segment does not exist */
    char **peer;       /* [n_pes] load/store address of each PE's `base`, NULL if not mapped */
    char **amo_peer;   /* [n_pes] the same where AMOs may use CPU atomics on it, else NULL */
    MPI_Aint win_disp; /* displacement of `base` inside the segment's MPI window */
    int id;            /* MPISHMEM_SEG_* */
};

/* Outstanding-operation flags of a context: flag[0] is set by node-local stores, flag[1 + id]
 * by MPI operations on segment id (bit MPISHMEM_PENDING_WIN: the context's window, bit
 * MPISHMEM_PENDING_AMO_WIN: the shared AMO window), flag[7] by active-message AMOs and batches
 * of small operations. One 64-bit test tells an idle quiet. */
#define MPISHMEM_PENDING_LOCAL 0
#define MPISHMEM_PENDING_AM 7
/* The bits of flag[MPISHMEM_PENDING_AM]: active-message AMOs, batches (mpi_batch.h). */
#define MPISHMEM_PENDING_AM_AMO 1
#define MPISHMEM_PENDING_BATCH 2
#define MPISHMEM_PENDING_WIN 1
#define MPISHMEM_PENDING_AMO_WIN 2
union mpishmem_pending {
    uint64_t any;
    uint8_t flag[8];
};

struct mpishmem_batch;

struct mpishmem_ctx {
    union mpishmem_pending pending;
    MPI_Win win[MPISHMEM_SEG_MAX]; /* MPI_WIN_NULL where the segment has no window */
    /* MPI accumulates are atomic only among operations on one window, so the AMOs of every
     * context go through the default context's windows; amo_mark is the pending bit they set
     * (MPISHMEM_PENDING_WIN for the default context, whose windows these are). */
    MPI_Win amo_win[MPISHMEM_SEG_MAX];
    uint8_t amo_mark;
    /* The targets of the MPI window operations that quiet has to complete
     * (mpishmem_pending_window): 0 none, pe + 1 all of them to `pe`, -1 several PEs. Quiet
     * flushes one PE (MPI_Win_flush) where it can, every PE (MPI_Win_flush_all) otherwise. */
    int flush_target;
    int pool_slot;                 /* window set of the context pool; -1 for the default */
    struct mpishmem_space *space;  /* memory space this context was made from (shmemx_space_
                                    * create_ctx), else NULL; src/core/space.h */
    struct mpishmem_team *team;
    long options;
    /* Under SHMEM_THREAD_MULTIPLE a context that is not SHMEM_CTX_PRIVATE may be used by
     * several threads at once: its MPI bookkeeping (pending flags of windows, bounce buffer,
     * get requests) is then changed under `lock` (recursive). Node-local paths take no lock. */
    int locking;
    pthread_mutex_t lock;
    /* Bounce buffer: copies of small put sources and of accumulate operands, which must
     * outlive the call until MPI completes the operation locally. Reset by every flush. */
    char *bounce;
    size_t bounce_used;
    /* The remote 8-byte put's one test (mpi_rma.c): it copies into the bounce buffer while
     * bounce_used is below this, which is 0 for a locking context (all its puts go the
     * locked way). Set by mpishmem_ctx_lock_init. */
    size_t bounce_put8_limit;
    /* Nonblocking gets in flight, completed by quiet through their requests: MPICH 4.0's
     * MPI_Win_flush_all can return before a large get's data has arrived. */
    MPI_Request *get_req;
    unsigned n_get_req;
    /* Small remote operations waiting to go out as one message per target (NULL when
     * batching is off; src/transport/mpi/mpi_batch.h). */
    struct mpishmem_batch *batch;
};

/* How AMOs reach PEs that are not reached by CPU atomics (see core/amo.h). */
enum { MPISHMEM_AMO_MODE_MPI, MPISHMEM_AMO_MODE_AM };
#define MPISHMEM_BOUNCE_BYTES (64 * 1024)
/* Blocking puts through MPI up to this size are copied into the context's bounce buffer and
 * not flushed: a copy of up to a page costs less than MPI_Win_flush_local on every MPI here
 * (the default of MPISHMEM_BOUNCE_PUT; 8192 where MPICH reaches the PE over its network,
 * mpi_rma.c bounce_max).
 * 2 PEs on two simulated nodes, 7 rounds, 4096 against 256: a 512- and a 2048-byte put
 * 0.29-0.31x on MPICH 5 (TCP between cliques), 0.47-0.50x on Open MPI 5, 0.61-0.66x on Intel
 * MPI, put + quiet 0.90-0.99x; 8192 bytes would make Intel MPI's put + quiet 2x slower. */
#define MPISHMEM_BOUNCE_MAX_PUT 4096
#define MPISHMEM_MAX_GET_REQ 64

/* How a team synchronizes (src/coll/coll_sync.c), chosen at its first sync: through counters in
 * node shared memory when every member shares memory with this PE and a counter slot is free
 * on all of them, else with an MPI barrier. Zero-initialized: not chosen yet. */
enum { MPISHMEM_SYNC_UNSET = 0, MPISHMEM_SYNC_SHM, MPISHMEM_SYNC_MPI };
/* The mailboxes of a team in shared-memory sync mode (src/coll/coll_sync.h): each member has
 * MPISHMEM_MAILBOXES of MPISHMEM_MAILBOX_BYTES, used in turn, so a member (a broadcast root)
 * may run that many small collectives ahead of the slowest reader. With PEs sharing cores a
 * reader is often off the core: 8-byte broadcasts, 4 PEs on 2 cores, took 1.5 us with 2
 * mailboxes, 450 ns with 8, 110 ns with 32 (bench/shmem_coll_bench.c). 4.3 MiB of address
 * space per PE (64 slots); pages are touched only as teams use them (68 KiB per PE and team). */
#define MPISHMEM_MAILBOX_BYTES 2048
/* A mailbox: a cache line with its flag (the value of the collective that last filled it)
 * and up to MPISHMEM_MAILBOX_INLINE bytes of data, a line of padding (adjacent-line
 * prefetch), then MPISHMEM_MAILBOX_BYTES for larger data. Small data travels in the flag's
 * line: a reader gets both in one transfer (2 PEs, 8-byte broadcast 210 -> 50 ns, fcollect
 * 428 -> 230 ns, sum 480 -> 300 ns, when a line took ~200 ns between the cores). */
#define MPISHMEM_MAILBOX_INLINE 48
#define MPISHMEM_MAILBOX_STRIDE (128 + MPISHMEM_MAILBOX_BYTES)
#ifndef MPISHMEM_MAILBOXES
#define MPISHMEM_MAILBOXES 32
#endif

/* Whether a team's node-aware structure (coll_node.c) was looked at: not yet, made, or none
 * (one member per node, no counter slot free, threads). Zero-initialized: not yet. */
enum { MPISHMEM_NODE_UNSET = 0, MPISHMEM_NODE_READY, MPISHMEM_NODE_NONE };

struct mpishmem_team_sync {
    int mode;           /* MPISHMEM_SYNC_* */
    int slot;           /* the counter slot, when mode is MPISHMEM_SYNC_SHM */
    uint64_t value;     /* this PE's counter after its last sync */
    uint64_t **counter; /* [n_pes] each member's counter of `slot` */
    char **mailbox;     /* [n_pes] each member's mailboxes of `slot` */
    unsigned eager_ops; /* mailboxes used so far (modulo MPISHMEM_MAILBOXES: the next one) */
    unsigned span;      /* mailboxes the current mailbox collective uses (0 or 1: one) */
    uint64_t all_seen;  /* every member's counter was at least this when last read */
    uint64_t free_at[MPISHMEM_MAILBOXES]; /* this PE's mailbox b may be refilled once
                                           * every counter is there */
};

/* A team: its PEs, and an MPI communicator whose rank order is the team's PE order. The
 * communicator of a split team is made when a collective first needs it (MPI_COMM_NULL until
 * then; use mpishmem_team_comm() in src/core/team.h): splits then cost no MPI call beyond
 * one agreement, which matters when programs make thousands of teams. */
struct mpishmem_team {
    MPI_Comm comm;
    int my_pe, n_pes;
    int *world_pe; /* [n_pes] team PE -> world PE; NULL for the world team (identity) */
    int *team_pe;  /* [world n_pes] world PE -> team PE or -1; NULL for the world team */
    int all_local; /* every member shares memory with this PE (node-local algorithms apply) */
    int is_predefined;        /* SHMEM_TEAM_WORLD / SHMEM_TEAM_SHARED: never destroyed */
    shmem_team_config_t config;
    long config_mask;
    int ctx_reserved;         /* contexts of the pool held for this team (config) */
    int ctx_count;            /* live contexts created from this team */
    struct mpishmem_team_sync sync;
    /* Teams that span nodes: the two levels of node-aware collectives (src/coll/coll_node.h),
     * made at the first collective that asks; node_state says whether that was done. */
    struct mpishmem_coll_node *node;
    int node_state; /* MPISHMEM_NODE_* */
    struct mpishmem_team *next; /* list of the teams the program created (freed at finalize) */
};

/* Process-wide state. The hot fields come first. */
struct mpishmem_state {
    struct mpishmem_seg heap;
    struct mpishmem_seg data;
    int debug;       /* SHMEM_DEBUG: argument checks on every call */
    int my_pe, n_pes;
    int init_count;  /* shmem_init calls minus shmem_finalize calls */
    int thread_level;
    int oversubscribed; /* PEs on this host per core, rounded up, when above 1; else 0.
                         * Spin loops then yield at once. */
    int any_oversubscribed; /* some host's PEs share cores: the same on every PE, since the
                             * collectives a PE makes depend on it (transport/mpi/mpi_comm.c) */
    int machine_threads; /* this job's threads that may want this machine's CPUs: its PEs on
                          * this kernel (this host's, and those of hosts that share its kernel
                          * and CPUs: containers, network namespaces such as the emulated
                          * cluster's), and their progress threads (base/cpu_share.h) */
    int amo_mode;       /* MPISHMEM_AMO_MODE_* */
    int am_active;      /* active messages may arrive: progress serves them */
    int remote_updates; /* other PEs may update this PE's memory through MPI or active
                         * messages, which land only while this PE calls into MPI */
    int serve_active;   /* messages may arrive that this PE's library must serve: active-
                         * message AMOs or batches (am_active, or batching on) */
    MPI_Comm world;  /* private duplicate of MPI_COMM_WORLD */
    MPI_Comm node;   /* PEs that share memory with this one */
    int node_rank, node_size;
    int *node_pes;   /* [node_size] world PE of each node rank */
    int *node_index; /* [n_pes] node rank of each world PE, -1 if on another node */
    /* [n_pes] 1 for each PE that MPI itself puts on this host (MPI_COMM_TYPE_SHARED), which it
     * reaches through its shared-memory transport even where the library's simulated nodes
     * split the host (MPISHMEM_SIMULATED_NODES). */
    unsigned char *mpi_host_peer;
    /* Attached memory spaces by segment id (MPISHMEM_SEG_SPACE0 ..), NULL where free; read by
     * mpishmem_seg_find_other. */
    struct mpishmem_seg *space_seg[MPISHMEM_SEG_MAX];
};

/* Defined in base/state.c, filled in by shmem_init (core/runtime.c). */
extern MPISHMEM_INTERNAL struct mpishmem_state mpishmem_g;

/* A context's pending flags are read and written with relaxed atomics: under
 * SHMEM_THREAD_MULTIPLE the threads sharing a context set and clear them at once (the MPI flags
 * only under the context's lock). Relaxed byte and word accesses are plain moves on x86-64, so
 * the fast paths do not change. */
static inline void mpishmem_pending_or(struct mpishmem_ctx *c, int i, uint8_t bits)
{
    uint8_t *f = &c->pending.flag[i];
#if defined(__x86_64__) && defined(__GNUC__)
    /* The same relaxed read-or-write as below, as one unlocked instruction (which compilers do
     * not fuse atomics into): the remote put's budget is counted in instructions. */
    __asm__("orb %1, %0" : "+m"(*f) : "iq"(bits));
#else
    __atomic_store_n(f, (uint8_t)(__atomic_load_n(f, __ATOMIC_RELAXED) | bits), __ATOMIC_RELAXED);
#endif
}
/* Marks segment `seg`'s windows (bits: MPISHMEM_PENDING_WIN, _AMO_WIN) with an MPI operation
 * to `pe` that quiet completes, and keeps count of its target (flush_target). The only way to
 * set a window's flag: quiet flushes just the one PE recorded where there is one. */
static inline void mpishmem_pending_window(struct mpishmem_ctx *c, int seg, uint8_t bits, int pe)
{
    mpishmem_pending_or(c, 1 + seg, bits);
    int t = __atomic_load_n(&c->flush_target, __ATOMIC_RELAXED);
    if (MPISHMEM_UNLIKELY(t != pe + 1))
        __atomic_store_n(&c->flush_target, t == 0 ? pe + 1 : -1, __ATOMIC_RELAXED);
}
/* Sets bits of flag[MPISHMEM_PENDING_AM] (active-message AMOs, batches). */
static inline void mpishmem_pending_set_am(struct mpishmem_ctx *c, uint8_t bits)
{
    mpishmem_pending_or(c, MPISHMEM_PENDING_AM, bits);
}
/* Sets a flag that holds no other bits (node-local stores, active messages): one store. */
static inline void mpishmem_pending_mark(struct mpishmem_ctx *c, int i)
{
    __atomic_store_n(&c->pending.flag[i], 1, __ATOMIC_RELAXED);
}
static inline uint8_t mpishmem_pending_get(const struct mpishmem_ctx *c, int i)
{
    return __atomic_load_n(&c->pending.flag[i], __ATOMIC_RELAXED);
}
static inline void mpishmem_pending_clear(struct mpishmem_ctx *c, int i)
{
    __atomic_store_n(&c->pending.flag[i], 0, __ATOMIC_RELAXED);
}
static inline uint64_t mpishmem_pending_any(const struct mpishmem_ctx *c)
{
    return __atomic_load_n(&c->pending.any, __ATOMIC_RELAXED);
}

static inline void mpishmem_ctx_lock(struct mpishmem_ctx *c)
{
    if (MPISHMEM_UNLIKELY(c->locking)) pthread_mutex_lock(&c->lock);
}
static inline void mpishmem_ctx_unlock(struct mpishmem_ctx *c)
{
    if (MPISHMEM_UNLIKELY(c->locking)) pthread_mutex_unlock(&c->lock);
}

/* The default context and the predefined teams (base/state.c; set up by core/runtime.c). */
extern MPISHMEM_INTERNAL struct mpishmem_ctx mpishmem_ctx_default;
extern MPISHMEM_INTERNAL struct mpishmem_team mpishmem_team_world;
extern MPISHMEM_INTERNAL struct mpishmem_team mpishmem_team_shared;

#endif
