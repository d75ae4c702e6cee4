/* The cache-management routines removed in OpenSHMEM 1.5 (shmem_clear_cache_inv and friends)
 * are kept as no-ops for old programs: each is callable, under its shmem_ and pshmem_ names,
 * and changes nothing (puts before and after arrive intact). */
#include <pshmem.h>

#include "testutil.h"

static long flag[8];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n, prev = (me + n - 1) % n;
    shmem_long_p(&flag[0], 100 + me, next);
    shmem_clear_cache_inv();
    shmem_set_cache_inv();
    shmem_set_cache_line_inv(&flag[1]);
    shmem_clear_cache_line_inv(&flag[1]);
    shmem_udcflush();
    shmem_udcflush_line(&flag[2]);
    pshmem_clear_cache_inv();
    pshmem_set_cache_inv();
    pshmem_set_cache_line_inv(&flag[1]);
    pshmem_clear_cache_line_inv(&flag[1]);
    pshmem_udcflush();
    pshmem_udcflush_line(&flag[2]);
    shmem_long_p(&flag[3], 300 + me, next);
    shmem_barrier_all();
    CHECK(flag[0] == 100 + prev && flag[3] == 300 + prev, "flags %ld %ld", flag[0], flag[3]);
    CHECK(flag[1] == 0 && flag[2] == 0, "untouched words changed: %ld %ld", flag[1], flag[2]);
    shmem_finalize();
    return test_exit_status();
}
