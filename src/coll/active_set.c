/* The active-set cache: an open-addressing hash table keyed by (start, log stride, size), plus
 * the last set used (active_set.h), which makes a loop of collectives on one set a compare.
 *
 * Entries are never evicted. Freeing a communicator is collective over the set, and a member
 * that freed a set's communicator would make a new one on the set's next collective, which
 * the members that kept theirs would never join: eviction would have to happen at the same
 * point on every member, but each PE sees only the calls of the sets it belongs to, so no
 * local rule (LRU, a size bound) is the same on all of them. Programs use few distinct sets
 * (each costs one communicator and a world-sized PE map); they are freed at finalize. */
#include "active_set.h"

#include <pthread.h>
#include <stdlib.h>

#include "../base/error.h"
#include "../core/team.h"

struct mpishmem_active_set_last mpishmem_active_set_last;

struct entry {
    int start, log_stride, size;
    struct mpishmem_team *team; /* NULL: empty slot */
};

static struct entry *table;
static size_t capacity, used; /* capacity: 0 or a power of two */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t hash(int start, int log_stride, int size)
{
    uint64_t h = (uint64_t)(unsigned)start * 0x9e3779b97f4a7c15u;
    h ^= ((uint64_t)(unsigned)size << 32 | (unsigned)log_stride) * 0xc2b2ae3d27d4eb4fu;
    return (size_t)(h ^ h >> 29);
}

static struct entry *slot_of(struct entry *tab, size_t cap, int start, int log_stride, int size)
{
    for (size_t i = hash(start, log_stride, size) & (cap - 1);; i = (i + 1) & (cap - 1)) {
        struct entry *e = &tab[i];
        if (!e->team ||
            (e->start == start && e->log_stride == log_stride && e->size == size))
            return e;
    }
}

static void grow(const char *routine)
{
    size_t cap = capacity ? capacity * 2 : 16;
    struct entry *tab = calloc(cap, sizeof *tab);
    if (!tab) mpishmem_error(routine, "out of memory for the active-set cache");
    for (size_t i = 0; i < capacity; i++)
        if (table[i].team)
            *slot_of(tab, cap, table[i].start, table[i].log_stride, table[i].size) = table[i];
    free(table);
    table = tab;
    capacity = cap;
}

/* Frees every cached team (at finalize, from mpishmem_team_free_all, after its barrier: no
 * collective is in flight). */
static void free_all(void)
{
    for (size_t i = 0; i < capacity; i++)
        if (table[i].team && !table[i].team->is_predefined) mpishmem_team_free(table[i].team);
    free(table);
    table = NULL;
    capacity = used = 0;
    mpishmem_active_set_last = (struct mpishmem_active_set_last){0};
}

static void check_set(const char *routine, int start, int log_stride, int size)
{
    if (mpishmem_g.init_count <= 0)
        mpishmem_error(routine, "the library is not initialized (call shmem_init first)");
    int n = mpishmem_g.n_pes, me = mpishmem_g.my_pe;
    if (start < 0 || start >= n)
        mpishmem_error(routine, "PE_start = %d is out of range (the job has %d PEs, numbered 0 "
                                "to %d)", start, n, n - 1);
    if (log_stride < 0)
        mpishmem_error(routine, "logPE_stride = %d is negative (the stride between active-set "
                                "PEs is 2^logPE_stride)", log_stride);
    if (size < 1)
        mpishmem_error(routine, "PE_size = %d: an active set has at least one PE", size);
    if (size > 1 && (log_stride > 30 ||
                     (long long)start + ((long long)(size - 1) << log_stride) >= n))
        mpishmem_error(routine, "the active set (PE_start %d, logPE_stride %d, PE_size %d) "
                                "runs past the last PE (%d)", start, log_stride, size, n - 1);
    int offset = me - start;
    int member = size == 1 ? offset == 0
                           : offset >= 0 && (offset & ((1 << log_stride) - 1)) == 0 &&
                                 (offset >> log_stride) < size;
    if (!member)
        mpishmem_error(routine, "this PE is not in the active set (PE_start %d, logPE_stride "
                                "%d, PE_size %d): only its members may call the collective",
                       start, log_stride, size);
}

static struct mpishmem_team *make_team(const char *routine, int start, int log_stride,
                                       int size)
{
    if (start == 0 && size == mpishmem_g.n_pes && (log_stride == 0 || size == 1))
        return &mpishmem_team_world;
    int *pes = malloc(sizeof(int) * (size_t)size);
    if (!pes) mpishmem_error(routine, "out of memory for an active set");
    for (int k = 0; k < size; k++) pes[k] = start + (k << log_stride);
    static int registered;
    if (!registered) {
        mpishmem_team_on_free_all(free_all);
        registered = 1;
    }
    struct mpishmem_team *t = mpishmem_team_new(pes, size, NULL, 0);
    free(pes);
    return t;
}

struct mpishmem_team *mpishmem_active_set_slow(const char *routine, int start, int log_stride,
                                               int size)
{
    int multiple = mpishmem_g.thread_level == SHMEM_THREAD_MULTIPLE;
    if (multiple) pthread_mutex_lock(&lock);
    /* The key: with one PE the stride means nothing. */
    int key_log = size == 1 ? 0 : log_stride;
    struct entry *e = capacity ? slot_of(table, capacity, start, key_log, size) : NULL;
    if (!e || !e->team) {
        check_set(routine, start, log_stride, size);
        if (2 * (used + 1) > capacity) grow(routine);
        e = slot_of(table, capacity, start, key_log, size);
        *e = (struct entry){start, key_log, size, make_team(routine, start, key_log, size)};
        used++;
    }
    struct mpishmem_team *t = e->team;
    mpishmem_active_set_last =
        (struct mpishmem_active_set_last){start, log_stride, size, t};
    if (multiple) pthread_mutex_unlock(&lock);
    return t;
}
