/* Active-set collectives (deprecated API): barrier, sync, broadcast32/64 from every root,
 * collect32/64 (different counts per PE, 0 included), fcollect32/64, alltoall32/64 and
 * alltoalls32/64 on many active sets of the world: the whole world, stride 1/2/4 (log 0, 1,
 * 2), sets that exclude PE 0, one PE, odd sizes. Heap and global buffers; two pSync arrays
 * used alternately across consecutive calls (as the spec allows) and checked unchanged after
 * every call. Every element is checked exactly, and so is the element past the end. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define MAXE 4096 /* elements of each buffer */
#define SENT 0xdeadbeefcafef00dull

static uint64_t g_src[MAXE], g_dst[MAXE];
static long g_psync[2][SHMEM_SYNC_SIZE];

static int me, n;
static long *psync[2]; /* heap (round 0) or global (round 1) pSync pair */
static int psync_turn;
static long amo_count, amo_expected; /* each barrier round: one add from the set predecessor */

struct set {
    int start, log, size;
};

static int world_of(const struct set *s, int k)
{
    return s->start + (k << s->log);
}

/* This PE's index in the set, or -1. */
static int index_in(const struct set *s)
{
    for (int k = 0; k < s->size; k++)
        if (world_of(s, k) == me) return k;
    return -1;
}

/* A value that names the PE, the element and the call. */
static uint64_t val(int pe, size_t i, unsigned salt)
{
    return ((uint64_t)(pe + 1) << 40) ^ ((uint64_t)salt << 20) ^ (i * 2654435761u) ^ 0x5a5a;
}

static uint64_t get_el(const void *a, size_t i, int bytes)
{
    return bytes == 4 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}
static void set_el(void *a, size_t i, int bytes, uint64_t v)
{
    if (bytes == 4) ((uint32_t *)a)[i] = (uint32_t)v;
    else ((uint64_t *)a)[i] = v;
}
static uint64_t trunc_el(uint64_t v, int bytes)
{
    return bytes == 4 ? (uint32_t)v : v;
}

static long *next_psync(void)
{
    psync_turn ^= 1;
    return psync[psync_turn];
}

static void check_psync(const char *what)
{
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
            CHECK(psync[p][i] == SHMEM_SYNC_VALUE, "%s changed pSync[%d][%d] to %ld", what, p, i,
                  psync[p][i]);
}

static void fill(void *a, size_t count, int bytes, uint64_t v)
{
    for (size_t i = 0; i < count; i++) set_el(a, i, bytes, v);
}

/* The program's half of the contract: dest is ready on every member before any member calls. */
static void ready(const struct set *s)
{
    shmem_sync(s->start, s->log, s->size, next_psync());
}

/* Barrier: each member puts a token to the next member and adds 1 to its counter (through
 * MPI in the two-node mode), and after the barrier (which quiets) finds its predecessor's
 * token and add. Sync with an explicit quiet does the same. */
static void test_barrier(const struct set *s, int k, uint64_t *dst, unsigned salt)
{
    ready(s); /* the next member is done with its dst (it may come from another set's test) */
    for (int use_sync = 0; use_sync < 2; use_sync++) {
        int next = world_of(s, (k + 1) % s->size), prev = world_of(s, (k + s->size - 1) % s->size);
        uint64_t token = val(me, 0, salt + (unsigned)use_sync);
        shmem_uint64_p(&dst[k], token, next);
        shmem_long_atomic_add(&amo_count, 1, next); /* completed by the barrier's quiet too */
        amo_expected++;
        if (use_sync) {
            shmem_quiet();
            shmem_sync(s->start, s->log, s->size, next_psync());
        } else {
            shmem_barrier(s->start, s->log, s->size, next_psync());
        }
        int pk = (k + s->size - 1) % s->size;
        CHECK(dst[pk] == val(prev, 0, salt + (unsigned)use_sync),
              "%s: token from PE %d: %llx", use_sync ? "sync" : "barrier", prev,
              (unsigned long long)dst[pk]);
        CHECK(shmem_long_atomic_fetch(&amo_count, me) == amo_expected, "%s: AMO count %ld, "
              "want %ld", use_sync ? "sync" : "barrier", amo_count, amo_expected);
        check_psync(use_sync ? "shmem_sync" : "shmem_barrier");
        /* nobody overwrites dst[pk] for the next round before everyone has checked it */
        shmem_barrier(s->start, s->log, s->size, next_psync());
    }
}

static void test_broadcast(const struct set *s, int k, void *src, void *dst, int bytes,
                           size_t nelems, unsigned salt)
{
    for (int root = 0; root < s->size; root++) {
        unsigned call = salt + (unsigned)root;
        for (size_t i = 0; i < nelems; i++) set_el(src, i, bytes, val(me, i, call));
        fill(dst, nelems + 1, bytes, SENT);
        ready(s);
        if (bytes == 4)
            shmem_broadcast32(dst, src, nelems, root, s->start, s->log, s->size, next_psync());
        else
            shmem_broadcast64(dst, src, nelems, root, s->start, s->log, s->size, next_psync());
        int bad = 0;
        for (size_t i = 0; i < nelems; i++) {
            uint64_t want = trunc_el(k == root ? SENT : val(world_of(s, root), i, call), bytes);
            bad += get_el(dst, i, bytes) != want;
        }
        CHECK(bad == 0, "broadcast%d of %zu from root %d: %d wrong", bytes * 8, nelems, root, bad);
        CHECK(get_el(dst, nelems, bytes) == trunc_el(SENT, bytes), "broadcast wrote past the end");
        check_psync("shmem_broadcast");
    }
}

/* Member j contributes (j * 3 + salt) % 5 elements: 0 included, different per member. */
static size_t collect_count(int j, unsigned salt)
{
    return (size_t)((j * 3 + (int)salt) % 5) * (salt % 3 + 1);
}

static void test_collect(const struct set *s, int k, void *src, void *dst, int bytes,
                         unsigned salt)
{
    size_t mine = collect_count(k, salt), total = 0;
    for (int j = 0; j < s->size; j++) total += collect_count(j, salt);
    for (size_t i = 0; i < mine; i++) set_el(src, i, bytes, val(me, i, salt));
    fill(dst, total + 1, bytes, SENT);
    ready(s);
    if (bytes == 4) shmem_collect32(dst, src, mine, s->start, s->log, s->size, next_psync());
    else shmem_collect64(dst, src, mine, s->start, s->log, s->size, next_psync());
    size_t at = 0;
    int bad = 0;
    for (int j = 0; j < s->size; j++)
        for (size_t i = 0; i < collect_count(j, salt); i++, at++)
            bad += get_el(dst, at, bytes) != trunc_el(val(world_of(s, j), i, salt), bytes);
    CHECK(bad == 0, "collect%d (total %zu): %d wrong", bytes * 8, total, bad);
    CHECK(get_el(dst, total, bytes) == trunc_el(SENT, bytes), "collect wrote past the end");
    check_psync("shmem_collect");
}

static void test_fcollect(const struct set *s, void *src, void *dst, int bytes, size_t nelems,
                          unsigned salt)
{
    for (size_t i = 0; i < nelems; i++) set_el(src, i, bytes, val(me, i, salt));
    size_t total = nelems * (size_t)s->size;
    fill(dst, total + 1, bytes, SENT);
    ready(s);
    if (bytes == 4) shmem_fcollect32(dst, src, nelems, s->start, s->log, s->size, next_psync());
    else shmem_fcollect64(dst, src, nelems, s->start, s->log, s->size, next_psync());
    int bad = 0;
    for (int j = 0; j < s->size; j++)
        for (size_t i = 0; i < nelems; i++)
            bad += get_el(dst, (size_t)j * nelems + i, bytes) !=
                   trunc_el(val(world_of(s, j), i, salt), bytes);
    CHECK(bad == 0, "fcollect%d of %zu: %d wrong", bytes * 8, nelems, bad);
    CHECK(get_el(dst, total, bytes) == trunc_el(SENT, bytes), "fcollect wrote past the end");
    check_psync("shmem_fcollect");
}

/* Element i of the block for member j, sent by world PE `from`. */
static uint64_t a2a_val(int from, int j, size_t i, unsigned salt)
{
    return val(from, (size_t)j * 1000 + i, salt);
}

static void test_alltoall(const struct set *s, int k, void *src, void *dst, int bytes,
                          size_t nelems, unsigned salt)
{
    size_t total = nelems * (size_t)s->size;
    for (int j = 0; j < s->size; j++)
        for (size_t i = 0; i < nelems; i++)
            set_el(src, (size_t)j * nelems + i, bytes, a2a_val(me, j, i, salt));
    fill(dst, total + 1, bytes, SENT);
    ready(s);
    if (bytes == 4) shmem_alltoall32(dst, src, nelems, s->start, s->log, s->size, next_psync());
    else shmem_alltoall64(dst, src, nelems, s->start, s->log, s->size, next_psync());
    int bad = 0;
    for (int j = 0; j < s->size; j++)
        for (size_t i = 0; i < nelems; i++)
            bad += get_el(dst, (size_t)j * nelems + i, bytes) !=
                   trunc_el(a2a_val(world_of(s, j), k, i, salt), bytes);
    CHECK(bad == 0, "alltoall%d of %zu: %d wrong", bytes * 8, nelems, bad);
    CHECK(get_el(dst, total, bytes) == trunc_el(SENT, bytes), "alltoall wrote past the end");
    check_psync("shmem_alltoall");
}

static void test_alltoalls(const struct set *s, int k, void *src, void *dst, int bytes,
                           ptrdiff_t dst_stride, ptrdiff_t src_stride, size_t nelems,
                           unsigned salt)
{
    size_t count = nelems * (size_t)s->size;
    size_t dspan = (count ? (count - 1) * (size_t)dst_stride + 1 : 0);
    for (int j = 0; j < s->size; j++)
        for (size_t i = 0; i < nelems; i++)
            set_el(src, ((size_t)j * nelems + i) * (size_t)src_stride, bytes,
                   a2a_val(me, j, i, salt));
    fill(dst, dspan + 1, bytes, SENT);
    ready(s);
    if (bytes == 4)
        shmem_alltoalls32(dst, src, dst_stride, src_stride, nelems, s->start, s->log, s->size,
                          next_psync());
    else
        shmem_alltoalls64(dst, src, dst_stride, src_stride, nelems, s->start, s->log, s->size,
                          next_psync());
    int bad = 0;
    for (size_t e = 0; e < dspan + 1; e++) {
        uint64_t want = trunc_el(SENT, bytes);
        if (e < dspan && e % (size_t)dst_stride == 0) {
            size_t idx = e / (size_t)dst_stride;
            want = trunc_el(a2a_val(world_of(s, (int)(idx / nelems)), k, idx % nelems, salt),
                            bytes);
        }
        bad += get_el(dst, e, bytes) != want;
    }
    CHECK(bad == 0, "alltoalls%d dst %td sst %td of %zu: %d wrong", bytes * 8, dst_stride,
          src_stride, nelems, bad);
    check_psync("shmem_alltoalls");
}

static void run_set(const struct set *s, uint64_t *src, uint64_t *dst, unsigned salt)
{
    int k = index_in(s);
    if (k < 0) return;
    test_barrier(s, k, dst, salt);
    for (int bytes = 4; bytes <= 8; bytes += 4) {
        static const size_t bcast_n[] = {0, 1, 7, 300};
        for (size_t c = 0; c < sizeof bcast_n / sizeof *bcast_n; c++)
            test_broadcast(s, k, src, dst, bytes, bcast_n[c], salt + (unsigned)c * 16);
        for (unsigned c = 0; c < 4; c++) test_collect(s, k, src, dst, bytes, salt + c);
        static const size_t fc_n[] = {0, 1, 5, 200};
        for (size_t c = 0; c < sizeof fc_n / sizeof *fc_n; c++)
            test_fcollect(s, src, dst, bytes, fc_n[c], salt + (unsigned)c);
        static const size_t a2a_n[] = {0, 1, 3, 64};
        for (size_t c = 0; c < sizeof a2a_n / sizeof *a2a_n; c++)
            test_alltoall(s, k, src, dst, bytes, a2a_n[c], salt + (unsigned)c);
        static const ptrdiff_t strides[][2] = {{1, 1}, {2, 1}, {1, 3}, {3, 2}};
        for (size_t c = 0; c < sizeof strides / sizeof *strides; c++)
            test_alltoalls(s, k, src, dst, bytes, strides[c][0], strides[c][1], 1 + c * 3,
                           salt + (unsigned)c);
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    long *h_psync = shmem_malloc(2 * SHMEM_SYNC_SIZE * sizeof(long));
    for (int i = 0; i < 2 * SHMEM_SYNC_SIZE; i++) h_psync[i] = SHMEM_SYNC_VALUE;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++) g_psync[p][i] = SHMEM_SYNC_VALUE;
    uint64_t *h_src = shmem_malloc(MAXE * sizeof(uint64_t));
    uint64_t *h_dst = shmem_malloc(MAXE * sizeof(uint64_t));
    shmem_barrier_all();

    struct set sets[16];
    int ns = 0;
    sets[ns++] = (struct set){0, 0, n};                     /* the world */
    sets[ns++] = (struct set){n - 1, 0, 1};                 /* one PE (the last) */
    sets[ns++] = (struct set){0, 5, 1};                     /* one PE, stride meaningless */
    sets[ns++] = (struct set){0, 1, (n + 1) / 2};           /* even PEs */
    if (n >= 2) sets[ns++] = (struct set){1, 0, n - 1};     /* all but PE 0 */
    if (n >= 2) sets[ns++] = (struct set){1, 1, n / 2};     /* odd PEs (no PE 0) */
    if (n >= 3) sets[ns++] = (struct set){0, 2, (n + 3) / 4}; /* stride 4 */
    if (n >= 3) sets[ns++] = (struct set){0, 0, 3};         /* size 3 */
    if (n >= 4) sets[ns++] = (struct set){1, 0, 3};         /* size 3 without PE 0 */
    if (n >= 6) sets[ns++] = (struct set){1, 1, 3};         /* 1, 3, 5 */
    if (n >= 8) sets[ns++] = (struct set){2, 0, 5};         /* 2..6 */

    for (int round = 0; round < 2; round++) {
        uint64_t *src = round ? g_src : h_src, *dst = round ? g_dst : h_dst;
        psync[0] = round ? g_psync[0] : h_psync;
        psync[1] = round ? g_psync[1] : h_psync + SHMEM_SYNC_SIZE;
        for (int i = 0; i < ns; i++) run_set(&sets[i], src, dst, (unsigned)(round * 100 + i));
        shmem_barrier_all();
    }
    /* The same sets again, found in the cache, interleaved with world barriers. */
    psync[0] = h_psync;
    psync[1] = h_psync + SHMEM_SYNC_SIZE;
    for (int rep = 0; rep < 20; rep++)
        for (int i = 0; i < ns; i++) {
            int k = index_in(&sets[i]);
            if (k >= 0) test_barrier(&sets[i], k, h_dst, (unsigned)(rep * 7 + i));
        }
    shmem_barrier_all();
    shmem_free(h_src);
    shmem_free(h_dst);
    shmem_free(h_psync);
    shmem_finalize();
    return test_exit_status();
}
