#define _POSIX_C_SOURCE 200809L
/* shmem_global_exit(99) from one PE ends the whole job with exit status 99, whatever the other
 * PEs do meanwhile: argv[1] "barrier" (they wait in shmem_barrier_all), "compute" (they
 * compute outside the library) or "exit" (they call shmem_global_exit(99) too). The last PE
 * exits after a short delay. Run repeatedly by exit_status_check.sh. */
#include <string.h>
#include <time.h>

#include "testutil.h"

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "barrier";
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_barrier_all();
    if (me == n - 1 || !strcmp(mode, "exit")) {
        struct timespec d = {0, 20 * 1000 * 1000};
        nanosleep(&d, NULL);
        shmem_global_exit(99);
    }
    if (!strcmp(mode, "compute")) {
        volatile unsigned long x = 0;
        for (;;) x++;
    }
    shmem_barrier_all();
    fprintf(stderr, "FAIL: PE %d left the barrier\n", me);
    shmem_finalize();
    return 1;
}
