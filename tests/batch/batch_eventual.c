/* A lone small put or AMO arrives without a later completion call: PE 0 does one small put
 * and one atomic_add to PE n-1, then computes (no OpenSHMEM call at all) until PE n-1 has
 * told it that both arrived, or for at most 3 s. PE n-1 polls with shmem_long_test (round 1:
 * long_p to the heap; round 2: long_put of two to globals, shmem_long_test_all) and fails if
 * the values are not there within 2 s: their delivery may not wait for PE 0's next call. */
#include "batch_util.h"

#include <sched.h>

#define DEADLINE 2.0
#define COMPUTE_MAX 3.0

static long g_data[2], g_counter, g_done;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), last = n - 1;
    if (n < 2) {
        fprintf(stderr, "FAIL: batch_eventual needs 2 PEs or more\n");
        shmem_finalize();
        return EXIT_FAILURE;
    }
    long *h_data = shmem_calloc(2, sizeof(long));
    long *h_counter = shmem_calloc(1, sizeof(long));
    if (!h_data || !h_counter) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    for (int round = 1; round <= 2; round++) {
        long *data = round == 1 ? h_data : g_data;
        long *counter = round == 1 ? h_counter : &g_counter;
        long value = 4242 + round;
        if (me == 0) {
            if (round == 1) shmem_long_p(&data[0], value, last);
            else {
                long src[2] = {value, value};
                shmem_long_put(data, src, 2, last);
            }
            shmem_long_atomic_add(counter, 7 * round, last);
            /* Compute until PE n-1 says it has both (a plain load of local memory). */
            volatile long *done = &g_done;
            double start = batch_now(), sink = 0;
            while (*done < round && batch_now() - start < COMPUTE_MAX) {
                for (int i = 0; i < 1000; i++) sink += (double)i * 1e-9;
                sched_yield(); /* PEs share cores; still no OpenSHMEM call */
            }
            CHECK(sink >= 0, "sink");
        }
        if (me == last) {
            double start = batch_now(), waited = 0;
            int have = 0;
            while (!have && (waited = batch_now() - start) < DEADLINE) {
                if (round == 1)
                    have = shmem_long_test(&data[0], SHMEM_CMP_EQ, value) &&
                           shmem_long_test(counter, SHMEM_CMP_EQ, 7);
                else
                    have = shmem_long_test_all(data, 2, NULL, SHMEM_CMP_EQ, value) &&
                           shmem_long_test(counter, SHMEM_CMP_EQ, 14);
                if (!have) sched_yield();
            }
            CHECK(have, "round %d: PE 0's put and atomic_add not there after %.1f s (data %ld, "
                  "counter %ld): no delivery without PE 0's next call", round, waited, data[0],
                  *counter);
            shmem_long_p(&g_done, round, 0);
            shmem_quiet();
        }
        shmem_barrier_all();
    }
    shmem_free(h_counter);
    shmem_free(h_data);
    if (me == 0 && !test_failures) printf("batch_eventual: ok (%d PEs)\n", n);
    shmem_finalize();
    return test_exit_status();
}
