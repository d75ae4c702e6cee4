/* Misuse of the team collectives under SHMEM_DEBUG (argv[1] names the case): each must end the
 * job with "mpishmem: error in <routine> on PE <n>: ..." instead of a hang or a wrong result. */
#include <string.h>

#include <shmem.h>

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    shmem_init();
    int n = shmem_n_pes();
    long *a = shmem_calloc(64, sizeof(long)), *b = shmem_calloc(64, sizeof(long));
    long local[4] = {0};
    if (!strcmp(c, "invalid_team")) shmem_team_sync(SHMEM_TEAM_INVALID);
    if (!strcmp(c, "invalid_team_reduce")) shmem_long_sum_reduce(SHMEM_TEAM_INVALID, a, b, 1);
    if (!strcmp(c, "bad_root")) shmem_long_broadcast(SHMEM_TEAM_WORLD, a, b, 1, n);
    if (!strcmp(c, "negative_root")) shmem_broadcastmem(SHMEM_TEAM_WORLD, a, b, 8, -1);
    if (!strcmp(c, "bad_stride")) shmem_long_alltoalls(SHMEM_TEAM_WORLD, a, b, 0, 1, 1);
    if (!strcmp(c, "source_not_symmetric")) shmem_long_max_reduce(SHMEM_TEAM_WORLD, a, local, 2);
    if (!strcmp(c, "reduce_overlap")) shmem_long_sum_reduce(SHMEM_TEAM_WORLD, a + 1, a, 4);
    if (!strcmp(c, "dest_not_symmetric")) shmem_long_fcollect(SHMEM_TEAM_WORLD, local, b, 1);
    if (!strcmp(c, "alltoall_overlap")) shmem_long_alltoall(SHMEM_TEAM_WORLD, a, a + 1, 1);
    shmem_finalize();
    return 0;
}
