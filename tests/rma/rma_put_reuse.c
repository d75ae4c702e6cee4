/* A blocking put's source may be reused as soon as the put returns: each PE puts to the next
 * one a run of differently sized blocks from ONE source buffer that it overwrites right after
 * every put, to the heap and to a global array, on the default context and on a created one,
 * then checks each block. The sizes straddle the sizes up to which the library copies a put
 * into its bounce buffer and returns without flushing (MPISHMEM_BOUNCE_PUT: 4096 or 8192 by
 * default, 0 and 16384 in this test's other runs), and the run fills that 64 KiB buffer
 * several times over, so that its reuse after a flush is exercised too. */
#include <string.h>

#include "testutil.h"

static const size_t sizes[] = {1,    8,    100,  4095, 4096, 4097,  8191,
                               8192, 8193, 12000, 16384, 16385, 70000};
#define NSIZES (sizeof sizes / sizeof *sizes)
#define ROUNDS 3
#define TOTAL (ROUNDS * (1 + 8 + 100 + 4095 + 4096 + 4097 + 8191 + 8192 + 8193 + 12000 + \
                         16384 + 16385 + 70000))

static unsigned char glob[TOTAL];
static unsigned char src[70000];

static unsigned char pattern(int pe, size_t block, size_t i)
{
    return (unsigned char)(pe * 31 + block * 7 + i * 13 + 1);
}

static void put_all(shmem_ctx_t ctx, unsigned char *dst, int to, int me)
{
    size_t at = 0, block = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (size_t s = 0; s < NSIZES; s++, block++) {
            size_t n = sizes[s];
            for (size_t i = 0; i < n; i++) src[i] = pattern(me, block, i);
            shmem_ctx_putmem(ctx, dst + at, src, n, to);
            memset(src, 0xA5, n); /* reused at once: the put must have taken its copy */
            at += n;
        }
    }
}

static void check_all(const unsigned char *dst, int from, const char *what)
{
    size_t at = 0, block = 0, bad = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (size_t s = 0; s < NSIZES; s++, block++) {
            size_t n = sizes[s];
            for (size_t i = 0; i < n; i++)
                if (dst[at + i] != pattern(from, block, i) && bad++ < 3)
                    CHECK(0, "%s: block %zu (%zu bytes) byte %zu is 0x%02x, expected 0x%02x",
                          what, block, n, i, dst[at + i], pattern(from, block, i));
            at += n;
        }
    }
    CHECK(bad == 0, "%s: %zu bytes wrong", what, bad);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    unsigned char *heap = shmem_malloc(TOTAL);
    CHECK(heap != NULL, "shmem_malloc(%d)", TOTAL);
    shmem_ctx_t ctx;
    if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) ctx = SHMEM_CTX_DEFAULT;
    shmem_ctx_t ctxs[2] = {SHMEM_CTX_DEFAULT, ctx};
    for (int c = 0; c < 2; c++) {
        for (int where = 0; where < 2; where++) {
            unsigned char *dst = where ? glob : heap;
            memset(dst, 0, TOTAL);
            shmem_barrier_all();
            put_all(ctxs[c], dst, to, me);
            shmem_ctx_quiet(ctxs[c]);
            shmem_barrier_all();
            char what[64];
            snprintf(what, sizeof what, "%s context, %s", c ? "created" : "default",
                     where ? "global" : "heap");
            check_all(dst, from, what);
        }
    }
    if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(ctx);
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
