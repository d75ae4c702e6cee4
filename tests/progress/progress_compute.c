/* Progress while the target computes: PE 0 puts, gets, adds atomically and quiets on every
 * other PE while they compute without calling OpenSHMEM, and only then tells them (a flag put
 * they poll with plain loads) to stop. Across nodes this completes only if the targets'
 * progress thread serves MPI meanwhile; a target that is still computing after the time limit
 * reports the stall (the run fails instead of hanging). Then every value is checked. */
#define _POSIX_C_SOURCE 200809L
#include <sched.h>
#include <time.h>

#include "testutil.h"

#define N 512
#define STALL_SECONDS 60.0

static long global_data[N];
static long global_counter;
static long global_stop;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *heap_data = shmem_calloc(N, sizeof(long));
    long *heap_counter = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    for (int round = 1; round <= 3; round++) {
        if (me == 0) {
            long src[N], got[N];
            for (int t = 1; t < n; t++) {
                for (int i = 0; i < N; i++) src[i] = round * 100000L + t * 1000L + i;
                shmem_long_put(heap_data, src, N, t);
                shmem_long_put_nbi(global_data, src, N, t);
                shmem_long_atomic_add(heap_counter, t, t);
                long old = shmem_long_atomic_fetch_add(&global_counter, 2 * t, t);
                CHECK(old == 2L * t * (round - 1), "round %d PE %d: fetch_add gave %ld", round,
                      t, old);
                shmem_quiet();
                shmem_long_get(got, global_data, N, t);
                for (int i = 0; i < N; i++)
                    CHECK(got[i] == src[i], "round %d PE %d [%d]: got %ld", round, t, i, got[i]);
            }
            for (int t = 1; t < n; t++) shmem_long_p(&global_stop, round, t);
            shmem_quiet();
        } else {
            /* Compute (no OpenSHMEM call) until PE 0 says stop. */
            volatile long *stop = &global_stop;
            double start = now(), sink = 0;
            while (*stop != round) {
                for (int i = 0; i < 20000; i++) sink += (double)i * 1e-9;
                sched_yield();
                if (now() - start > STALL_SECONDS) break;
            }
            CHECK(*stop == round, "round %d: still computing after %.0f s: PE 0's operations "
                  "on this PE did not complete (no progress)", round, STALL_SECONDS);
            CHECK(sink >= 0, "sink");
        }
        shmem_barrier_all();
        if (me != 0) {
            CHECK(*heap_counter == (long)me * round, "round %d: counter %ld", round,
                  *heap_counter);
            CHECK(global_counter == 2L * me * round, "round %d: global counter %ld", round,
                  global_counter);
            for (int i = 0; i < N; i++) {
                long want = round * 100000L + me * 1000L + i;
                CHECK(heap_data[i] == want && global_data[i] == want,
                      "round %d [%d]: heap %ld globals %ld, want %ld", round, i, heap_data[i],
                      global_data[i], want);
            }
        }
        shmem_barrier_all();
    }
    shmem_free(heap_counter);
    shmem_free(heap_data);
    if (me == 0 && !test_failures) printf("progress_compute: ok\n");
    shmem_finalize();
    return test_exit_status();
}
