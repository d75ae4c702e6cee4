/* Transfers of more than INT_MAX elements (issue 2: MPI's counts are int, the spec's are
 * size_t). PE 0 moves N = INT_MAX + 4110 bytes to and from PE 1 with putmem, getmem, the nbi
 * forms, shmem_char_put/get (N elements) and shmem_long_put/get (N/8 elements, more than
 * INT_MAX bytes), and every byte is checked: the buffers hold 64-bit words that are their own
 * index mixed with a seed that changes at every step, so data left over from an earlier step
 * or placed at the wrong offset fails, and guard bytes after the end must stay untouched.
 *
 * The buffer lives on the symmetric heap, or with -DHUGE_STATIC in a global array (built
 * with -mcmodel=medium: larger than 2 GiB). Needs 2 PEs (others wait); run it alone, it uses
 * 2.1 GiB per PE. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define N ((size_t)INT_MAX + 4110) /* not a multiple of 8: the last word is partial */
#define GUARD 64
#define REGION_WORDS ((N + GUARD) / 8 + 1)
#define GUARD_BYTE 0xA5

#ifdef HUGE_STATIC
static uint64_t region_static[REGION_WORDS];
#endif

static uint64_t word(size_t i, uint64_t seed) { return (uint64_t)i ^ (seed << 40); }

static void fill(uint64_t *buf, uint64_t seed)
{
    for (size_t i = 0; i < REGION_WORDS; i++) buf[i] = word(i, seed);
}

static void put_guard(uint64_t *buf, size_t bytes)
{
    memset((char *)buf + bytes, GUARD_BYTE, GUARD);
}

/* The first `bytes` bytes hold the pattern of `seed`, the GUARD bytes after them the guard. */
static void verify(const char *what, const uint64_t *buf, size_t bytes, uint64_t seed)
{
    size_t words = bytes / 8;
    for (size_t i = 0; i < words; i++) {
        if (buf[i] != word(i, seed)) {
            CHECK(buf[i] == word(i, seed), "%s: word %zu of %zu is %#llx, expected %#llx", what,
                  i, words, (unsigned long long)buf[i], (unsigned long long)word(i, seed));
            return;
        }
    }
    uint64_t last = word(words, seed);
    CHECK(memcmp(&buf[words], &last, bytes % 8) == 0, "%s: the last %zu bytes differ", what,
          bytes % 8);
    const unsigned char *g = (const unsigned char *)buf + bytes;
    for (size_t i = 0; i < GUARD; i++)
        if (g[i] != GUARD_BYTE) {
            CHECK(g[i] == GUARD_BYTE, "%s: guard byte %zu after the end was written (%#x)",
                  what, i, g[i]);
            return;
        }
}

enum { PUTMEM, GETMEM, PUTMEM_NBI, GETMEM_NBI, CHAR_PUT, CHAR_GET, LONG_PUT, LONG_GET };
static const char *names[] = {"shmem_putmem", "shmem_getmem", "shmem_putmem_nbi",
                              "shmem_getmem_nbi", "shmem_char_put", "shmem_char_get",
                              "shmem_long_put", "shmem_long_get"};

/* One step: the PE that holds the source fills it, the other puts guards after the end of
 * the destination; PE 0 transfers; the destination is checked. */
static void step(int op, uint64_t *buf, uint64_t seed)
{
    int me = shmem_my_pe();
    int is_put = op == PUTMEM || op == PUTMEM_NBI || op == CHAR_PUT || op == LONG_PUT;
    size_t bytes = op == LONG_PUT || op == LONG_GET ? N / 8 * 8 : N;
    int source_pe = is_put ? 0 : 1, dest_pe = 1 - source_pe;
    if (me == source_pe) fill(buf, seed);
    if (me == dest_pe) put_guard(buf, bytes);
    shmem_barrier_all();
    if (me == 0) {
        char *c = (char *)buf;
        long *l = (long *)buf;
        switch (op) {
        case PUTMEM: shmem_putmem(buf, buf, N, 1); break;
        case GETMEM: shmem_getmem(buf, buf, N, 1); break;
        case PUTMEM_NBI: shmem_putmem_nbi(buf, buf, N, 1); break;
        case GETMEM_NBI: shmem_getmem_nbi(buf, buf, N, 1); break;
        case CHAR_PUT: shmem_char_put(c, c, N, 1); break;
        case CHAR_GET: shmem_char_get(c, c, N, 1); break;
        case LONG_PUT: shmem_long_put(l, l, N / 8, 1); break;
        case LONG_GET: shmem_long_get(l, l, N / 8, 1); break;
        }
        shmem_quiet();
    }
    shmem_barrier_all();
    if (me == dest_pe) {
        int before = test_failures;
        verify(names[op], buf, bytes, seed);
        if (test_failures == before) fprintf(stderr, "PE %d: %s of %zu bytes ok\n", me, names[op], bytes);
    }
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    CHECK(shmem_n_pes() >= 2, "needs 2 PEs, has %d", shmem_n_pes());
    if (shmem_n_pes() >= 2) {
#ifdef HUGE_STATIC
        uint64_t *buf = region_static;
#else
        uint64_t *buf = shmem_malloc(REGION_WORDS * sizeof(uint64_t));
        CHECK(buf != NULL, "shmem_malloc of %zu bytes", REGION_WORDS * sizeof(uint64_t));
        if (!buf) shmem_global_exit(1);
#endif
        for (int op = PUTMEM; op <= LONG_GET; op++) step(op, buf, (uint64_t)op + 1);
#ifndef HUGE_STATIC
        shmem_free(buf);
#endif
    }
    shmem_finalize();
    return test_exit_status();
}
