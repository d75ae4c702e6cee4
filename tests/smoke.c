/* Smoke test: a ring of puts and gets on heap and global data, shmem_ptr. */
#include <string.h>

#include "testutil.h"

static long gbuf[16];
static char godd[13];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *x = shmem_malloc(64 * sizeof(int));
    CHECK(x != NULL, "shmem_malloc returned NULL");
    for (int i = 0; i < 64; i++) x[i] = -1;
    shmem_barrier_all();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    int v[64];
    for (int i = 0; i < 64; i++) v[i] = me * 100 + i;
    shmem_int_put(x, v, 64, next);
    shmem_long_p(&gbuf[3], me + 1000, next);
    shmem_putmem(&godd[5], "abc", 3, next);
    shmem_barrier_all();
    for (int i = 0; i < 64; i++) CHECK(x[i] == prev * 100 + i, "x[%d] = %d", i, x[i]);
    CHECK(gbuf[3] == prev + 1000, "gbuf[3] = %ld", gbuf[3]);
    CHECK(memcmp(&godd[5], "abc", 3) == 0, "godd = %.3s", &godd[5]);
    long g = shmem_long_g(&gbuf[3], next);
    CHECK(g == me + 1000, "g = %ld", g);
    CHECK(shmem_ptr(x, me) == x, "shmem_ptr to self");
    shmem_free(x);
    shmem_finalize();
    return test_exit_status();
}
