/* Start-up cost: the time shmem_init takes (and shmem_finalize), seen by the slowest PE, in
 * one line per phase: "init <npes> 0 <microseconds> us". Plain OpenSHMEM 1.4, so that other
 * libraries build it too (bench/compare_init.sh). The clock starts after MPI-independent
 * process start-up: the launcher's own time is not counted. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e6 * (double)t.tv_sec + 1e-3 * (double)t.tv_nsec;
}

static double pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[SHMEM_REDUCE_SYNC_SIZE];
static double mine, slowest;

int main(void)
{
    double t0 = now_us();
    shmem_init();
    mine = now_us() - t0;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_double_max_to_all(&slowest, &mine, 1, 0, 0, shmem_n_pes(), pwrk, psync);
    if (shmem_my_pe() == 0) printf("init %d 0 %.0f us\n", shmem_n_pes(), slowest);
    fflush(stdout);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
