/* One misuse per run, chosen by argv[1]; run under SHMEM_DEBUG=1, each must end the job with
 * "mpishmem: error in <routine> on PE <n>: ..." (tests/errors/CMakeLists.txt). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

static long g[16];
static char src[1 << 20];

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    if (!strcmp(c, "before_init")) shmem_putmem(g, src, 8, 0);
    if (!strcmp(c, "finalize_without_init")) shmem_finalize();
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *h = shmem_malloc(64);
    long stack = 0;
    shmem_barrier_all();
    if (!strcmp(c, "pe_range")) shmem_long_p(h, 1, n);
    if (!strcmp(c, "pe_negative")) (void)shmem_long_g(g, -1);
    if (!strcmp(c, "not_symmetric")) shmem_long_put(&stack, &stack, 1, (me + 1) % n);
    if (!strcmp(c, "past_end")) shmem_putmem(g, src, sizeof src, (me + 1) % n);
    if (!strcmp(c, "null_source")) shmem_putmem(h, NULL, 8, (me + 1) % n);
    if (!strcmp(c, "strided_past_end")) shmem_long_iput(g, g, 100000, 1, 16, (me + 1) % n);
    if (!strcmp(c, "amo_unaligned")) shmem_int_atomic_add((int *)((char *)h + 1), 1, (me + 1) % n);
    if (!strcmp(c, "amo_not_symmetric")) (void)shmem_long_atomic_fetch(&stack, (me + 1) % n);
    if (!strcmp(c, "bad_cmp")) shmem_long_wait_until(h, 99, 0);
    if (!strcmp(c, "bad_sig_op")) shmem_putmem_signal(h, src, 8, (uint64_t *)h + 1, 1, 7, (me + 1) % n);
    if (!strcmp(c, "free_foreign")) shmem_free(malloc(16));
    if (!strcmp(c, "malloc_mismatch")) (void)shmem_malloc(me ? 64 : 128);
    if (!strcmp(c, "ctx_invalid")) shmem_ctx_putmem(SHMEM_CTX_INVALID, h, src, 8, 0);
    if (!strcmp(c, "lock_unaligned")) shmem_set_lock((long *)((char *)h + 4));
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
