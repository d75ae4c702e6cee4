/* mpishmem: team synchronization.
 *
 * A team whose members all share memory with this PE synchronizes through counters in node
 * shared memory (core/runtime.h: each node PE owns MPISHMEM_SYNC_SLOTS of them and is the only
 * one to write them). The team holds one slot, the same on every member. A sync stores this
 * PE's counter of the slot, increased by one, with release semantics, then waits until every
 * member's counter has reached that value, reading them with acquire semantics: whatever a
 * member stored (or loaded) before the sync is ordered before what any member does after it.
 * Counters only grow, so a member already one sync ahead counts as arrived. With 2 PEs a sync
 * costs one cache-line transfer each way.
 *
 * Slots: SHMEM_TEAM_WORLD (when the job is one node) and SHMEM_TEAM_SHARED hold slots 0 and 1
 * from the start. Another team agrees on its slot at its first sync with one allreduce (MAX)
 * over its communicator of each member's used-slot flags and counters: it takes the lowest slot
 * free on every member, and each member lifts its counter of that slot to the largest value any
 * member has there (a slot given back by one team and taken by another may have advanced
 * differently on different PEs). Teams with no common member may hold the same slot. Teams that
 * span nodes sync in two levels (coll_node.c: their node part holds a slot, agreed over the
 * whole team; SHMEM_TEAM_WORLD's takes slot 0, which world then never uses). Teams that find no
 * free slot use an MPI barrier; so do split teams under SHMEM_THREAD_MULTIPLE, where two
 * threads could otherwise agree on one slot for two teams. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/progress.h"
#include "../core/runtime.h"
#include "../core/team.h"
#include "../transport/mpi/mpi_comm.h"
#include "coll_sync.h"
#include "coll_wait.h"

enum { SLOT_WORLD = 0, SLOT_SHARED = 1 };
#define SLOTS_RESERVED ((1ull << SLOT_WORLD) | (1ull << SLOT_SHARED))

/* Slots held by this PE's teams (changed only outside SHMEM_THREAD_MULTIPLE, or for the
 * reserved bits, which never change). */
static uint64_t used_slots = SLOTS_RESERVED;

static void use_slot(struct mpishmem_team *t, int slot, uint64_t start)
{
    struct mpishmem_team_sync *s = &t->sync;
    s->counter = malloc(sizeof *s->counter * (size_t)t->n_pes);
    s->mailbox = malloc(sizeof *s->mailbox * (size_t)t->n_pes);
    for (int i = 0; i < t->n_pes; i++) {
        int node_rank = mpishmem_g.node_index[mpishmem_team_world_pe(t, i)];
        s->counter[i] = mpishmem_sync_counters(node_rank) + slot;
        s->mailbox[i] = mpishmem_sync_mailbox(node_rank, slot);
    }
    s->eager_ops = 0;
    memset(s->free_at, 0, sizeof s->free_at);
    s->all_seen = 0;
    /* Only this PE writes its counter, and start is at least its value: it never decreases. */
    __atomic_store_n(s->counter[t->my_pe], start, __ATOMIC_RELEASE);
    s->slot = slot;
    s->value = start;
    s->mode = MPISHMEM_SYNC_SHM;
}

/* Agrees on the lowest slot free on every PE of `comm` (each calls this at the same point,
 * for t or for its node's part of the team whose communicator comm is) and takes it for t,
 * lifting this PE's counter to the largest any of them has there; returns 0, or -1 (on every
 * PE alike) when none is free. With `take` 0 it only takes part (t gets no slot). */
static int agree_slot(struct mpishmem_team *t, MPI_Comm comm, int take)
{
    uint64_t mine[2 * MPISHMEM_SYNC_SLOTS], all[2 * MPISHMEM_SYNC_SLOTS];
    const uint64_t *my_counters = mpishmem_sync_counters(mpishmem_g.node_rank);
    for (int s = 0; s < MPISHMEM_SYNC_SLOTS; s++) {
        mine[s] = (used_slots >> s) & 1;
        mine[MPISHMEM_SYNC_SLOTS + s] = __atomic_load_n(&my_counters[s], __ATOMIC_RELAXED);
    }
    mpishmem_comm_allreduce(mine, all, 2 * MPISHMEM_SYNC_SLOTS, MPI_UINT64_T, MPI_MAX, comm);
    for (int s = 0; s < MPISHMEM_SYNC_SLOTS; s++)
        if (!all[s]) {
            if (!take) return 0;
            used_slots |= 1ull << s;
            use_slot(t, s, all[MPISHMEM_SYNC_SLOTS + s]);
            return 0;
        }
    return -1;
}

static void choose_mode(struct mpishmem_team *t)
{
    t->sync.mode = MPISHMEM_SYNC_MPI;
    if (!t->all_local) return;
    if (t->is_predefined) {
        use_slot(t, t == &mpishmem_team_world ? SLOT_WORLD : SLOT_SHARED, 0);
        return;
    }
    if (mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE) return;
    agree_slot(t, mpishmem_team_comm(t), 1);
}

int mpishmem_coll_sync_node_slot(struct mpishmem_team *part, MPI_Comm comm, int world)
{
    /* SHMEM_TEAM_WORLD spans nodes, so it never takes its own slot: its node part can. */
    if (world) {
        use_slot(part, SLOT_WORLD, 0);
        return 0;
    }
    if (mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE) return -1;
    /* A member alone on its node never syncs its part: it takes part in the agreement only,
     * and leaves the slot to its other teams. */
    return agree_slot(part, comm, part->n_pes > 1);
}

int mpishmem_coll_sync_mode(struct mpishmem_team *t)
{
    if (t->sync.mode == MPISHMEM_SYNC_UNSET && t->n_pes > 1) choose_mode(t);
    return t->sync.mode;
}

void mpishmem_coll_sync_root_ready(struct mpishmem_team *t, int root)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = s->value + 1;
    if (t->my_pe == root) {
        mpishmem_coll_store(s, root, s->counter[root], v);
        return;
    }
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    mpishmem_coll_wait_ge(s, root, s->counter[root], v, &polls);
}

void mpishmem_coll_sync_root_done(struct mpishmem_team *t, int root)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = s->value += 2;
    if (t->my_pe != root) {
        mpishmem_coll_store(s, t->my_pe, s->counter[t->my_pe], v);
        return;
    }
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    for (int i = 0; i < t->n_pes; i++)
        if (i != root) mpishmem_coll_wait_ge(s, i, s->counter[i], v, &polls);
    mpishmem_coll_store(s, root, s->counter[root], v);
}

void mpishmem_coll_sync_arrive(struct mpishmem_team *t)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = ++s->value;
    if (t->my_pe != 0) {
        mpishmem_coll_store(s, t->my_pe, s->counter[t->my_pe], v);
        return;
    }
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    for (int i = 1; i < t->n_pes; i++) mpishmem_coll_wait_ge(s, i, s->counter[i], v, &polls);
    mpishmem_coll_store(s, 0, s->counter[0], v);
}

void mpishmem_coll_sync_leave(struct mpishmem_team *t)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = ++s->value;
    if (t->my_pe != 0) {
        struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
        mpishmem_coll_wait_ge(s, 0, s->counter[0], v, &polls);
    }
    mpishmem_coll_store(s, t->my_pe, s->counter[t->my_pe], v);
}

/* Waits until every member's counter is at least v. */
static void wait_all(struct mpishmem_team *t, uint64_t v)
{
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    for (int i = 0; i < t->n_pes; i++)
        mpishmem_coll_wait_ge(&t->sync, i, t->sync.counter[i], v, &polls);
}

/* The first mailbox of the current mailbox collective (eager_ops counts mailboxes used). */
static unsigned first_box(const struct mpishmem_team_sync *s)
{
    return s->eager_ops % MPISHMEM_MAILBOXES;
}

void mpishmem_coll_eager_boxes(struct mpishmem_team *t, unsigned k)
{
    struct mpishmem_team_sync *s = &t->sync;
    /* k adjacent mailboxes: skip those left before the end of the ring */
    if (first_box(s) + k > MPISHMEM_MAILBOXES) s->eager_ops += MPISHMEM_MAILBOXES - first_box(s);
    s->span = k;
}

/* Where the data of `nbytes` is in a mailbox (small data: in the flag's line). */
static char *box_data(char *box, size_t nbytes)
{
    return box + (nbytes <= MPISHMEM_MAILBOX_INLINE ? 16 : 128);
}

/* The flag of pe's first mailbox of the current mailbox collective. */
static uint64_t *box_flag(struct mpishmem_team_sync *s, int pe)
{
    return (uint64_t *)(s->mailbox[pe] + first_box(s) * (size_t)MPISHMEM_MAILBOX_STRIDE);
}

char *mpishmem_coll_eager_begin(struct mpishmem_team *t, size_t nbytes)
{
    struct mpishmem_team_sync *s = &t->sync;
    unsigned b = first_box(s), span = s->span ? s->span : 1;
    uint64_t need = 0;
    for (unsigned i = 0; i < span; i++)
        if (s->free_at[b + i] > need) need = s->free_at[b + i];
    /* Readers are usually far ahead: reading their counters (cache lines they write) only
     * when the last reading does not show them done saves a cache-line transfer a call. */
    if (need > s->all_seen) {
        wait_all(t, need);
        uint64_t least = UINT64_MAX;
        for (int i = 0; i < t->n_pes; i++) {
            uint64_t c = __atomic_load_n(s->counter[i], __ATOMIC_ACQUIRE);
            if (c < least) least = c;
        }
        s->all_seen = least;
    }
    return box_data((char *)box_flag(s, t->my_pe), nbytes);
}

void mpishmem_coll_eager_post(struct mpishmem_team *t)
{
    /* Flags only grow: the collective's value is above any an earlier one stored (a slot
     * taken by a new team starts above every member's counter, which is above its flags). */
    mpishmem_coll_store(&t->sync, t->my_pe, box_flag(&t->sync, t->my_pe), t->sync.value + 1);
}

const char *mpishmem_coll_eager_peer(struct mpishmem_team *t, int pe, size_t nbytes)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = s->value + 1, *flag = box_flag(s, pe);
    struct mpishmem_wait polls = MPISHMEM_WAIT_INIT;
    mpishmem_coll_wait_ge(s, pe, flag, v, &polls);
    return box_data((char *)flag, nbytes);
}

void mpishmem_coll_eager_end(struct mpishmem_team *t, int wrote)
{
    struct mpishmem_team_sync *s = &t->sync;
    uint64_t v = s->value += 2;
    mpishmem_coll_store(s, t->my_pe, s->counter[t->my_pe], v);
    /* Every reader of these mailboxes stores v when it is done with them. */
    unsigned b = first_box(s), span = s->span ? s->span : 1;
    if (wrote)
        for (unsigned i = 0; i < span; i++) s->free_at[b + i] = v;
    s->eager_ops += span;
    s->span = 1;
}

void mpishmem_coll_eager_wait_readers(struct mpishmem_team *t)
{
    wait_all(t, t->sync.value);
}

void mpishmem_coll_sync_release(struct mpishmem_team *t)
{
    struct mpishmem_team_sync *s = &t->sync;
    /* A member may still be reading this PE's mailbox (this PE left a mailbox collective
     * without waiting): the next team to take the slot must not overwrite it before. Every
     * member gets to this PE's value without waiting for this PE. */
    if (s->mode == MPISHMEM_SYNC_SHM) wait_all(t, s->value);
    if (s->mode == MPISHMEM_SYNC_SHM && !(SLOTS_RESERVED & (1ull << s->slot)))
        used_slots &= ~(1ull << s->slot);
    free(s->counter);
    free(s->mailbox);
    memset(s, 0, sizeof *s);
}
