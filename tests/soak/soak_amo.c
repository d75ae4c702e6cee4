/* The soak's AMOs. Shared counters take only additions (every origin's, in any order, sum to
 * a known value; a fetched value lies between the round's start and end values); the bits of
 * the bitwise word belong to one origin each (and/or/xor touch only the origin's bits, so a
 * fetch returns exactly the origin's bits as it left them); swap, compare-swap and set act on
 * a word of the origin's own. Ops on one word run in plan order on one thread; a fence after
 * a non-fetching bitwise op keeps the next one behind it. */
#include <inttypes.h>

#include "soak.h"

static int64_t *ctr_of(const struct soak_op *op) { return &S.amo[op->buf]->ctr[op->word]; }
static uint64_t *bits_of(const struct soak_op *op) { return &S.amo[op->buf]->bits; }
static int64_t *own_of(const struct soak_op *op) { return &S.amo[op->buf]->own[S.me]; }

static uint64_t my_bits(void)
{
    uint64_t m = 0;
    for (int b = S.me; b < 64; b += S.npes) m |= 1ULL << b;
    return m;
}

/* A fetched counter value: at least the round's start value, at most its end value minus
 * what this op adds. */
static void check_ctr_fetch(const struct soak_op *op, int64_t got)
{
    const struct soak_amo_expect *e = &S.amo_expect[op->buf][op->target];
    int64_t lo = e->ctr_before[op->word], hi = e->ctr[op->word] - (int64_t)op->value;
    if (op->kind == K_AMO_FETCH) hi = e->ctr[op->word];
    if (got < lo || got > hi)
        soak_error("%s counter %d of PE %d (%s): fetched %" PRId64 ", not in [%" PRId64
                   ", %" PRId64 "]",
                   soak_kind_name(op->kind), op->word, op->target,
                   op->buf == BUF_HEAP ? "heap" : "global", got, lo, hi);
}

static void check_fetch(const struct soak_op *op, uint64_t got, uint64_t want)
{
    if (got != want)
        soak_error("%s on PE %d (%s): fetched 0x%" PRIx64 ", expected 0x%" PRIx64,
                   soak_kind_name(op->kind), op->target, op->buf == BUF_HEAP ? "heap" : "global",
                   got, want);
}

void soak_run_amo(shmem_ctx_t ctx, const struct soak_op *op, int64_t *nbi_fetch)
{
    int t = op->target;
    int64_t v = (int64_t)op->value;
    switch (op->kind) {
    case K_AMO_ADD: shmem_ctx_int64_atomic_add(ctx, ctr_of(op), v, t); break;
    case K_AMO_INC: shmem_ctx_int64_atomic_inc(ctx, ctr_of(op), t); break;
    case K_AMO_FADD: check_ctr_fetch(op, shmem_ctx_int64_atomic_fetch_add(ctx, ctr_of(op), v, t)); break;
    case K_AMO_FINC: check_ctr_fetch(op, shmem_ctx_int64_atomic_fetch_inc(ctx, ctr_of(op), t)); break;
    case K_AMO_FADD_NBI: shmem_ctx_int64_atomic_fetch_add_nbi(ctx, nbi_fetch, ctr_of(op), v, t); break;
    case K_AMO_FETCH: check_ctr_fetch(op, shmem_ctx_int64_atomic_fetch(ctx, ctr_of(op), t)); break;
    case K_AMO_XOR:
        shmem_ctx_uint64_atomic_xor(ctx, bits_of(op), op->value, t);
        shmem_ctx_fence(ctx);
        break;
    case K_AMO_FOR:
        check_fetch(op, shmem_ctx_uint64_atomic_fetch_or(ctx, bits_of(op), op->value, t) & my_bits(),
                    op->expect);
        break;
    case K_AMO_FAND:
        check_fetch(op, shmem_ctx_uint64_atomic_fetch_and(ctx, bits_of(op), op->value, t) & my_bits(),
                    op->expect);
        break;
    case K_AMO_FXOR_NBI:
        shmem_ctx_uint64_atomic_fetch_xor_nbi(ctx, (uint64_t *)nbi_fetch, bits_of(op), op->value, t);
        shmem_ctx_fence(ctx);
        break;
    case K_AMO_SWAP:
        check_fetch(op, (uint64_t)shmem_ctx_int64_atomic_swap(ctx, own_of(op), v, t), op->expect);
        break;
    case K_AMO_CSWAP:
        check_fetch(op,
                    (uint64_t)shmem_ctx_int64_atomic_compare_swap(ctx, own_of(op),
                                                                  (int64_t)op->expect, v, t),
                    op->expect);
        break;
    case K_AMO_CSWAP_FAIL:
        check_fetch(op,
                    (uint64_t)shmem_ctx_int64_atomic_compare_swap(ctx, own_of(op),
                                                                  (int64_t)op->expect + 1, v, t),
                    op->expect);
        break;
    case K_AMO_SET_READBACK:
        shmem_ctx_int64_atomic_set(ctx, own_of(op), v, t);
        shmem_ctx_quiet(ctx);
        check_fetch(op, (uint64_t)shmem_ctx_int64_atomic_fetch(ctx, own_of(op), t), op->value);
        break;
    }
}

/* After the quiet: what an nbi fetching AMO returned. */
void soak_check_amo_nbi(const struct soak_op *op, int64_t fetched)
{
    if (op->kind == K_AMO_FADD_NBI) check_ctr_fetch(op, fetched);
    else check_fetch(op, (uint64_t)fetched & my_bits(), op->expect);
}

/* Between the round's barriers: this PE's AMO words hold exactly the planned values (wrong
 * ones are reported and then repaired, as the data are). */
void soak_check_amo_words(void)
{
    for (int b = 0; b < SOAK_NBUF; b++) {
        struct soak_amo_words *w = S.amo[b];
        const struct soak_amo_expect *e = &S.amo_expect[b][S.me];
        const char *name = b == BUF_HEAP ? "heap" : "global";
        for (int c = 0; c < SOAK_NCTR; c++) {
            S.bytes_checked += 8;
            if (w->ctr[c] != e->ctr[c])
                soak_error("%s counter %d: %" PRId64 ", expected %" PRId64, name, c, w->ctr[c],
                           e->ctr[c]), w->ctr[c] = e->ctr[c];
        }
        S.bytes_checked += 8;
        if (w->bits != e->bits)
            soak_error("%s bitwise word: 0x%" PRIx64 ", expected 0x%" PRIx64, name, w->bits,
                       e->bits), w->bits = e->bits;
        for (int o = 0; o < S.npes; o++) {
            S.bytes_checked += 8;
            if (w->own[o] != e->own[o])
                soak_error("%s word of origin %d: %" PRId64 ", expected %" PRId64, name, o,
                           w->own[o], e->own[o]), w->own[o] = e->own[o];
        }
    }
}
