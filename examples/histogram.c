/* Distributed histogram with atomics: every PE draws KEYS pseudo-random values and counts each
 * into its bin with shmem_atomic_inc (non-fetching, so the increments stream without waiting);
 * bin b lives on PE b % npes at index b / npes. After a quiet and a barrier every PE checks
 * its bins against a recount made from every PE's (reproducible) key stream.
 *   usage: histogram [KEYS_PER_PE] [BINS]  (defaults 100000 1000) */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* xorshift64*: the key stream of one PE, reproducible anywhere. */
static uint64_t next_key(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

int main(int argc, char **argv)
{
    long keys = argc > 1 ? atol(argv[1]) : 100000;
    int bins = argc > 2 ? atoi(argv[2]) : 1000;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int local_bins = (bins + n - 1) / n;
    long *hist = shmem_calloc((size_t)local_bins, sizeof(long));
    shmem_barrier_all();

    uint64_t s = 0x9e3779b97f4a7c15ull * (uint64_t)(me + 1);
    for (long k = 0; k < keys; k++) {
        int b = (int)(next_key(&s) % (uint64_t)bins);
        shmem_long_atomic_inc(&hist[b / n], b % n);
    }
    shmem_quiet();
    shmem_barrier_all();

    /* Recount my bins from all key streams. */
    long *expect = calloc((size_t)local_bins, sizeof(long));
    for (int pe = 0; pe < n; pe++) {
        uint64_t t = 0x9e3779b97f4a7c15ull * (uint64_t)(pe + 1);
        for (long k = 0; k < keys; k++) {
            int b = (int)(next_key(&t) % (uint64_t)bins);
            if (b % n == me) expect[b / n]++;
        }
    }
    long mismatches = 0, mine = 0;
    for (int i = 0; i < local_bins; i++) {
        mismatches += hist[i] != expect[i];
        mine += hist[i];
    }
    static long total, bad;
    shmem_long_atomic_add(&total, mine, 0);
    shmem_long_atomic_add(&bad, mismatches, 0);
    shmem_barrier_all();
    int ok = total == keys * n && bad == 0;
    if (me == 0)
        printf("histogram: %ld keys into %d bins on %d PEs, counted %ld, bins verified: %s\n",
               keys * n, bins, n, total, ok ? "yes" : "NO");
    free(expect);
    shmem_free(hist);
    shmem_finalize();
    return me == 0 && !ok ? 1 : 0;
}
