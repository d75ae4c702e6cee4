/* The pattern of issue 12's outside soak that read thousands of wrong elements in the
 * simulated two-node mode: every PE does 10,000 shmem_long_p to a target, then
 * shmem_barrier_all (which must complete them all), then the target checks every element.
 * Two patterns, on the symmetric heap and on a global array, repeated with new values:
 *   all-to-one: every PE writes its 10,000 elements to one target (a different one each rep);
 *   all-to-all: every PE writes 10,000 elements to every PE, targets interleaved per element.
 * Usage: soak_longp [-r reps] [-s seed]. Exact results; exits non-zero on any wrong element. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define ELEMS 10000
#define MAX_PES 16

static long global_slots[MAX_PES * ELEMS]; /* [origin][ELEMS] on every PE */

/* The value origin writes to element i in repetition rep: all distinct, never 0 or -1. */
static long value_of(uint64_t seed, int rep, int pattern, int origin, int i)
{
    uint64_t v = seed * 0x9e3779b97f4a7c15ULL + ((uint64_t)rep << 40) +
                 ((uint64_t)pattern << 36) + ((uint64_t)origin << 20) + (uint64_t)i + 1;
    return (long)(v & 0x7fffffffffffffffULL);
}

/* Checks the slots of every origin that wrote to this PE; returns the wrong elements. */
static long check_slots(const long *slots, uint64_t seed, int rep, int pattern, int npes,
                        const char *where)
{
    long wrong = 0;
    for (int o = 0; o < npes; o++)
        for (int i = 0; i < ELEMS; i++) {
            long want = value_of(seed, rep, pattern, o, i);
            long got = slots[(size_t)o * ELEMS + i];
            if (got != want) {
                if (wrong < 5)
                    fprintf(stderr,
                            "soak_longp: PE %d %s rep %d pattern %d origin %d element %d: "
                            "expected %ld got %ld (seed %" PRIu64 ")\n",
                            shmem_my_pe(), where, rep, pattern, o, i, want, got, seed);
                wrong++;
            }
        }
    return wrong;
}

int main(int argc, char **argv)
{
    int reps = 4, opt;
    uint64_t seed = 12;
    while ((opt = getopt(argc, argv, "r:s:")) != -1) {
        if (opt == 'r') reps = atoi(optarg);
        else if (opt == 's') seed = strtoull(optarg, NULL, 0);
        else {
            fprintf(stderr, "usage: soak_longp [-r reps] [-s seed]\n");
            return 2;
        }
    }
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes > MAX_PES) {
        if (me == 0) fprintf(stderr, "soak_longp: at most %d PEs\n", MAX_PES);
        shmem_global_exit(2);
    }
    long *heap_slots = shmem_malloc(sizeof(long) * ELEMS * (size_t)npes);
    if (!heap_slots) shmem_global_exit(2);
    if (me == 0) printf("soak_longp: seed %" PRIu64 ", %d reps, %d PEs\n", seed, reps, npes);

    long wrong = 0, checked = 0;
    for (int rep = 0; rep < reps; rep++) {
        for (int where = 0; where < 2; where++) {
            long *slots = where ? global_slots : heap_slots;
            const char *name = where ? "global" : "heap";
            /* Stale contents must not pass the check: clear, then a barrier before writes. */
            memset(slots, 0, sizeof(long) * ELEMS * (size_t)npes);
            shmem_barrier_all();
            /* all-to-one */
            int target = rep % npes;
            for (int i = 0; i < ELEMS; i++)
                shmem_long_p(&slots[(size_t)me * ELEMS + i], value_of(seed, rep, 0, me, i),
                             target);
            shmem_barrier_all();
            if (me == target) {
                wrong += check_slots(slots, seed, rep, 0, npes, name);
                checked += (long)npes * ELEMS;
            }
            memset(slots, 0, sizeof(long) * ELEMS * (size_t)npes);
            shmem_barrier_all();
            /* all-to-all, each element to every PE before the next element */
            for (int i = 0; i < ELEMS; i++)
                for (int k = 0; k < npes; k++)
                    shmem_long_p(&slots[(size_t)me * ELEMS + i], value_of(seed, rep, 1, me, i),
                                 (me + k) % npes);
            shmem_barrier_all();
            wrong += check_slots(slots, seed, rep, 1, npes, name);
            checked += (long)npes * ELEMS;
            shmem_barrier_all();
        }
    }
    static long total_wrong, my_wrong, total_checked, my_checked;
    my_wrong = wrong;
    my_checked = checked;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &total_wrong, &my_wrong, 1);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &total_checked, &my_checked, 1);
    if (me == 0)
        printf("soak_longp: %d reps, %ld elements checked, %ld wrong\n", reps, total_checked,
               total_wrong);
    shmem_free(heap_slots);
    shmem_finalize();
    return total_wrong ? EXIT_FAILURE : EXIT_SUCCESS;
}
