/* One PE fails while the others wait in the library; tests/faults/fault.sh drives it and checks
 * that the whole job ends. argv[1]: where the PEs wait: "barrier", "wait_until" (for a flag
 * nobody sets) or "fcollect". argv[2]: what the last PE does: "wait" (it waits for that flag,
 * so that no collective completes: the driver kills it, or cuts its host off the network) or
 * "abort_self" (once the file argv[3] exists it calls MPI_Abort on MPI_COMM_SELF, which MPICH
 * carries out by exiting the process with an error status from inside MPI, as it does on an
 * internal assertion). Every PE first prints "fault: PE n pid P ready". No PE ever reaches
 * shmem_finalize. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void wait_in_library(const char *where, long *flag, long *dest, long *src)
{
    if (!strcmp(where, "barrier")) shmem_barrier_all();
    if (!strcmp(where, "wait_until")) shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
    if (!strcmp(where, "fcollect")) shmem_long_fcollect(SHMEM_TEAM_WORLD, dest, src, 1);
}

int main(int argc, char **argv)
{
    if (argc < 3 || (!strcmp(argv[2], "abort_self") && argc < 4)) {
        fprintf(stderr, "usage: fault barrier|wait_until|fcollect wait|abort_self [file]\n");
        return 2;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *flag = shmem_calloc(1, sizeof(long));
    long *dest = shmem_calloc((size_t)n, sizeof(long)), *src = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    printf("fault: PE %d pid %ld ready\n", me, (long)getpid());
    fflush(stdout);
    if (me == n - 1 && !strcmp(argv[2], "abort_self")) {
        struct timespec tick = {0, 10 * 1000 * 1000};
        while (access(argv[3], F_OK) != 0) nanosleep(&tick, NULL);
        MPI_Abort(MPI_COMM_SELF, 7);
    }
    wait_in_library(me == n - 1 ? "wait_until" : argv[1], flag, dest, src);
    printf("fault: FAIL: PE %d left its wait\n", me);
    return 1;
}
