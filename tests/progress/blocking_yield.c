/* The library's blocking MPI calls and MPICH 5's yield at every poll of them at
 * MPI_THREAD_MULTIPLE (quirk mpich-mt-poll-yield; src/transport/mpi/quirks/mpich_mt_poll_yield.c):
 * each PE makes remote operations whose completion waits in MPI (fetching AMOs, compare-and-swap,
 * put + quiet, gets, barriers) on the heap and on static data at its successor, checks every
 * result, and then checks what the interposed sched_yield did: where the remedy is on (the entry
 * applies and MPI runs at MPI_THREAD_MULTIPLE) at most one call in 16 made inside those blocking
 * calls reached the C library, unless PEs shared cores; where it is off none was skipped; and the
 * program's own calls always pass. Linked with the static library, which holds the interposer and
 * its counts. */
#include <mpi.h>
#include <sched.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#include "base/state.h"
#include "transport/mpi/quirks/mpi_quirks.h"
#include "transport/mpi/quirks/mpich_mt_poll_yield.h"

#define ROUNDS 500
static long counter_static, swap_static, block_static[4];

static int fail(int me, const char *what, long got, long want)
{
    printf("FAIL: PE %d: %s: %ld, expected %ld\n", me, what, got, want);
    return 1;
}

int main(void)
{
    int level = 0;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &level);
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n, bad = 0;
    long *counter = shmem_malloc(sizeof(long)), *swap = shmem_malloc(sizeof(long));
    long *block = shmem_malloc(4 * sizeof(long));
    *counter = counter_static = 0;
    *swap = swap_static = -1;
    shmem_barrier_all();
    long sent[4], got[4];
    for (int i = 0; i < ROUNDS; i++) {
        long f = shmem_long_atomic_fetch_add(i & 1 ? &counter_static : counter, 1, next);
        if (f != i / 2) bad |= fail(me, "fetch_add returned", f, i / 2);
        long *s = i & 1 ? &swap_static : swap;
        long old = shmem_long_atomic_compare_swap(s, i / 2 - 1, i / 2, next);
        if (old != i / 2 - 1) bad |= fail(me, "compare_swap returned", old, i / 2 - 1);
        long *b = i & 1 ? block_static : block;
        for (int k = 0; k < 4; k++) sent[k] = (long)me * 1000000 + i * 4 + k;
        shmem_putmem(b, sent, sizeof sent, next);
        shmem_quiet();
        shmem_getmem(got, b, sizeof got, next);
        if (memcmp(got, sent, sizeof got) != 0) bad |= fail(me, "get after put", got[0], sent[0]);
        if (i % 100 == 99) shmem_barrier_all();
    }
    shmem_barrier_all();
    if (*counter != ROUNDS / 2) bad |= fail(me, "heap counter", *counter, ROUNDS / 2);
    if (counter_static != ROUNDS / 2) bad |= fail(me, "static counter", counter_static, ROUNDS / 2);

    struct mpishmem_yield_counts before, after;
    mpishmem_mpi_blocking_yield_counts(&before);
    for (int k = 0; k < 10; k++) sched_yield();
    mpishmem_mpi_blocking_yield_counts(&after);
    if (after.passed_other - before.passed_other < 10)
        bad |= fail(me, "the program's own sched_yield calls passed on",
                    (long)(after.passed_other - before.passed_other), 10);

    int mpi_level = 0;
    MPI_Query_thread(&mpi_level);
    int want = mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_MT_POLL_YIELD] &&
               mpi_level == MPI_THREAD_MULTIPLE;
    if (after.on != want) bad |= fail(me, "remedy on", after.on, want);
    /* Each thread passes on its 16th poll: the main thread and the progress thread. */
    if (after.passed_nth > after.skipped / 15 + 2)
        bad |= fail(me, "yields passed on inside blocking calls (skipped / 15 + 2 at most)",
                    (long)after.passed_nth, (long)(after.skipped / 15 + 2));
    if (!want && (after.skipped != 0 || after.passed_nth != 0))
        bad |= fail(me, "yields skipped where the remedy is off", (long)after.skipped, 0);
    if (me == 0)
        printf("%s; MPI level %d; remedy %s; yields inside blocking calls: %lu skipped, %lu "
               "passed as 16th, %lu passed (PEs sharing cores, or off); elsewhere %lu "
               "passed\n",
               mpishmem_mpi_library.name, mpi_level, want ? "on" : "off", after.skipped,
               after.passed_nth, after.passed_blocking, after.passed_other);
    shmem_free(block);
    shmem_free(swap);
    shmem_free(counter);
    shmem_finalize();
    return bad;
}
