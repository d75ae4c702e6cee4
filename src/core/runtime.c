#define _GNU_SOURCE
#include "runtime.h"

#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/cpu_share.h"
#include "../base/env.h"
#include "../base/error.h"
#include "../base/exit_status.h"
#include "../base/sched_slice.h"
#include "../transport/mpi/exit_notice.h"
#include "../transport/mpi/launch_check.h"
#include "../transport/mpi/launcher_env.h"
#include "../transport/mpi/mpi_amo.h"
#include "../transport/mpi/mpi_batch.h"
#include "../transport/mpi/mpi_comm.h"
#include "../transport/mpi/mpi_progress.h"
#include "../transport/mpi/mpi_rma.h"
#include "../transport/mpi/quirks/impi_pin_shared_cores.h"
#include "../transport/mpi/quirks/mpi_quirks.h"
#include "../transport/mpi/quirks/mpich_mt_poll_yield.h"
#include "../transport/mpi/quirks/mpich_named_node_shm.h"
#include "../transport/mpi/quirks/ompi_named_sm_segments.h"
#include "../transport/mpi/quirks/ompi_ucx_win_free_mt.h"
#include "../transport/mpi/quirks/ucx_interposers.h"
#include "../transport/mpi/quirks/ucx_yield_idle.h"
#include "alloc.h"
#include "amo.h"
#include "ctx.h"
#include "dataseg.h"
#include "order.h"
#include "progress_thread.h"
#include "quirk_settings.h"
#include "shm.h"
#include "space.h"
#include "team.h"
#include "watchdog.h"

/* Brings the interposers' objects into static links (ucx_interposers.h). */
__attribute__((used)) static const char *const interposers[] = {
    &mpishmem_interposer_ucx_finalize, &mpishmem_interposer_ompi_ep_reuse,
    &mpishmem_interposer_ompi_thread_exit};

struct mpishmem_mpi_use mpishmem_mpi_use;
int mpishmem_implicit_finalize;
int mpishmem_global_exit_called;

/* What init built and finalize must undo. */
static struct {
    char *view;        /* the whole node object: every node PE's slot, then the sync area */
    size_t view_len, slot;
    size_t sync_off;   /* offset in `view` of the sync counters (MPISHMEM_SYNC_SLOTS per PE) */
    int data_shared;   /* the data segment lives in this PE's slot */
    MPI_Win heap_win, data_win;
    /* Finalize's own collectives: a PE finalized implicitly at exit (returning from main
     * without shmem_finalize) must not complete a barrier that the other PEs still wait in
     * on the world communicator (they then learn of its exit from its notice instead). */
    MPI_Comm fini;
    int atexit_done;
    int mpi_level; /* what MPI provides */
} rt;

static int to_mpi_level(int level)
{
    switch (level) {
    case SHMEM_THREAD_SINGLE: return MPI_THREAD_SINGLE;
    case SHMEM_THREAD_FUNNELED: return MPI_THREAD_FUNNELED;
    case SHMEM_THREAD_SERIALIZED: return MPI_THREAD_SERIALIZED;
    default: return MPI_THREAD_MULTIPLE;
    }
}

static int from_mpi_level(int level)
{
    if (level == MPI_THREAD_SINGLE) return SHMEM_THREAD_SINGLE;
    if (level == MPI_THREAD_FUNNELED) return SHMEM_THREAD_FUNNELED;
    if (level == MPI_THREAD_SERIALIZED) return SHMEM_THREAD_SERIALIZED;
    return SHMEM_THREAD_MULTIPLE;
}

/* Registered with on_exit: runs when the process exits with shmem still initialized or MPI
 * still up. A program that returns from main (status 0) without shmem_finalize is finalized
 * here, collectively, as the other PEs finalize too. Not when the process exits with an error
 * status or from inside one of the library's waits: then the job is ending abnormally (this
 * MPI exits a process from inside its progress engine when another PE calls MPI_Abort, e.g.
 * through shmem_global_exit), MPI cannot be called again, and the launcher ends the other
 * PEs (or, where it does not, the watchdog of the PEs beside this one: watchdog.h); the node's
 * shared memory is already unlinked, so nothing is left behind. */
static void at_exit(int status, void *arg)
{
    (void)arg;
    if (mpishmem_progress_depth > 0) {
        if (!mpishmem_global_exit_called)
            mpishmem_warn("exit", "MPI is ending this PE (exit status %d) while it waits: "
                                  "another PE called shmem_global_exit or failed",
                          status);
        return;
    }
    if (status != 0) {
        if (mpishmem_g.init_count > 0 && !mpishmem_error_raised) {
            /* Before the other PEs learn of it: their errors must not be the job's status. */
            mpishmem_exit_status_record(status);
            if (!mpishmem_implicit_finalize)
                mpishmem_warn("exit", "the program exits with status %d without calling "
                                      "shmem_finalize: not finalizing (the job ends)",
                              status);
        }
        return;
    }
    if (mpishmem_g.init_count > 0) {
        if (!mpishmem_implicit_finalize)
            mpishmem_warn("exit", "the program ended without calling shmem_finalize; "
                                  "finalizing now (call shmem_finalize before exiting)");
        mpishmem_exit_notice_send(); /* other PEs waiting in the library end the job */
        mpishmem_g.init_count = 1;
        mpishmem_runtime_fini("shmem_finalize");
    }
    int up = 0, down = 0;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down && mpishmem_mpi_use.owned && !mpishmem_mpi_use.user_active) PMPI_Finalize();
}

static void setup_mpi(int requested, int *provided, const char *routine)
{
    int up = 0, down = 0, level = MPI_THREAD_SINGLE;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (down)
        mpishmem_error(routine, "MPI has already been finalized; OpenSHMEM cannot start "
                                "(call shmem_init before MPI_Finalize)");
    /* MPI's waits yield from the start (MPI_Init, and shmem_init's collectives before the
     * PEs per host are counted) when the launcher's numbers say this host is oversubscribed. */
    mpishmem_mpi_quirks_detect();
    size_t bad_len = 0;
    const char *bad = mpishmem_mpi_quirks_bad_override(&bad_len);
    if (bad)
        mpishmem_error(routine, "invalid MPISHMEM_MPI_QUIRKS: '%.*s' names no quirk (the names: "
                                "shmem-info --quirks)", (int)bad_len, bad);
    int over = mpishmem_env.oversubscribed == 1 ||
               (mpishmem_env.oversubscribed != 0 && mpishmem_mpi_oversubscribed_guess());
    mpishmem_mpi_yield_idle(over);
    int mpi_requested = mpishmem_progress_thread_wanted() ? MPI_THREAD_MULTIPLE
                                                          : to_mpi_level(requested);
    if (!up) {
        /* Safe components and transports before MPI starts, where the quirk table says the
         * MPI loaded needs them (src/transport/mpi/quirks/mpi_quirks_env.c); a variable the
         * user set wins. Too late when the program initialized MPI itself: see the user guide. */
        if (mpishmem_mpi_quirks_env(over, !mpishmem_env.globals_shared ||
                                              mpishmem_env.simulated_nodes > 1))
            mpishmem_mpi_use.untagged = 1;
        /* Not a quirk, a tuning: UCX's TCP transport sends in 8 KiB segments by default; in
         * 64 KiB ones, 32 KiB to 2 MiB puts and gets between hosts took about half the time
         * (emulated cluster, bench/shmem_bench; docs/multinode.md, "Large transfers"). Only
         * UCX's TCP transport reads it; a value the user set wins. */
        setenv("UCX_TCP_TX_SEG_SIZE", "64k", 0);
        /* Not a quirk either: MPICH's collectives among the processes of a host (its
         * shared-memory barrier) check their flag MPIR_CVAR_POSIX_POLL_FREQUENCY times, 1000
         * by default, between two runs of MPI's progress engine, so a PE waiting in a barrier
         * answered the gets and AMOs of peers that reach it through MPI late: MPICH 5.0.2 over
         * shared memory, 2 PEs on two simulated nodes without the progress thread, 8-byte get
         * 1256 ns against raw MPI's 1000 with a target polling MPI_Test; 887 ns at 1, and the
         * barrier itself 898 ns against 971 (bench/shmem_bench, bench/shmem_coll_bench). MPICH
         * 5.0.2 reads it; Debian's 4.0.2 has no such variable and ignores it. A value the user
         * set wins. */
        if (mpishmem_mpi_library.kind == MPISHMEM_MPI_MPICH)
            setenv("MPIR_CVAR_POSIX_POLL_FREQUENCY", "1", 0);
        if (PMPI_Init_thread(NULL, NULL, mpi_requested, &level) != MPI_SUCCESS)
            mpishmem_error(routine, "MPI_Init_thread failed");
        mpishmem_mpi_use.owned = 1;
    } else {
        MPI_Query_thread(&level);
    }
    rt.mpi_level = level;
    mpishmem_mpi_blocking_yields_set(level);
    *provided = from_mpi_level(level);
    if (*provided > requested) *provided = requested;
    if (!rt.atexit_done) {
        on_exit(at_exit, NULL);
        mpishmem_exit_status_watch_signals();
        rt.atexit_done = 1;
    }
}

/* The PEs of the world whose `key` (a host name, a boot id) is this PE's, as a communicator
 * (a hash of it: keys that collide are unlikely to matter beyond a count). */
static MPI_Comm split_by_key(const char *key, size_t len)
{
    unsigned hash = 5381;
    for (size_t i = 0; i < len; i++) hash = hash * 33u + (unsigned char)key[i];
    MPI_Comm part;
    MPI_Comm_split(mpishmem_g.world, (int)(hash & 0x7fffffff), 0, &part);
    return part;
}

/* Oversubscribed: the PEs on this host outnumber the cores they may run on (the union of
 * their affinity masks, returned in *all). The host is found by name, not by MPI's node, which
 * may be a simulated part of it (MPIR_CVAR_NUM_CLIQUES, MPISHMEM_SIMULATED_NODES). */
static int host_oversubscribed(cpu_set_t *all)
{
    char name[MPI_MAX_PROCESSOR_NAME] = {0};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    MPI_Comm host = split_by_key(name, (size_t)len);
    int host_size;
    MPI_Comm_size(host, &host_size);
    cpu_set_t mine;
    CPU_ZERO(&mine);
    if (sched_getaffinity(0, sizeof mine, &mine) != 0) CPU_SET(0, &mine);
    MPI_Allreduce(&mine, all, (int)sizeof mine, MPI_BYTE, MPI_BOR, host);
    MPI_Comm_free(&host);
    int cores = CPU_COUNT(all) > 0 ? CPU_COUNT(all) : 1;
    return host_size > cores ? (host_size + cores - 1) / cores : 0;
}

/* The PEs of this job that run on this machine's kernel (mpishmem_g.machine_threads): hosts that
 * share a kernel (containers, network namespaces) share its CPUs, which no host name tells.
 * The kernel is known by its boot id; where that cannot be read, by the host name. */
static int machine_pes(void)
{
    char id[MPI_MAX_PROCESSOR_NAME + 1] = {0};
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    ssize_t len = fd >= 0 ? read(fd, id, 64) : -1;
    if (fd >= 0) close(fd);
    if (len <= 0) {
        int n = 0;
        MPI_Get_processor_name(id, &n);
        len = n;
    }
    MPI_Comm machine = split_by_key(id, (size_t)len);
    int size;
    MPI_Comm_size(machine, &size);
    MPI_Comm_free(&machine);
    return size;
}

/* mpishmem_g.mpi_host_peer from MPI's own node communicator (before any simulated split). */
static void note_mpi_host(MPI_Comm host, const char *routine)
{
    int size;
    MPI_Comm_size(host, &size);
    int *pes = malloc(sizeof(int) * (size_t)size);
    mpishmem_g.mpi_host_peer = calloc((size_t)mpishmem_g.n_pes, 1);
    if (!pes || !mpishmem_g.mpi_host_peer)
        mpishmem_error(routine, "out of memory for the table of %d PEs", mpishmem_g.n_pes);
    MPI_Allgather(&mpishmem_g.my_pe, 1, MPI_INT, pes, 1, MPI_INT, host);
    for (int i = 0; i < size; i++) mpishmem_g.mpi_host_peer[pes[i]] = 1;
    free(pes);
}

static void setup_node(const char *routine)
{
    MPI_Comm_dup(MPI_COMM_WORLD, &mpishmem_g.world);
    MPI_Comm_dup(MPI_COMM_WORLD, &rt.fini);
    MPI_Comm_rank(mpishmem_g.world, &mpishmem_g.my_pe);
    MPI_Comm_size(mpishmem_g.world, &mpishmem_g.n_pes);
    MPI_Comm_split_type(mpishmem_g.world, MPI_COMM_TYPE_SHARED, mpishmem_g.my_pe, MPI_INFO_NULL,
                        &mpishmem_g.node);
    note_mpi_host(mpishmem_g.node, routine);
    mpishmem_ompi_sm_segments_unlink(mpishmem_g.node); /* all of this host's processes */
    if (mpishmem_env.simulated_nodes > 1) {
        /* The library's own multi-node mode, for every MPI: each node's PEs split into
         * blocks of consecutive node ranks that share no memory and reach each other through
         * MPI, as PEs on different hosts do (MPICH's MPIR_CVAR_NUM_CLIQUES does the same
         * inside MPI, but no other MPI has it). */
        int rank, size;
        MPI_Comm_rank(mpishmem_g.node, &rank);
        MPI_Comm_size(mpishmem_g.node, &size);
        long parts = mpishmem_env.simulated_nodes < size ? mpishmem_env.simulated_nodes : size;
        MPI_Comm part;
        MPI_Comm_split(mpishmem_g.node, (int)((long)rank * parts / size), rank, &part);
        MPI_Comm_free(&mpishmem_g.node);
        mpishmem_g.node = part;
    }
    MPI_Comm_rank(mpishmem_g.node, &mpishmem_g.node_rank);
    MPI_Comm_size(mpishmem_g.node, &mpishmem_g.node_size);
    mpishmem_g.node_pes = malloc(sizeof(int) * (size_t)mpishmem_g.node_size);
    mpishmem_g.node_index = malloc(sizeof(int) * (size_t)mpishmem_g.n_pes);
    MPI_Allgather(&mpishmem_g.my_pe, 1, MPI_INT, mpishmem_g.node_pes, 1, MPI_INT,
                  mpishmem_g.node);
    for (int i = 0; i < mpishmem_g.n_pes; i++) mpishmem_g.node_index[i] = -1;
    for (int i = 0; i < mpishmem_g.node_size; i++)
        mpishmem_g.node_index[mpishmem_g.node_pes[i]] = i;

    cpu_set_t host_cpus;
    mpishmem_g.oversubscribed = host_oversubscribed(&host_cpus);
    mpishmem_g.machine_threads = machine_pes();
    if (mpishmem_env.oversubscribed >= 0)
        mpishmem_g.oversubscribed = mpishmem_env.oversubscribed ? (mpishmem_g.oversubscribed > 1
                                                                       ? mpishmem_g.oversubscribed
                                                                       : 1)
                                                                 : 0;
    int mine = mpishmem_g.oversubscribed > 0;
    MPI_Allreduce(&mine, &mpishmem_g.any_oversubscribed, 1, MPI_INT, MPI_MAX, mpishmem_g.world);
    /* Automatic: waits also find other jobs' tasks on their cores as they wait. */
    mpishmem_shared_detect = mpishmem_env.oversubscribed < 0;
    mpishmem_mpi_yield_idle(mpishmem_g.oversubscribed > 0);
    /* A short slice lets this PE take its core back from other tasks when its waits wake. */
    mpishmem_sched_slice_set(mpishmem_env.slice_us);
    /* Intel MPI pins each PE to one core: where PEs share cores, let them use all of them. */
    mpishmem_mpi_unpin_shared(&host_cpus, mpishmem_g.oversubscribed > 0);
}

/* The world size and data layout must agree on every PE, or nothing is symmetric. */
static void agree(size_t *value, const char *what, const char *routine)
{
    unsigned long long v[2] = {*value, ~(unsigned long long)*value}, r[2];
    MPI_Allreduce(v, r, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, mpishmem_g.world);
    if (r[0] != *value || ~r[1] != *value)
        mpishmem_error(routine, "PEs disagree on %s (%zu here): every PE must run the same "
                                "executable with the same environment", what, *value);
}

static void setup_segments(const char *routine)
{
    size_t page = mpishmem_page_size();
    size_t heap_size = MPISHMEM_ROUND_UP(mpishmem_env.symmetric_size, page);
    if (heap_size == 0) heap_size = page;
    agree(&heap_size, "SHMEM_SYMMETRIC_SIZE", routine);

    char *data_start = NULL;
    size_t data_len = 0;
    if (mpishmem_dataseg_find(&data_start, &data_len) != 0) data_len = 0;
    agree(&data_len, "the size of the global data segment", routine);
    size_t shared_data = mpishmem_env.globals_shared ? data_len : 0;

    rt.slot = heap_size + shared_data;
    /* After the slots, outside every heap: the node PEs' counters and mailboxes of the
     * shared-memory synchronization of teams (src/coll/coll_sync.c). */
    rt.sync_off = MPISHMEM_ROUND_UP(rt.slot * (size_t)mpishmem_g.node_size, 64);
    rt.view_len = rt.sync_off + MPISHMEM_SYNC_AREA_BYTES * (size_t)mpishmem_g.node_size;
    int fd = mpishmem_shm_open_node_object(rt.view_len, routine);
    rt.view = mmap(NULL, rt.view_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    if (rt.view == MAP_FAILED)
        mpishmem_error(routine, "cannot map the node's shared memory (%zu bytes)", rt.view_len);
    size_t my_slot = rt.slot * (size_t)mpishmem_g.node_rank;
    char *heap = mpishmem_shm_map_symmetric(fd, my_slot, heap_size, routine);

    rt.data_shared = 0;
    if (shared_data) {
        int ok = mpishmem_dataseg_share(data_start, data_len, rt.view + my_slot + heap_size, fd,
                                        my_slot + heap_size) == 0;
        int all_ok = 0;
        MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, mpishmem_g.world);
        if (!all_ok)
            mpishmem_error(routine, "cannot move the global data segment into shared memory "
                                    "(set MPISHMEM_GLOBALS_SHARED=0 to reach globals through MPI)");
        rt.data_shared = 1;
    }
    close(fd);

    struct mpishmem_seg *h = &mpishmem_g.heap, *d = &mpishmem_g.data;
    h->peer = calloc((size_t)mpishmem_g.n_pes, sizeof(char *));
    d->peer = calloc((size_t)mpishmem_g.n_pes, sizeof(char *));
    for (int i = 0; i < mpishmem_g.node_size; i++) {
        int pe = mpishmem_g.node_pes[i];
        char *slot = rt.view + rt.slot * (size_t)i;
        h->peer[pe] = pe == mpishmem_g.my_pe ? heap : slot;
        if (rt.data_shared) d->peer[pe] = pe == mpishmem_g.my_pe ? data_start : slot + heap_size;
    }
    d->peer[mpishmem_g.my_pe] = data_start;

    /* A PE alone in its job reaches everything by load/store and needs no window (Open MPI
     * 4.1 cannot even create one on a single process: open-mpi/ompi#10726). */
    rt.heap_win = rt.data_win = MPI_WIN_NULL;
    if (mpishmem_g.n_pes > 1) {
        mpishmem_ompi_flush_ranks_init(rt.mpi_level);
        mpishmem_ompi_win_keeper_create(rt.mpi_level); /* before every other window */
        MPI_Info info = mpishmem_mpi_amo_win_info();
        MPI_Win_create(heap, (MPI_Aint)heap_size, 1, info, mpishmem_g.world, &rt.heap_win);
        mpishmem_win_lock_for_run(rt.heap_win);
        /* The data window's base is page aligned: this MPICH misplaces data otherwise. */
        MPI_Win_create(data_start, (MPI_Aint)data_len, 1, info, mpishmem_g.world,
                       &rt.data_win);
        mpishmem_win_lock_for_run(rt.data_win);
        MPI_Info_free(&info);
    }

    *h = (struct mpishmem_seg){.base = heap, .fast_size = mpishmem_g.debug ? 0 : heap_size,
                               .size = heap_size, .peer = h->peer, .id = MPISHMEM_SEG_HEAP};
    *d = (struct mpishmem_seg){.base = data_start, .size = data_len, .peer = d->peer,
                               .id = MPISHMEM_SEG_DATA};
    mpishmem_alloc_init(heap_size);
}

uint64_t *mpishmem_sync_counters(int node_rank)
{
    return (uint64_t *)(rt.view + rt.sync_off + MPISHMEM_SYNC_AREA_BYTES * (size_t)node_rank);
}

char *mpishmem_sync_mailbox(int node_rank, int slot)
{
    return rt.view + rt.sync_off + MPISHMEM_SYNC_AREA_BYTES * (size_t)node_rank +
           MPISHMEM_SYNC_COUNTER_BYTES +
           MPISHMEM_MAILBOXES * MPISHMEM_MAILBOX_STRIDE * (size_t)slot;
}

static void setup_contexts_and_teams(void)
{
    struct mpishmem_ctx *c = &mpishmem_ctx_default;
    memset(c, 0, sizeof *c);
    for (int i = 0; i < MPISHMEM_SEG_MAX; i++) c->win[i] = MPI_WIN_NULL;
    c->win[MPISHMEM_SEG_HEAP] = rt.heap_win;
    c->win[MPISHMEM_SEG_DATA] = rt.data_win;
    memcpy(c->amo_win, c->win, sizeof c->win);
    c->amo_mark = MPISHMEM_PENDING_WIN;
    c->pool_slot = -1;
    c->team = &mpishmem_team_world;
    mpishmem_mpi_ctx_init(c, NULL, NULL);
    mpishmem_ctx_lock_init(c);
    mpishmem_team_world = (struct mpishmem_team){
        .comm = mpishmem_g.world, .my_pe = mpishmem_g.my_pe, .n_pes = mpishmem_g.n_pes,
        .all_local = mpishmem_g.node_size == mpishmem_g.n_pes, .is_predefined = 1};
    mpishmem_team_shared = (struct mpishmem_team){
        .comm = mpishmem_g.node, .my_pe = mpishmem_g.node_rank, .n_pes = mpishmem_g.node_size,
        .world_pe = mpishmem_g.node_pes, .team_pe = mpishmem_g.node_index, .all_local = 1,
        .is_predefined = 1};
}

int mpishmem_runtime_init(int requested, int *provided, const char *routine)
{
    if (mpishmem_g.init_count > 0) {
        mpishmem_g.init_count++;
        *provided = mpishmem_g.thread_level;
        return 0;
    }
    mpishmem_env_read(routine);
    mpishmem_g.debug = mpishmem_env.debug;
    setup_mpi(requested, provided, routine);
    mpishmem_mpi_launch_check(routine); /* another MPI's launcher: N singletons */
    mpishmem_g.thread_level = *provided;
    setup_node(routine);
    mpishmem_mpich_node_shm_unlink(); /* MPI is up on every PE of the node */
    setup_segments(routine);
    setup_contexts_and_teams();
    mpishmem_amo_init(routine, rt.data_shared);
    mpishmem_ctx_pool_init(); /* after amo_init, which finds out whether MPI paths are used */
    mpishmem_progress_thread_start(routine, rt.mpi_level);
    /* After amo_init (the AMO mode decides how batched AMOs apply) and the thread. */
    mpishmem_batch_init(mpishmem_progress_thread_running());
    mpishmem_mpi_rma_setup(); /* after batch_init: whether the library serves messages */
    mpishmem_watchdog_start(routine);
    mpishmem_g.init_count = 1;
    mpishmem_comm_barrier(mpishmem_g.world);
    if (mpishmem_g.my_pe == 0) {
        mpishmem_env_warn_unknown(routine);
        mpishmem_quirk_settings_warn(routine);
    }
    if (mpishmem_g.my_pe == 0 && (mpishmem_env.version || mpishmem_env.info)) {
        printf("%s: OpenSHMEM %d.%d, %d PEs on %s\n", SHMEM_VENDOR_STRING, SHMEM_MAJOR_VERSION,
               SHMEM_MINOR_VERSION, mpishmem_g.n_pes,
               mpishmem_g.node_size == mpishmem_g.n_pes ? "one node" : "several nodes");
        if (mpishmem_env.info) {
            mpishmem_env_print_info();
            printf("Symmetric heap: %zu bytes per PE (SHMEM_SYMMETRIC_SIZE rounded up to whole "
                   "pages of %zu bytes, at least one page)\n",
                   mpishmem_g.heap.size, mpishmem_page_size());
        }
        fflush(stdout);
    }
    return 0;
}

void mpishmem_runtime_fini(const char *routine)
{
    if (mpishmem_g.init_count <= 0)
        mpishmem_error(routine, "called without a matching shmem_init");
    if (--mpishmem_g.init_count > 0) return;
    mpishmem_finalizing = 1;
    mpishmem_quiet(&mpishmem_ctx_default);
    mpishmem_space_fini_all(); /* memory spaces: detached (before the pool, whose window sets
                                * point at their windows) and freed */
    mpishmem_ctx_pool_fini(); /* quiets the contexts the program did not destroy */
    mpishmem_comm_barrier(rt.fini);
    mpishmem_watchdog_stop(); /* every PE finalizes: the neighbours may go */
    mpishmem_exit_notice_drain(rt.fini);
    mpishmem_team_free_all();
    mpishmem_team_release_coll(&mpishmem_team_world);
    mpishmem_team_release_coll(&mpishmem_team_shared);
    mpishmem_progress_thread_stop();
    mpishmem_amo_fini(); /* no AMO can be in flight after the barrier */
    mpishmem_batch_fini(); /* nor a batch */

    if (rt.heap_win != MPI_WIN_NULL) {
        mpishmem_win_unlock_for_free(rt.heap_win);
        MPI_Win_free(&rt.heap_win);
        mpishmem_win_unlock_for_free(rt.data_win);
        MPI_Win_free(&rt.data_win);
        mpishmem_ompi_win_keeper_free(); /* after every other window */
    }
    char *my_data_copy = rt.view + rt.slot * (size_t)mpishmem_g.node_rank + mpishmem_g.heap.size;
    if (rt.data_shared &&
        mpishmem_dataseg_unshare(mpishmem_g.data.base, mpishmem_g.data.size, my_data_copy))
        mpishmem_warn(routine, "could not move global data back to private memory");
    munmap(mpishmem_g.heap.base, mpishmem_g.heap.size);
    munmap(rt.view, rt.view_len);
    free(mpishmem_g.heap.peer);
    free(mpishmem_g.data.peer);
    free(mpishmem_g.node_pes);
    free(mpishmem_g.node_index);
    free(mpishmem_g.mpi_host_peer);
    mpishmem_alloc_fini();
    MPI_Comm_free(&mpishmem_g.node);
    MPI_Comm_free(&rt.fini);
    MPI_Comm_free(&mpishmem_g.world);
    mpishmem_g = (struct mpishmem_state){.my_pe = -1, .n_pes = -1, .debug = mpishmem_g.debug};
    memset(&mpishmem_ctx_default, 0, sizeof mpishmem_ctx_default);
    mpishmem_finalizing = 0;

    if (mpishmem_mpi_use.finalize_deferred) {
        mpishmem_mpi_use.finalize_deferred = 0;
        PMPI_Finalize();
    }
    /* Otherwise MPI stays up: the program's (if it initialized MPI), or ours, finalized at
     * exit so that shmem_init may be called again. */
}
