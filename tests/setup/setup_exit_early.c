/* A PE that exits without shmem_finalize. argv[1]:
 *   barrier - the last PE calls exit(0) while the others wait in shmem_barrier_all;
 *   wait    - the same while the others wait in shmem_long_wait_until;
 *   mixed   - PE 0 calls shmem_finalize, the others return from main without it: a clean
 *             collective end (exit status 0, a warning only).
 * The first two must end the job promptly with "PE n exited without calling shmem_finalize". */
#include <string.h>

#include "testutil.h"

static long flag;

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "barrier";
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_barrier_all();
    if (!strcmp(mode, "mixed")) {
        if (me == 0) shmem_finalize();
        return 0;
    }
    if (me == n - 1) exit(0);
    if (!strcmp(mode, "wait")) shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    else shmem_barrier_all();
    fprintf(stderr, "FAIL: PE %d got past the wait\n", me);
    shmem_finalize();
    return 1;
}
