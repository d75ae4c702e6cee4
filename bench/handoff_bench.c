#define _POSIX_C_SOURCE 200809L
/* Hand-offs between PEs that wait for a flag, as bale's conveyors and exstack2 make them: PE i
 * and PE i + n/2 (on the other host when the PEs are split over two hosts) pass a block back
 * and forth, each send a putmem of the block + shmem_fence + shmem_long_p of a flag, and each
 * side waits for the other's flag
 *   plain  with plain loads, no library call (the library's progress thread must move the
 *          incoming operations: over TCP they complete only while the target progresses MPI);
 *   test   with shmem_long_test in a loop;
 *   wait   in shmem_long_wait_until.
 * Every received block is checked. Prints per mode the median over repetitions of the time of
 * one round trip (two hand-offs) per pair, the slowest repetition, and the median over PEs:
 *     handoff <mode> <bytes> <ns> max= <ns>
 * Options: -n N round trips per repetition (default 200), -r R repetitions (default 5), -b B
 * block bytes (default 256, at most 65536), -m MODE (plain, test, wait; default all), -q quick
 * (-n 20 -r 2). Needs an even number of PEs. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"

#define MAX_BLOCK 65536
enum { PLAIN, TEST, WAIT, MODES };
static const char *const mode_name[MODES] = {"plain", "test", "wait"};

static long flag;
static unsigned char block[MAX_BLOCK];

static void wait_flag(int mode, long value)
{
    if (mode == PLAIN)
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) < value) continue;
    else if (mode == TEST)
        while (!shmem_long_test(&flag, SHMEM_CMP_GE, value)) continue;
    else
        shmem_long_wait_until(&flag, SHMEM_CMP_GE, value);
}

static void hand_off(const unsigned char *src, size_t bytes, long value, int peer)
{
    shmem_putmem(block, src, bytes, peer);
    shmem_fence();
    shmem_long_p(&flag, value, peer);
}

/* The block a hand-off numbered `value` carries. */
static void fill(unsigned char *b, size_t bytes, long value)
{
    for (size_t i = 0; i < bytes; i++) b[i] = (unsigned char)(value * 31 + (long)i);
}

static int check(size_t bytes, long value)
{
    unsigned char want[MAX_BLOCK];
    fill(want, bytes, value);
    return memcmp(block, want, bytes) == 0;
}

int main(int argc, char **argv)
{
    long rounds = 200, reps = 5;
    size_t bytes = 256;
    int only = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-q")) rounds = 20, reps = 2;
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) rounds = atol(argv[++i]);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) reps = atol(argv[++i]);
        else if (!strcmp(argv[i], "-b") && i + 1 < argc) bytes = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
            ++i;
            for (int m = 0; m < MODES; m++)
                if (!strcmp(argv[i], mode_name[m])) only = m;
            if (only < 0) {
                fprintf(stderr, "handoff_bench: unknown mode %s\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "usage: handoff_bench [-n N] [-r R] [-b BYTES] [-m plain|test|wait] [-q]\n");
            return 2;
        }
    }
    if (rounds < 1 || reps < 1 || bytes < 1 || bytes > MAX_BLOCK) {
        fprintf(stderr, "handoff_bench: -n, -r must be >= 1 and -b 1..%d\n", MAX_BLOCK);
        return 2;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (n % 2 != 0) {
        if (me == 0) fprintf(stderr, "handoff_bench needs an even number of PEs\n");
        shmem_global_exit(2);
    }
    int peer = (me + n / 2) % n, starts = me < n / 2;
    static unsigned char src[MAX_BLOCK];
    double *rep_ns = malloc(sizeof(double) * (size_t)reps);
    static double pe_ns[2]; /* [0]: this PE's median, gathered on PE 0 below */
    double *all = shmem_malloc(sizeof(double) * (size_t)n);
    long failed = 0;
    long value = 0; /* the flag only grows: every hand-off carries the next value */
    for (int mode = 0; mode < MODES; mode++) {
        if (only >= 0 && mode != only) continue;
        for (long r = 0; r < reps; r++) {
            shmem_barrier_all();
            double t0 = now_ns();
            for (long i = 0; i < rounds; i++) {
                long out = value + (starts ? 1 : 2), in = value + (starts ? 2 : 1);
                if (starts) {
                    fill(src, bytes, out);
                    hand_off(src, bytes, out, peer);
                    wait_flag(mode, in);
                    failed += !check(bytes, in);
                } else {
                    wait_flag(mode, in);
                    failed += !check(bytes, in);
                    fill(src, bytes, out);
                    hand_off(src, bytes, out, peer);
                }
                value += 2;
            }
            rep_ns[r] = (now_ns() - t0) / (double)rounds;
            shmem_quiet();
        }
        qsort(rep_ns, (size_t)reps, sizeof *rep_ns, cmp_double);
        pe_ns[0] = rep_ns[reps / 2];
        pe_ns[1] = rep_ns[reps - 1];
        shmem_barrier_all();
        shmem_double_p(&all[me], pe_ns[0], 0);
        shmem_barrier_all();
        double med = 0;
        if (me == 0) {
            qsort(all, (size_t)n, sizeof *all, cmp_double);
            med = all[n / 2];
        }
        shmem_barrier_all();
        shmem_double_p(&all[me], pe_ns[1], 0);
        shmem_barrier_all();
        if (me == 0) {
            double worst = 0;
            for (int p = 0; p < n; p++)
                if (all[p] > worst) worst = all[p];
            printf("handoff %-5s %6zu %12.0f max= %.0f\n", mode_name[mode], bytes, med, worst);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    static long failures;
    shmem_long_atomic_add(&failures, failed, 0);
    shmem_barrier_all();
    if (me == 0 && failures != 0) printf("handoff: %ld blocks arrived wrong\n", failures);
    int rc = me == 0 && failures != 0;
    free(rep_ns);
    shmem_free(all);
    shmem_finalize();
    return rc;
}
