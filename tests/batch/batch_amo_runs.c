/* Long streams of one non-fetching AMO to many words of one PE: the target may apply such a
 * run of records together (in the MPI AMO mode, one accumulate over all the run's words), and
 * a word named twice in a run must still get both operations. Every PE sends every PE (itself
 * too), on the heap and in globals, 32- and 64-bit, in phases separated by fences:
 *   add     each word of its own region in a shuffled order, then the first DUP words again;
 *   xor     the same, then xor, or and and each once more on the first DUP words;
 *   set     distinct words of its set region, then (after a fence) the first DUP again;
 *   shared  every PE adds to every word of one shared region, each word twice.
 * After a quiet and a barrier each PE checks its own memory exactly against the model. */
#include "batch_util.h"

#include <string.h>

#define MAXPE 8
#define W 300 /* words per region: more than one run (256) */
#define DUP 70

typedef struct {
    uint64_t w64[MAXPE][W], s64[MAXPE][W], shared64[W];
    uint32_t w32[MAXPE][W], s32[MAXPE][W], shared32[W];
} words_t;

static words_t g_words;  /* space 1: globals */
static words_t *h_words; /* space 0: heap */
static int me, n;

static uint64_t val(int p, int i, int phase) { return 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1) ^ (uint64_t)(p * 131 + phase * 977); }

/* The shuffled order PE p visits words in (the same for every target). */
static void order(int p, int *idx)
{
    batch_rng rng = {(uint64_t)p * 7919u + 1u};
    for (int i = 0; i < W; i++) idx[i] = i;
    for (int i = W - 1; i > 0; i--) {
        int j = (int)batch_below(&rng, (size_t)i + 1);
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
}

/* What PE p's operations leave in word i of its regions (64-bit; 32-bit: the low half). */
static uint64_t model_w(int p, int i)
{
    uint64_t v = val(p, i, 0);
    if (i < DUP) v += val(p, i, 1);
    v ^= val(p, i, 2);
    if (i < DUP) {
        v ^= val(p, i, 3);
        v |= val(p, i, 4) & 0x0f0f0f0f0f0f0f0full;
        v &= ~(val(p, i, 5) & 0x00ff00ff00ff00ffull);
    }
    return v;
}

static uint64_t model_s(int p, int i) { return i < DUP ? val(p, i, 7) : val(p, i, 6); }

static void send_to(words_t *w, int t, const int *idx)
{
    /* add: long runs of one operation, then a second add on some words of the run */
    for (int k = 0; k < W; k++) shmem_uint64_atomic_add(&w->w64[me][idx[k]], val(me, idx[k], 0), t);
    for (int i = 0; i < DUP; i++) shmem_uint64_atomic_add(&w->w64[me][i], val(me, i, 1), t);
    for (int k = 0; k < W; k++)
        shmem_uint32_atomic_add(&w->w32[me][idx[k]], (uint32_t)val(me, idx[k], 0), t);
    for (int i = 0; i < DUP; i++) shmem_uint32_atomic_add(&w->w32[me][i], (uint32_t)val(me, i, 1), t);
    shmem_fence();
    for (int k = 0; k < W; k++) shmem_uint64_atomic_xor(&w->w64[me][idx[k]], val(me, idx[k], 2), t);
    for (int k = 0; k < W; k++)
        shmem_uint32_atomic_xor(&w->w32[me][idx[k]], (uint32_t)val(me, idx[k], 2), t);
    for (int i = 0; i < DUP; i++) { /* a second xor, then or and and, on words of the run */
        shmem_uint64_atomic_xor(&w->w64[me][i], val(me, i, 3), t);
        shmem_uint32_atomic_xor(&w->w32[me][i], (uint32_t)val(me, i, 3), t);
    }
    shmem_fence();
    for (int i = 0; i < DUP; i++) {
        shmem_uint64_atomic_or(&w->w64[me][i], val(me, i, 4) & 0x0f0f0f0f0f0f0f0full, t);
        shmem_uint32_atomic_or(&w->w32[me][i], (uint32_t)(val(me, i, 4) & 0x0f0f0f0f0f0f0f0full), t);
    }
    shmem_fence();
    for (int i = 0; i < DUP; i++) {
        shmem_uint64_atomic_and(&w->w64[me][i], ~(val(me, i, 5) & 0x00ff00ff00ff00ffull), t);
        shmem_uint32_atomic_and(&w->w32[me][i],
                                (uint32_t)~(val(me, i, 5) & 0x00ff00ff00ff00ffull), t);
    }
    /* set: distinct words, then after a fence some of them again */
    for (int k = 0; k < W; k++) {
        shmem_uint64_atomic_set(&w->s64[me][idx[k]], val(me, idx[k], 6), t);
        shmem_uint32_atomic_set(&w->s32[me][idx[k]], (uint32_t)val(me, idx[k], 6), t);
    }
    shmem_fence();
    for (int i = 0; i < DUP; i++) {
        shmem_uint64_atomic_set(&w->s64[me][i], val(me, i, 7), t);
        shmem_uint32_atomic_set(&w->s32[me][i], (uint32_t)val(me, i, 7), t);
    }
    /* shared words: adds from every PE, each word twice in one run */
    for (int k = 0; k < W; k++) {
        shmem_uint64_atomic_add(&w->shared64[idx[k]], (uint64_t)(me + 1) << 40 | (uint64_t)idx[k], t);
        shmem_uint64_atomic_add(&w->shared64[idx[(k + 1) % W]], 1, t);
    }
    for (int k = 0; k < W; k++) shmem_uint32_atomic_add(&w->shared32[idx[k]], (uint32_t)(me + 1) * 3, t);
    for (int k = 0; k < W; k++) shmem_uint32_atomic_add(&w->shared32[idx[k]], 1, t);
}

static void check(const words_t *w, const char *space)
{
    for (int p = 0; p < n; p++)
        for (int i = 0; i < W; i++) {
            uint64_t want = model_w(p, i), ws = model_s(p, i);
            CHECK(w->w64[p][i] == want, "%s: 64-bit word %d of PE %d's region: %llx, want %llx",
                  space, i, p, (unsigned long long)w->w64[p][i], (unsigned long long)want);
            CHECK(w->w32[p][i] == (uint32_t)want, "%s: 32-bit word %d of PE %d's region: %x, "
                  "want %x", space, i, p, w->w32[p][i], (uint32_t)want);
            CHECK(w->s64[p][i] == ws, "%s: 64-bit set word %d of PE %d: %llx, want %llx", space,
                  i, p, (unsigned long long)w->s64[p][i], (unsigned long long)ws);
            CHECK(w->s32[p][i] == (uint32_t)ws, "%s: 32-bit set word %d of PE %d: %x, want %x",
                  space, i, p, w->s32[p][i], (uint32_t)ws);
        }
    uint64_t sum_hi = 0;
    uint32_t sum32 = 0;
    for (int p = 0; p < n; p++) {
        sum_hi += (uint64_t)(p + 1) << 40;
        sum32 += (uint32_t)(p + 1) * 3 + 1;
    }
    for (int i = 0; i < W; i++) {
        uint64_t want = sum_hi + (uint64_t)n * (uint64_t)i + (uint64_t)n;
        CHECK(w->shared64[i] == want, "%s: shared 64-bit word %d: %llx, want %llx", space, i,
              (unsigned long long)w->shared64[i], (unsigned long long)want);
        CHECK(w->shared32[i] == sum32, "%s: shared 32-bit word %d: %u, want %u", space, i,
              w->shared32[i], sum32);
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_amo_runs supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_words = shmem_calloc(1, sizeof(words_t));
    int idx[W];
    order(me, idx);
    shmem_barrier_all();
    for (int s = 0; s < n; s++) { /* each PE a different target first */
        int t = (me + s) % n;
        send_to(h_words, t, idx);
        send_to(&g_words, t, idx);
    }
    shmem_quiet();
    shmem_barrier_all();
    check(h_words, "heap");
    check(&g_words, "globals");
    shmem_barrier_all();
    shmem_free(h_words);
    shmem_finalize();
    return test_exit_status();
}
