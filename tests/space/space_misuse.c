/* Misuse of memory spaces, one case per run (argv[1]): each must end the job with
 * "mpishmem: error in <routine> on PE <n>: ..." (tests/space/CMakeLists.txt names the routine
 * and says which cases are checked only under SHMEM_DEBUG). */
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static shmemx_space_t make(size_t size, int nctx)
{
    shmemx_space_t sp;
    shmemx_space_config_t cfg = {.sheap_size = size, .num_contexts = nctx,
                                 .memkind = SHMEMX_MEM_HOST};
    shmemx_space_create(cfg, &sp);
    return sp;
}

static shmemx_space_t attached(size_t size, int nctx)
{
    shmemx_space_t sp = make(size, nctx);
    shmemx_space_attach(sp);
    return sp;
}

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_ctx_t ctx;

    if (!strcmp(c, "cuda_kind") || !strcmp(c, "ze_kind") || !strcmp(c, "bad_kind")) {
        shmemx_space_t sp;
        shmemx_space_config_t cfg = {.sheap_size = 1 << 20};
        cfg.memkind = !strcmp(c, "cuda_kind") ? SHMEMX_MEM_CUDA
                      : !strcmp(c, "ze_kind") ? SHMEMX_MEM_ZE : (shmemx_memkind_t)42;
        shmemx_space_create(cfg, &sp);
    } else if (!strcmp(c, "zero_size")) {
        make(0, 0);
    } else if (!strcmp(c, "huge_size")) {
        make((size_t)-1, 0);
    } else if (!strcmp(c, "negative_contexts")) {
        make(4096, -1);
    } else if (!strcmp(c, "null_space")) {
        shmemx_space_attach(NULL);
    } else if (!strcmp(c, "malloc_unattached")) {
        shmemx_space_malloc(make(1 << 20, 0), 64);
    } else if (!strcmp(c, "calloc_detached")) {
        shmemx_space_t sp = attached(1 << 20, 0);
        shmemx_space_detach(sp);
        shmemx_space_calloc(sp, 4, 8);
    } else if (!strcmp(c, "ctx_unattached")) {
        shmemx_space_create_ctx(make(1 << 20, 1), 0, &ctx);
    } else if (!strcmp(c, "fifth_attach")) {
        for (int i = 0; i < 5; i++) attached(1 << 16, 0);
    } else if (!strcmp(c, "attach_twice")) {
        shmemx_space_attach(attached(1 << 16, 0));
    } else if (!strcmp(c, "detach_unattached")) {
        shmemx_space_detach(make(1 << 16, 0));
    } else if (!strcmp(c, "destroy_attached")) {
        shmemx_space_destroy(attached(1 << 16, 0));
    } else if (!strcmp(c, "detach_live_ctx")) {
        shmemx_space_t sp = attached(1 << 16, 1);
        shmemx_space_create_ctx(sp, 0, &ctx);
        shmemx_space_detach(sp);
    } else if (!strcmp(c, "free_inside")) {
        char *p = shmemx_space_malloc(attached(1 << 16, 0), 256);
        shmem_free(p + 64);
    } else if (!strcmp(c, "free_twice")) {
        char *p = shmemx_space_malloc(attached(1 << 16, 0), 256);
        shmem_free(p);
        shmem_free(p);
    } else if (!strcmp(c, "realloc_space")) {
        char *p = shmemx_space_malloc(attached(1 << 16, 0), 256);
        shmem_realloc(p, 512);
    } else if (!strcmp(c, "align_not_pow2")) {
        shmemx_space_align(attached(1 << 16, 0), 96, 256);
    } else if (!strcmp(c, "attach_mismatch")) {
        shmemx_space_attach(make(me == npes - 1 ? 1 << 17 : 1 << 16, 0));
    } else if (!strcmp(c, "malloc_mismatch")) { /* SHMEM_DEBUG */
        shmemx_space_malloc(attached(1 << 16, 0), me == npes - 1 ? 128 : 64);
    } else if (!strcmp(c, "malloc_other_space")) { /* SHMEM_DEBUG */
        shmemx_space_t a = attached(1 << 16, 0), b = attached(1 << 16, 0);
        shmemx_space_malloc(me == npes - 1 ? b : a, 64);
    } else if (!strcmp(c, "past_end")) { /* SHMEM_DEBUG */
        shmemx_space_t sp = attached(1 << 16, 0);
        char *p = shmemx_space_malloc(sp, 1 << 16), buf[128] = {0};
        shmem_putmem(p + (1 << 16) - 64, buf, sizeof buf, (me + 1) % npes);
    } else if (!strcmp(c, "bad_handle")) {
        static char not_a_space[256];
        shmemx_space_malloc((shmemx_space_t)(void *)not_a_space, 64);
    } else {
        fprintf(stderr, "unknown case %s\n", c);
        return 2;
    }
    shmem_finalize();
    return 0; /* reaching this is a failure of the test: the case must have ended the job */
}
