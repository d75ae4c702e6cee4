/* put-with-signal delivers the data before the signal: a receiver that has waited for the
 * signal (shmem_signal_wait_until) must see every byte of the transfer.
 *
 * 1. Ping-pong between PE pairs (an odd PE out plays both sides with itself), 1 B to 4 MiB,
 *    many rounds, cycling through the forms: putmem / sized / typed, blocking / nbi, plain /
 *    ctx, SET / ADD. Every round's signal value is exact: SET writes round + 1, ADD adds 1.
 * 2. All-to-one with ADD: every other PE puts its block into the root's buffer and adds 1 to
 *    the root's signal; the root waits until the signal equals n_pes - 1 and checks every
 *    block. The root rotates. Data on the heap and in global arrays, signals likewise. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define MAXBYTES (4u << 20)
#define GLOBBYTES (256u << 10)
#define NFORMS 12

static int me, npes;
static unsigned char gbuf[GLOBBYTES];
static uint64_t gsig[2];

static unsigned char pattern(size_t i, int round, int sender)
{
    return (unsigned char)(i * 7 + (i >> 9) * 3 + (size_t)round * 13 + (size_t)sender * 101 + 1);
}

/* Sends `bytes` of src to dest on pe with form f and the given signal update. */
static void put_signal(int f, void *dest, const void *src, size_t bytes, uint64_t *sig,
                       uint64_t value, int op, int pe)
{
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    switch (f) {
    case 0: shmem_putmem_signal(dest, src, bytes, sig, value, op, pe); break;
    case 1: shmem_putmem_signal_nbi(dest, src, bytes, sig, value, op, pe); break;
    case 2: shmem_ctx_putmem_signal(ctx, dest, src, bytes, sig, value, op, pe); break;
    case 3: shmem_ctx_putmem_signal_nbi(ctx, dest, src, bytes, sig, value, op, pe); break;
    /* sized and typed forms: the callers pass byte counts that the element size divides */
    case 4: shmem_put8_signal(dest, src, bytes, sig, value, op, pe); break;
    case 5: shmem_put16_signal_nbi(dest, src, bytes / 2, sig, value, op, pe); break;
    case 6: shmem_ctx_put32_signal(ctx, dest, src, bytes / 4, sig, value, op, pe); break;
    case 7: shmem_ctx_put64_signal_nbi(ctx, dest, src, bytes / 8, sig, value, op, pe); break;
    case 8: shmem_put128_signal(dest, src, bytes / 16, sig, value, op, pe); break;
    case 9: shmem_char_put_signal_nbi(dest, src, bytes, sig, value, op, pe); break;
    case 10: shmem_ctx_int_put_signal(ctx, dest, src, bytes / 4, sig, value, op, pe); break;
    default: shmem_put_signal((long *)dest, (const long *)src, bytes / 8, sig, value, op, pe); break;
    }
}

/* The largest byte count <= bytes that form f can send (its element size divides it). */
static size_t fit(int f, size_t bytes)
{
    static const size_t elem[NFORMS] = {1, 1, 1, 1, 1, 2, 4, 8, 16, 1, 4, 8};
    size_t e = elem[f];
    return bytes < e ? e : bytes / e * e;
}

static int check_bytes(const unsigned char *buf, size_t bytes, int round, int sender,
                       const char *what)
{
    for (size_t i = 0; i < bytes; i++)
        if (buf[i] != pattern(i, round, sender)) {
            CHECK(0, "%s round %d from PE %d, %zu bytes: byte %zu is %u, want %u", what, round,
                  sender, bytes, i, buf[i], pattern(i, round, sender));
            return 0;
        }
    return 1;
}

static void ping_pong(unsigned char *heap, uint64_t *hsig, unsigned char *src)
{
    static const size_t sizes[] = {1, 2, 8, 24, 100, 1000, 4096, 65536 + 16, 1u << 20, MAXBYTES};
    int partner = (me ^ 1) < npes ? me ^ 1 : me;
    int first = me <= partner; /* sends first */
    int round = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int rounds = sizes[s] <= 4096 ? 24 : sizes[s] <= 65536 + 16 ? 8 : 3;
        for (int k = 0; k < rounds; k++, round++) {
            int f = round % NFORMS;
            int global = sizes[s] <= GLOBBYTES && round % 3 == 1;
            unsigned char *buf = global ? gbuf : heap;
            uint64_t *sig = round % 2 ? &gsig[0] : hsig;
            int op = round % 4 < 2 ? SHMEM_SIGNAL_SET : SHMEM_SIGNAL_ADD;
            size_t bytes = fit(f, sizes[s]);
            /* After round r every signal word holds r + 1 (SET r + 1, or ADD 1 to r); both
             * words take part in every round so that they stay in step. */
            uint64_t value = op == SHMEM_SIGNAL_SET ? (uint64_t)round + 1 : 1;
            for (int turn = 0; turn < 2; turn++) {
                int sending = (turn == 0) == first;
                if (partner == me || sending) {
                    for (size_t i = 0; i < bytes; i++) src[i] = pattern(i, round, me);
                    put_signal(f, buf, src, bytes, sig, value, op, partner);
                    uint64_t *other = sig == hsig ? &gsig[0] : hsig;
                    shmem_signal_add(other, 1, partner);
                }
                if (partner == me || !sending) {
                    uint64_t got = shmem_signal_wait_until(sig, SHMEM_CMP_EQ, (uint64_t)round + 1);
                    CHECK(got == (uint64_t)round + 1, "signal_wait_until returned %llu",
                          (unsigned long long)got);
                    check_bytes(buf, bytes, round, partner, global ? "global" : "heap");
                    uint64_t *other = sig == hsig ? &gsig[0] : hsig;
                    shmem_signal_wait_until(other, SHMEM_CMP_EQ, (uint64_t)round + 1);
                }
                /* The source may be reused once the nbi transfer is complete. */
                shmem_quiet();
                if (partner == me) break;
            }
        }
    }
    shmem_barrier_all();
}

static void all_to_one(unsigned char *heap, uint64_t *hsig, unsigned char *src)
{
    static const size_t blocks[] = {1, 8, 1000, 65536, 512u << 10};
    int round = 0;
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        int rounds = blocks[b] <= 1000 ? 16 : 4;
        for (int k = 0; k < rounds; k++, round++) {
            int root = round % npes, f = round % NFORMS;
            size_t blk = fit(f, blocks[b]);
            int global = blk * (size_t)npes <= GLOBBYTES && round % 2;
            unsigned char *buf = global ? gbuf : heap;
            uint64_t *sig = round % 3 == 2 ? &gsig[1] : hsig;
            if (me != root) {
                for (size_t i = 0; i < blk; i++) src[i] = pattern(i, round, me);
                put_signal(f, buf + (size_t)me * blk, src, blk, sig, 1, SHMEM_SIGNAL_ADD, root);
                shmem_quiet();
            } else {
                uint64_t want = (uint64_t)npes - 1;
                uint64_t got = shmem_signal_wait_until(sig, SHMEM_CMP_GE, want);
                CHECK(got == want, "all-to-one round %d: signal %llu, want %llu", round,
                      (unsigned long long)got, (unsigned long long)want);
                for (int p = 0; p < npes; p++)
                    if (p != me)
                        check_bytes(buf + (size_t)p * blk, blk, round, p, "all-to-one");
                CHECK(shmem_signal_fetch(sig) == want, "all-to-one fetch");
                shmem_signal_set(sig, 0, me); /* reset for the next round */
            }
            shmem_barrier_all();
        }
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    size_t gather = (size_t)npes * (512u << 10);
    unsigned char *heap = shmem_malloc(gather > MAXBYTES ? gather : MAXBYTES);
    uint64_t *hsig = shmem_calloc(1, sizeof(uint64_t));
    unsigned char *src = malloc(MAXBYTES);
    CHECK(heap && hsig && src, "allocation");
    shmem_barrier_all();
    ping_pong(heap, hsig, src);
    *hsig = gsig[0] = gsig[1] = 0;
    shmem_barrier_all();
    all_to_one(heap, hsig, src);
    free(src);
    shmem_free(hsig);
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
