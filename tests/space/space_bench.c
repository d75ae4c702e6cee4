/* Memory-space latencies next to the heap's: PE 0 against PE 1 (the last PE), one line per
 * measurement, "op target context ns" (median over batches of the time per operation), then
 * the cost of attach/detach and of an allocation/free pair. Run with 2 PEs, on one node or two
 * (MPIR_CVAR_NUM_CLIQUES=2). "-q": few batches (the test suite's smoke run). */
#define _POSIX_C_SOURCE 200809L
#include <shmemx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int batches = 31;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { OP_P, OP_G, OP_PUT, OP_PUT_QUIET, OP_GET, OP_FADD, OP_N };
static const char *op_name[OP_N] = {"long_p", "long_g", "putmem8", "putmem8+quiet", "getmem8",
                                    "fetch_add"};

static double run(int op, shmem_ctx_t ctx, long *target, int pe, int reps)
{
    long v = 1, out = 0;
    double t0 = now_ns();
    for (int i = 0; i < reps; i++) {
        switch (op) {
        case OP_P: shmem_ctx_long_p(ctx, target, i, pe); break;
        case OP_G: out += shmem_ctx_long_g(ctx, target, pe); break;
        case OP_PUT: shmem_ctx_putmem(ctx, target, &v, 8, pe); break;
        case OP_PUT_QUIET:
            shmem_ctx_putmem(ctx, target, &v, 8, pe);
            shmem_ctx_quiet(ctx);
            break;
        case OP_GET: shmem_ctx_getmem(ctx, &out, target, 8, pe); break;
        default: out += shmem_ctx_long_atomic_fetch_add(ctx, target + 1, 1, pe);
        }
    }
    shmem_ctx_quiet(ctx);
    double t = (now_ns() - t0) / reps;
    if (out == 42) fputc(' ', stderr); /* keep the loads */
    return t;
}

static double median(int op, shmem_ctx_t ctx, long *target, int pe)
{
    double *t = malloc(sizeof(double) * (size_t)batches);
    int reps = 1;
    while (run(op, ctx, target, pe, reps) * reps < 100e3 && reps < (1 << 22)) reps *= 2;
    for (int b = 0; b < batches; b++) t[b] = run(op, ctx, target, pe, reps);
    qsort(t, (size_t)batches, sizeof *t, cmp);
    double m = t[batches / 2];
    free(t);
    return m;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "-q")) batches = 3;
    shmem_init();
    int me = shmem_my_pe(), peer = shmem_n_pes() - 1;
    shmemx_space_t sp;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 20, .num_contexts = 1}, &sp);
    shmemx_space_attach(sp);
    long *heap = shmem_calloc(8, sizeof(long));
    long *space = shmemx_space_calloc(sp, 8, sizeof(long));
    shmem_ctx_t sctx;
    if (shmemx_space_create_ctx(sp, 0, &sctx) != 0) shmem_global_exit(1);
    struct {
        const char *target, *ctx_name;
        long *addr;
        shmem_ctx_t ctx;
    } cases[] = {{"heap", "default", heap, SHMEM_CTX_DEFAULT},
                 {"space", "default", space, SHMEM_CTX_DEFAULT},
                 {"space", "space_ctx", space, sctx}};
    if (me == 0) printf("# op target context ns (PE 0 -> PE %d)\n", peer);
    for (int op = 0; op < OP_N; op++)
        for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++) {
            double ns = me == 0 ? median(op, cases[c].ctx, cases[c].addr, peer) : 0;
            if (me == 0)
                printf("%s %s %s %.1f\n", op_name[op], cases[c].target, cases[c].ctx_name, ns);
        }
    fflush(stdout);
    shmem_barrier_all();
    shmem_ctx_destroy(sctx);
    shmem_free(space);
    shmem_free(heap);
    shmemx_space_detach(sp);

    /* Collective costs (every PE takes part), median of a few. */
    int n = batches < 11 ? batches : 11;
    double t_attach[11], t_alloc[11], t_attach_ctx[11];
    shmemx_space_t sp4;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 20, .num_contexts = 4}, &sp4);
    for (int i = 0; i < n; i++) {
        double t0 = now_ns();
        shmemx_space_attach(sp);
        shmemx_space_detach(sp);
        double t1 = now_ns();
        shmemx_space_attach(sp4);
        shmemx_space_detach(sp4);
        t_attach[i] = t1 - t0;
        t_attach_ctx[i] = now_ns() - t1;
    }
    shmemx_space_destroy(sp4);
    shmemx_space_attach(sp);
    for (int i = 0; i < n; i++) {
        double t0 = now_ns();
        void *p = shmemx_space_malloc(sp, 4096);
        shmem_free(p);
        t_alloc[i] = now_ns() - t0;
    }
    shmemx_space_detach(sp);
    qsort(t_attach, (size_t)n, sizeof(double), cmp);
    qsort(t_alloc, (size_t)n, sizeof(double), cmp);
    qsort(t_attach_ctx, (size_t)n, sizeof(double), cmp);
    if (me == 0) {
        printf("attach+detach(0 contexts) - - %.0f\n", t_attach[n / 2]);
        printf("attach+detach(4 contexts) - - %.0f\n", t_attach_ctx[n / 2]);
        printf("space_malloc+free - - %.0f\n", t_alloc[n / 2]);
    }
    shmemx_space_destroy(sp);
    shmem_finalize();
    return 0;
}
