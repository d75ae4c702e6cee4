/* The soak's collectives: each round a few of broadcast, fcollect, collect, alltoall and
 * reductions (sum, max, xor), with sizes and roots from the round's plan, on the world team or
 * on a team of the even PEs. Every member computes and checks the exact result. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soak.h"

#define COLL_BYTES (1 << 20)

static unsigned char *coll_src, *coll_dst; /* symmetric, COLL_BYTES each */
static unsigned char *coll_want;           /* private */
static shmem_team_t even_team = SHMEM_TEAM_INVALID;

void soak_coll_init(void)
{
    coll_src = shmem_malloc(COLL_BYTES);
    coll_dst = shmem_malloc(COLL_BYTES);
    coll_want = malloc(COLL_BYTES);
    if (!coll_src || !coll_dst || !coll_want) shmem_global_exit(3);
    if (S.npes > 1)
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (S.npes + 1) / 2, NULL, 0, &even_team);
}

static uint64_t next(uint64_t *s) { return soak_mix(*s += 0x9e3779b97f4a7c15ULL); }
static size_t below(uint64_t *s, size_t n) { return (size_t)(next(s) % n); }

/* Bytes per member, skewed towards small; total traffic per collective stays within 1 MiB. */
static size_t pick_size(uint64_t *s, size_t max)
{
    size_t r = below(s, 10), n;
    if (r < 6) n = 1 + below(s, 256);
    else if (r < 9) n = 1 + below(s, 16384);
    else n = 1 + below(s, max);
    return n < max ? n : max;
}

/* Member m's source data for collective c (world PE pe). */
static uint64_t key_of(uint64_t ckey, int pe) { return soak_mix(ckey ^ ((uint64_t)pe << 32)); }

static void check(const unsigned char *want, size_t n, const char *what, int kind)
{
    static const char *const names[] = {"broadcast", "fcollect", "collect", "alltoall",
                                        "sum_reduce", "max_reduce", "xor_reduce"};
    (void)kind;
    S.bytes_checked += (long long)n;
    if (memcmp(coll_dst, want, n)) {
        size_t i = 0;
        while (coll_dst[i] == want[i]) i++;
        soak_error("%s %s of %zu bytes: first wrong byte %zu: expected 0x%02x got 0x%02x",
                   names[kind], what, n, i, want[i], coll_dst[i]);
    }
}

/* Reduction inputs are 32-bit values in 64-bit words, so sums never overflow. */
static int64_t red_elem(uint64_t key, size_t i) { return (int64_t)(soak_mix(key + i) >> 33); }

static void one(uint64_t *s, int c)
{
    int kind = (int)below(s, 7), use_even = S.npes > 1 && below(s, 3) == 0;
    shmem_team_t team = use_even ? even_team : SHMEM_TEAM_WORLD;
    int size = use_even ? (S.npes + 1) / 2 : S.npes, root = (int)below(s, (size_t)size);
    uint64_t ckey = next(s);
    size_t n = 0, counts[SOAK_MAX_PES], total = 0;
    switch (kind) {
    case 0: n = pick_size(s, COLL_BYTES); break;
    case 1: case 3: n = pick_size(s, COLL_BYTES / (size_t)size); break;
    case 2:
        for (int m = 0; m < size; m++)
            counts[m] = below(s, 4) ? pick_size(s, COLL_BYTES / (size_t)size) : 0, total += counts[m];
        break;
    default: n = pick_size(s, COLL_BYTES / 8) / 8 + 1;
    }
    if (team == SHMEM_TEAM_INVALID) return; /* odd PEs skip the even team's collectives */
    int me = shmem_team_my_pe(team);
    char what[64];
    snprintf(what, sizeof what, "#%d (team %s, root %d)", c, use_even ? "even" : "world", root);
    switch (kind) {
    case 0:
        soak_fill(coll_src, n, key_of(ckey, me));
        shmem_broadcastmem(team, coll_dst, coll_src, n, root);
        soak_fill(coll_want, n, key_of(ckey, root));
        check(coll_want, n, what, kind);
        break;
    case 1:
        soak_fill(coll_src, n, key_of(ckey, me));
        shmem_fcollectmem(team, coll_dst, coll_src, n);
        for (int m = 0; m < size; m++) soak_fill(coll_want + (size_t)m * n, n, key_of(ckey, m));
        check(coll_want, n * (size_t)size, what, kind);
        break;
    case 2: {
        soak_fill(coll_src, counts[me], key_of(ckey, me));
        shmem_collectmem(team, coll_dst, coll_src, counts[me]);
        size_t at = 0;
        for (int m = 0; m < size; m++) soak_fill(coll_want + at, counts[m], key_of(ckey, m)), at += counts[m];
        check(coll_want, total, what, kind);
        break;
    }
    case 3:
        for (int m = 0; m < size; m++) soak_fill(coll_src + (size_t)m * n, n, key_of(ckey, me * 1000 + m));
        shmem_alltoallmem(team, coll_dst, coll_src, n);
        for (int m = 0; m < size; m++)
            soak_fill(coll_want + (size_t)m * n, n, key_of(ckey, m * 1000 + me));
        check(coll_want, n * (size_t)size, what, kind);
        break;
    default: {
        int64_t *src = (int64_t *)coll_src, *want = (int64_t *)coll_want;
        for (size_t i = 0; i < n; i++) src[i] = red_elem(key_of(ckey, me), i);
        for (size_t i = 0; i < n; i++) {
            int64_t r = red_elem(key_of(ckey, 0), i);
            for (int m = 1; m < size; m++) {
                int64_t x = red_elem(key_of(ckey, m), i);
                r = kind == 4 ? r + x : kind == 5 ? (x > r ? x : r) : r ^ x;
            }
            want[i] = r;
        }
        if (kind == 4) shmem_int64_sum_reduce(team, (int64_t *)coll_dst, src, n);
        else if (kind == 5) shmem_int64_max_reduce(team, (int64_t *)coll_dst, src, n);
        else shmem_uint64_xor_reduce(team, (uint64_t *)coll_dst, (uint64_t *)src, n);
        check(coll_want, n * 8, what, kind);
    }
    }
    S.ops++;
    /* the next collective may overwrite coll_src/coll_dst: every member must be done here */
    shmem_team_sync(team);
}

void soak_coll_round(void)
{
    uint64_t s = soak_mix(S.seed ^ 0xc011ec7ULL ^ ((uint64_t)S.round << 20));
    int ncoll = 2 + (int)below(&s, 3);
    for (int c = 0; c < ncoll; c++) one(&s, c);
    shmem_barrier_all();
}
