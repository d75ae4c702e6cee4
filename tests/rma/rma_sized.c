/* Sized (put8..put128, get8..get128) and byte (putmem/getmem) RMA, blocking, nbi and ctx
 * forms, from 1 byte to several MiB, on the heap and on a large static array. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define MAX (3 * 1024 * 1024 + 80)
static char pad = 1;
static unsigned char glob[MAX + 64];
static unsigned char src[MAX], back[MAX];

static int me, npes;

static unsigned char pattern(int pe, size_t i, int r) { return (unsigned char)(pe * 37 + i * 13 + r); }

/* Puts `bytes` bytes with form `f`, element size `es` (0: the mem forms), checks, gets back. */
static void run(unsigned char *base, size_t bytes, int f, size_t es, int r)
{
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    unsigned char *dst = base + 8;
    size_t n = es ? bytes / es : bytes;
    memset(base, 0xEE, bytes + 16);
    for (size_t i = 0; i < bytes; i++) src[i] = pattern(me, i, r);
    shmem_barrier_all();
    switch (es * 10 + f) {
#define CASES(BITS, BYTES, _)                                                             \
    case BYTES * 10 + 0: shmem_put##BITS(dst, src, n, to); break;                         \
    case BYTES * 10 + 1: shmem_put##BITS##_nbi(dst, src, n, to); shmem_quiet(); break;    \
    case BYTES * 10 + 2: shmem_ctx_put##BITS(SHMEM_CTX_DEFAULT, dst, src, n, to); break;  \
    case BYTES * 10 + 3: shmem_ctx_put##BITS##_nbi(SHMEM_CTX_DEFAULT, dst, src, n, to);   \
        shmem_ctx_quiet(SHMEM_CTX_DEFAULT); break;
        MPISHMEM_SIZES(CASES, _)
    case 0: shmem_putmem(dst, src, n, to); break;
    case 1: shmem_putmem_nbi(dst, src, n, to); shmem_quiet(); break;
    case 2: shmem_ctx_putmem(SHMEM_CTX_DEFAULT, dst, src, n, to); break;
    case 3: shmem_ctx_putmem_nbi(SHMEM_CTX_DEFAULT, dst, src, n, to); shmem_quiet(); break;
    }
    shmem_barrier_all();
    size_t bad = 0;
    for (size_t i = 0; i < bytes; i++) bad += dst[i] != pattern(from, i, r);
    for (size_t i = 0; i < 8; i++) bad += base[i] != 0xEE || dst[bytes + i] != 0xEE;
    CHECK(bad == 0, "put %zu bytes form %d size %zu: %zu bytes wrong", bytes, f, es, bad);
    memset(back, 0, bytes);
    switch (es * 10 + f) {
#define GCASES(BITS, BYTES, _)                                                            \
    case BYTES * 10 + 0: shmem_get##BITS(back, dst, n, to); break;                        \
    case BYTES * 10 + 1: shmem_get##BITS##_nbi(back, dst, n, to); shmem_quiet(); break;   \
    case BYTES * 10 + 2: shmem_ctx_get##BITS(SHMEM_CTX_DEFAULT, back, dst, n, to); break; \
    case BYTES * 10 + 3: shmem_ctx_get##BITS##_nbi(SHMEM_CTX_DEFAULT, back, dst, n, to);  \
        shmem_quiet(); break;
        MPISHMEM_SIZES(GCASES, _)
    case 0: shmem_getmem(back, dst, n, to); break;
    case 1: shmem_getmem_nbi(back, dst, n, to); shmem_quiet(); break;
    case 2: shmem_ctx_getmem(SHMEM_CTX_DEFAULT, back, dst, n, to); break;
    case 3: shmem_ctx_getmem_nbi(SHMEM_CTX_DEFAULT, back, dst, n, to); shmem_quiet(); break;
    }
    bad = 0;
    for (size_t i = 0; i < bytes; i++) bad += back[i] != pattern(me, i, r);
    CHECK(bad == 0, "get %zu bytes form %d size %zu: %zu bytes wrong", bytes, f, es, bad);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    (void)pad;
    unsigned char *heap = shmem_malloc(MAX + 64);
    const size_t sizes[] = {1, 7, 8, 16, 63, 64, 4096, 65537, 1048576, 3 * 1048576 + 5};
    const size_t elem[] = {0, 1, 2, 4, 8, 16};
    int r = 0;
    for (int where = 0; where < 2; where++) {
        unsigned char *base = where ? glob : heap;
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (size_t e = 0; e < sizeof elem / sizeof *elem; e++) {
                size_t es = elem[e], bytes = es ? sizes[s] / es * es : sizes[s];
                if (bytes == 0) continue;
                /* every form for small sizes; one rotating form for the big ones */
                for (int f = 0; f < 4; f++)
                    if (sizes[s] < 65536 || f == (int)(s + e) % 4) run(base, bytes, f, es, ++r);
            }
    }
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
