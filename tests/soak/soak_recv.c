/* The soak's receiving side of put-with-signal and put+fence+flag: every signal slot aimed at
 * this PE this round is polled between the PE's own ops, then waited for in one of several
 * ways (slot by slot with wait_until or test, the _vector set waits, test loops); each op's data is checked as soon as
 * its slot shows the value: the signal must never arrive before its data. Slot values only
 * grow, so the waits are for >= the new value and the value is then checked exactly (a wrong
 * value is reported, not waited for forever). */
#define _POSIX_C_SOURCE 200809L
#include <sched.h>
#include <stdio.h>

#include "soak.h"

#define NSLOTS (SOAK_MAX_PES * SOAK_MAX_SIG)

/* Per buffer: the op behind each slot (index origin * SOAK_MAX_SIG + k), the value to wait
 * for, status 0 while still expected (the set routines' status convention). */
static struct {
    const struct soak_op *op[NSLOTS];
    int origin[NSLOTS];
    uint64_t want[NSLOTS];
    int status[NSLOTS];
    size_t left;
} rx[SOAK_NBUF];

void soak_expect_signals(void)
{
    size_t nslots = (size_t)S.npes * SOAK_MAX_SIG;
    for (int b = 0; b < SOAK_NBUF; b++) {
        rx[b].left = 0;
        for (size_t i = 0; i < nslots; i++) rx[b].status[i] = 1, rx[b].want[i] = 0;
    }
    for (int o = 0; o < S.npes; o++) {
        const struct soak_op *ops = S.plan + (size_t)o * SOAK_MAX_OPS;
        for (int i = 0; i < S.nops[o]; i++) {
            const struct soak_op *op = &ops[i];
            if (op->target != S.me || !SOAK_IS_SIGNALED(op->kind)) continue;
            size_t slot = (size_t)o * SOAK_MAX_SIG + op->word;
            rx[op->buf].op[slot] = op, rx[op->buf].origin[slot] = o;
            rx[op->buf].want[slot] = op->expect, rx[op->buf].status[slot] = 0;
            rx[op->buf].left++;
        }
    }
}

/* Slot i of buffer b has been seen at (or past) its value: exactly its value, and the op's
 * data all there. */
static void arrived(int b, size_t i)
{
    const struct soak_op *op = rx[b].op[i];
    int o = rx[b].origin[i];
    uint64_t seen = shmem_signal_fetch(&S.sig[b][i]);
    if (rx[b].status[i]) {
        soak_error("a set wait/test returned slot %zu again or a masked one", i);
        return;
    }
    rx[b].status[i] = 1, rx[b].left--;
    if (seen != op->expect)
        soak_error("%s: signal slot %d of origin %d (%s): %llu, expected %llu",
                   soak_kind_name(op->kind), op->word, o, b == BUF_HEAP ? "heap" : "global",
                   (unsigned long long)seen, (unsigned long long)op->expect);
    size_t base = (size_t)o * S.area[b] + op->off;
    soak_compare(S.buf[b] + base, S.expect[b] + base, soak_span(op), soak_kind_name(op->kind),
                 S.me, b, o, op->off);
}

void soak_poll_signals(void)
{
    static size_t idx[NSLOTS];
    size_t nslots = (size_t)S.npes * SOAK_MAX_SIG;
    for (int b = 0; b < SOAK_NBUF; b++) {
        if (!rx[b].left) continue;
        size_t got = shmem_uint64_test_some_vector(S.sig[b], nslots, idx, rx[b].status,
                                                   SHMEM_CMP_GE, rx[b].want);
        for (size_t g = 0; g < got; g++) arrived(b, idx[g]);
    }
}

static void receive_buf(int b, uint64_t rng)
{
    static size_t idx[NSLOTS];
    size_t nslots = (size_t)S.npes * SOAK_MAX_SIG;
    uint64_t *sig = S.sig[b], *want = rx[b].want;
    int *status = rx[b].status;
    if (!rx[b].left) return;
    int mode = (int)(rng % 7);
    if (mode == 0) { /* slot by slot */
        for (size_t i = 0; i < nslots; i++) {
            if (status[i]) continue;
            if (i % 3 == 0) (void)shmem_signal_wait_until(&sig[i], SHMEM_CMP_GE, want[i]);
            else if (i % 3 == 1) shmem_uint64_wait_until(&sig[i], SHMEM_CMP_GE, want[i]);
            else
                while (!shmem_uint64_test(&sig[i], SHMEM_CMP_GE, want[i])) sched_yield();
            arrived(b, i);
        }
        return;
    }
    if (mode == 1 || mode == 6) { /* all at once */
        if (mode == 1) shmem_uint64_wait_until_all_vector(sig, nslots, status, SHMEM_CMP_GE, want);
        else
            while (!shmem_uint64_test_all_vector(sig, nslots, status, SHMEM_CMP_GE, want))
                sched_yield();
        for (size_t i = 0; i < nslots; i++)
            if (!status[i]) arrived(b, i);
        return;
    }
    while (rx[b].left) {
        size_t got = 0;
        if (mode == 2) {
            size_t i = shmem_uint64_wait_until_any_vector(sig, nslots, status, SHMEM_CMP_GE, want);
            if (i < nslots) idx[got++] = i;
            else soak_error("wait_until_any_vector found nothing with %zu slots left", rx[b].left);
        } else if (mode == 3) {
            got = shmem_uint64_wait_until_some_vector(sig, nslots, idx, status, SHMEM_CMP_GE, want);
            if (!got) soak_error("wait_until_some_vector found nothing with %zu left", rx[b].left);
        } else if (mode == 4) {
            size_t i = shmem_uint64_test_any_vector(sig, nslots, status, SHMEM_CMP_GE, want);
            if (i < nslots) idx[got++] = i;
            else sched_yield();
        } else {
            got = shmem_uint64_test_some_vector(sig, nslots, idx, status, SHMEM_CMP_GE, want);
            if (!got) sched_yield();
        }
        if (S.errors > 1000) return; /* a broken wait: give up rather than spin */
        for (size_t g = 0; g < got; g++) arrived(b, idx[g]);
    }
}

void soak_receive_signals(void)
{
    uint64_t rng = soak_mix(S.seed + (uint64_t)S.round * 7919 + (uint64_t)S.me);
    for (int b = 0; b < SOAK_NBUF; b++) receive_buf(b, soak_mix(rng + (uint64_t)b));
}
