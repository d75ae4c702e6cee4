/* Large team collectives: every data collective with a few MiB, reductions and scans of a
 * million elements. With argument "huge" (2 PEs, 3.2 GiB of heap each): a broadcast of more
 * than INT_MAX bytes and an in-place reduction of more than 2^30
 * elements and a collect whose offsets exceed INT_MAX (split into several MPI calls). Every
 * byte is checked. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

static unsigned char pat(int pe, size_t i)
{
    return (unsigned char)((i * 2654435761u >> 13) ^ (size_t)pe * 77u);
}

static void large(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    size_t blk = (512u << 10) + 7, big = (3u << 20) + 1;
    unsigned char *src = shmem_malloc(big > blk * (size_t)n ? big : blk * (size_t)n);
    unsigned char *dst = shmem_malloc(big > blk * (size_t)n * 2 ? big : blk * (size_t)n * 2);
    long bad = 0;

    for (size_t i = 0; i < big; i++) src[i] = pat(me, i);
    shmem_barrier_all();
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, dst, src, big, n - 1) == 0, "rc");
    for (size_t i = 0; i < big; i++) bad += dst[i] != pat(n - 1, i);
    CHECK(bad == 0, "broadcastmem %zu bytes: %ld wrong", big, bad);

    shmem_barrier_all();
    CHECK(shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, blk) == 0, "rc");
    bad = 0;
    for (int p = 0; p < n; p++)
        for (size_t i = 0; i < blk; i++) bad += dst[(size_t)p * blk + i] != pat(p, i);
    CHECK(bad == 0, "fcollectmem %zu bytes per PE: %ld wrong", blk, bad);

    /* collect: PE p gives (p % 3) * blk / 2 bytes (zero on PEs 0, 3, ...) */
    shmem_barrier_all();
    CHECK(shmem_collectmem(SHMEM_TEAM_WORLD, dst, src, (size_t)(me % 3) * blk / 2) == 0, "rc");
    bad = 0;
    size_t at = 0;
    for (int p = 0; p < n; p++)
        for (size_t i = 0; i < (size_t)(p % 3) * blk / 2; i++) bad += dst[at++] != pat(p, i);
    CHECK(bad == 0, "collectmem: %ld wrong", bad);

    for (int j = 0; j < n; j++)
        for (size_t i = 0; i < blk; i++) src[(size_t)j * blk + i] = pat(me * 8 + j, i);
    shmem_barrier_all();
    CHECK(shmem_alltoallmem(SHMEM_TEAM_WORLD, dst, src, blk) == 0, "rc");
    bad = 0;
    for (int j = 0; j < n; j++)
        for (size_t i = 0; i < blk; i++) bad += dst[(size_t)j * blk + i] != pat(j * 8 + me, i);
    CHECK(bad == 0, "alltoallmem %zu bytes per pair: %ld wrong", blk, bad);

    /* alltoalls of longs, dest stride 2, source stride 1 */
    long *ls = (long *)src, *ld = (long *)dst;
    size_t ne = blk / 2 / sizeof(long);
    for (int j = 0; j < n; j++)
        for (size_t i = 0; i < ne; i++) ls[(size_t)j * ne + i] = (long)(me * 1000003 + j * 7919) + (long)i;
    shmem_barrier_all();
    CHECK(shmem_long_alltoalls(SHMEM_TEAM_WORLD, ld, ls, 2, 1, ne) == 0, "rc");
    bad = 0;
    for (int j = 0; j < n; j++)
        for (size_t i = 0; i < ne; i++)
            bad += ld[((size_t)j * ne + i) * 2] != (long)(j * 1000003 + me * 7919) + (long)i;
    CHECK(bad == 0, "long_alltoalls %zu per pair: %ld wrong", ne, bad);

    /* a million doubles summed (in place), and prefix sums of ints */
    size_t nd = (1u << 20) + 3;
    double *d = shmem_malloc(nd * sizeof(double));
    for (size_t i = 0; i < nd; i++) d[i] = (double)((i + (size_t)me) % 1000);
    shmem_barrier_all();
    CHECK(shmem_double_sum_reduce(SHMEM_TEAM_WORLD, d, d, nd) == 0, "rc");
    bad = 0;
    for (size_t i = 0; i < nd; i++) {
        double e = 0;
        for (int p = 0; p < n; p++) e += (double)((i + (size_t)p) % 1000);
        bad += d[i] != e;
    }
    CHECK(bad == 0, "double_sum_reduce of %zu: %ld wrong", nd, bad);
    int *is = (int *)src, *id = (int *)dst;
    size_t ni = blk / sizeof(int);
    for (size_t i = 0; i < ni; i++) is[i] = (int)((i + (size_t)me) % 100);
    shmem_barrier_all();
    CHECK(shmem_int_sum_exscan(SHMEM_TEAM_WORLD, id, is, ni) == 0, "rc");
    bad = 0;
    for (size_t i = 0; i < ni; i++) {
        int e = 0;
        for (int p = 0; p < me; p++) e += (int)((i + (size_t)p) % 100);
        bad += id[i] != e;
    }
    CHECK(bad == 0, "int_sum_exscan of %zu: %ld wrong", ni, bad);
    shmem_barrier_all();
    shmem_free(d);
    shmem_free(src);
    shmem_free(dst);
}

static void huge(void)
{
    int me = shmem_my_pe();
    size_t nb = ((size_t)1 << 31) + 4111; /* more than INT_MAX bytes */
    unsigned char *buf = shmem_malloc(nb);
    CHECK(buf != NULL, "2 GiB allocation");
    if (!buf) return;
    for (size_t i = 0; i < nb; i++) buf[i] = pat(me, i);
    shmem_barrier_all();
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, buf, buf, nb, 1) == 0, "rc");
    long bad = 0;
    for (size_t i = 0; i < nb; i++) bad += buf[i] != pat(1, i);
    CHECK(bad == 0, "broadcastmem of %zu bytes: %ld wrong", nb, bad);
    /* 2^30 + 5 one-byte elements: more than one MPI call */
    size_t ne = ((size_t)1 << 30) + 5;
    for (size_t i = 0; i < ne; i++) buf[i] = (unsigned char)(i % 7 + (size_t)me);
    shmem_barrier_all();
    CHECK(shmem_uchar_max_reduce(SHMEM_TEAM_WORLD, buf, buf, ne) == 0, "rc");
    bad = 0;
    int n = shmem_n_pes();
    for (size_t i = 0; i < ne; i++) bad += buf[i] != (unsigned char)(i % 7 + (size_t)(n - 1));
    CHECK(bad == 0, "uchar_max_reduce of %zu: %ld wrong", ne, bad);
    /* collect of 1 GiB (PE 0) and 1 GiB + 4111 bytes (PE 1): offsets beyond INT_MAX */
    size_t part = ((size_t)1 << 30) + (me == 1 ? 4111 : 0);
    unsigned char *src = shmem_malloc(((size_t)1 << 30) + 4111);
    CHECK(src != NULL, "1 GiB allocation");
    if (src) {
        for (size_t i = 0; i < part; i++) src[i] = pat(me + 5, i);
        shmem_barrier_all();
        CHECK(shmem_collectmem(SHMEM_TEAM_WORLD, buf, src, part) == 0, "rc");
        bad = 0;
        for (size_t i = 0; i < ((size_t)1 << 30); i++) bad += buf[i] != pat(5, i);
        for (size_t i = 0; i < ((size_t)1 << 30) + 4111; i++)
            bad += buf[((size_t)1 << 30) + i] != pat(6, i);
        CHECK(bad == 0, "collectmem of 2 GiB + 4111 bytes: %ld wrong", bad);
        shmem_barrier_all();
        shmem_free(src);
    }
    shmem_barrier_all();
    shmem_free(buf);
}

int main(int argc, char **argv)
{
    shmem_init();
    if (argc > 1 && !strcmp(argv[1], "huge")) huge();
    else large();
    shmem_finalize();
    return test_exit_status();
}
