#define _POSIX_C_SOURCE 200809L
/* Fine-grained blocking remote operations from every PE at once, as bale's AGP phases make
 * them (histogram, index-gather, random permutation): each PE throws N operations, one at a
 * time, each at a random word of a random PE that it reaches through the network (shmem_ptr
 * gives NULL; with -a any PE but itself), and waits for each before the next. Written against
 * OpenSHMEM 1.4 so that other libraries build it too (bench/compare_fine_grained.sh).
 *
 *   fetch_add     shmem_long_atomic_fetch_add(+1): the words' final sum is checked against
 *                 the number of adds, and every fetched value is below it;
 *   compare_swap  counters advanced by compare-and-swap (old -> old + 1, learning the value
 *                 from a failed swap, as randperm's darts do): the words' final sum equals
 *                 the number of swaps that succeeded;
 *   g             shmem_long_g of words whose value names their PE and index: each is checked;
 *   add           shmem_long_atomic_add (non-fetching, histogram) then one quiet: the sum is
 *                 checked.
 *
 * Output, one line per operation, in the format of shmem_bench.c:
 *     <op> fine_np<N> 8 <median> [unit]  max=<...> pe_max=<...>
 * where <median> is the median over repetitions of the median over PEs of each PE's time per
 * operation (ns), max= the largest of those medians' repetition, pe_max= the slowest PE of
 * all repetitions (ns per operation). Options: -n OPS per PE and repetition (default 2000),
 * -r REPS (default 5), -o OP (one operation only), -a (any PE as target, node-local too),
 * -w WORDS per PE (default 1024). Exits 1 on a wrong result. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"

#define MAX_REPS 64

static long n_ops = 2000, words = 1024;
static int reps = 5, any_pe;
static int me, npes;
static int *targets, n_targets;
static long *table;
static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE > 16 ? SHMEM_REDUCE_MIN_WRKDATA_SIZE : 16];
static long red_src[2], red_dst[2];
static double my_ns, all_ns[1024];
static unsigned long long rng;

static unsigned long long next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static long g_value(int pe, long i)
{
    return ((long)pe << 32) | (i * 7 + 3);
}

static long sum_all(long v)
{
    red_src[0] = v;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_sum_to_all(red_dst, red_src, 1, 0, 0, npes, pwrk, psync);
    shmem_barrier_all();
    return red_dst[0];
}

static void fail(const char *op, const char *what, long a, long b)
{
    printf("FAIL fine_grained_bench %s on PE %d: %s (%ld, expected %ld)\n", op, me, what, a, b);
    fflush(stdout);
    shmem_global_exit(1);
}

/* One repetition of `op`; returns this PE's time per operation in ns. */
static double run(const char *op)
{
    long local_sum = 0, succeeded = 0;
    for (long i = 0; i < words; i++) table[i] = strcmp(op, "g") == 0 ? g_value(me, i) : 0;
    shmem_barrier_all();
    double t0 = now_ns();
    if (strcmp(op, "fetch_add") == 0) {
        long limit = n_ops * npes;
        for (long k = 0; k < n_ops; k++) {
            int pe = targets[next_rand() % (unsigned)n_targets];
            long v = shmem_long_atomic_fetch_add(&table[next_rand() % (unsigned long)words], 1, pe);
            if (v < 0 || v >= limit) fail(op, "fetched value out of range", v, limit);
        }
    } else if (strcmp(op, "compare_swap") == 0) {
        for (long k = 0; k < n_ops; k++) {
            int pe = targets[next_rand() % (unsigned)n_targets];
            long *w = &table[next_rand() % (unsigned long)words];
            long guess = 0; /* learned from the swap that fails, as randperm's darts */
            long seen = shmem_long_atomic_compare_swap(w, guess, guess + 1, pe);
            if (seen != guess) {
                guess = seen;
                seen = shmem_long_atomic_compare_swap(w, guess, guess + 1, pe);
            }
            succeeded += seen == guess;
        }
    } else if (strcmp(op, "g") == 0) {
        for (long k = 0; k < n_ops; k++) {
            int pe = targets[next_rand() % (unsigned)n_targets];
            long i = (long)(next_rand() % (unsigned long)words);
            long v = shmem_long_g(&table[i], pe);
            if (v != g_value(pe, i)) fail(op, "wrong word", v, g_value(pe, i));
        }
    } else { /* add */
        for (long k = 0; k < n_ops; k++) {
            int pe = targets[next_rand() % (unsigned)n_targets];
            shmem_long_atomic_add(&table[next_rand() % (unsigned long)words], 1, pe);
        }
        shmem_quiet();
    }
    double per_op = (now_ns() - t0) / (double)n_ops;
    shmem_barrier_all();
    for (long i = 0; i < words; i++) local_sum += table[i];
    if (strcmp(op, "g") != 0) {
        long total = sum_all(local_sum);
        long want = strcmp(op, "compare_swap") == 0 ? sum_all(succeeded) : n_ops * npes;
        if (total != want) fail(op, "sum of the words", total, want);
    }
    return per_op;
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) n_ops = atol(argv[++i]);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "-w") && i + 1 < argc) words = atol(argv[++i]);
        else if (!strcmp(argv[i], "-a")) any_pe = 1;
        else {
            fprintf(stderr, "usage: %s [-n OPS] [-r REPS] [-o OP] [-w WORDS] [-a]\n", argv[0]);
            return 2;
        }
    }
    if (reps < 1) reps = 1;
    if (reps > MAX_REPS) reps = MAX_REPS;
    if (n_ops < 1) n_ops = 1;
    if (words < 1) words = 1;
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes > 1024) {
        if (me == 0) fprintf(stderr, "fine_grained_bench: at most 1024 PEs\n");
        shmem_global_exit(2);
    }
    rng = 0x9E3779B97F4A7C15ull ^ ((unsigned long long)me * 0x100000001B3ull + 1);
    table = shmem_malloc((size_t)words * sizeof *table);
    targets = malloc((size_t)npes * sizeof *targets);
    for (int pe = 0; pe < npes; pe++)
        if (pe != me && (any_pe || shmem_ptr(table, pe) == NULL)) targets[n_targets++] = pe;
    int none = sum_all(n_targets == 0);
    if (none) {
        if (me == 0)
            printf("# fine_grained_bench: %d PE(s) reach no PE through the network "
                   "(one node? use -a)\n", none);
        shmem_finalize();
        return 0;
    }
    static const char *ops[] = {"fetch_add", "compare_swap", "g", "add"};
    for (unsigned o = 0; o < sizeof ops / sizeof *ops; o++) {
        if (only && strcmp(only, ops[o]) != 0) continue;
        double med[MAX_REPS], pe_max = 0;
        run(ops[o]); /* warm-up: connections, first-touch */
        for (int r = 0; r < reps; r++) {
            my_ns = run(ops[o]);
            shmem_barrier_all();
            if (me == 0) {
                for (int pe = 0; pe < npes; pe++) shmem_getmem(&all_ns[pe], &my_ns, sizeof my_ns, pe);
                qsort(all_ns, (size_t)npes, sizeof *all_ns, cmp_double);
                med[r] = all_ns[npes / 2];
                if (all_ns[npes - 1] > pe_max) pe_max = all_ns[npes - 1];
            }
            shmem_barrier_all();
        }
        if (me == 0) {
            double max = 0;
            for (int r = 0; r < reps; r++) max = med[r] > max ? med[r] : max;
            qsort(med, (size_t)reps, sizeof *med, cmp_double);
            printf("%s fine_np%d 8 %.0f  max=%.0f pe_max=%.0f\n", ops[o], npes, med[reps / 2],
                   max, pe_max);
            fflush(stdout);
        }
    }
    shmem_free(table);
    free(targets);
    shmem_finalize();
    return 0;
}
