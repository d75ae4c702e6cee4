/* The active-set cache: every active set of the world with strides 1, 2, 4 and 8 (dozens of
 * distinct sets, so the cache grows and many sets share members), each used by a barrier and
 * a broadcast, the same sets again in reverse order (found in the cache), then shmem_finalize
 * and shmem_init again (the cache must start afresh: its teams were freed) and a second pass.
 * With argument "multiple" the library runs at SHMEM_THREAD_MULTIPLE (the cache then takes a
 * lock on every lookup). */
#include <string.h>

#include "testutil.h"

static long psync[2][SHMEM_SYNC_SIZE];
static long src[8], dst[8];
static int turn;

static long *next_psync(void)
{
    turn ^= 1;
    return psync[turn];
}

static int index_in(int me, int start, int log, int size)
{
    int off = me - start;
    if (off < 0 || off % (1 << log) != 0 || off / (1 << log) >= size) return -1;
    return off / (1 << log);
}

/* One set: a barrier with a put before it, then a broadcast from the set's last member. */
static void use_set(int me, int start, int log, int size, long salt)
{
    int k = index_in(me, start, log, size);
    if (k < 0) return;
    int root = size - 1, root_pe = start + (root << log);
    for (int i = 0; i < 8; i++) {
        src[i] = salt * 1000 + me * 10 + i;
        dst[i] = -1;
    }
    shmem_barrier(start, log, size, next_psync()); /* everyone's dst is ready */
    shmem_broadcast64(dst, src, 8, root, start, log, size, next_psync());
    for (int i = 0; i < 8; i++) {
        long want = k == root ? -1 : salt * 1000 + root_pe * 10 + i;
        CHECK(dst[i] == want, "set (%d,%d,%d) dst[%d] = %ld, want %ld", start, log, size, i,
              dst[i], want);
    }
    shmem_barrier(start, log, size, next_psync()); /* nobody refills src/dst early */
}

/* Every set (start, log, size) of n PEs with log <= 3, in a fixed order (forward or reverse):
 * every PE walks the same list, so the sets' collectives meet. */
static int pass(int me, int n, int reverse, long salt)
{
    int count = 0;
    for (int s = 0; s < 4 * n * n; s++) {
        int id = reverse ? 4 * n * n - 1 - s : s;
        int log = id % 4, start = id / 4 % n, size = id / 4 / n + 1;
        if (start + ((long)(size - 1) << log) >= n) continue;
        if (size == 1 && log != 0) continue;
        use_set(me, start, log, size, salt + id);
        count++;
    }
    return count;
}

int main(int argc, char **argv)
{
    int multiple = argc > 1 && !strcmp(argv[1], "multiple");
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++) psync[p][i] = SHMEM_SYNC_VALUE;
    for (int life = 0; life < 2; life++) {
        int provided = -1;
        if (multiple) {
            CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0 &&
                      provided == SHMEM_THREAD_MULTIPLE, "init_thread: %d", provided);
        } else {
            shmem_init();
        }
        int me = shmem_my_pe(), n = shmem_n_pes();
        int sets = pass(me, n, 0, life * 100000);
        pass(me, n, 1, life * 100000 + 50000);
        if (life == 0 && me == 0) printf("%d active sets of %d PEs\n", sets, n);
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
                CHECK(psync[p][i] == SHMEM_SYNC_VALUE, "pSync");
        shmem_finalize();
    }
    return test_exit_status();
}
