/* mpishmem: node-aware collectives (coll_node.h): the two levels of a team that spans nodes,
 * and barrier/sync, broadcast, reduction and fcollect on them. */
#include "coll_node.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../base/env.h"
#include "../base/error.h"
#include "../base/segment.h"
#include "../core/team.h"
#include "../transport/mpi/mpi_comm.h"
#include "coll.h"
#include "coll_dtype.h"
#include "coll_shm.h"
#include "coll_sync.h"

/* Largest size (bytes per member; in all for fcollect) for which MPISHMEM_COLL_NODE_AWARE=-1
 * takes the node-aware way. Measured on the emulated cluster (2 hosts x 2 and x 4 PEs, TCP
 * between them, 2 shared cores; bench/compare_coll_cluster.sh, docs/multinode.md, three runs
 * of 5 rounds): the node-aware way was faster than MPI's collectives on the team communicator
 * for barrier and for broadcast, sum and fcollect of 8 B to 1 MiB (0.3-0.9 of their time;
 * single rows within the noise), except sums of 1 MiB with 2 PEs per host: 1.26 and 1.27 of
 * MPI's time in two runs (256 KiB: 0.91-1.06; with 4 PEs per host 1 MiB took 0.42-0.90). A
 * node part that small gains little from combining in shared memory, and pays for the slices'
 * syncs and the copies. So reductions above 512 KiB keep MPI's allreduce when no node holds
 * more than 2 members; no other limit for now (a machine with a fast network and MPI
 * collectives that are node-aware themselves may want some). */
#define AUTO_BCAST_MAX SIZE_MAX
#define AUTO_REDUCE_MAX SIZE_MAX
#define AUTO_REDUCE_MAX_SMALL_NODES ((size_t)512 << 10)
#define AUTO_FCOLLECT_MAX SIZE_MAX

/* A local broadcast of more than this reads the root's buffer directly (coll_shm.c: 8
 * mailboxes); a local gather of more than a mailbox reads the members' sources. */
#define LOCAL_BCAST_BOXES_MAX (8 * (size_t)MPISHMEM_MAILBOX_BYTES)

static void setup_fail(struct mpishmem_coll_node *nd)
{
    free(nd->local.world_pe);
    free(nd->node_of);
    free(nd->node_first);
    free(nd);
}

/* Makes t's two levels (collective over t). */
static void setup(struct mpishmem_team *t)
{
    t->node_state = MPISHMEM_NODE_NONE;
    MPI_Comm comm = mpishmem_team_comm(t);
    int n = t->n_pes;
    struct mpishmem_coll_node *nd = calloc(1, sizeof *nd);
    int *leader_of = malloc(sizeof(int) * (size_t)n);
    if (!nd || !leader_of) mpishmem_error("shmem collective", "out of memory for a team of %d", n);
    /* This node's members, in team order; the first one leads. */
    int n_local = 0;
    for (int i = 0; i < n; i++) n_local += mpishmem_g.node_index[mpishmem_team_world_pe(t, i)] >= 0;
    nd->local.world_pe = malloc(sizeof(int) * (size_t)n_local);
    nd->node_of = malloc(sizeof(int) * (size_t)n);
    if (!nd->local.world_pe || !nd->node_of)
        mpishmem_error("shmem collective", "out of memory for a team of %d", n);
    n_local = 0;
    for (int i = 0; i < n; i++) {
        int w = mpishmem_team_world_pe(t, i);
        if (mpishmem_g.node_index[w] < 0) continue;
        if (i == t->my_pe) nd->local.my_pe = n_local;
        nd->local.world_pe[n_local++] = w;
    }
    nd->local.n_pes = n_local;
    nd->local.comm = MPI_COMM_NULL; /* never used: every step here has a shared-memory way */
    nd->local.all_local = 1;
    /* Every member learns every member's leader: nodes are numbered in their leaders' order. */
    int my_leader = mpishmem_team_pe_of_world(t, nd->local.world_pe[0]);
    mpishmem_comm_allgather(&my_leader, 1, MPI_INT, leader_of, 1, MPI_INT, comm);
    for (int i = 0; i < n; i++) /* a member's leader comes before it (or is itself) */
        nd->node_of[i] = leader_of[i] == i ? nd->n_nodes++ : nd->node_of[leader_of[i]];
    free(leader_of);
    nd->my_node = nd->node_of[t->my_pe];
    /* One member per node: the leaders are the team, nothing to gain (every member sees this). */
    if (nd->n_nodes == n) {
        setup_fail(nd);
        return;
    }
    nd->node_first = calloc((size_t)nd->n_nodes + 1, sizeof(int));
    if (!nd->node_first) mpishmem_error("shmem collective", "out of memory for a team of %d", n);
    nd->grouped = 1;
    for (int i = 0; i < n; i++) {
        nd->node_first[nd->node_of[i] + 1]++;
        if (i > 0 && nd->node_of[i] < nd->node_of[i - 1]) nd->grouped = 0;
    }
    for (int r = 0; r < nd->n_nodes; r++) {
        int members = nd->node_first[r + 1];
        if (members > nd->most_local) nd->most_local = members;
        nd->node_first[r + 1] += nd->node_first[r];
    }
    if (mpishmem_coll_sync_node_slot(&nd->local, comm, t == &mpishmem_team_world) != 0) {
        setup_fail(nd);
        return;
    }
    int leads = nd->local.my_pe == 0;
    MPI_Comm_split(comm, leads ? 0 : MPI_UNDEFINED, t->my_pe, &nd->leaders);
    t->node = nd;
    t->node_state = MPISHMEM_NODE_READY;
}

void mpishmem_coll_node_free(struct mpishmem_team *t)
{
    struct mpishmem_coll_node *nd = t->node;
    t->node = NULL;
    t->node_state = MPISHMEM_NODE_UNSET;
    if (!nd) return;
    mpishmem_coll_sync_release(&nd->local);
    if (nd->leaders != MPI_COMM_NULL) MPI_Comm_free(&nd->leaders);
    setup_fail(nd);
}

void mpishmem_coll_team_release(struct mpishmem_team *t)
{
    mpishmem_coll_node_free(t);
    mpishmem_coll_sync_release(t);
}

/* Whether every member's `addr` can be read by its node peers (a symmetric address is in the
 * same segment on every member, and MPISHMEM_GLOBALS_SHARED is the same everywhere). */
static int shared_everywhere(const void *addr)
{
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(addr, &off);
    return s && (s->id == MPISHMEM_SEG_HEAP ||
                 (s->id == MPISHMEM_SEG_DATA && mpishmem_env.globals_shared));
}

/* The team's two levels if the node-aware way is to be taken for a collective of `nbytes`
 * whose automatic choice allows up to `auto_max`, else NULL (every member alike). */
static struct mpishmem_coll_node *node_way(struct mpishmem_team *t, size_t nbytes,
                                           size_t auto_max)
{
    long mode = mpishmem_env.coll_node_aware;
    if (mode == 0 || t->all_local || t->n_pes == 1) return NULL;
    if (t->node_state == MPISHMEM_NODE_UNSET) setup(t);
    if (t->node_state != MPISHMEM_NODE_READY) return NULL;
    if (mode < 0 && nbytes > auto_max) return NULL;
    return t->node;
}

static int leads(const struct mpishmem_coll_node *nd)
{
    return nd->leaders != MPI_COMM_NULL;
}

/* Broadcast inside the node from local member `root` (its `source`; every member's dest). */
static void local_bcast(struct mpishmem_team *local, void *dest, const void *source,
                        size_t nbytes, int root, int root_dest)
{
    if (local->n_pes == 1) {
        if (root_dest && dest != source) memmove(dest, source, nbytes);
        return;
    }
    if (mpishmem_coll_shm_broadcast(local, dest, source, nbytes, root, root_dest) != 0)
        mpishmem_error("shmem_broadcast", "internal: no shared-memory way for %zu bytes", nbytes);
}

/* Broadcast between the leaders from node `root`, in pieces MPI can carry. */
static void leaders_bcast(struct mpishmem_coll_node *nd, void *buf, size_t nbytes, int root)
{
    for (size_t off = 0; off < nbytes; off += MPISHMEM_COLL_CHUNK) {
        size_t len = nbytes - off < MPISHMEM_COLL_CHUNK ? nbytes - off : MPISHMEM_COLL_CHUNK;
        mpishmem_comm_bcast((char *)buf + off, (int)len, MPI_BYTE, root, nd->leaders);
    }
}

int mpishmem_coll_node_sync(struct mpishmem_team *t)
{
    struct mpishmem_coll_node *nd = node_way(t, 0, SIZE_MAX);
    if (!nd) return -1;
    int alone = nd->local.n_pes == 1;
    if (!alone) mpishmem_coll_sync_arrive(&nd->local);
    if (leads(nd)) {
        /* Node-local stores before the sync must be visible once the other nodes leave it. */
        atomic_thread_fence(memory_order_seq_cst);
        mpishmem_comm_barrier(nd->leaders);
    }
    if (!alone) mpishmem_coll_sync_leave(&nd->local);
    return 0;
}

int mpishmem_coll_node_broadcast(struct mpishmem_team *t, void *dest, const void *source,
                                 size_t nbytes, int root, int root_dest)
{
    /* Larger data is read from the root's source or a leader's dest by node peers. */
    if (nbytes > LOCAL_BCAST_BOXES_MAX && !(shared_everywhere(source) && shared_everywhere(dest)))
        return -1;
    struct mpishmem_coll_node *nd = node_way(t, nbytes, AUTO_BCAST_MAX);
    if (!nd) return -1;
    int root_node = nd->node_of[root];
    if (root_node == nd->my_node) {
        /* The root's node first: its leader then holds the data for the other nodes. */
        int local_root = 0, w = mpishmem_team_world_pe(t, root);
        while (nd->local.world_pe[local_root] != w) local_root++;
        local_bcast(&nd->local, dest, source, nbytes, local_root, root_dest);
        if (leads(nd))
            leaders_bcast(nd, t->my_pe == root ? (void *)source : dest, nbytes, root_node);
    } else {
        if (leads(nd)) leaders_bcast(nd, dest, nbytes, root_node);
        local_bcast(&nd->local, dest, dest, nbytes, 0, 1);
    }
    return 0;
}

int mpishmem_coll_node_reduce(struct mpishmem_team *t, void *dest, const void *source,
                              size_t count, MPI_Datatype type, MPI_Op op)
{
    int size;
    MPI_Type_size(type, &size);
    size_t nbytes = count * (size_t)size;
    /* Larger operands: the node's members combine slices of each other's source into their
     * dest, and node peers read the leader's dest. */
    if (nbytes > MPISHMEM_MAILBOX_BYTES &&
        (size > 8192 || !shared_everywhere(source) || !shared_everywhere(dest)))
        return -1;
    struct mpishmem_coll_node *nd = node_way(t, nbytes, AUTO_REDUCE_MAX);
    if (!nd || (mpishmem_env.coll_node_aware < 0 && nd->most_local <= 2 &&
                nbytes > AUTO_REDUCE_MAX_SMALL_NODES))
        return -1;
    struct mpishmem_team *local = &nd->local;
    /* 1. the node's partial result in the leader's dest (larger: in every member's) */
    if (local->n_pes == 1) {
        if (dest != source) memmove(dest, source, nbytes);
    } else if (mpishmem_coll_shm_reduce_first(local, dest, source, count, type, op) != 0 &&
               mpishmem_coll_shm_reduce(local, dest, source, count, type, op) != 0) {
        mpishmem_error("shmem_reduce", "internal: no shared-memory way for %zu bytes", nbytes);
    }
    /* 2. the leaders combine the nodes' partial results */
    if (leads(nd)) {
        size_t per = MPISHMEM_COLL_CHUNK / (size_t)size;
        for (size_t done = 0; done < count; done += per) {
            size_t m = count - done < per ? count - done : per;
            mpishmem_comm_allreduce(MPI_IN_PLACE, (char *)dest + done * (size_t)size, (int)m,
                                    type, op, nd->leaders);
        }
    }
    /* 3. every member gets its leader's result */
    local_bcast(local, dest, dest, nbytes, 0, 1);
    return 0;
}

/* The leader gathers its node's blocks (nbytes each, in team order) to `to`; nothing is
 * waited for on the others, whose sources stay untouched until the final local broadcast,
 * which does not end before the leader has read them. */
static void local_gather(struct mpishmem_team *t, struct mpishmem_coll_node *nd, char *to,
                         void *dest, const void *source, size_t nbytes)
{
    struct mpishmem_team *local = &nd->local;
    int n = local->n_pes;
    if (nbytes <= MPISHMEM_MAILBOX_BYTES) {
        if (local->my_pe != 0) {
            memcpy(mpishmem_coll_eager_begin(local, nbytes), source, nbytes);
            mpishmem_coll_eager_post(local);
            mpishmem_coll_eager_end(local, 1);
            return;
        }
        memmove(to, source, nbytes);
        for (int i = 1; i < n; i++)
            memcpy(to + (size_t)i * nbytes, mpishmem_coll_eager_peer(local, i, nbytes), nbytes);
        mpishmem_coll_eager_end(local, 0);
        return;
    }
    /* In place, each member's block is at its own place in dest (a different address). */
    int in_place = (const char *)source == (char *)dest + (size_t)t->my_pe * nbytes;
    mpishmem_coll_sync_arrive(local);
    if (local->my_pe != 0) return;
    memmove(to, source, nbytes);
    for (int i = 1; i < n; i++) {
        int tpe = mpishmem_team_pe_of_world(t, local->world_pe[i]);
        const void *at = in_place ? (char *)dest + (size_t)tpe * nbytes : source;
        memcpy(to + (size_t)i * nbytes, mpishmem_coll_shm_peer(local, at, i), nbytes);
    }
}

int mpishmem_coll_node_fcollect(struct mpishmem_team *t, void *dest, const void *source,
                                size_t nbytes)
{
    size_t total = nbytes * (size_t)t->n_pes;
    if (total > INT_MAX) return -1;
    if (nbytes > MPISHMEM_MAILBOX_BYTES && !shared_everywhere(source)) return -1;
    if (total > LOCAL_BCAST_BOXES_MAX && !shared_everywhere(dest)) return -1;
    struct mpishmem_coll_node *nd = node_way(t, total, AUTO_FCOLLECT_MAX);
    if (!nd) return -1;
    if (total == 0) return 0; /* alike on every member; dest may be NULL */
    if (leads(nd)) {
        /* Node order is team order (the usual placement): gather straight into dest. */
        char *all = nd->grouped ? dest : malloc(total);
        if (!all) mpishmem_error("shmem_fcollect", "out of memory for %zu bytes", total);
        char *mine = all + (size_t)nd->node_first[nd->my_node] * nbytes;
        if (nd->local.n_pes > 1) local_gather(t, nd, mine, dest, source, nbytes);
        else memmove(mine, source, nbytes);
        int r = nd->n_nodes, few[2 * 16], *counts = r <= 16 ? few : malloc(sizeof(int) * 2 * (size_t)r);
        if (!counts) mpishmem_error("shmem_fcollect", "out of memory for %d nodes", r);
        int *displs = counts + r;
        for (int i = 0; i < r; i++) {
            counts[i] = (int)((size_t)(nd->node_first[i + 1] - nd->node_first[i]) * nbytes);
            displs[i] = (int)((size_t)nd->node_first[i] * nbytes);
        }
        mpishmem_comm_allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, all, counts, displs, MPI_BYTE,
                                 nd->leaders);
        if (counts != few) free(counts);
        if (!nd->grouped) {
            /* Block k of node r's part is the k-th member of node r in team order. */
            int *next = calloc((size_t)r, sizeof(int));
            if (!next) mpishmem_error("shmem_fcollect", "out of memory for %d nodes", r);
            for (int i = 0; i < t->n_pes; i++) {
                int node = nd->node_of[i];
                memcpy((char *)dest + (size_t)i * nbytes,
                       all + (size_t)(nd->node_first[node] + next[node]++) * nbytes, nbytes);
            }
            free(next);
            free(all);
        }
    } else {
        local_gather(t, nd, NULL, dest, source, nbytes);
    }
    local_bcast(&nd->local, dest, dest, total, 0, 1);
    return 0;
}

/* Sums of the parts of each node (bytes) and their starts in node order, for the leaders'
 * MPI_Allgatherv; 0, or -1 when they do not fit MPI's int counts. `part` is per team PE. */
static int node_counts(const struct mpishmem_coll_node *nd, int n, const uint64_t *part,
                       int *counts, int *displs)
{
    uint64_t *sum = calloc((size_t)nd->n_nodes, sizeof *sum), at = 0;
    if (!sum) mpishmem_error("shmem_collect", "out of memory for %d nodes", nd->n_nodes);
    for (int i = 0; i < n; i++) sum[nd->node_of[i]] += part[i];
    for (int r = 0; r < nd->n_nodes; r++) {
        counts[r] = (int)sum[r];
        displs[r] = (int)at;
        at += sum[r];
    }
    free(sum);
    return at > INT_MAX ? -1 : 0;
}

int mpishmem_coll_node_collect(struct mpishmem_team *t, void *dest, const void *source,
                               size_t nbytes)
{
    int n = t->n_pes;
    /* Every member's size, by a node-aware fcollect of 8 bytes each (through the mailboxes;
     * -1 on every member alike when the team has no node-aware way or too many members). */
    uint64_t mine = nbytes, *part = malloc(sizeof *part * (size_t)n);
    if (!part) mpishmem_error("shmem_collect", "out of memory for %d team members", n);
    if (mpishmem_coll_node_fcollect(t, part, &mine, sizeof mine) != 0) {
        free(part);
        return -1;
    }
    struct mpishmem_coll_node *nd = t->node;
    struct mpishmem_team *local = &nd->local;
    uint64_t total = 0, largest = 0;
    for (int i = 0; i < n; i++) {
        total += part[i];
        if (part[i] > largest) largest = part[i];
    }
    if (total == 0) { /* every member knows: nothing to move (dest may be NULL) */
        free(part);
        return 0;
    }
    int r = nd->n_nodes, *counts = malloc(sizeof(int) * 2 * (size_t)r);
    if (!counts) mpishmem_error("shmem_collect", "out of memory for %d nodes", r);
    int *displs = counts + r;
    /* Larger parts are read from the members' sources, a larger result from the leader's
     * dest: both must be mapped by node peers (alike on every member, which all know every
     * size now). */
    if (node_counts(nd, n, part, counts, displs) != 0 ||
        (largest > MPISHMEM_MAILBOX_BYTES && !shared_everywhere(source)) ||
        (total > LOCAL_BCAST_BOXES_MAX && !shared_everywhere(dest))) {
        free(counts);
        free(part);
        return -1;
    }
    char *all = NULL;
    if (leads(nd)) {
        all = nd->grouped ? dest : malloc(total ? total : 1);
        if (!all) mpishmem_error("shmem_collect", "out of memory for %llu bytes",
                                 (unsigned long long)total);
    }
    /* 1. the leader gathers its node's parts, in team order, at its node's place of `all` */
    int direct = largest > MPISHMEM_MAILBOX_BYTES;
    if (local->n_pes > 1 && direct) mpishmem_coll_sync_arrive(local);
    if (local->n_pes > 1 && !direct && local->my_pe != 0) {
        memcpy(mpishmem_coll_eager_begin(local, nbytes), source, nbytes);
        mpishmem_coll_eager_post(local);
        mpishmem_coll_eager_end(local, 1);
    }
    if (leads(nd)) {
        char *to = all + displs[nd->my_node];
        for (int i = 0; i < local->n_pes; i++) {
            size_t len = part[mpishmem_team_pe_of_world(t, local->world_pe[i])];
            if (i == 0) memmove(to, source, len);
            else if (direct) memcpy(to, mpishmem_coll_shm_peer(local, source, i), len);
            else memcpy(to, mpishmem_coll_eager_peer(local, i, len), len);
            to += len;
        }
        if (local->n_pes > 1 && !direct) mpishmem_coll_eager_end(local, 0);
        /* 2. between the leaders */
        mpishmem_comm_allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, all, counts, displs, MPI_BYTE,
                                 nd->leaders);
        if (!nd->grouped) {
            /* node r's parts are its members' in team order */
            size_t off = 0;
            for (int i = 0, *at = displs; i < n; off += part[i++]) {
                memcpy((char *)dest + off, all + at[nd->node_of[i]], part[i]);
                at[nd->node_of[i]] += (int)part[i];
            }
            free(all);
        }
    }
    free(counts);
    free(part);
    /* 3. every member gets its leader's dest */
    if (total) local_bcast(local, dest, dest, total, 0, 1);
    return 0;
}
