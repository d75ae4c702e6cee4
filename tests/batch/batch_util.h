/* Helpers shared by the batch tests (tests/batch): a seeded generator, data patterns, a clock.
 * The tests check the rules a library that gathers small remote operations into batches must
 * keep: no data lost, reordered across fence/quiet or delivered late, AMOs whole, sources read
 * before the call returns. */
#ifndef MPISHMEM_BATCH_UTIL_H
#define MPISHMEM_BATCH_UTIL_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime; include this header first */
#endif
#include <stdint.h>
#include <time.h>

#include "testutil.h"

/* splitmix64: small, deterministic on every platform, good enough to mix operations. */
typedef struct {
    uint64_t s;
} batch_rng;

static inline uint64_t batch_next(batch_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A value in [0, n). */
static inline size_t batch_below(batch_rng *r, size_t n)
{
    return (size_t)(batch_next(r) % n);
}

/* The byte a sender writes at offset i of its data for round `round` (never 0, so that data
 * that did not arrive, still zero, never passes). */
static inline unsigned char batch_byte(size_t i, int round, int sender)
{
    unsigned v = (unsigned)(i * 31u + (i >> 8) * 7u + (unsigned)round * 17u +
                            (unsigned)sender * 101u);
    return (unsigned char)(v % 255u + 1u);
}

static inline double batch_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Checks bytes [0, n) of buf against batch_byte(first + i, round, sender); reports the first
 * wrong byte only. Returns 1 if all are right. */
static inline int batch_check_bytes(const unsigned char *buf, size_t n, size_t first, int round,
                                    int sender, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char want = batch_byte(first + i, round, sender);
        if (buf[i] != want) {
            CHECK(0, "%s: round %d from PE %d: byte %zu is %u, want %u", what, round, sender,
                  first + i, buf[i], want);
            return 0;
        }
    }
    return 1;
}

#endif
