/* Per-PE cost of start-up as the job grows (bench/init_scaling.sh): time and resident memory
 * of MPI_Init, of shmem_init after it, and of a first put+quiet to every other PE (which makes
 * MPI connect to each), and of one more MPI window (MPI_Win_create over all PEs, as shmem_init
 * makes two of), as the maximum over PEs; memory as resident KiB and as bytes held
 * through malloc (glibc's mallinfo2: precise where resident pages are too coarse to see a
 * few hundred bytes per peer). One line per phase:
 *   phase <npes> <seconds> <resident_kib> <malloc_bytes>
 * MPI is initialized first, so that shmem_init's own share can be told apart. */
#define _POSIX_C_SOURCE 200809L
#include <malloc.h>
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Resident set size in KiB (VmRSS of /proc/self/status). */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) sscanf(line + 6, "%ld", &kib);
    if (f) fclose(f);
    return kib;
}

static long malloc_bytes(void)
{
    struct mallinfo2 m = mallinfo2();
    return (long)(m.uordblks + m.hblkhd);
}

static void report(const char *phase, double seconds, long kib, long bytes)
{
    double t_max;
    long k[2] = {kib, bytes}, k_max[2];
    MPI_Reduce(&seconds, &t_max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(k, k_max, 2, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (rank == 0) printf("%s %d %.4f %ld %ld\n", phase, n, t_max, k_max[0], k_max[1]);
}

int main(int argc, char **argv)
{
    long k0 = rss_kib(), b0 = malloc_bytes();
    double t0 = now();
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    double t1 = now();
    long k1 = rss_kib(), b1 = malloc_bytes();
    shmem_init();
    double t2 = now();
    long k2 = rss_kib(), b2 = malloc_bytes();
    long *x = shmem_malloc(sizeof(long));
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_barrier_all();
    double t3 = now();
    for (int i = 1; i < n; i++) shmem_long_p(x, me, (me + i) % n);
    shmem_quiet();
    double t4 = now();
    long k4 = rss_kib(), b4 = malloc_bytes();
    shmem_barrier_all();
    /* What one more MPI window over all PEs costs in MPI (shmem_init makes two): the mean of
     * WINDOWS creations, so that a per-peer slope of some hundred bytes shows. */
    enum { WINDOWS = 8 };
    static char area[WINDOWS][4096];
    MPI_Win w[WINDOWS];
    long b5 = malloc_bytes();
    double t5 = now();
    for (int i = 0; i < WINDOWS; i++)
        MPI_Win_create(area[i], sizeof area[i], 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w[i]);
    double t6 = now();
    long b6 = malloc_bytes();
    for (int i = 0; i < WINDOWS; i++) MPI_Win_free(&w[i]);
    report("mpi_init", t1 - t0, k1 - k0, b1 - b0);
    report("shmem_init", t2 - t1, k2 - k1, b2 - b1);
    report("first_put_to_all", t4 - t3, k4 - k2, b4 - b2);
    report("mpi_window", (t6 - t5) / WINDOWS, 0, (b6 - b5) / WINDOWS);
    shmem_free(x);
    shmem_finalize();
    MPI_Finalize();
    return 0;
}
