/* Ends a job in the way argv[1] names: "normal", "global_exit" (PE 0 calls
 * shmem_global_exit(3) while the others wait) or "kill" (the last PE is killed with SIGKILL).
 * no_leak.sh checks that no shared-memory object is left behind. */
#include <shmem.h>
#include <signal.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *how = argc > 1 ? argv[1] : "normal";
    shmem_init();
    long *x = shmem_malloc(1 << 20);
    x[0] = shmem_my_pe();
    shmem_barrier_all();
    if (!strcmp(how, "global_exit") && shmem_my_pe() == 0) shmem_global_exit(3);
    if (!strcmp(how, "kill") && shmem_my_pe() == shmem_n_pes() - 1) raise(SIGKILL);
    if (strcmp(how, "normal")) shmem_barrier_all(); /* the others wait here */
    shmem_free(x);
    shmem_finalize();
    return 0;
}
