/* The timing helpers every benchmark shares (with OpenSHMEM, raw MPI, or neither): the
 * monotonic clock in nanoseconds, the process's CPU time (all its threads), and the comparison
 * qsort needs to take medians and percentiles. Include after defining _POSIX_C_SOURCE. */
#ifndef MPISHMEM_BENCH_CLOCK_H
#define MPISHMEM_BENCH_CLOCK_H

#include <sys/resource.h>
#include <time.h>

static inline double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static inline double cpu_ns(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e9 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e3;
}

static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
