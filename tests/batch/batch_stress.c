/* A seeded random mix of remote operations, checked byte for byte. Every PE issues NOPS
 * operations, each to a random PE (itself too) and space (heap or globals), into its own
 * region there: putmem of 1-512 B and a few of 8 KiB (blocking from a buffer scribbled on at
 * once, or nbi), char_p / int_p / long_p, long_iput with strides, uint64 atomic_add / set on
 * words of the region; and shmem_fence, shmem_quiet, shmem_pe_quiet. Writes to the same bytes
 * (or words, unless both are adds) are never left unordered: the generator puts a fence
 * between them when the spec would not order them, so the last write to every byte is known.
 * After some quiets the PE reads a region back (getmem) and compares it with its record; at the
 * end, after quiet and a barrier, every PE replays every PE's generator (seeded by the PE) and
 * checks its own memory exactly. */
#include "batch_util.h"

#include <string.h>

#define MAXPE 8
#define REG (12u << 10)
#define NW 16
#define NOPS 1500
#define LARGE (8u << 10)
#define ARENA (128u << 10)

typedef struct {
    unsigned char bytes[REG];
    uint64_t words[NW];
} region_t;

static region_t g_reg[MAXPE]; /* [origin] */
static region_t *h_reg;       /* [origin] */
static int me, n;

/* An origin's view of its writes, for all targets and both spaces: the expected contents, and
 * for every byte and word the epoch of its last write (an epoch of a target ends at each
 * fence, quiet, or pe_quiet on it). */
typedef struct {
    int origin, execute;
    region_t *shadow;     /* [target][space] */
    uint32_t *stamp;      /* [target][space][REG] */
    uint32_t *wstamp;     /* [target][space][NW] */
    unsigned char *wkind; /* [target][space][NW]: 1 add, 2 set */
    uint32_t *epoch;      /* [target] */
    size_t arena_used;
    unsigned char *arena, *scratch;
    long fences, forced, quiets, checks;
} gen_t;

static size_t ix(int t, int space)
{
    return (size_t)t * 2 + (size_t)space;
}

static region_t *remote(int space, int origin)
{
    return space ? &g_reg[origin] : &h_reg[origin];
}

static void new_epoch(gen_t *g, int only /* -1: all targets */)
{
    for (int t = 0; t < n; t++)
        if (only < 0 || t == only) g->epoch[t]++;
}

static void fence(gen_t *g)
{
    if (g->execute) shmem_fence();
    new_epoch(g, -1);
    g->fences++;
}

static void quiet(gen_t *g)
{
    if (g->execute) shmem_quiet();
    new_epoch(g, -1);
    g->arena_used = 0;
    g->quiets++;
}

/* Before writing bytes [off, off + len) at (t, space): a fence if any was written in this
 * epoch (the spec leaves two unfenced puts to one place unordered). */
static int overlaps(gen_t *g, int t, int space, size_t off, size_t len)
{
    const uint32_t *st = g->stamp + ix(t, space) * REG;
    for (size_t b = off; b < off + len; b++)
        if (st[b] == g->epoch[t]) return 1;
    return 0;
}

static void record(gen_t *g, int t, int space, size_t off, size_t len, int step)
{
    uint32_t *st = g->stamp + ix(t, space) * REG;
    unsigned char *sh = g->shadow[ix(t, space)].bytes;
    for (size_t b = off; b < off + len; b++) {
        st[b] = g->epoch[t];
        sh[b] = batch_byte(b, step, g->origin);
    }
}

/* Source bytes for a write of [off, off + len) in step `step`: nbi ones in the arena (kept
 * until a quiet), blocking ones in the scratch buffer (scribbled on after the call). */
static unsigned char *source(gen_t *g, size_t off, size_t len, int step, int nbi)
{
    unsigned char *s = g->scratch;
    if (nbi) {
        if (g->arena_used + len > ARENA) quiet(g);
        s = g->arena + g->arena_used;
        g->arena_used += (len + 7) & ~(size_t)7;
    }
    if (g->execute)
        for (size_t b = 0; b < len; b++) s[b] = batch_byte(off + b, step, g->origin);
    return s;
}

static void scribble(gen_t *g, size_t len)
{
    volatile unsigned char *v = g->scratch;
    for (size_t b = 0; b < len; b++) v[b] = 0;
}

static void put_bytes(gen_t *g, batch_rng *rng, int step, int t, int space, size_t len)
{
    size_t off = batch_below(rng, REG - len + 1);
    int nbi = (int)batch_below(rng, 3) == 0;
    if (overlaps(g, t, space, off, len)) {
        fence(g);
        g->forced++;
    }
    unsigned char *src = source(g, off, len, step, nbi);
    record(g, t, space, off, len, step);
    if (!g->execute) return;
    unsigned char *dst = remote(space, g->origin)->bytes + off;
    if (nbi) shmem_putmem_nbi(dst, src, len, t);
    else {
        shmem_putmem(dst, src, len, t);
        scribble(g, len);
    }
}

static void put_p(gen_t *g, batch_rng *rng, int step, int t, int space)
{
    static const size_t sizes[3] = {1, 4, 8};
    size_t len = sizes[batch_below(rng, 3)];
    size_t off = batch_below(rng, REG / len) * len;
    if (overlaps(g, t, space, off, len)) {
        fence(g);
        g->forced++;
    }
    unsigned char *src = source(g, off, len, step, 0);
    record(g, t, space, off, len, step);
    if (!g->execute) return;
    unsigned char *dst = remote(space, g->origin)->bytes + off;
    if (len == 1) shmem_char_p((char *)dst, (char)src[0], t);
    else if (len == 4) {
        int v;
        memcpy(&v, src, 4);
        shmem_int_p((int *)(void *)dst, v, t);
    } else {
        long v;
        memcpy(&v, src, 8);
        shmem_long_p((long *)(void *)dst, v, t);
    }
}

static void put_strided(gen_t *g, batch_rng *rng, int step, int t, int space)
{
    size_t dst_stride = 1 + batch_below(rng, 4), src_stride = 1 + batch_below(rng, 2);
    size_t nelems = 1 + batch_below(rng, 32);
    size_t span = ((nelems - 1) * dst_stride + 1) * 8;
    size_t off = batch_below(rng, (REG - span) / 8 + 1) * 8;
    int clash = 0;
    for (size_t e = 0; e < nelems && !clash; e++)
        clash = overlaps(g, t, space, off + e * dst_stride * 8, 8);
    if (clash) {
        fence(g);
        g->forced++;
    }
    long src[32 * 2];
    for (size_t e = 0; e < nelems; e++) {
        size_t at = off + e * dst_stride * 8;
        unsigned char bytes[8];
        for (size_t b = 0; b < 8; b++) bytes[b] = batch_byte(at + b, step, g->origin);
        memcpy(&src[e * src_stride], bytes, 8);
        record(g, t, space, at, 8, step);
    }
    if (!g->execute) return;
    long *dst = (long *)(void *)(remote(space, g->origin)->bytes + off);
    shmem_long_iput(dst, src, (ptrdiff_t)dst_stride, (ptrdiff_t)src_stride, nelems, t);
    memset(src, 0, sizeof src);
}

static void amo(gen_t *g, batch_rng *rng, int t, int space)
{
    size_t w = batch_below(rng, NW);
    int set = (int)batch_below(rng, 3) == 0;
    uint64_t v = set ? batch_next(rng) : batch_next(rng) % 1000;
    size_t k = ix(t, space) * NW + w;
    /* adds commute with each other; anything else on a word written in this epoch is fenced */
    if (g->wstamp[k] == g->epoch[t] && (set || g->wkind[k] != 1)) {
        fence(g);
        g->forced++;
    }
    g->wstamp[k] = g->epoch[t];
    g->wkind[k] = set ? 2 : 1;
    uint64_t *sh = &g->shadow[ix(t, space)].words[w];
    *sh = set ? v : *sh + v;
    if (!g->execute) return;
    uint64_t *dst = &remote(space, g->origin)->words[w];
    if (set) shmem_uint64_atomic_set(dst, v, t);
    else shmem_uint64_atomic_add(dst, v, t);
}

static void compare(const region_t *got, const region_t *want, int origin, int target,
                    const char *when)
{
    for (size_t b = 0; b < REG; b++)
        if (got->bytes[b] != want->bytes[b]) {
            CHECK(0, "%s: PE %d's region on PE %d: byte %zu is %u, want %u", when, origin, target,
                  b, got->bytes[b], want->bytes[b]);
            break;
        }
    for (int w = 0; w < NW; w++)
        CHECK(got->words[w] == want->words[w], "%s: PE %d's region on PE %d: word %d is %llu, "
              "want %llu", when, origin, target, w, (unsigned long long)got->words[w],
              (unsigned long long)want->words[w]);
}

/* Reads PE t's copies of this PE's regions back and compares them with the record. */
static void read_back(gen_t *g, int t, region_t *tmp)
{
    for (int space = 0; space < 2; space++) {
        memset(tmp, 0, sizeof *tmp);
        shmem_getmem(tmp, remote(space, me), sizeof *tmp, t);
        compare(tmp, &g->shadow[ix(t, space)], me, t, space ? "read back after quiet (globals)"
                                                            : "read back after quiet (heap)");
    }
    g->checks++;
}

/* Runs (execute) or replays origin's operations. */
static void generate(gen_t *g, region_t *tmp)
{
    batch_rng rng = {0xb47c5ull * 1000003ull + (uint64_t)g->origin};
    for (int step = 1; step <= NOPS; step++) {
        int t = (int)batch_below(&rng, (size_t)n), space = (int)batch_below(&rng, 2);
        size_t what = batch_below(&rng, 100);
        if (what < 35) put_bytes(g, &rng, step, t, space, 1 + batch_below(&rng, 64));
        else if (what < 50) put_bytes(g, &rng, step, t, space, 1 + batch_below(&rng, 512));
        else if (what < 52) put_bytes(g, &rng, step, t, space, LARGE);
        else if (what < 64) put_p(g, &rng, step, t, space);
        else if (what < 69) put_strided(g, &rng, step, t, space);
        else if (what < 94) amo(g, &rng, t, space);
        else if (what < 97) fence(g);
        else if (what < 98) {
            if (g->execute) shmem_pe_quiet(&t, 1);
            new_epoch(g, t);
        } else {
            quiet(g);
            if (batch_below(&rng, 2) && g->execute) read_back(g, t, tmp);
        }
    }
}

static void gen_init(gen_t *g, int origin, int execute)
{
    g->origin = origin;
    g->execute = execute;
    memset(g->shadow, 0, (size_t)n * 2 * sizeof(region_t));
    memset(g->stamp, 0, (size_t)n * 2 * REG * sizeof(uint32_t));
    memset(g->wstamp, 0, (size_t)n * 2 * NW * sizeof(uint32_t));
    memset(g->wkind, 0, (size_t)n * 2 * NW);
    for (int t = 0; t < n; t++) g->epoch[t] = 1;
    g->arena_used = 0;
    g->fences = g->forced = g->quiets = g->checks = 0;
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_stress supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_reg = shmem_calloc((size_t)n, sizeof(region_t));
    gen_t g;
    g.shadow = malloc((size_t)n * 2 * sizeof(region_t));
    g.stamp = malloc((size_t)n * 2 * REG * sizeof(uint32_t));
    g.wstamp = malloc((size_t)n * 2 * NW * sizeof(uint32_t));
    g.wkind = malloc((size_t)n * 2 * NW);
    g.epoch = malloc((size_t)n * sizeof(uint32_t));
    g.arena = malloc(ARENA);
    g.scratch = malloc(LARGE);
    region_t *tmp = malloc(sizeof(region_t));
    if (!h_reg || !g.shadow || !g.stamp || !g.wstamp || !g.wkind || !g.epoch || !g.arena ||
        !g.scratch || !tmp) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    double start = batch_now();
    gen_init(&g, me, 1);
    generate(&g, tmp);
    shmem_quiet();
    double took = batch_now() - start;
    long fences = g.fences, forced = g.forced, quiets = g.quiets, checks = g.checks;
    shmem_barrier_all();
    for (int o = 0; o < n; o++) {
        gen_init(&g, o, 0);
        generate(&g, tmp);
        compare(&h_reg[o], &g.shadow[ix(me, 0)], o, me, "at the end (heap)");
        compare(&g_reg[o], &g.shadow[ix(me, 1)], o, me, "at the end (globals)");
    }
    shmem_barrier_all();
    if (me == 0 && !test_failures)
        printf("batch_stress: ok (%d PEs, %d operations each; PE 0: %ld fences, %ld of them "
               "forced, %ld quiets, %ld read-backs, %.3f s)\n", n, NOPS, fences, forced, quiets,
               checks, took);
    free(tmp);
    free(g.scratch);
    free(g.arena);
    free(g.epoch);
    free(g.wkind);
    free(g.wstamp);
    free(g.stamp);
    free(g.shadow);
    shmem_free(h_reg);
    shmem_finalize();
    return test_exit_status();
}
