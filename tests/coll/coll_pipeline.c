/* Collectives back to back, with no team sync or barrier between them: what an implementation
 * that lets members run ahead (eager mailboxes, a root that returns at once) must survive.
 *
 * Phase "mixed": several hundred collectives from a schedule computed from the iteration
 * number (the same on every PE), in blocks of 8 on one team: the world, the world reversed,
 * the even PEs, every PE but 0, SHMEM_TEAM_SHARED (node-local in the two-node mode too). The
 * PEs a team leaves out skip its block and run ahead. Broadcasts (typed and mem, the root
 * rotating or fixed for a whole block), fcollect, alltoall, collect (different counts per PE,
 * zeros included), alltoalls (strided), reductions (long sum, double sum and max, int32 xor,
 * uchar or) and scans (long sum_inscan, sum_exscan); sizes on both sides of the mailbox
 * thresholds (1 B to 64 KiB + 8, per member and in all); in place where the spec allows it;
 * heap and global buffers. Phase "large": reductions and scans of 256 KiB and 1 MiB back to
 * back. Phase "teams": ~200 teams made with shmem_team_split_strided and destroyed at once:
 * all PEs, then the even PEs from a parent the odd PEs are not in (so a late odd PE may still
 * be reading the last broadcast of the destroyed team while the even PEs run the next team's
 * collectives on the slot it gave back), then the even PEs from the world; 3 collectives
 * each, the last a broadcast. Phase "burst": 150 broadcasts in a row from one root on each
 * team, its last member starting 3 ms late (the root runs ahead as far as its mailboxes allow),
 * 8 B to 16 KiB (broadcasts of several adjacent mailboxes).
 *
 * Each PE overwrites its source (inverted bytes) as soon as the call returns, before it
 * checks, and inverts its dest after checking: a member that read a peer's buffer late sees
 * garbage. On about one call in three one PE (chosen from the iteration number) sleeps 2-200
 * us before the call. Data is a hash of (iteration, operation, sender, receiver, index), so a
 * wrong value is reported as the data of the iteration and sender it came from, as garbage or
 * as an untouched guard byte. The test relies on members never storing into a peer's dest
 * (true of every path of mpishmem: data is pulled, or moved by MPI collectives). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

#define BUF (((size_t)1 << 20) + 4096)
#define TAIL 64 /* guard bytes after the largest result */
#define GUARD 0xa5
#define MIXED_ITERS 720
#define TEAM_ITERS 198

static long g_flag;
static long g_src[(BUF + TAIL) / sizeof(long)], g_dst[(BUF + TAIL) / sizeof(long)];
static int my_world, n_world;
static unsigned long n_calls; /* collectives this PE made and checked */

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Word w of the data stream of (iteration, tag, who); who is a sender, or sender * 32 +
 * receiver + 1024 for alltoall (fewer than 33 PEs). */
static uint64_t word(unsigned iter, unsigned tag, unsigned who, size_t w)
{
    return mix64(((uint64_t)iter << 40) ^ ((uint64_t)tag << 35) ^ ((uint64_t)who << 24) ^ w);
}

static void fill(void *buf, size_t n, unsigned iter, unsigned tag, unsigned who)
{
    unsigned char *p = buf;
    for (size_t w = 0; w * 8 < n; w++) {
        uint64_t v = word(iter, tag, who, w);
        memcpy(p + w * 8, &v, n - w * 8 < 8 ? n - w * 8 : 8);
    }
}

static void invert(void *buf, size_t n)
{
    unsigned char *p = buf;
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)~p[i];
}

/* What the `len` (<= 8) bytes `got`, found where word w of (iter, tag, who) belonged, are. */
static void describe(char *out, size_t cap, const unsigned char *got, size_t len,
                     unsigned iter, unsigned tag, unsigned who, size_t w)
{
    uint64_t g = 0, e = word(iter, tag, who, w), mask = len >= 8 ? ~0ull : (1ull << (8 * len)) - 1;
    memcpy(&g, got, len);
    int guard = 1;
    for (size_t i = 0; i < len; i++) guard &= got[i] == GUARD;
    if (guard) {
        snprintf(out, cap, "guard bytes (never written)");
        return;
    }
    for (unsigned it = iter < 8 ? 0 : iter - 8; it <= iter + 2; it++)
        for (unsigned tg = 1; tg < 8; tg++)
            for (unsigned wh = 0; wh < 2048; wh++) {
                uint64_t c = word(it, tg, wh, w) & mask;
                if (c == (g & mask) || (~c & mask) == (g & mask)) {
                    snprintf(out, cap, "%s data of iteration %u (%+d) tag %u sender/pair %u "
                             "(got %016llx, expected %016llx)",
                             c == (g & mask) ? "the" : "garbage (inverted)", it,
                             (int)it - (int)iter, tg, wh, (unsigned long long)g,
                             (unsigned long long)(e & mask));
                    return;
                }
            }
    snprintf(out, cap, "unknown bytes %016llx, expected %016llx", (unsigned long long)g,
             (unsigned long long)(e & mask));
}

/* Checks n bytes at buf against the stream; returns the wrong bytes, describing the first in
 * why (unless why is NULL). */
static size_t check_stream(const void *buf, size_t n, unsigned iter, unsigned tag, unsigned who,
                           char *why, size_t cap, size_t base)
{
    const unsigned char *p = buf;
    size_t bad = 0;
    for (size_t w = 0; w * 8 < n; w++) {
        size_t len = n - w * 8 < 8 ? n - w * 8 : 8;
        uint64_t v = word(iter, tag, who, w);
        if (memcmp(p + w * 8, &v, len) == 0) continue;
        if (!bad && why)
            for (size_t i = 0; i < len; i++)
                if (p[w * 8 + i] != ((const unsigned char *)&v)[i]) {
                    int k = snprintf(why, cap, "first wrong byte at %zu: ", base + w * 8 + i);
                    if (k > 0 && (size_t)k < cap)
                        describe(why + k, cap - (size_t)k, p + w * 8, len, iter, tag, who, w);
                    break;
                }
        for (size_t i = 0; i < len; i++) bad += p[w * 8 + i] != ((const unsigned char *)&v)[i];
    }
    return bad;
}

static size_t check_guard(const void *buf, size_t n, char *why, size_t cap, size_t base)
{
    const unsigned char *p = buf;
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i] != GUARD && !bad++)
            snprintf(why, cap, "byte %zu past the result (or in a stride gap) is 0x%02x, not "
                     "the guard 0x%02x", base + i, p[i], GUARD);
    return bad;
}

enum kind {
    BCAST, FCOLLECT, ALLTOALL, COLLECT, ALLTOALLS,
    LSUM, DSUM, DMAX, IXOR, UCOR, INSCAN, EXSCAN, /* reductions and scans: LSUM and after */
    NKINDS
};
static const char *const kind_name[NKINDS] = {
    "broadcast", "fcollect", "alltoall", "collect", "alltoalls", "long_sum_reduce",
    "double_sum_reduce", "double_max_reduce", "int32_xor_reduce", "uchar_or_reduce",
    "long_sum_inscan", "long_sum_exscan"};
enum { T_BCAST = 1, T_FCOLLECT, T_ALLTOALL, T_COLLECT, T_ALLTOALLS, T_REDUCE };

struct op {
    enum kind kind;
    int typed, in_place, root, late_pe;
    size_t bytes; /* broadcast: all; fcollect, alltoall(s), collect: one block; reductions: all */
    ptrdiff_t dst_stride, src_stride;
    long late_us; /* world PE late_pe sleeps this long before the call */
    long token;   /* or, when nonzero, waits up to late_us for g_flag to reach it */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void sleep_us(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

static void be_late(const struct op *o)
{
    if (my_world != o->late_pe) return;
    if (!o->token) {
        sleep_us(o->late_us);
        return;
    }
    double until = now() + 1e-6 * (double)o->late_us;
    while (!shmem_long_test(&g_flag, SHMEM_CMP_GE, o->token) && now() < until) sleep_us(20);
}

/* Reduction operands (small integers: every sum is exact) and their combination. */
static double red_val(enum kind k, unsigned iter, int p, size_t i)
{
    uint64_t h = word(iter, T_REDUCE + (unsigned)k, (unsigned)p, i);
    switch (k) {
    case LSUM: case INSCAN: case EXSCAN: return (double)((long)(h % 2001) - 1000);
    case DSUM: return (double)((long)(h % 201) - 100);
    case DMAX: return (double)((long)(h % 1000003) - 500000);
    default: return 0;
    }
}
static uint64_t red_bits(enum kind k, unsigned iter, int p, size_t i)
{
    uint64_t h = word(iter, T_REDUCE + (unsigned)k, (unsigned)p, i);
    return k == IXOR ? (uint32_t)h : (uint64_t)(1u << (h % 8)) | (h % 5 == 0 ? 0x11 : 0);
}

static size_t elem_size(enum kind k)
{
    return k == IXOR ? 4 : k == UCOR ? 1 : 8;
}

static int is_long(enum kind k)
{
    return k == LSUM || k == INSCAN || k == EXSCAN;
}

/* Expected element i of the reduction (or scan) on team PE me of nt, as the bytes of its type:
 * the operands of team PEs [0, nt), or [0, me] (inscan), or [0, me) (exscan; 0 on PE 0). */
static void red_expect(enum kind k, unsigned iter, int nt, int me, size_t i, void *out)
{
    if (k == INSCAN || k == EXSCAN) nt = me + (k == INSCAN);
    if (nt == 0) {
        memset(out, 0, 8);
        return;
    }
    if (is_long(k) || k == DSUM || k == DMAX) {
        double acc = red_val(k, iter, 0, i);
        for (int p = 1; p < nt; p++) {
            double v = red_val(k, iter, p, i);
            acc = k == DMAX ? (v > acc ? v : acc) : acc + v;
        }
        if (is_long(k)) {
            long l = (long)acc;
            memcpy(out, &l, 8);
        } else {
            memcpy(out, &acc, 8);
        }
        return;
    }
    uint64_t acc = red_bits(k, iter, 0, i);
    for (int p = 1; p < nt; p++) acc = k == IXOR ? acc ^ red_bits(k, iter, p, i) : acc | red_bits(k, iter, p, i);
    if (k == IXOR) {
        int32_t v = (int32_t)(uint32_t)acc;
        memcpy(out, &v, 4);
    } else {
        unsigned char c = (unsigned char)acc;
        memcpy(out, &c, 1);
    }
}

static void red_fill(enum kind k, unsigned iter, int me, size_t count, void *buf)
{
    for (size_t i = 0; i < count; i++) {
        if (is_long(k)) ((long *)buf)[i] = (long)red_val(k, iter, me, i);
        else if (k == DSUM || k == DMAX) ((double *)buf)[i] = red_val(k, iter, me, i);
        else if (k == IXOR) ((int32_t *)buf)[i] = (int32_t)(uint32_t)red_bits(k, iter, me, i);
        else ((unsigned char *)buf)[i] = (unsigned char)red_bits(k, iter, me, i);
    }
}

static int red_call(enum kind k, shmem_team_t t, void *d, const void *s, size_t count)
{
    switch (k) {
    case LSUM: return shmem_long_sum_reduce(t, d, s, count);
    case DSUM: return shmem_double_sum_reduce(t, d, s, count);
    case DMAX: return shmem_double_max_reduce(t, d, s, count);
    case IXOR: return shmem_int32_xor_reduce(t, d, s, count);
    case INSCAN: return shmem_long_sum_inscan(t, d, s, count);
    case EXSCAN: return shmem_long_sum_exscan(t, d, s, count);
    default: return shmem_uchar_or_reduce(t, d, s, count);
    }
}

static size_t red_check(enum kind k, unsigned iter, int nt, int me, const unsigned char *d,
                        size_t count, char *why, size_t cap)
{
    size_t es = elem_size(k), bad = 0;
    unsigned char e[8];
    for (size_t i = 0; i < count; i++) {
        red_expect(k, iter, nt, me, i, e);
        if (memcmp(d + i * es, e, es) == 0) continue;
        if (!bad++) {
            uint64_t g = 0, x = 0;
            memcpy(&g, d + i * es, es);
            memcpy(&x, e, es);
            int k2 = snprintf(why, cap, "element %zu of %zu is %016llx, expected %016llx", i,
                              count, (unsigned long long)g, (unsigned long long)x);
            for (unsigned it = iter < 4 ? 0 : iter - 4; it < iter; it++) {
                red_expect(k, it, nt, me, i, e);
                if (memcmp(d + i * es, e, es) == 0)
                    snprintf(why + k2, cap - (size_t)k2, " (the result of iteration %u)", it);
            }
        }
    }
    return bad;
}

/* Bytes of dest (and source) an operation needs on a team of nt PEs. */
static size_t need(const struct op *o, int nt)
{
    size_t b = o->bytes, n = (size_t)nt;
    switch (o->kind) {
    case BCAST: return b;
    case FCOLLECT: case ALLTOALL: case COLLECT: return n * b;
    case ALLTOALLS: {
        ptrdiff_t st = o->dst_stride > o->src_stride ? o->dst_stride : o->src_stride;
        return n * b * (size_t)st;
    }
    default: return b < elem_size(o->kind) ? elem_size(o->kind) : b;
    }
}

/* Elements (typed: longs, else bytes) PE p contributes to a collect of `units` per block. */
static size_t collect_units(unsigned iter, int p, size_t units)
{
    uint64_t r = word(iter, T_COLLECT, 2047, (size_t)p) % 5;
    return units * (size_t)r / 4;
}

/* One collective on team t: prepare, (sleep), call, garbage the source, check, garbage the
 * dest. Returns the number of failed checks. */
static void run_op(shmem_team_t t, const char *tname, const char *phase, unsigned iter,
                   const struct op *o, unsigned char *src, unsigned char *dst, const char *bname)
{
    int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t), rc = -1;
    size_t b = o->bytes, es = o->typed ? 8 : 1, bad = 0, total = need(o, nt);
    char why[512] = "";
    const size_t cap = sizeof why;
    if (o->kind >= LSUM) {
        size_t count = b / elem_size(o->kind) ? b / elem_size(o->kind) : 1;
        unsigned char *d = o->in_place ? src : dst;
        red_fill(o->kind, iter, me, count, src);
        if (!o->in_place) memset(d, GUARD, count * elem_size(o->kind) + 8);
        be_late(o);
        rc = red_call(o->kind, t, d, src, count);
        if (!o->in_place) invert(src, count * elem_size(o->kind));
        bad = red_check(o->kind, iter, nt, me, d, count, why, cap);
        if (!o->in_place && !bad) bad = check_guard(d + count * elem_size(o->kind), 8, why, cap, 0);
        invert(d, count * elem_size(o->kind));
    } else if (o->kind == BCAST) {
        unsigned char *s = o->in_place ? dst : src;
        memset(dst, GUARD, b + 8);
        if (me == o->root) fill(s, b, iter, T_BCAST, (unsigned)o->root);
        be_late(o);
        rc = o->typed ? shmem_long_broadcast(t, (long *)dst, (const long *)s, b / 8, o->root)
                      : shmem_broadcastmem(t, dst, s, b, o->root);
        if (!o->in_place) invert(src, b);
        bad = check_stream(dst, b, iter, T_BCAST, (unsigned)o->root, why, cap, 0);
        if (!bad) bad = check_guard(dst + b, 8, why, cap, b);
        invert(dst, b);
    } else if (o->kind == FCOLLECT) {
        unsigned char *s = o->in_place ? dst + (size_t)me * b : src;
        memset(dst, GUARD, total + 8);
        fill(s, b, iter, T_FCOLLECT, (unsigned)me);
        be_late(o);
        rc = o->typed ? shmem_long_fcollect(t, (long *)dst, (const long *)s, b / 8)
                      : shmem_fcollectmem(t, dst, s, b);
        if (!o->in_place) invert(src, b);
        for (int p = 0; p < nt; p++)
            bad += check_stream(dst + (size_t)p * b, b, iter, T_FCOLLECT, (unsigned)p,
                                bad ? NULL : why, cap, (size_t)p * b);
        if (!bad) bad = check_guard(dst + total, 8, why, cap, total);
        invert(dst, total);
    } else if (o->kind == ALLTOALL) {
        memset(dst, GUARD, total + 8);
        for (int j = 0; j < nt; j++)
            fill(src + (size_t)j * b, b, iter, T_ALLTOALL, 1024u + (unsigned)(me * 32 + j));
        be_late(o);
        rc = o->typed ? shmem_long_alltoall(t, (long *)dst, (const long *)src, b / 8)
                      : shmem_alltoallmem(t, dst, src, b);
        invert(src, total);
        for (int j = 0; j < nt; j++)
            bad += check_stream(dst + (size_t)j * b, b, iter, T_ALLTOALL,
                                1024u + (unsigned)(j * 32 + me), bad ? why + cap - 1 : why,
                                bad ? 1 : cap, (size_t)j * b);
        if (!bad) bad = check_guard(dst + total, 8, why, cap, total);
        invert(dst, total);
    } else if (o->kind == COLLECT) {
        size_t units = b / es, mine = collect_units(iter, me, units), at = 0;
        for (int p = 0; p < nt; p++) at += collect_units(iter, p, units);
        total = at * es;
        memset(dst, GUARD, total + 8);
        fill(src, mine * es, iter, T_COLLECT, (unsigned)me);
        be_late(o);
        rc = o->typed ? shmem_long_collect(t, (long *)dst, (const long *)src, mine)
                      : shmem_collectmem(t, dst, src, mine);
        invert(src, mine * es);
        at = 0;
        for (int p = 0; p < nt; p++) {
            size_t n = collect_units(iter, p, units) * es;
            bad += check_stream(dst + at, n, iter, T_COLLECT, (unsigned)p,
                                bad ? NULL : why, cap, at);
            at += n;
        }
        if (!bad) bad = check_guard(dst + total, 8, why, cap, total);
        invert(dst, total);
    } else { /* ALLTOALLS: element e of block j at index (j * ne + e) * stride */
        size_t ne = b / es, ds = (size_t)o->dst_stride, ss = (size_t)o->src_stride;
        size_t dspan = (size_t)nt * ne * ds * es;
        memset(dst, GUARD, dspan + 8);
        unsigned char tmp[8];
        for (int j = 0; j < nt; j++) {
            unsigned who = 1024u + (unsigned)(me * 32 + j);
            for (size_t e = 0; e < ne; e++) {
                uint64_t v = word(iter, T_ALLTOALLS, who, e * es / 8);
                memcpy(tmp, &v, 8);
                memcpy(src + ((size_t)j * ne + e) * ss * es, tmp + e * es % 8, es);
            }
        }
        be_late(o);
        rc = o->typed ? shmem_long_alltoalls(t, (long *)dst, (const long *)src, o->dst_stride,
                                             o->src_stride, ne)
                      : shmem_alltoallsmem(t, dst, src, o->dst_stride, o->src_stride, ne);
        for (size_t i = 0; i < (size_t)nt * ne; i++) invert(src + i * ss * es, es);
        for (int j = 0; j < nt && !bad; j++) {
            unsigned who = 1024u + (unsigned)(j * 32 + me);
            for (size_t e = 0; e < ne; e++) {
                size_t at = ((size_t)j * ne + e) * ds * es;
                uint64_t v = word(iter, T_ALLTOALLS, who, e * es / 8);
                memcpy(tmp, &v, 8);
                if (memcmp(dst + at, tmp + e * es % 8, es) != 0 && !bad++) {
                    unsigned long long g = 0, x = 0;
                    memcpy(&g, dst + at, es);
                    memcpy(&x, tmp + e * es % 8, es);
                    snprintf(why, cap, "element %zu from team PE %d (at byte %zu) is %llx, "
                             "expected %llx%s", e, j, at, g, x,
                             dst[at] == GUARD ? " (guard: never written)" : "");
                }
                if (!bad && ds > 1) bad = check_guard(dst + at + es, (ds - 1) * es, why, cap, at + es);
            }
        }
        if (!bad) bad = check_guard(dst + dspan, 8, why, cap, dspan);
        for (size_t i = 0; i < (size_t)nt * ne; i++) invert(dst + i * ds * es, es);
    }
    n_calls++;
    CHECK(rc == 0, "%s iteration %u: %s returned %d", phase, iter, kind_name[o->kind], rc);
    CHECK(bad == 0,
          "%s iteration %u, team %s (PE %d of %d), %s%s%s, %zu bytes%s, root %d, strides %td/%td, "
          "%s buffers%s: %zu wrong: %s",
          phase, iter, tname, me, nt, o->typed && o->kind < LSUM ? "long_" : "",
          kind_name[o->kind], o->typed || o->kind >= LSUM ? "" : " (mem)", b,
          o->kind == FCOLLECT || o->kind == ALLTOALL || o->kind == COLLECT ? " per PE" : "",
          o->root, o->dst_stride, o->src_stride, bname, o->in_place ? ", in place" : "", bad,
          why);
}

static const size_t sizes[] = {1, 8, 64, 1000, 1016, 1024, 1032, 2040, 2048, 2056, 4096, 65536, 65544};
#define NSIZES (sizeof sizes / sizeof *sizes)

/* Sleeps on about one call in three: world PE late_pe, 2-200 us. */
static void plan_skew(struct op *o, uint64_t h)
{
    o->late_pe = h % 3 == 0 ? (int)((h >> 8) % (uint64_t)n_world) : -1;
    o->late_us = 2 + (long)((h >> 20) % 199);
}

/* The operation of iteration `iter` of the mixed phase, on a team of nt PEs. */
static void plan_mixed(unsigned iter, int nt, struct op *o)
{
    uint64_t blk = mix64(iter / 8 + 7777), h = mix64(iter), h2 = mix64(h);
    int style = (int)(blk % 5);
    memset(o, 0, sizeof *o);
    o->kind = style == 1 || style == 2 ? BCAST
            : style == 3                ? (enum kind)(LSUM + (int)(h % 7))
                                        : (enum kind)(h % NKINDS);
    o->bytes = sizes[(h >> 8) % NSIZES];
    o->root = style == 1 ? (int)((blk >> 8) % (uint64_t)nt) : (int)(iter % (unsigned)nt);
    o->typed = o->bytes % 8 == 0 && (h >> 16) & 1;
    o->in_place = ((h >> 17) & 3) == 0 && o->kind != ALLTOALL && o->kind != COLLECT &&
                  o->kind != ALLTOALLS;
    if ((h >> 19) & 1 && (o->kind == FCOLLECT || o->kind == ALLTOALL || o->kind == COLLECT ||
                          o->kind == ALLTOALLS)) {
        /* the whole buffer straddles the thresholds instead of one block */
        size_t per = o->bytes / (size_t)nt;
        o->bytes = o->typed ? (per / 8 ? per / 8 * 8 : 8) : (per ? per : 1);
    }
    static const ptrdiff_t strides[4][2] = {{1, 1}, {2, 1}, {1, 3}, {3, 2}};
    o->dst_stride = strides[(h >> 20) % 4][0];
    o->src_stride = strides[(h >> 20) % 4][1];
    if (o->kind != ALLTOALLS) o->dst_stride = o->src_stride = 1;
    while (need(o, nt) + 8 > BUF) o->bytes = o->typed ? o->bytes / 16 * 8 : o->bytes / 2;
    plan_skew(o, h2);
}

struct team_set {
    int n;
    shmem_team_t team[5];
    const char *name[5];
};

static void phase_mixed(const struct team_set *ts, unsigned char *hsrc, unsigned char *hdst)
{
    for (unsigned iter = 0; iter < MIXED_ITERS; iter++) {
        int ti = (int)((mix64(iter / 8 + 99) >> 3) % (uint64_t)ts->n);
        shmem_team_t t = ts->team[ti];
        if (t == SHMEM_TEAM_INVALID) continue; /* not a member: run ahead to the next block */
        struct op o;
        plan_mixed(iter, shmem_team_n_pes(t), &o);
        int heap = (mix64(iter ^ 0xabcdef) >> 5) & 1;
        run_op(t, ts->name[ti], "mixed", iter, &o, heap ? hsrc : (unsigned char *)g_src,
               heap ? hdst : (unsigned char *)g_dst, heap ? "heap" : "global");
    }
}

/* Phase "burst": broadcasts in a row from one root on each team while the team's last member
 * starts 3 ms late: the root runs ahead as far as its mailboxes allow and must then wait for
 * the late reader before it refills one; every reader gets every broadcast's data. */
#define BURST_ITERS 150
static void phase_burst(const struct team_set *ts, unsigned char *hsrc, unsigned char *hdst)
{
    for (int ti = 0; ti < ts->n; ti++) {
        shmem_team_t t = ts->team[ti];
        if (t == SHMEM_TEAM_INVALID) continue;
        int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t);
        if (nt > 1 && me == nt - 1) sleep_us(3000);
        for (unsigned it = 0; it < BURST_ITERS; it++) {
            static const size_t burst_sizes[] = {8, 1000, 2048, 4100, 16384};
            size_t n = burst_sizes[it % 5];
            unsigned iter = 100000 + it;
            if (me == 0) fill(hsrc, n, iter, 7, 0);
            memset(hdst, GUARD, n + TAIL);
            CHECK(shmem_broadcastmem(t, hdst, hsrc, n, 0) == 0, "burst broadcast rc");
            if (me == 0) invert(hsrc, n);
            char why[512] = "", gwhy[128] = "";
            size_t bad = check_stream(hdst, n, iter, 7, 0, why, sizeof why, 0);
            bad += check_guard(hdst + n, TAIL, gwhy, sizeof gwhy, n);
            CHECK(bad == 0, "burst broadcast %u on team %s (team PE %d of %d, world PE %d), %zu "
                  "bytes: %zu wrong; %s%s", it, ts->name[ti], me, nt, my_world, n, bad, why, gwhy);
            n_calls++;
        }
    }
}

static void phase_large(const struct team_set *ts, unsigned char *hsrc, unsigned char *hdst)
{
    static const enum kind kinds[] = {LSUM, DSUM, DMAX, IXOR, INSCAN, DMAX, EXSCAN, IXOR, LSUM, DSUM};
    for (unsigned i = 0; i < 10; i++) {
        unsigned iter = 10000 + i;
        int ti = i % 2 ? 1 : 0; /* world, reversed */
        shmem_team_t t = ts->team[ti];
        if (t == SHMEM_TEAM_INVALID) continue;
        struct op o;
        memset(&o, 0, sizeof o);
        o.kind = kinds[i];
        o.bytes = i % 4 < 2 ? (size_t)256 << 10 : (size_t)1 << 20;
        o.in_place = (i / 2) % 2;
        o.dst_stride = o.src_stride = 1;
        plan_skew(&o, mix64(iter));
        int heap = i % 3 != 2;
        run_op(t, ts->name[ti], "large", iter, &o, heap ? hsrc : (unsigned char *)g_src,
               heap ? hdst : (unsigned char *)g_dst, heap ? "heap" : "global");
    }
}

/* Teams made and destroyed back to back. Shapes, by i % 3: every PE (parent: the world), the
 * even PEs from the persistent team of even PEs (the odd PEs take no part: they may still be
 * in the previous team's broadcast), the even PEs from the world (stride 2). */
static void phase_teams(shmem_team_t evens, unsigned char *hsrc, unsigned char *hdst)
{
    int n_evens = (n_world + 1) / 2, signal_pe = -1, signal_to = 0; /* world PEs */
    long signal_token = 0;
    for (unsigned i = 0; i < TEAM_ITERS; i++) {
        unsigned shape = i % 3, iter = 20000 + i * 4;
        uint64_t h = mix64(iter);
        shmem_team_t t = SHMEM_TEAM_INVALID;
        int rc;
        if (shape == 1) {
            if (evens == SHMEM_TEAM_INVALID) continue;
            rc = shmem_team_split_strided(evens, 0, 1, n_evens, NULL, 0, &t);
        } else {
            rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, shape ? 2 : 1,
                                          shape ? n_evens : n_world, NULL, 0, &t);
        }
        CHECK(rc == 0, "teams iteration %u: split (shape %u) returned %d", i, shape, rc);
        if (t == SHMEM_TEAM_INVALID) {
            CHECK(shape == 2 && my_world % 2, "teams iteration %u: no team (shape %u)", i, shape);
            continue;
        }
        const char *tname = shape == 0 ? "all (new)" : shape == 1 ? "even (new, from evens)"
                                                                  : "even (new, stride 2)";
        int nt = shmem_team_n_pes(t);
        int heap = (h >> 7) & 1;
        unsigned char *s = heap ? hsrc : (unsigned char *)g_src;
        unsigned char *d = heap ? hdst : (unsigned char *)g_dst;
        static const enum kind first[] = {FCOLLECT, ALLTOALL, LSUM, IXOR, BCAST, DSUM, COLLECT, INSCAN};
        static const size_t small[] = {8, 64, 256, 1000, 1024, 2048, 4096};
        for (unsigned k = 0; k < 3; k++) {
            struct op o;
            memset(&o, 0, sizeof o);
            uint64_t hk = mix64(h + k);
            o.kind = k < 2 ? first[hk % 8] : BCAST;
            o.bytes = small[(hk >> 8) % 7];
            if (o.kind == FCOLLECT || o.kind == ALLTOALL) o.bytes = o.bytes / 8 / (size_t)nt * 8 + 8;
            o.typed = (hk >> 12) & 1;
            o.in_place = ((hk >> 13) & 3) == 0 && o.kind != ALLTOALL && o.kind != COLLECT;
            o.dst_stride = o.src_stride = 1;
            /* the last broadcast's root: an even PE, which returns while an odd PE is late */
            o.root = k < 2 ? (int)((hk >> 16) % (uint64_t)nt)
                           : (shape ? (int)(i / 3 % (unsigned)nt) : 2 * (int)(i / 3 % (unsigned)n_evens));
            if (k == 2 && shape == 0 && n_world > 1 && (h >> 20) % 8 == 1) {
                /* The late odd PE waits (100 ms at most) until the root has made two
                 * collectives on the next team (of even PEs): it then reads the root's
                 * mailbox after the root wrote it again, unless the library kept the root
                 * from doing so (it may: team destruction may wait for the members). */
                o.late_pe = 1 + 2 * (int)((h >> 24) % (uint64_t)(n_world / 2));
                o.late_us = 100000;
                o.token = (long)iter;
                o.bytes = o.bytes > 2048 ? 2048 : o.bytes;
                signal_pe = o.root, signal_to = o.late_pe, signal_token = o.token;
            } else if (k == 2 && shape == 0 && n_world > 1 && (h >> 20) % 4 != 0) {
                o.late_pe = 1 + 2 * (int)((h >> 24) % (uint64_t)(n_world / 2));
                o.late_us = 50 + (long)((h >> 32) % 1950);
            } else {
                plan_skew(&o, hk);
            }
            run_op(t, tname, "teams", iter + k, &o, s, d, heap ? "heap" : "global");
            if (k == 1 && shape == 1 && my_world == signal_pe)
                shmem_long_atomic_set(&g_flag, signal_token, signal_to);
        }
        if (shape == 1) signal_pe = -1;
        shmem_team_destroy(t);
    }
}

int main(void)
{
    shmem_init();
    my_world = shmem_my_pe();
    n_world = shmem_n_pes();
    unsigned char *hsrc = shmem_malloc(BUF + TAIL), *hdst = shmem_malloc(BUF + TAIL);
    CHECK(hsrc && hdst, "shmem_malloc of %zu bytes", BUF + TAIL);
    struct team_set ts = {0, {0}, {0}};
    shmem_team_t rev = SHMEM_TEAM_INVALID, evens = SHMEM_TEAM_INVALID, rest = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n_world - 1, -1, n_world, NULL, 0, &rev) == 0,
          "split reversed");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n_world + 1) / 2, NULL, 0, &evens) == 0,
          "split evens");
    if (n_world > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n_world - 1, NULL, 0, &rest) == 0,
              "split all but PE 0");
    ts.team[0] = SHMEM_TEAM_WORLD, ts.name[0] = "world";
    ts.team[1] = rev, ts.name[1] = "reversed";
    ts.team[2] = evens, ts.name[2] = "even PEs";
    ts.team[3] = rest, ts.name[3] = "all but PE 0";
    /* node-local in the two-node mode too (its own team on each node) */
    ts.team[ts.n = n_world > 1 ? 4 : 3] = SHMEM_TEAM_SHARED, ts.name[ts.n] = "shared";
    ts.n++;
    double t0 = now();
    phase_mixed(&ts, hsrc, hdst);
    double t1 = now();
    phase_burst(&ts, hsrc, hdst);
    phase_large(&ts, hsrc, hdst);
    double t2 = now();
    phase_teams(evens, hsrc, hdst);
    double t3 = now();
    shmem_barrier_all();
    if (my_world == 0)
        printf("coll_pipeline on %d PEs: mixed %.2f s, large %.2f s, teams %.2f s; %lu "
               "collectives on PE 0\n", n_world, t1 - t0, t2 - t1, t3 - t2, n_calls);
    if (rest != SHMEM_TEAM_INVALID) shmem_team_destroy(rest);
    if (evens != SHMEM_TEAM_INVALID) shmem_team_destroy(evens);
    if (rev != SHMEM_TEAM_INVALID) shmem_team_destroy(rev);
    shmem_free(hsrc);
    shmem_free(hdst);
    shmem_finalize();
    return test_exit_status();
}
