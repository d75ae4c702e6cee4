/* Every PE hammers ONE word with a mix of fetch_add, inc/add, compare_swap (increment loops and
 * compares that must fail), swap, fetch and fetch_inc (plain and ctx forms), for int and long,
 * on the heap and in global data, on PE 0 and on the last PE. Then the word's whole history is
 * rebuilt and checked exactly.
 *
 * Why the history is unique: an add moves the word up within a "segment", and a swap moves it
 * to a fresh segment (unique tokens, far apart), so the word never holds the same value twice.
 * Every fetching operation reports a transition old -> new (or, for fetch and failed
 * compare_swaps, a read of the value it saw); the non-fetching incs are only counted. Starting
 * from the initial value, the transitions must chain one after the other, the gaps filled by
 * exactly the number of incs done, and must end at the final value; each value is left by at
 * most one operation (two ops that saw the same old value were not atomic); every read must be
 * a value the word held; and each PE's blocking operations must see the word's history in
 * program order. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define ROUNDS 150
/* Each round records at most one transition, plus a read per failed compare_swap of an
 * increment loop, which contention makes unbounded (8 PEs on 2 cores with MPI's waits
 * yielding: a PE far from the word lost 600+ races in 150 rounds). Reads beyond the room
 * kept for the remaining transitions are left out of the check. */
#define LOGMAX (32 * ROUNDS)

enum { TRANS, READ };
struct rec {
    long long from, to;
    int kind;
    int pad;
};

static int me, npes;
static struct rec *log_; /* symmetric: this PE's operations in program order */
static long *nlog;       /* symmetric: [0] records, [1] incs */

static int round_now; /* rounds begun in this chain: room stays for the others' transitions */

static void record(int kind, long long from, long long to)
{
    if (kind == READ && nlog[0] >= LOGMAX - (ROUNDS - round_now + 1)) return;
    if (nlog[0] < LOGMAX) log_[nlog[0]++] = (struct rec){from, to, kind, 0};
    else CHECK(0, "log full");
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

/* Position of value v in the sorted history values (each value occurs once), or -1. */
static long pos_of(const long long *hist_sorted, const long *hist_pos, long n, long long v)
{
    const long long *p = bsearch(&v, hist_sorted, (size_t)n, sizeof v, cmp_ll);
    return p ? hist_pos[p - hist_sorted] : -1;
}

/* On the home PE: gathers every PE's log and checks the history (see the top comment). */
static void verify(long long init, long long final, const char *what)
{
    long total = 0, incs = 0;
    long *counts = malloc(sizeof(long) * 2 * (size_t)npes);
    for (int p = 0; p < npes; p++) {
        shmem_long_get(&counts[2 * p], nlog, 2, p);
        total += counts[2 * p];
        incs += counts[2 * p + 1];
    }
    struct rec *all = malloc(sizeof *all * (size_t)(total + 1));
    long at = 0;
    for (int p = 0; p < npes; p++) {
        shmem_getmem(&all[at], log_, sizeof *all * (size_t)counts[2 * p], p);
        at += counts[2 * p];
    }
    /* transitions sorted by their old value */
    long ntrans = 0;
    long long *from = malloc(sizeof(long long) * (size_t)(total + 1));
    for (long i = 0; i < total; i++)
        if (all[i].kind == TRANS) from[ntrans++] = all[i].from;
    qsort(from, (size_t)ntrans, sizeof *from, cmp_ll);
    int dups = 0;
    for (long i = 1; i < ntrans; i++) dups += from[i] == from[i - 1];
    CHECK(dups == 0, "%s: %d values were the old value of two operations", what, dups);
    /* next[v]: the transition leaving v, found by binary search on `from` */
    long long *to = malloc(sizeof(long long) * (size_t)(ntrans + 1));
    for (long i = 0; i < total; i++)
        if (all[i].kind == TRANS) {
            long long *f = bsearch(&all[i].from, from, (size_t)ntrans, sizeof *from, cmp_ll);
            to[f - from] = all[i].to;
        }
    /* walk the history */
    long maxhist = ntrans + incs + 1;
    long long *hist = malloc(sizeof(long long) * (size_t)maxhist);
    long nhist = 0, used = 0, incs_left = incs;
    long long cur = init;
    hist[nhist++] = cur;
    int broken = 0;
    while (used < ntrans && !broken) {
        long long *f = bsearch(&cur, from, (size_t)ntrans, sizeof *from, cmp_ll);
        if (f) {
            cur = to[f - from];
            used++;
        } else if (incs_left > 0) {
            cur += 1;
            incs_left--;
        } else {
            broken = 1;
            break;
        }
        if (nhist < maxhist) hist[nhist++] = cur;
        else broken = 1;
    }
    CHECK(!broken, "%s: the history breaks at %lld after %ld of %ld transitions (%ld incs left)",
          what, cur, used, ntrans, incs_left);
    if (!broken) {
        CHECK(cur + incs_left == final, "%s: history ends at %lld + %ld incs, final value %lld",
              what, cur, incs_left, final);
        for (long k = 0; k < incs_left; k++) hist[nhist++] = ++cur;
        /* positions: sort the history values, keeping their order */
        long long *sorted = malloc(sizeof(long long) * (size_t)nhist);
        long *pos = malloc(sizeof(long) * (size_t)nhist);
        memcpy(sorted, hist, sizeof(long long) * (size_t)nhist);
        qsort(sorted, (size_t)nhist, sizeof *sorted, cmp_ll);
        for (long i = 0; i < nhist; i++) {
            long long *s = bsearch(&hist[i], sorted, (size_t)nhist, sizeof *sorted, cmp_ll);
            pos[s - sorted] = i;
        }
        /* reads saw values of the history; each PE's operations see it in program order */
        at = 0;
        int bad_reads = 0, disorder = 0;
        for (int p = 0; p < npes; p++) {
            long lb = 0;
            for (long i = at; i < at + counts[2 * p]; i++) {
                long long seen = all[i].kind == TRANS ? all[i].from : all[i].to;
                long ps = pos_of(sorted, pos, nhist, seen);
                if (ps < 0) {
                    bad_reads++;
                    continue;
                }
                if (ps < lb) disorder++;
                lb = all[i].kind == TRANS ? pos_of(sorted, pos, nhist, all[i].to) : ps;
            }
            at += counts[2 * p];
        }
        CHECK(bad_reads == 0, "%s: %d fetched values the word never held", what, bad_reads);
        CHECK(disorder == 0, "%s: %d operations saw an older state than an earlier one of "
                             "the same PE", what, disorder);
        free(sorted);
        free(pos);
    }
    free(hist);
    free(to);
    free(from);
    free(all);
    free(counts);
}

#define CHAIN(T, N, SHIFT)                                                                \
    static void chain_##N(T *word, int home, const char *what)                            \
    {                                                                                     \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                              \
        nlog[0] = nlog[1] = 0;                                                            \
        if (me == home) *word = 0;                                                        \
        shmem_barrier_all();                                                              \
        T known = 0; /* the last value this PE saw */                                     \
        int ntok = 0;                                                                     \
        for (int r = 0; r < ROUNDS; r++) {                                                \
            round_now = r + 1;                                                            \
            int c = r % 2; /* ctx form */                                                 \
            T d = (T)(1 + (r * 7 + me) % 5), old, got;                                    \
            switch ((r + me) % 7) {                                                       \
            case 0:                                                                       \
                old = c ? shmem_ctx_##N##_atomic_fetch_add(ctx, word, d, home)            \
                        : shmem_##N##_atomic_fetch_add(word, d, home);                    \
                record(TRANS, old, (long long)old + d);                                   \
                known = (T)(old + d);                                                     \
                break;                                                                    \
            case 1:                                                                       \
                switch (r % 3) {                                                          \
                case 0: shmem_##N##_atomic_inc(word, home); break;                        \
                case 1: shmem_ctx_##N##_atomic_inc(ctx, word, home); break;               \
                default: shmem_##N##_atomic_add(word, 1, home); break;                    \
                }                                                                         \
                nlog[1]++;                                                                \
                break;                                                                    \
            case 2: /* increment by compare_swap */                                       \
                for (old = known;; old = got) {                                           \
                    got = c ? shmem_ctx_##N##_atomic_compare_swap(ctx, word, old, (T)(old + 1), home) \
                            : shmem_##N##_atomic_compare_swap(word, old, (T)(old + 1), home); \
                    if (got == old) break;                                                \
                    record(READ, 0, got);                                                 \
                }                                                                         \
                record(TRANS, old, (long long)old + 1);                                   \
                known = (T)(old + 1);                                                     \
                break;                                                                    \
            case 3: { /* a fresh segment */                                               \
                T tok = (T)((T)(1 + me + npes * ntok++) << SHIFT);                        \
                old = c ? shmem_ctx_##N##_atomic_swap(ctx, word, tok, home)               \
                        : shmem_##N##_atomic_swap(word, tok, home);                       \
                record(TRANS, old, tok);                                                  \
                known = tok;                                                              \
                break;                                                                    \
            }                                                                             \
            case 4:                                                                       \
                got = c ? shmem_ctx_##N##_atomic_fetch(ctx, word, home)                   \
                        : shmem_##N##_atomic_fetch(word, home);                           \
                record(READ, 0, got);                                                     \
                known = got;                                                              \
                break;                                                                    \
            case 5: /* a compare that cannot match (odd multiples of 2^(SHIFT-1) never    \
                     * occur): must change nothing and return the value */                \
                got = c ? shmem_ctx_##N##_atomic_compare_swap(ctx, word, (T)1 << (SHIFT - 1), \
                                                              (T)-7, home)                \
                        : shmem_##N##_atomic_compare_swap(word, (T)1 << (SHIFT - 1), (T)-7, home); \
                record(READ, 0, got);                                                     \
                known = got;                                                              \
                break;                                                                    \
            default:                                                                      \
                old = c ? shmem_ctx_##N##_atomic_fetch_inc(ctx, word, home)               \
                        : shmem_##N##_atomic_fetch_inc(word, home);                       \
                record(TRANS, old, (long long)old + 1);                                   \
                known = (T)(old + 1);                                                     \
                break;                                                                    \
            }                                                                             \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        if (me == home) verify(0, *word, what);                                           \
        shmem_barrier_all();                                                              \
    }
/* Segments 2^20 apart for int (the adds stay far below that), 2^32 for long. */
CHAIN(int, int, 20)
CHAIN(long, long, 32)

static int gword_int;
static long gword_long;

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    log_ = shmem_malloc(sizeof(struct rec) * LOGMAX);
    nlog = shmem_calloc(2, sizeof(long));
    long *heap = shmem_calloc(2, sizeof(long));
    int last = npes - 1;
    chain_int((int *)heap, 0, "int, heap, PE 0");
    chain_long(heap + 1, 0, "long, heap, PE 0");
    chain_int((int *)heap, last, "int, heap, last PE");
    chain_long(heap + 1, last, "long, heap, last PE");
    chain_int(&gword_int, last, "int, global, last PE");
    chain_long(&gword_long, 0, "long, global, PE 0");
    shmem_free(heap);
    shmem_free(nlog);
    shmem_free(log_);
    shmem_finalize();
    return test_exit_status();
}
