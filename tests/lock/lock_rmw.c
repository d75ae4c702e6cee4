/* Locks guarding non-atomic read-modify-writes (get, add, put + quiet) of counters that live
 * on various PEs, from every PE, many rounds; the final totals must be exact and no two PEs
 * may ever be inside one critical section (an occupancy word checked with fetch_inc).
 *  1. one lock, on the heap or in global data, taken by set_lock;
 *  2. the same with half of the PEs spinning on test_lock meanwhile;
 *  3. several locks at once: each round a PE takes a subset of three locks (in ascending
 *     order, by set_lock or test_lock) and updates the counter each of them guards. */
#include "testutil.h"

#define ROUNDS 20
#define NLOCKS 3

static int me, npes;
static long glock, glocks[NLOCKS];
static long gcount, gcounts[NLOCKS], ginside[NLOCKS + 1];

/* The critical section: exclusive (checked), then counter += add on `home`. */
static void critical(long *count, long *inside, int home, long add, const char *what)
{
    long in = shmem_long_atomic_fetch_inc(inside, 0);
    CHECK(in == 0, "%s: %ld other PE(s) inside the critical section", what, in);
    long v = shmem_long_g(count, home);
    if ((me + v) % 3 == 0) {
        long back;
        shmem_long_get(&back, count, 1, home); /* again, after a while: nobody changed it */
        CHECK(back == v, "%s: counter changed under the lock (%ld -> %ld)", what, v, back);
    }
    v += add;
    shmem_long_put(count, &v, 1, home);
    shmem_quiet();
    shmem_long_atomic_add(inside, -1, 0);
}

static void acquire(long *lock, int by_test)
{
    if (!by_test) {
        shmem_set_lock(lock);
        return;
    }
    while (shmem_test_lock(lock)) {
    }
}

static void one_lock(long *hlock, long *hcount, long *hinside)
{
    for (int variant = 0; variant < 4; variant++) {
        int global = variant % 2, mixed = variant >= 2;
        long *lock = global ? &glock : hlock;
        long *count = global ? &gcount : hcount;
        long *inside = global ? &ginside[0] : hinside;
        int home = (variant + 1) % npes; /* where the counter lives */
        long add = 1 + me % 3;
        for (int r = 0; r < ROUNDS; r++) {
            int by_test = mixed && (me + r) % 2;
            acquire(lock, by_test);
            critical(count, inside, home, add, global ? "global lock" : "heap lock");
            shmem_clear_lock(lock);
        }
        shmem_barrier_all();
        long want = 0;
        for (int p = 0; p < npes; p++) want += ROUNDS * (1 + p % 3);
        if (me == home)
            CHECK(*count == want, "variant %d: counter %ld, want %ld", variant, *count, want);
        shmem_barrier_all();
        if (me == home) *count = 0;
        shmem_barrier_all();
    }
}

/* Locks this PE takes in round r (a nonempty subset of NLOCKS). */
static unsigned subset(int pe, int r) { return 1 + (unsigned)(pe * 5 + r * 3) % ((1u << NLOCKS) - 1); }

static void many_locks(long *hlocks, long *hcounts, long *hinside)
{
    for (int global = 0; global < 2; global++) {
        long *locks = global ? glocks : hlocks;
        long *counts = global ? gcounts : hcounts;
        long *inside = global ? &ginside[1] : hinside;
        for (int r = 0; r < ROUNDS; r++) {
            unsigned s = subset(me, r);
            for (int k = 0; k < NLOCKS; k++)
                if (s >> k & 1) acquire(&locks[k], (me + r + k) % 3 == 0);
            for (int k = 0; k < NLOCKS; k++)
                if (s >> k & 1) critical(&counts[k], &inside[k], k % npes, 1, "lock set");
            /* release in a varying order */
            for (int j = 0; j < NLOCKS; j++) {
                int k = (j + r) % NLOCKS;
                if (s >> k & 1) shmem_clear_lock(&locks[k]);
            }
        }
        shmem_barrier_all();
        for (int k = 0; k < NLOCKS; k++) {
            long want = 0;
            for (int p = 0; p < npes; p++)
                for (int r = 0; r < ROUNDS; r++) want += subset(p, r) >> k & 1;
            if (me == k % npes)
                CHECK(counts[k] == want, "%s lock %d: counter %ld, want %ld",
                      global ? "global" : "heap", k, counts[k], want);
        }
        shmem_barrier_all();
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    long *h = shmem_calloc(4 + 3 * NLOCKS, sizeof(long));
    shmem_barrier_all();
    one_lock(&h[0], &h[1], &h[2]);
    many_locks(&h[4], &h[4 + NLOCKS], &h[4 + 2 * NLOCKS]);
    /* Every lock is free again: test_lock takes it at once, then fails while it is held. */
    if (me == npes - 1) {
        CHECK(shmem_test_lock(&glock) == 0, "test_lock on a free lock");
        CHECK(shmem_test_lock(&glock) == 1, "test_lock on a held lock");
        shmem_clear_lock(&glock);
        CHECK(shmem_test_lock(&h[4]) == 0, "test_lock on a free heap lock");
        shmem_clear_lock(&h[4]);
    }
    shmem_barrier_all();
    shmem_free(h);
    shmem_finalize();
    return test_exit_status();
}
