/* Non-fetching AMOs stay atomic among themselves and with fetching AMOs on the same words.
 * Every PE hammers words on every PE (itself too), alternately on the heap and in globals:
 * each iteration non-fetching add and inc (32- and 64-bit), or, and, xor (on its own bits of
 * the word: 8 per PE in 64-bit words, 4 in 32-bit ones, so the final value does not depend on
 * the order), and every iteration one kind of fetching AMO on the same words: fetch_add,
 * fetch_add_nbi, compare-swap loops that add / or / xor, fetch_or_nbi, fetch_xor, fetch_and.
 * Every PE computes every word's final value (a model of all PEs' operations); fetched values
 * must lie below it; after each quiet, an atomic fetch must show at least this PE's own adds;
 * at the end every PE checks its own words exactly. */
#include "batch_util.h"

#define MAXPE 8
#define ITER 160
#define QUIET_EVERY 20

typedef struct {
    int64_t a64;
    uint64_t o64, n64, x64;
    int32_t a32;
    uint32_t o32, n32, x32;
} words_t;

static words_t g_words;  /* space 1 */
static words_t *h_words; /* space 0 */
static int me, n;

static words_t *space_words(int space)
{
    return space ? &g_words : h_words;
}

/* PE p's bits: byte p of 64-bit words, nibble p of 32-bit ones. */
static uint64_t or_mask(int p) { return (0x5bu ^ (unsigned)p * 0x11u) & 0xffu; }
static uint64_t and_mask(int p) { return (0xc3u ^ (unsigned)p * 0x25u) & 0xffu; }
static uint64_t xor_byte(int p, int k) { return ((unsigned)p * 37u + (unsigned)k * 11u + 5u) & 0xffu; }
static uint64_t cas_xor_byte(int p, int k) { return ((unsigned)k * 7u + (unsigned)p) & 0xffu; }
static uint64_t bit64(int p, uint64_t byte) { return byte << (8 * p); }
static uint32_t bit32(int p, uint64_t byte) { return (uint32_t)((byte & 0xfu) << (4 * p)); }

/* The non-fetching or / and operands of PE p's iteration k: one bit of its masks (maybe 0). */
static uint64_t or_bit(int p, int k) { return or_mask(p) & (1u << (k % 8)); }
static uint64_t and_bit(int p, int k) { return and_mask(p) & (1u << (k % 8)); }

/* What PE p's iteration k does to a PE's words (every target gets the same). */
static void model(int p, int k, words_t *w /* [2] */)
{
    words_t *s = &w[k % 2];
    int64_t v = k % 7 + 1;
    s->a64 += v + 1;
    s->a32 += (int32_t)v + 1;
    s->o64 |= bit64(p, or_bit(p, k));
    s->o32 |= bit32(p, or_bit(p, k));
    s->n64 &= ~bit64(p, and_bit(p, k));
    s->n32 &= ~bit32(p, and_bit(p, k));
    s->x64 ^= bit64(p, xor_byte(p, k));
    s->x32 ^= bit32(p, xor_byte(p, k));
    switch (k % 4) {
    case 0: s->a64 += 3; s->a32 += 3; break;
    case 1: s->a64 += 5; s->a32 += 5; break;
    case 2: s->o64 |= bit64(p, or_mask(p)); s->o32 |= bit32(p, or_mask(p)); break;
    default:
        s->x64 ^= bit64(p, cas_xor_byte(p, k));
        s->x32 ^= bit32(p, cas_xor_byte(p, k));
        s->n64 &= ~bit64(p, and_mask(p));
        break;
    }
}

static void init_words(words_t *w)
{
    *w = (words_t){0};
    w->n64 = ~0ull;
    w->n32 = ~0u;
}

/* Fetched values kept for the end: blocking ones checked at once, nbi ones after the quiet. */
typedef struct {
    int64_t f64;
    int32_t f32;
    uint32_t fo32;
    int space;
} fetched_t;

static void issue(int k, int t, const words_t *final /* [2] */, fetched_t *nbi)
{
    int space = k % 2;
    words_t *w = space_words(space);
    const words_t *fin = &final[space];
    int64_t v = k % 7 + 1;
    shmem_int64_atomic_add(&w->a64, v, t);
    shmem_int64_atomic_inc(&w->a64, t);
    shmem_int32_atomic_add(&w->a32, (int32_t)v, t);
    shmem_int32_atomic_inc(&w->a32, t);
    shmem_uint64_atomic_or(&w->o64, bit64(me, or_bit(me, k)), t);
    shmem_uint32_atomic_or(&w->o32, bit32(me, or_bit(me, k)), t);
    shmem_uint64_atomic_and(&w->n64, ~bit64(me, and_bit(me, k)), t);
    shmem_uint32_atomic_and(&w->n32, ~bit32(me, and_bit(me, k)), t);
    shmem_uint64_atomic_xor(&w->x64, bit64(me, xor_byte(me, k)), t);
    shmem_uint32_atomic_xor(&w->x32, bit32(me, xor_byte(me, k)), t);
    nbi->space = space;
    switch (k % 4) {
    case 0: {
        int64_t old = shmem_int64_atomic_fetch_add(&w->a64, 3, t);
        CHECK(old >= 0 && old + 3 <= fin->a64, "fetch_add on PE %d gave %lld (final %lld)", t,
              (long long)old, (long long)fin->a64);
        shmem_int32_atomic_fetch_add_nbi(&nbi->f32, &w->a32, 3, t);
        break;
    }
    case 1: {
        int64_t old = shmem_int64_atomic_fetch(&w->a64, t), got;
        while ((got = shmem_int64_atomic_compare_swap(&w->a64, old, old + 5, t)) != old) old = got;
        int32_t old32 = shmem_int32_atomic_fetch(&w->a32, t), got32;
        while ((got32 = shmem_int32_atomic_compare_swap(&w->a32, old32, old32 + 5, t)) != old32)
            old32 = got32;
        CHECK(old + 5 <= fin->a64 && old32 + 5 <= fin->a32, "compare_swap add on PE %d: %lld %d",
              t, (long long)old, old32);
        break;
    }
    case 2: {
        uint64_t old = shmem_uint64_atomic_fetch(&w->o64, t), got;
        while ((got = shmem_uint64_atomic_compare_swap(&w->o64, old, old | bit64(me, or_mask(me)),
                                                      t)) != old)
            old = got;
        CHECK((old & ~fin->o64) == 0, "compare_swap or on PE %d: %llx outside %llx", t,
              (unsigned long long)old, (unsigned long long)fin->o64);
        shmem_uint32_atomic_fetch_or_nbi(&nbi->fo32, &w->o32, bit32(me, or_mask(me)), t);
        break;
    }
    default: {
        uint64_t old = shmem_uint64_atomic_fetch(&w->x64, t), got;
        uint64_t x = bit64(me, cas_xor_byte(me, k));
        while ((got = shmem_uint64_atomic_compare_swap(&w->x64, old, old ^ x, t)) != old)
            old = got;
        (void)shmem_uint32_atomic_fetch_xor(&w->x32, bit32(me, cas_xor_byte(me, k)), t);
        uint64_t before = shmem_uint64_atomic_fetch_and(&w->n64, ~bit64(me, and_mask(me)), t);
        CHECK((before & fin->n64) == fin->n64, "fetch_and on PE %d: %llx lacks bits of %llx", t,
              (unsigned long long)before, (unsigned long long)fin->n64);
        break;
    }
    }
}

static void check_final(const words_t *got, const words_t *want, const char *space)
{
    CHECK(got->a64 == want->a64, "%s a64 %lld, want %lld", space, (long long)got->a64,
          (long long)want->a64);
    CHECK(got->a32 == want->a32, "%s a32 %d, want %d", space, got->a32, want->a32);
    CHECK(got->o64 == want->o64, "%s o64 %llx, want %llx", space, (unsigned long long)got->o64,
          (unsigned long long)want->o64);
    CHECK(got->o32 == want->o32, "%s o32 %x, want %x", space, got->o32, want->o32);
    CHECK(got->n64 == want->n64, "%s n64 %llx, want %llx", space, (unsigned long long)got->n64,
          (unsigned long long)want->n64);
    CHECK(got->n32 == want->n32, "%s n32 %x, want %x", space, got->n32, want->n32);
    CHECK(got->x64 == want->x64, "%s x64 %llx, want %llx", space, (unsigned long long)got->x64,
          (unsigned long long)want->x64);
    CHECK(got->x32 == want->x32, "%s x32 %x, want %x", space, got->x32, want->x32);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_amo_atomic supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_words = shmem_malloc(sizeof(words_t));
    fetched_t *nbi = malloc((size_t)QUIET_EVERY * (size_t)n * sizeof(fetched_t));
    if (!h_words || !nbi) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    init_words(h_words);
    init_words(&g_words);
    words_t final[2], mine[2];
    init_words(&final[0]);
    init_words(&final[1]);
    for (int p = 0; p < n; p++)
        for (int k = 0; k < ITER; k++) model(p, k, final);
    init_words(&mine[0]);
    init_words(&mine[1]);
    shmem_barrier_all();
    for (int k = 0; k < ITER; k++) {
        for (int d = 0; d < n; d++) {
            int t = (me + d) % n;
            issue(k, t, final, &nbi[(size_t)(k % QUIET_EVERY) * (size_t)n + (size_t)d]);
        }
        model(me, k, mine);
        if (k % QUIET_EVERY == QUIET_EVERY - 1) {
            shmem_quiet();
            for (int i = 0; i < QUIET_EVERY * n; i++) {
                const words_t *fin = &final[nbi[i].space];
                if ((i / n) % 4 == 0)
                    CHECK(nbi[i].f32 >= 0 && nbi[i].f32 + 3 <= fin->a32,
                          "fetch_add_nbi gave %d (final %d)", nbi[i].f32, fin->a32);
                if ((i / n) % 4 == 2)
                    CHECK((nbi[i].fo32 & ~fin->o32) == 0, "fetch_or_nbi gave %x outside %x",
                          nbi[i].fo32, fin->o32);
            }
            /* Completed: every target's add words hold at least this PE's own additions. */
            for (int t = 0; t < n; t++)
                for (int s = 0; s < 2; s++) {
                    int64_t a = shmem_int64_atomic_fetch(&space_words(s)->a64, t);
                    int32_t a32 = shmem_int32_atomic_fetch(&space_words(s)->a32, t);
                    CHECK(a >= mine[s].a64 && a32 >= mine[s].a32,
                          "after quiet at iteration %d PE %d space %d: %lld / %d, own adds alone "
                          "%lld / %d", k, t, s, (long long)a, a32, (long long)mine[s].a64,
                          mine[s].a32);
                }
        }
    }
    shmem_quiet();
    shmem_barrier_all();
    check_final(h_words, &final[0], "heap");
    check_final(&g_words, &final[1], "globals");
    shmem_barrier_all();
    free(nbi);
    shmem_free(h_words);
    if (me == 0 && !test_failures) printf("batch_amo_atomic: ok (%d PEs)\n", n);
    shmem_finalize();
    return test_exit_status();
}
