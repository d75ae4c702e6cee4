/* 1.6 nesting: init twice, finalize twice (initialized until the last), then init again after
 * the last finalize and move data on heap and globals. */
#include "testutil.h"

static int g[2];

static void ring(int round)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *h = shmem_malloc(sizeof(int));
    shmem_int_p(h, round * 100 + me, (me + 1) % n);
    shmem_int_p(&g[1], round * 1000 + me, (me + 1) % n);
    shmem_barrier_all();
    int from = (me + n - 1) % n;
    CHECK(*h == round * 100 + from && g[1] == round * 1000 + from, "round %d", round);
    shmem_free(h);
}

int main(void)
{
    int init;
    shmem_init();
    shmem_init();
    ring(1);
    shmem_finalize();
    shmem_query_initialized(&init);
    CHECK(init == 1, "still initialized after the inner finalize");
    ring(2);
    shmem_finalize();
    shmem_query_initialized(&init);
    CHECK(init == 0, "finalized");
    shmem_init();
    ring(3);
    shmem_finalize();
    return test_exit_status();
}
