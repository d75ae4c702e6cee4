/* Locks: set_lock/clear_lock protect a non-atomic read-modify-write (get, add, put) of a
 * counter on PE 0 from every PE; test_lock loops; a heap lock and a global lock at once. */
#include "testutil.h"

#define ROUNDS 100
static long glock;
static long gcount;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *hlock = shmem_calloc(1, sizeof(long));
    long *hcount = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    for (int r = 0; r < ROUNDS; r++) {
        shmem_set_lock(hlock);
        long v = shmem_long_g(hcount, 0);
        shmem_long_p(hcount, v + 1, 0);
        shmem_clear_lock(hlock);

        /* the global lock, taken with test_lock */
        while (shmem_test_lock(&glock)) {
        }
        long w;
        shmem_long_get(&w, &gcount, 1, n - 1);
        w += 2;
        shmem_long_put(&gcount, &w, 1, n - 1);
        shmem_clear_lock(&glock);
    }
    /* both locks held at once, in a fixed order */
    shmem_set_lock(&glock);
    shmem_set_lock(hlock);
    long v = shmem_long_g(hcount, 0);
    shmem_long_p(hcount, v + 1000, 0);
    shmem_clear_lock(hlock);
    shmem_clear_lock(&glock);
    shmem_barrier_all();
    if (me == 0) CHECK(*hcount == (long)n * (ROUNDS + 1000), "heap-lock counter %ld", *hcount);
    if (me == n - 1) CHECK(gcount == 2L * n * ROUNDS, "global-lock counter %ld", gcount);
    /* a lock is free again after all clears: test_lock succeeds once, then fails */
    shmem_barrier_all();
    if (me == 0) {
        CHECK(shmem_test_lock(hlock) == 0, "test_lock on a free lock");
        CHECK(shmem_test_lock(hlock) == 1, "test_lock on a held lock");
        shmem_clear_lock(hlock);
    }
    shmem_barrier_all();
    shmem_free(hcount);
    shmem_free(hlock);
    shmem_finalize();
    return test_exit_status();
}
