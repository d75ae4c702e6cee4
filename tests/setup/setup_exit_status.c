#define _POSIX_C_SOURCE 200809L
/* The job's exit status when one PE ends it (src/base/exit_status.h): the last PE, after a
 * short delay, does argv[1] while the others do argv[2]:
 *   argv[1]: global_exit  shmem_global_exit(42)    -> 42
 *            exit         exit(42) without finalize -> 42
 *            abort        abort()                   -> 134 (128 + SIGABRT)
 *            error        a put to PE n_pes: mpishmem's error -> 1
 *   argv[2]: barrier      wait in shmem_barrier_all
 *            compute      compute outside the library (at most ~60 s, then FAIL)
 * Run repeatedly by exit_status_check.sh, which checks the status. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

int main(int argc, char **argv)
{
    const char *how = argc > 1 ? argv[1] : "exit";
    const char *others = argc > 2 ? argv[2] : "barrier";
    static long x;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_barrier_all();
    if (me == n - 1) {
        struct timespec d = {0, 20 * 1000 * 1000};
        nanosleep(&d, NULL);
        if (!strcmp(how, "global_exit")) shmem_global_exit(42);
        if (!strcmp(how, "exit")) exit(42);
        if (!strcmp(how, "abort")) abort();
        if (!strcmp(how, "error")) shmem_long_p(&x, 1, n);
        fprintf(stderr, "FAIL: unknown way '%s'\n", how);
        return 2;
    }
    if (!strcmp(others, "compute")) {
        struct timespec t0, t;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        volatile unsigned long k = 0;
        do {
            for (int i = 0; i < 1000000; i++) k++;
            clock_gettime(CLOCK_MONOTONIC, &t);
        } while (t.tv_sec - t0.tv_sec < 60);
        fprintf(stderr, "FAIL: PE %d computed for 60 s: the job did not end\n", me);
        return 3;
    }
    shmem_barrier_all();
    fprintf(stderr, "FAIL: PE %d left the barrier\n", me);
    shmem_finalize();
    return 4;
}
