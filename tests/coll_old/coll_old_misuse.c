/* One misuse of an active-set collective per run, chosen by argv[1]; each must end the job
 * with "mpishmem: error in <routine> on PE <n>: ..." (tests/coll_old/CMakeLists.txt lists the
 * cases, the routine named and whether SHMEM_DEBUG is needed). A case that is not caught
 * falls through to a clean exit 0, which fails its test. */
#include <string.h>

#include <shmem.h>

static long psync[SHMEM_SYNC_SIZE];
static long gsrc[16], gdst[64];

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    if (!strcmp(c, "before_init")) shmem_barrier(0, 0, 1, psync);
    shmem_init();
    int n = shmem_n_pes();
    long stack_psync[SHMEM_SYNC_SIZE] = {0};
    long stack_buf[4] = {0};
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    /* The active set itself: checked always, on the set's first use. */
    if (!strcmp(c, "set_past_end")) shmem_barrier(0, 0, n + 1, psync);
    if (!strcmp(c, "stride_past_end")) shmem_sync(0, 1, n, psync); /* n >= 2: 0, 2, .. 2n-2 */
    if (!strcmp(c, "start_negative")) shmem_fcollect64(gdst, gsrc, 1, -1, 0, 1, psync);
    if (!strcmp(c, "log_negative")) shmem_broadcast64(gdst, gsrc, 1, 0, 0, -1, n, psync);
    if (!strcmp(c, "size_zero")) shmem_alltoall32(gdst, gsrc, 1, 0, 0, 0, psync);
    if (!strcmp(c, "not_member")) shmem_sync(1, 0, n - 1, psync); /* PE 0 is not in it */
    if (!strcmp(c, "nreduce_negative"))
        shmem_long_sum_to_all(gdst, gsrc, -1, 0, 0, n, gdst + 32, psync);
    /* Under SHMEM_DEBUG. */
    if (!strcmp(c, "psync_null")) shmem_barrier(0, 0, n, NULL);
    if (!strcmp(c, "psync_not_symmetric")) shmem_collect32(gdst, gsrc, 1, 0, 0, n, stack_psync);
    if (!strcmp(c, "root_range")) shmem_broadcast32(gdst, gsrc, 1, n, 0, 0, n, psync);
    if (!strcmp(c, "dest_not_symmetric")) shmem_fcollect64(stack_buf, gsrc, 1, 0, 0, n, psync);
    if (!strcmp(c, "source_not_symmetric"))
        shmem_long_max_to_all(gdst, stack_buf, 4, 0, 0, n, gdst + 32, psync);
    if (!strcmp(c, "alltoalls_stride")) shmem_alltoalls64(gdst, gsrc, 0, 1, 1, 0, 0, n, psync);
    shmem_finalize();
    return 0;
}
