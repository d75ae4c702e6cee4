/* The soak's RMA: this PE's gets and puts of a round on one context. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "soak.h"

static unsigned char *scratch_of(int thread)
{
    return S.scratch + (thread > 0 ? (size_t)thread : 0) * (S.scratch_size / 2);
}

static int mine(const struct soak_op *op, int thread)
{
    return thread < 0 || op->thread == thread;
}

/* Address of my area in the target's buffer (the same symmetric address on every PE). */
static unsigned char *remote_area(const struct soak_op *op)
{
    return S.buf[op->buf] + (size_t)S.me * S.area[op->buf];
}

static unsigned char *mirror_area(const struct soak_op *op)
{
    return S.mirror[op->buf] + (size_t)op->target * S.area[op->buf];
}

/* A get's result (contiguous at got) against what I wrote there in earlier rounds. */
static void check_get(const struct soak_op *op, const unsigned char *got, unsigned char *want)
{
    soak_gather(want, mirror_area(op), op);
    soak_compare(got, want, op->nblocks * op->bsize * op->esz, soak_kind_name(op->kind),
                 op->target, op->buf, S.me, op->off);
}

/* Gets of my own areas: nothing writes them before my puts of this round, which start only
 * when every get (of every thread) is done. nbi gets land in the first half of the thread's
 * scratch and are checked after the quiet; the second half holds expected data. */
void soak_run_gets(shmem_ctx_t ctx, int thread)
{
    const struct soak_op *ops = S.plan + (size_t)S.me * SOAK_MAX_OPS;
    unsigned char *scr = scratch_of(thread);
    size_t half = S.scratch_size / 4, used = 0;
    const struct soak_op *pending[SOAK_MAX_OPS];
    size_t pending_at[SOAK_MAX_OPS];
    int npending = 0;
    for (int i = 0; i <= S.nops[S.me]; i++) {
        const struct soak_op *op = i < S.nops[S.me] ? &ops[i] : NULL;
        if (op && (!SOAK_IS_GET(op->kind) || !mine(op, thread))) continue;
        size_t n = op ? op->nblocks * op->bsize * op->esz : 0;
        if (!op || used + n > half) { /* complete and check the nbi gets so far */
            shmem_ctx_quiet(ctx);
            for (int p = 0; p < npending; p++) check_get(pending[p], scr + pending_at[p], scr + half);
            npending = 0, used = 0;
            if (!op) break;
        }
        const unsigned char *src = remote_area(op) + op->off;
        unsigned char *dst = scr + used;
        int t = op->target;
        S.ops++;
        switch (op->kind) {
        case K_GETMEM: shmem_ctx_getmem(ctx, dst, src, n, t); break;
        case K_GETMEM_NBI: shmem_ctx_getmem_nbi(ctx, dst, src, n, t); break;
        case K_GET64_NBI: shmem_ctx_get64_nbi(ctx, dst, src, op->bsize, t); break;
        case K_LONG_G:
            for (size_t e = 0; e < op->bsize; e++) {
                long v = shmem_ctx_long_g(ctx, (const long *)src + e, t);
                memcpy(dst + e * sizeof v, &v, sizeof v);
            }
            break;
        case K_IGET64: shmem_ctx_iget64(ctx, dst, src, 1, (ptrdiff_t)op->stride, op->nblocks, t); break;
        case K_IBGET32:
            shmem_ctx_ibget32(ctx, dst, src, (ptrdiff_t)op->bsize, (ptrdiff_t)op->stride,
                              op->bsize, op->nblocks, t);
            break;
        }
        if (op->kind == K_GETMEM_NBI || op->kind == K_GET64_NBI) {
            pending[npending] = op, pending_at[npending++] = used, used += (n + 7) & ~(size_t)7;
        } else {
            check_get(op, dst, scr + half);
        }
    }
}

static void put_one(shmem_ctx_t ctx, const struct soak_op *op, unsigned char *scr)
{
    size_t n = op->nblocks * op->bsize * op->esz;
    unsigned char *dst = remote_area(op) + op->off, *mir = mirror_area(op) + op->off;
    uint64_t *sig = S.sig[op->buf] + (size_t)S.me * SOAK_MAX_SIG + op->word;
    int t = op->target, sig_op = op->sig_add ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
    /* The mirror (my area of the target as it will be) is the source of contiguous puts, so
     * that nbi sources stay untouched until the quiet; strided puts send from scratch. */
    soak_fill(scr, n, op->key);
    soak_scatter(mirror_area(op), op, scr);
    switch (op->kind) {
    case K_PUTMEM: shmem_ctx_putmem(ctx, dst, mir, n, t); break;
    case K_PUTMEM_NBI: shmem_ctx_putmem_nbi(ctx, dst, mir, n, t); break;
    case K_PUT64: shmem_ctx_put64(ctx, dst, mir, op->bsize, t); break;
    case K_PUT32_NBI: shmem_ctx_put32_nbi(ctx, dst, mir, op->bsize, t); break;
    case K_LONG_P:
        for (size_t e = 0; e < op->bsize; e++) {
            long v;
            memcpy(&v, mir + e * sizeof v, sizeof v);
            shmem_ctx_long_p(ctx, (long *)dst + e, v, t);
        }
        break;
    case K_IPUT64: shmem_ctx_iput64(ctx, dst, scr, (ptrdiff_t)op->stride, 1, op->nblocks, t); break;
    case K_IBPUT32:
        shmem_ctx_ibput32(ctx, dst, scr, (ptrdiff_t)op->stride, (ptrdiff_t)op->bsize, op->bsize,
                          op->nblocks, t);
        break;
    case K_PUT_SIGNAL: shmem_ctx_putmem_signal(ctx, dst, mir, n, sig, op->value, sig_op, t); break;
    case K_PUT_SIGNAL_NBI:
        shmem_ctx_putmem_signal_nbi(ctx, dst, mir, n, sig, op->value, sig_op, t);
        break;
    case K_PUT_FENCE_FLAG:
        if (op->key & 1) shmem_ctx_putmem_nbi(ctx, dst, mir, n, t);
        else shmem_ctx_putmem(ctx, dst, mir, n, t);
        shmem_ctx_fence(ctx);
        shmem_ctx_uint64_p(ctx, sig, op->value, t);
        break;
    case K_PUT_QUIET_READBACK:
        shmem_ctx_putmem_nbi(ctx, dst, mir, n, t);
        shmem_ctx_quiet(ctx);
        shmem_ctx_getmem(ctx, scr, dst, n, t);
        soak_compare(scr, mir, n, "readback after quiet", t, op->buf, S.me, op->off);
        break;
    }
}

/* My puts and AMOs of the round (thread < 0: all of them), then a quiet: fetches of nbi AMOs
 * are checked after it. */
void soak_run_puts(shmem_ctx_t ctx, int thread)
{
    const struct soak_op *ops = S.plan + (size_t)S.me * SOAK_MAX_OPS;
    int64_t fetched[SOAK_MAX_OPS];
    for (int i = 0; i < S.nops[S.me]; i++) {
        const struct soak_op *op = &ops[i];
        if (SOAK_IS_GET(op->kind) || !mine(op, thread)) continue;
        S.ops++;
        if (SOAK_IS_AMO(op->kind)) soak_run_amo(ctx, op, &fetched[i]);
        else put_one(ctx, op, scratch_of(thread));
        /* Signals from others that arrive while I am busy are checked at once: a receiver
         * that looks while the data may still be in flight catches a signal that overtook
         * its data. One thread polls. */
        if (thread <= 0) soak_poll_signals();
    }
    shmem_ctx_quiet(ctx);
    for (int i = 0; i < S.nops[S.me]; i++)
        if ((ops[i].kind == K_AMO_FADD_NBI || ops[i].kind == K_AMO_FXOR_NBI) && mine(&ops[i], thread))
            soak_check_amo_nbi(&ops[i], fetched[i]);
}
