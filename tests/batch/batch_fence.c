/* Fence orders batched small operations before what follows. Every PE, for R rounds, sends
 * every other PE: small pieces (1-64 B, through putmem, putmem_nbi, char_p and char_put_nbi)
 * covering an area, eight long_p, one large put (direct: > 4 KiB, blocking or nbi) and an
 * atomic add and inc on a counter, all stamped with the round; then shmem_fence; then a flag =
 * round (atomic_set or long_p). The receiver waits for each round's flag and must then see
 * every byte of that round and the counter's exact value. Two slots by round parity: slot 0's
 * data on the heap (its flag in a global), slot 1's in globals (flag on the heap); a sender
 * reuses a slot only after the receiver has acknowledged the round before in it. */
#include "batch_util.h"

#include <string.h>

#define R 20
#define MAXPE 16
#define SMALL 720
#define NL 8
#define LARGE 6000

typedef struct {
    unsigned char small[SMALL];
    long longs[NL];
    unsigned char large[LARGE];
} area_t;

static area_t g_area[MAXPE];   /* slot 1: [sender] */
static long g_counter[MAXPE];  /* slot 1 */
static long g_flag[MAXPE];     /* slot 0's flags */
static long g_ack[MAXPE][2];   /* [receiver][slot]: last round the receiver has checked */
static area_t *h_area;         /* slot 0: [sender] */
static long *h_counter, *h_flag;
static int me, n;

static long long_value(int round, int sender, int k)
{
    return (long)round * 1000003L + (long)sender * 1009L + k + 1;
}

/* The counter's value once round `round` (in its slot) is in: rounds of the same parity each
 * add round and increment by one. */
static long counter_after(int round)
{
    long sum = 0;
    for (int k = round; k > 0; k -= 2) sum += k + 1;
    return sum;
}

static void send_round(int round, int to, area_t *src)
{
    int slot = round % 2;
    area_t *dst = slot ? &g_area[me] : &h_area[me];
    long *counter = slot ? &g_counter[me] : &h_counter[me];
    long *flag = slot ? &h_flag[me] : &g_flag[me];
    if (round > 2) shmem_long_wait_until(&g_ack[to][slot], SHMEM_CMP_GE, round - 2);
    /* nbi sources must stay until a quiet: every round and target has its own. */
    for (size_t i = 0; i < SMALL; i++) src->small[i] = batch_byte(i, round, me);
    for (size_t i = 0; i < LARGE; i++) src->large[i] = batch_byte(SMALL + i, round, me);
    size_t off = 0;
    for (int k = 0; off < SMALL; k++) {
        size_t size = 1 + (size_t)(k * 13 + round * 7 + me * 3) % 64;
        int method = (k + round) % 4;
        if (method == 2 && size > 8) size = 8;
        if (size > SMALL - off) size = SMALL - off;
        switch (method) {
        case 0: shmem_putmem(dst->small + off, src->small + off, size, to); break;
        case 1: shmem_putmem_nbi(dst->small + off, src->small + off, size, to); break;
        case 2:
            for (size_t b = 0; b < size; b++)
                shmem_char_p((char *)dst->small + off + b, (char)src->small[off + b], to);
            break;
        default:
            shmem_char_put_nbi((char *)dst->small + off, (const char *)src->small + off, size,
                               to);
            break;
        }
        off += size;
    }
    for (int k = 0; k < NL; k++) shmem_long_p(&dst->longs[k], long_value(round, me, k), to);
    if (round % 3) shmem_putmem(dst->large, src->large, LARGE, to);
    else shmem_putmem_nbi(dst->large, src->large, LARGE, to);
    shmem_long_atomic_add(counter, round, to);
    shmem_long_atomic_inc(counter, to);
    shmem_fence();
    if ((round / 2) % 2) shmem_long_atomic_set(flag, round, to);
    else shmem_long_p(flag, round, to);
}

static void check_round(int round, int from)
{
    int slot = round % 2;
    area_t *a = slot ? &g_area[from] : &h_area[from];
    long *counter = slot ? &g_counter[from] : &h_counter[from];
    long *flag = slot ? &h_flag[from] : &g_flag[from];
    shmem_long_wait_until(flag, SHMEM_CMP_GE, round);
    CHECK(*flag == round, "round %d from PE %d: flag %ld", round, from, *flag);
    const char *space = slot ? "globals" : "heap";
    batch_check_bytes(a->small, SMALL, 0, round, from, space);
    batch_check_bytes(a->large, LARGE, SMALL, round, from, space);
    for (int k = 0; k < NL; k++)
        CHECK(a->longs[k] == long_value(round, from, k), "%s round %d from PE %d: long %d is %ld",
              space, round, from, k, a->longs[k]);
    CHECK(*counter == counter_after(round), "%s round %d from PE %d: counter %ld, want %ld",
          space, round, from, *counter, counter_after(round));
    shmem_long_atomic_set(&g_ack[me][slot], round, from);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_fence supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_area = shmem_calloc((size_t)n, sizeof(area_t));
    h_counter = shmem_calloc((size_t)n, sizeof(long));
    h_flag = shmem_calloc((size_t)n, sizeof(long));
    area_t *src = malloc((size_t)R * (size_t)n * sizeof(area_t));
    CHECK(h_area && h_counter && h_flag && src, "allocation");
    if (!(h_area && h_counter && h_flag && src)) shmem_global_exit(1);
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
    shmem_free(h_flag);
    shmem_free(h_counter);
    shmem_free(h_area);
    if (me == 0 && !test_failures) printf("batch_fence: ok (%d PEs, %d rounds)\n", n, R);
    shmem_finalize();
    return test_exit_status();
}
