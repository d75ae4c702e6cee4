/* Put-with-signal after fenced small puts. Every PE, for R rounds, sends every other PE small
 * pieces (1-64 B: putmem, putmem_nbi, char_p) covering an area, shmem_fence, then one
 * putmem_signal (blocking or nbi; small or large data; SHMEM_SIGNAL_SET to the round or
 * SHMEM_SIGNAL_ADD of the difference). The receiver's shmem_signal_wait_until for the round
 * must be followed by every byte of the fenced pieces and of the put-with-signal's data. Two
 * slots by round parity (slot 0's data on the heap, its signal in globals; slot 1 the other
 * way round); a slot is reused only after the receiver has acknowledged its previous round. */
#include "batch_util.h"

#define R 20
#define MAXPE 16
#define SMALL 512
#define SIGDATA 6000

typedef struct {
    unsigned char small[SMALL];
    unsigned char sigdata[SIGDATA];
} area_t;

static area_t g_area[MAXPE];      /* slot 1: [sender] */
static uint64_t g_sig[MAXPE];     /* slot 0's signals */
static long g_ack[MAXPE][2];      /* [receiver][slot] */
static area_t *h_area;            /* slot 0 */
static uint64_t *h_sig;           /* slot 1's signals */
static int me, n;

/* Bytes of the put-with-signal in a round: alternately small and large (direct). */
static size_t sig_bytes(int round)
{
    return round % 4 < 2 ? 1 + (size_t)(round * 29) % 200 : SIGDATA;
}

static void send_round(int round, int to, area_t *src)
{
    int slot = round % 2;
    area_t *dst = slot ? &g_area[me] : &h_area[me];
    uint64_t *sig = slot ? &h_sig[me] : &g_sig[me];
    if (round > 2) shmem_long_wait_until(&g_ack[to][slot], SHMEM_CMP_GE, round - 2);
    for (size_t i = 0; i < SMALL; i++) src->small[i] = batch_byte(i, round, me);
    for (size_t i = 0; i < SIGDATA; i++) src->sigdata[i] = batch_byte(SMALL + i, round, me);
    size_t off = 0;
    for (int k = 0; off < SMALL; k++) {
        size_t size = 1 + (size_t)(k * 19 + round * 5 + me) % 64;
        int method = (k + round) % 3;
        if (method == 2 && size > 6) size = 6;
        if (size > SMALL - off) size = SMALL - off;
        if (method == 0) shmem_putmem(dst->small + off, src->small + off, size, to);
        else if (method == 1) shmem_putmem_nbi(dst->small + off, src->small + off, size, to);
        else
            for (size_t b = 0; b < size; b++)
                shmem_char_p((char *)dst->small + off + b, (char)src->small[off + b], to);
        off += size;
    }
    shmem_fence();
    /* After this round the signal is `round`: SET writes it, ADD adds the step from the slot's
     * previous round (round - 2, or 0 at first). */
    int add = (round / 2) % 2;
    uint64_t value = add ? (round > 2 ? 2 : (uint64_t)round) : (uint64_t)round;
    int op = add ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
    if (round % 3) shmem_putmem_signal(dst->sigdata, src->sigdata, sig_bytes(round), sig, value,
                                       op, to);
    else shmem_putmem_signal_nbi(dst->sigdata, src->sigdata, sig_bytes(round), sig, value, op,
                                 to);
}

static void check_round(int round, int from)
{
    int slot = round % 2;
    area_t *a = slot ? &g_area[from] : &h_area[from];
    uint64_t *sig = slot ? &h_sig[from] : &g_sig[from];
    uint64_t got = shmem_signal_wait_until(sig, SHMEM_CMP_GE, (uint64_t)round);
    CHECK(got == (uint64_t)round, "round %d from PE %d: signal %llu", round, from,
          (unsigned long long)got);
    const char *space = slot ? "globals" : "heap";
    batch_check_bytes(a->small, SMALL, 0, round, from, space);
    batch_check_bytes(a->sigdata, sig_bytes(round), SMALL, round, from, space);
    shmem_long_atomic_set(&g_ack[me][slot], round, from);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_signal supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_area = shmem_calloc((size_t)n, sizeof(area_t));
    h_sig = shmem_calloc((size_t)n, sizeof(uint64_t));
    area_t *src = malloc((size_t)R * (size_t)n * sizeof(area_t)); /* nbi sources: kept */
    if (!h_area || !h_sig || !src) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    for (int round = 1; round <= R; round++) {
        for (int d = 1; d < n; d++) {
            int to = (me + d) % n;
            send_round(round, to, &src[(size_t)(round - 1) * (size_t)n + (size_t)to]);
        }
        for (int d = 1; d < n; d++) check_round(round, (me + n - d) % n);
    }
    shmem_quiet();
    shmem_barrier_all();
    free(src);
    shmem_free(h_sig);
    shmem_free(h_area);
    if (me == 0 && !test_failures) printf("batch_signal: ok (%d PEs, %d rounds)\n", n, R);
    shmem_finalize();
    return test_exit_status();
}
