/* Parallel integer sort in the style of ISx: every PE draws KEYS uniform keys in [0, MAX_KEY),
 * sends each key to the PE owning its range (bucket), and sorts what it receives.
 * Space in a receiver's buffer is claimed with one shmem_atomic_fetch_add per (sender,
 * receiver) pair; keys then travel with shmem_putmem_nbi and one quiet completes them all.
 * Checks: every PE's keys are in its range and sorted, the global count is right, and the
 * per-bucket counts match a recount from every PE's (reproducible) key stream.
 *   usage: isx_sort [KEYS_PER_PE] [MAX_KEY]  (defaults 200000 1048576) */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_key(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static void draw(int pe, long keys, int max_key, int *out)
{
    uint64_t s = 0xdeadbeefcafef00dull ^ (0x9e3779b97f4a7c15ull * (uint64_t)(pe + 1));
    for (long k = 0; k < keys; k++) out[k] = (int)(next_key(&s) % (uint64_t)max_key);
}

int main(int argc, char **argv)
{
    long keys = argc > 1 ? atol(argv[1]) : 200000;
    int max_key = argc > 2 ? atoi(argv[2]) : 1 << 20;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int width = (max_key + n - 1) / n; /* PE p owns [p * width, (p + 1) * width) */
    /* A receiver gets keys * n / n on average; room for twice that is plenty for uniform
     * keys (a shortage is detected and reported, not overrun). */
    long cap = 2 * keys + 1024;
    int *recv = shmem_malloc(sizeof(int) * (size_t)cap);
    long *fill = shmem_calloc(1, sizeof(long));
    int *mine = malloc(sizeof(int) * (size_t)keys);
    draw(me, keys, max_key, mine);

    /* Bucket locally: count, prefix, scatter. */
    long *count = calloc((size_t)n, sizeof(long)), *start = calloc((size_t)n + 1, sizeof(long));
    for (long k = 0; k < keys; k++) count[mine[k] / width]++;
    for (int p = 0; p < n; p++) start[p + 1] = start[p] + count[p];
    int *bucketed = malloc(sizeof(int) * (size_t)keys);
    long *pos = calloc((size_t)n, sizeof(long));
    for (long k = 0; k < keys; k++) {
        int p = mine[k] / width;
        bucketed[start[p] + pos[p]++] = mine[k];
    }
    shmem_barrier_all();
    int overflow = 0;
    for (int i = 0; i < n; i++) {
        int p = (me + i) % n; /* stagger the targets */
        if (!count[p]) continue;
        long at = shmem_long_atomic_fetch_add(fill, count[p], p);
        if (at + count[p] > cap) {
            overflow = 1;
            continue;
        }
        shmem_putmem_nbi(recv + at, bucketed + start[p], sizeof(int) * (size_t)count[p], p);
    }
    shmem_quiet();
    shmem_barrier_all();

    /* Sort my keys (counting sort over my range) and check them. */
    long got = *fill;
    int ok = !overflow && got <= cap;
    long *hist = calloc((size_t)width, sizeof(long));
    for (long k = 0; ok && k < got; k++) {
        int v = recv[k] - me * width;
        if (v < 0 || v >= width) ok = 0;
        else hist[v]++;
    }
    long k = 0;
    for (int v = 0; ok && v < width; v++)
        for (long c = 0; c < hist[v]; c++) recv[k++] = me * width + v;
    for (long i = 1; ok && i < got; i++) ok = recv[i - 1] <= recv[i];
    /* Recount what should have arrived here from every PE's stream. */
    long expect = 0;
    int *other = malloc(sizeof(int) * (size_t)keys);
    for (int pe = 0; pe < n; pe++) {
        draw(pe, keys, max_key, other);
        for (long j = 0; j < keys; j++) expect += other[j] / width == me;
    }
    ok = ok && expect == got;
    static long total, bad;
    shmem_long_atomic_add(&total, got, 0);
    shmem_long_atomic_add(&bad, !ok, 0);
    shmem_barrier_all();
    int all_ok = total == keys * n && bad == 0;
    if (me == 0)
        printf("isx_sort: %ld keys in [0, %d) on %d PEs, sorted %ld, verified: %s\n", keys * n,
               max_key, n, total, all_ok ? "yes" : "NO");
    free(other);
    free(hist);
    free(pos);
    free(bucketed);
    free(start);
    free(count);
    free(mine);
    shmem_free(fill);
    shmem_free(recv);
    shmem_finalize();
    return me == 0 && !all_ok ? 1 : 0;
}
