/* mpishmem: the monotonic clock in nanoseconds, for the few places that ration work by time.
 * A translation unit that includes it defines _POSIX_C_SOURCE (199309L or later) or
 * _GNU_SOURCE first: the build is strict C11, which leaves clock_gettime undeclared. */
#ifndef MPISHMEM_CLOCK_H
#define MPISHMEM_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t mpishmem_clock_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

#endif
