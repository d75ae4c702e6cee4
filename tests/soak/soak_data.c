/* The soak's plan and data: patterns, the per-round plan of every origin, the expected images
 * and the byte-exact checks. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "soak.h"

uint64_t soak_mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Byte p of a pattern is byte p % 8 of mix(key + p / 8): any slice is cheap to rebuild. */
void soak_fill_at(unsigned char *dst, size_t len, uint64_t key, size_t start)
{
    size_t p = start;
    while (len && (p & 7)) {
        *dst++ = (unsigned char)(soak_mix(key + (p >> 3)) >> (8 * (p & 7)));
        p++, len--;
    }
    for (; len >= 8; len -= 8, p += 8, dst += 8) {
        uint64_t v = soak_mix(key + (p >> 3));
        memcpy(dst, &v, 8);
    }
    for (; len; len--, p++) *dst++ = (unsigned char)(soak_mix(key + (p >> 3)) >> (8 * (p & 7)));
}

void soak_fill(unsigned char *dst, size_t len, uint64_t key) { soak_fill_at(dst, len, key, 0); }

size_t soak_span(const struct soak_op *op)
{
    return ((op->nblocks - 1) * op->stride + op->bsize) * op->esz;
}

/* Contiguous data (nblocks * bsize elements) <-> its strided place in an image whose origin
 * area starts at img (op->off is relative to it). */
void soak_scatter(unsigned char *img, const struct soak_op *op, const unsigned char *src)
{
    size_t block = op->bsize * op->esz;
    for (size_t b = 0; b < op->nblocks; b++)
        memcpy(img + op->off + b * op->stride * op->esz, src + b * block, block);
}

void soak_gather(unsigned char *dst, const unsigned char *img, const struct soak_op *op)
{
    size_t block = op->bsize * op->esz;
    for (size_t b = 0; b < op->nblocks; b++)
        memcpy(dst + b * block, img + op->off + b * op->stride * op->esz, block);
}

static const char *const kind_names[K_NKINDS] = {
    "getmem", "getmem_nbi", "get64_nbi", "long_g", "iget64", "ibget32",
    "putmem", "putmem_nbi", "put64", "put32_nbi", "long_p", "iput64", "ibput32",
    "putmem_signal", "putmem_signal_nbi", "put+fence+flag", "put+quiet+readback",
    "atomic_add", "atomic_inc", "atomic_fetch_add", "atomic_fetch_inc", "atomic_fetch_add_nbi",
    "atomic_fetch", "atomic_xor", "atomic_fetch_or", "atomic_fetch_and",
    "atomic_fetch_xor_nbi", "atomic_swap", "atomic_compare_swap", "atomic_compare_swap(fail)",
    "atomic_set+readback"};

const char *soak_kind_name(int kind) { return kind_names[kind]; }

/* ---- the plan --------------------------------------------------------------------------- */

static uint64_t next(uint64_t *s) { return soak_mix(*s += 0x9e3779b97f4a7c15ULL); }
static size_t below(uint64_t *s, size_t n) { return n ? (size_t)(next(s) % n) : 0; }

/* Transfer sizes skewed towards small; the caller adds a large one per round. */
static size_t pick_len(uint64_t *s)
{
    size_t r = below(s, 100);
    if (r < 55) return 1 + below(s, 64);
    if (r < 83) return 65 + below(s, 4096);
    if (r < 97) return 4096 + below(s, 65536);
    return 65536 + below(s, 256 * 1024);
}

/* Shapes an op of `len` bytes or so: contiguous, strided (one element per block) or
 * block-strided, as its kind requires. */
static void shape(struct soak_op *op, uint64_t *s, size_t len)
{
    switch (op->kind) {
    case K_PUT64: case K_GET64_NBI: op->esz = 8; break;
    case K_PUT32_NBI: op->esz = 4; break;
    case K_LONG_P: case K_LONG_G:
        /* mostly a few; sometimes a burst of thousands of shmem_long_p (the pattern that
         * once lost data between simulated nodes); a g waits a round trip each, so few */
        op->esz = sizeof(long);
        len = op->esz * (op->kind == K_LONG_P && !below(s, 8) ? 1024 + below(s, 3072)
                                                             : 1 + below(s, 16));
        break;
    case K_IPUT64: case K_IGET64: op->esz = 8; break;
    case K_IBPUT32: case K_IBGET32: op->esz = 4; break;
    default: op->esz = 1;
    }
    size_t n = len / op->esz ? len / op->esz : 1;
    op->bsize = n, op->nblocks = 1, op->stride = n;
    if (op->kind == K_IPUT64 || op->kind == K_IGET64) {
        op->bsize = 1, op->nblocks = n > 2048 ? 2048 : n, op->stride = 1 + below(s, 5);
    } else if (op->kind == K_IBPUT32 || op->kind == K_IBGET32) {
        op->bsize = 1 + below(s, 16);
        op->nblocks = 1 + below(s, n / op->bsize < 256 ? n / op->bsize + 1 : 256);
        op->stride = op->bsize + below(s, 9);
    }
}

/* Finds room for op in the origin's area (cursor: first free byte this round). */
static int place(struct soak_op *op, uint64_t *s, size_t *cursor, size_t area)
{
    size_t span = soak_span(op), off = *cursor + below(s, 24);
    off = (off + op->esz - 1) / op->esz * op->esz;
    if (off + span > area) return 0;
    op->off = off;
    *cursor = off + span;
    return 1;
}

static void plan_amo(struct soak_op *op, uint64_t *s, int origin)
{
    struct soak_amo_expect *e = &S.amo_expect[op->buf][op->target];
    uint64_t mine = 0;
    for (int b = origin; b < 64; b += S.npes) mine |= 1ULL << b;
    op->esz = 8, op->bsize = op->nblocks = op->stride = 1;
    op->word = (int)below(s, SOAK_NCTR);
    switch (op->kind) {
    case K_AMO_INC: case K_AMO_FINC: op->value = 1; e->ctr[op->word] += 1; break;
    case K_AMO_ADD: case K_AMO_FADD: case K_AMO_FADD_NBI:
        op->value = 1 + below(s, 1000), e->ctr[op->word] += (int64_t)op->value;
        break;
    case K_AMO_FETCH: break;
    case K_AMO_XOR: case K_AMO_FOR: case K_AMO_FXOR_NBI: case K_AMO_FAND:
        op->value = next(s) & mine;
        if (op->kind == K_AMO_FAND) op->value = ~op->value;
        op->expect = e->bits & mine; /* my bits before the op: what a fetch returns */
        if (op->kind == K_AMO_FOR) e->bits |= op->value;
        else if (op->kind == K_AMO_FAND) e->bits &= op->value;
        else e->bits ^= op->value;
        /* Ops on one word stay on one thread, in plan order. */
        op->thread = (uint8_t)((op->target + op->buf) & 1);
        break;
    default: /* swap, compare_swap (succeeding or failing), set: the origin's own word */
        op->expect = (uint64_t)e->own[origin];
        op->value = next(s) >> 1;
        if (op->kind != K_AMO_CSWAP_FAIL) e->own[origin] = (int64_t)op->value;
        op->thread = (uint8_t)((op->target + op->buf) & 1);
    }
}

/* Plans origin's ops of this round (and tracks the expected AMO words and signal slots of
 * every target). */
static void plan_origin(int origin)
{
    uint64_t s = soak_mix(S.seed ^ soak_mix((uint64_t)S.round * 1000003 + (uint64_t)origin));
    size_t cursor[SOAK_MAX_PES][SOAK_NBUF];
    int nsig[SOAK_MAX_PES][SOAK_NBUF];
    memset(cursor, 0, sizeof cursor);
    memset(nsig, 0, sizeof nsig);
    struct soak_op *ops = S.plan + (size_t)origin * SOAK_MAX_OPS;
    int n = 0, want = 24 + (int)below(&s, SOAK_MAX_OPS - 24);
    for (int i = 0; i < want; i++) {
        struct soak_op op;
        memset(&op, 0, sizeof op);
        op.target = (int)below(&s, (size_t)S.npes);
        op.buf = (uint8_t)below(&s, SOAK_NBUF);
        op.thread = (uint8_t)below(&s, 2);
        op.key = next(&s);
        /* op 0 is a large transfer (heap, 512 KiB - 1 MiB), a few gets, then the rest */
        if (i == 0) {
            static const uint8_t big[] = {K_PUTMEM, K_PUTMEM_NBI, K_PUT_SIGNAL, K_PUT64};
            op.kind = big[below(&s, 4)], op.buf = BUF_HEAP;
            shape(&op, &s, (512 << 10) + below(&s, (512 << 10) + 1));
        } else if (i < 7) {
            op.kind = (uint8_t)below(&s, K_IBGET32 + 1);
            shape(&op, &s, below(&s, 50) ? pick_len(&s) : (size_t)(1 << 20));
        } else {
            op.kind = (uint8_t)(K_PUTMEM + below(&s, K_NKINDS - K_PUTMEM));
            if (SOAK_IS_AMO(op.kind)) {
                plan_amo(&op, &s, origin);
                ops[n++] = op;
                continue;
            }
            shape(&op, &s, pick_len(&s));
        }
        size_t area = S.area[op.buf];
        if (SOAK_IS_GET(op.kind)) {
            /* anywhere in my area of the target: written in earlier rounds */
            size_t span = soak_span(&op);
            if (span > area) continue;
            op.off = below(&s, (area - span) / op.esz + 1) * op.esz;
        } else if (!place(&op, &s, &cursor[op.target][op.buf], area)) {
            continue;
        }
        if (SOAK_IS_SIGNALED(op.kind)) {
            int k = nsig[op.target][op.buf]++;
            if (k >= SOAK_MAX_SIG) {
                op.kind = K_PUTMEM;
            } else {
                /* slot values only grow, so a wait for the new value cannot pass early */
                uint64_t *slot = &S.sig_expect[op.buf][((size_t)op.target * S.npes + origin) *
                                                           SOAK_MAX_SIG + k];
                uint64_t delta = 1 + below(&s, 1000);
                op.word = k;
                op.sig_add = op.kind != K_PUT_FENCE_FLAG && below(&s, 2);
                *slot += delta;
                op.value = op.sig_add ? delta : *slot;
                op.expect = *slot; /* what the receiver waits for */
            }
        }
        ops[n++] = op;
    }
    S.nops[origin] = n;
}

void soak_plan_round(void)
{
    for (int t = 0; t < S.npes; t++)
        for (int b = 0; b < SOAK_NBUF; b++)
            memcpy(S.amo_expect[b][t].ctr_before, S.amo_expect[b][t].ctr,
                   sizeof S.amo_expect[b][t].ctr);
    for (int o = 0; o < S.npes; o++) plan_origin(o);
}

/* The expected image of this PE's buffers after every origin's puts of the round. */
void soak_apply_expected(void)
{
    for (int o = 0; o < S.npes; o++) {
        const struct soak_op *ops = S.plan + (size_t)o * SOAK_MAX_OPS;
        for (int i = 0; i < S.nops[o]; i++) {
            const struct soak_op *op = &ops[i];
            if (op->target != S.me || !SOAK_IS_PUT(op->kind)) continue;
            size_t n = op->nblocks * op->bsize * op->esz;
            soak_fill(S.scratch, n, op->key);
            soak_scatter(S.expect[op->buf] + (size_t)o * S.area[op->buf], op, S.scratch);
        }
    }
}

/* ---- checks ----------------------------------------------------------------------------- */

void soak_error(const char *fmt, ...)
{
    if (S.errors++ < 12) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "soak: ERROR PE %d round %ld (seed %" PRIu64 "): ", S.me, S.round,
                S.seed);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

/* The op of origin's plan this round that wrote offset off of its area in target's buffer. */
static const char *writer_of(int origin, int target, int buf, size_t off)
{
    const struct soak_op *ops = S.plan + (size_t)origin * SOAK_MAX_OPS;
    for (int i = 0; i < S.nops[origin]; i++)
        if (ops[i].target == target && ops[i].buf == buf && SOAK_IS_PUT(ops[i].kind) &&
            off >= ops[i].off && off < ops[i].off + soak_span(&ops[i]))
            return soak_kind_name(ops[i].kind);
    return "(no op this round)";
}

/* Compares len bytes; counts and reports the wrong ones. off is the offset of got[0] in the
 * origin's area of target's buffer. */
long soak_compare(const unsigned char *got, const unsigned char *want, size_t len,
                  const char *what, int target, int buf, int origin, size_t off)
{
    S.bytes_checked += (long long)len;
    if (!memcmp(got, want, len)) return 0;
    long wrong = 0;
    for (size_t i = 0; i < len; i++) {
        if (got[i] == want[i]) continue;
        if (wrong < 4)
            soak_error("%s: %s buffer of PE %d, origin %d, offset %zu: expected 0x%02x got "
                       "0x%02x (written by %s)",
                       what, buf == BUF_HEAP ? "heap" : "global", target, origin, off + i,
                       want[i], got[i], writer_of(origin, target, buf, off + i));
        else
            S.errors++;
        wrong++;
    }
    if (wrong > 4)
        fprintf(stderr, "soak: PE %d round %ld: %s: %ld wrong bytes in %zu\n", S.me, S.round,
                what, wrong, len);
    return wrong;
}

/* Between the round's barriers: every byte of this PE's buffers. */
void soak_check_round(void)
{
    for (int b = 0; b < SOAK_NBUF; b++)
        for (int o = 0; o < S.npes; o++) {
            size_t a = S.area[b];
            unsigned char *got = S.buf[b] + (size_t)o * a, *want = S.expect[b] + (size_t)o * a;
            /* Repair wrong bytes (nobody else touches this buffer until the next barrier), so
             * that later rounds report new errors only. */
            if (soak_compare(got, want, a, "end of round", S.me, b, o, 0)) memcpy(got, want, a);
        }
    soak_check_amo_words();
}
