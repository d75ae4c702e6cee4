/* Progress without library calls, conveyor style (as bale's conveyors and openshmem-examples'
 * ptp do): every PE sends blocks around a ring with put + fence + flag put, and the receiver
 * waits for the flag with plain loads (no OpenSHMEM call), then checks the block and answers
 * through the same kind of hand-off the other way round. Across nodes the fence and the puts
 * complete only if the target keeps MPI progressing while it polls its memory by itself: the
 * library's progress thread. A PE that sees no flag within the time limit reports a stall
 * (the run fails instead of hanging). Heap and global buffers, blocks of 8 B to 64 KiB. */
#define _POSIX_C_SOURCE 200809L
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

#define ROUNDS 40
#define MAX_BLOCK (64 * 1024)
#define STALL_SECONDS 60.0

static char global_block[MAX_BLOCK];
static long global_flag[2]; /* [0] from the left neighbour, [1] from the right */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Waits with plain loads only (and sched_yield: the PEs share cores); 0 if it stalled. */
static int wait_plain(volatile long *flag, long want)
{
    double start = now();
    unsigned spins = 0;
    while (*flag != want) {
        sched_yield();
        if ((++spins & 255) == 0 && now() - start > STALL_SECONDS) return 0;
    }
    return 1;
}

static void fill(char *p, size_t n, int pe, int round)
{
    for (size_t i = 0; i < n; i++) p[i] = (char)(pe * 31 + round * 7 + (int)i);
}

static size_t check(const char *p, size_t n, int pe, int round)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) bad += p[i] != (char)(pe * 31 + round * 7 + (int)i);
    return bad;
}

static void run(char *block, long *flag, const char *what)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    char *src = malloc(MAX_BLOCK);
    for (int r = 1; r <= ROUNDS; r++) {
        size_t len = (size_t)8 << (r % 14); /* 8 B .. 64 KiB */
        if (len > MAX_BLOCK) len = MAX_BLOCK;
        /* Forward: block to the right neighbour, then its flag; the receiver polls. */
        fill(src, len, me, r);
        shmem_putmem(block, src, len, right);
        shmem_fence();
        shmem_long_p(&flag[0], r, right);
        if (!wait_plain(&flag[0], r)) {
            CHECK(0, "%s: round %d: no block from PE %d after %.0f s (no progress)", what, r,
                  left, STALL_SECONDS);
            break;
        }
        size_t bad = check(block, len, left, r);
        CHECK(bad == 0, "%s: round %d: %zu of %zu bytes from PE %d wrong", what, r, bad, len,
              left);
        /* Backward: an acknowledgement to the left neighbour, which polls for it; only then
         * may the right neighbour's next block overwrite ours. */
        shmem_long_p(&flag[1], r, left);
        shmem_quiet();
        if (!wait_plain(&flag[1], r)) {
            CHECK(0, "%s: round %d: no acknowledgement from PE %d after %.0f s", what, r, right,
                  STALL_SECONDS);
            break;
        }
    }
    free(src);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    if (shmem_n_pes() > 1) {
        char *heap_block = shmem_malloc(MAX_BLOCK);
        long *heap_flag = shmem_calloc(2, sizeof(long));
        shmem_barrier_all();
        run(heap_block, heap_flag, "heap");
        run(global_block, global_flag, "globals");
        shmem_free(heap_flag);
        shmem_free(heap_block);
    }
    if (shmem_my_pe() == 0 && !test_failures) printf("progress_conveyor: ok\n");
    shmem_finalize();
    return test_exit_status();
}
