/* Memory spaces: RMA (put/get of several sizes, p/g, nbi, strided), AMOs, put-with-signal and
 * signal operations on space memory, through the default context, a context of the space, a
 * context of another space and a pool context; quiet of each completes its traffic (a flag set
 * after the quiet never overtakes the data); shmem_ptr (and shmem_team_ptr) non-NULL exactly
 * for node peers, shmem_addr_accessible; team collectives on space buffers; a space's context
 * on the heap and on globals; two spaces at once. */
#include <shmemx.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define N 16384 /* longs: 128 KiB */

static int me, npes, right, left;
static long global_buf[64];

struct area {
    long *dst;     /* [N] written by the left neighbour */
    long *strided; /* [3 * 200] */
    long *ctr;     /* [4] AMO targets on PE 0 */
    int *ctr32;    /* [4] */
    uint64_t *sig; /* [2] signal and flag words */
};

static struct area area_in(shmemx_space_t sp)
{
    struct area a;
    a.dst = shmemx_space_malloc(sp, N * sizeof(long));
    a.strided = shmemx_space_calloc(sp, 600, sizeof(long));
    a.ctr = shmemx_space_calloc(sp, 4, sizeof(long));
    a.ctr32 = shmemx_space_calloc(sp, 4, sizeof(int));
    a.sig = shmemx_space_calloc(sp, 2, sizeof(uint64_t));
    CHECK(a.dst && a.strided && a.ctr && a.ctr32 && a.sig, "space allocations failed");
    return a;
}

static void area_free(struct area *a)
{
    shmem_free(a->sig);
    shmem_free(a->ctr32);
    shmem_free(a->ctr);
    shmem_free(a->strided);
    shmem_free(a->dst);
}

static long value(int tag, int pe, int i)
{
    return (long)tag * 100000000L + pe * 1000000L + i;
}

static void check_from_left(const long *dst, int n, int tag, const char *what)
{
    for (int i = 0; i < n; i++)
        if (dst[i] != value(tag, left, i)) {
            CHECK(0, "%s (tag %d): element %d is %ld, expected %ld", what, tag, i, dst[i],
                  value(tag, left, i));
            return;
        }
}

static void rma(shmem_ctx_t ctx, struct area *a, long *src, int tag)
{
    long *got = malloc(N * sizeof(long));
    /* Blocking puts of several sizes, then gets. */
    int sizes[] = {1, 13, 256, 4000, N};
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++, tag++) {
        int n = sizes[k];
        for (int i = 0; i < n; i++) src[i] = value(tag, me, i);
        shmem_ctx_putmem(ctx, a->dst, src, n * sizeof(long), right);
        shmem_ctx_quiet(ctx);
        shmem_barrier_all();
        check_from_left(a->dst, n, tag, "putmem");
        shmem_ctx_getmem(ctx, got, a->dst, n * sizeof(long), right);
        for (int i = 0; i < n; i++)
            if (got[i] != value(tag, me, i)) {
                CHECK(0, "getmem of %d: element %d is %ld", n, i, got[i]);
                break;
            }
        shmem_barrier_all();
    }
    /* p and g. */
    shmem_ctx_long_p(ctx, &a->dst[7], value(tag, me, 7), right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    CHECK(a->dst[7] == value(tag, left, 7), "long_p: %ld", a->dst[7]);
    CHECK(shmem_ctx_long_g(ctx, &a->dst[7], right) == value(tag, me, 7), "long_g");
    shmem_barrier_all();
    tag++;
    /* Nonblocking, in pieces. */
    for (int i = 0; i < N; i++) src[i] = value(tag, me, i);
    for (int off = 0; off < N; off += 1024)
        shmem_ctx_long_put_nbi(ctx, a->dst + off, src + off, 1024, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    check_from_left(a->dst, N, tag, "put_nbi");
    memset(got, 0, N * sizeof(long));
    for (int off = 0; off < N; off += 4096)
        shmem_ctx_long_get_nbi(ctx, got + off, a->dst + off, 4096, right);
    shmem_ctx_quiet(ctx);
    for (int i = 0; i < N; i++)
        if (got[i] != value(tag, me, i)) {
            CHECK(0, "get_nbi: element %d is %ld", i, got[i]);
            break;
        }
    shmem_barrier_all();
    tag++;
    /* Strided: every second source element to every third target element. */
    for (int i = 0; i < 400; i++) src[i] = value(tag, me, i);
    shmem_ctx_long_iput(ctx, a->strided, src, 3, 2, 200, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    for (int i = 0; i < 200; i++)
        if (a->strided[3 * i] != value(tag, left, 2 * i)) {
            CHECK(0, "iput: element %d is %ld", i, a->strided[3 * i]);
            break;
        }
    shmem_ctx_long_iget(ctx, got, a->strided, 1, 3, 200, right);
    for (int i = 0; i < 200; i++)
        if (got[i] != value(tag, me, 2 * i)) {
            CHECK(0, "iget: element %d is %ld", i, got[i]);
            break;
        }
    shmem_barrier_all();
    free(got);
}

static void amo(shmem_ctx_t ctx, struct area *a)
{
    a->ctr[0] = a->ctr[1] = a->ctr[2] = 0;
    a->ctr32[0] = a->ctr32[1] = 0;
    shmem_barrier_all();
    long fetched_sum = 0;
    for (int k = 0; k < 10; k++) {
        fetched_sum += shmem_ctx_long_atomic_fetch_add(ctx, &a->ctr[0], me + 1, 0);
        shmem_ctx_long_atomic_inc(ctx, &a->ctr[1], 0);
        shmem_ctx_int_atomic_add(ctx, &a->ctr32[0], 2, 0);
    }
    /* One winner of the compare-and-swap from 0 to this PE's number + 1. */
    int won = shmem_ctx_int_atomic_compare_swap(ctx, &a->ctr32[1], 0, me + 1, 0) == 0;
    shmem_ctx_ulong_atomic_fetch_or(ctx, (unsigned long *)&a->ctr[2], 1UL << me, 0);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    long total = 10L * npes * (npes + 1) / 2;
    CHECK(shmem_ctx_long_atomic_fetch(ctx, &a->ctr[0], 0) == total, "fetch_add total");
    CHECK(shmem_ctx_long_atomic_fetch(ctx, &a->ctr[1], 0) == 10L * npes, "inc total");
    CHECK(shmem_ctx_int_atomic_fetch(ctx, &a->ctr32[0], 0) == 20 * npes, "int add total");
    CHECK(fetched_sum >= 0 && fetched_sum < total * 10, "fetched values %ld", fetched_sum);
    int winner = shmem_ctx_int_atomic_fetch(ctx, &a->ctr32[1], 0);
    CHECK(winner >= 1 && winner <= npes && (won == (winner == me + 1)), "cswap winner %d", winner);
    unsigned long bits = (unsigned long)shmem_ctx_long_atomic_fetch(ctx, &a->ctr[2], 0);
    CHECK(bits == (npes >= 64 ? ~0UL : (1UL << npes) - 1), "fetch_or bits %#lx", bits);
    long old = shmem_ctx_long_atomic_swap(ctx, &a->ctr[3], me, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    CHECK(a->ctr[3] == left, "swap: %ld", a->ctr[3]);
    (void)old;
    shmem_barrier_all();
}

/* put-with-signal: the data is there when the signal is. Then completion by quiet: data put
 * with nbi, quiet, then a flag; the target sees the flag only after the data. */
static void signal_and_quiet(shmem_ctx_t ctx, struct area *a, long *src, int tag, int use_default)
{
    a->sig[0] = a->sig[1] = 0;
    shmem_barrier_all();
    for (int round = 1; round <= 4; round++, tag++) {
        int n = round * 3000;
        for (int i = 0; i < n; i++) src[i] = value(tag, me, i);
        shmem_ctx_putmem_signal(ctx, a->dst, src, n * sizeof(long), &a->sig[0], (uint64_t)round,
                                SHMEM_SIGNAL_SET, right);
        shmem_signal_wait_until(&a->sig[0], SHMEM_CMP_EQ, (uint64_t)round);
        check_from_left(a->dst, n, tag, "put_signal");
        shmem_barrier_all();
    }
    for (int round = 1; round <= 6; round++, tag++) {
        for (int i = 0; i < N; i++) src[i] = value(tag, me, i);
        shmem_ctx_putmem_nbi(ctx, a->dst, src, N * sizeof(long), right);
        if (use_default) shmem_quiet();
        else shmem_ctx_quiet(ctx);
        shmem_ctx_uint64_atomic_set(ctx, &a->sig[1], (uint64_t)round, right);
        shmem_uint64_wait_until(&a->sig[1], SHMEM_CMP_EQ, (uint64_t)round);
        check_from_left(a->dst, N, tag, "nbi put completed by quiet");
        shmem_barrier_all();
    }
    /* signal_add and signal_set on the space. */
    a->sig[0] = 0;
    shmem_barrier_all();
    shmem_ctx_signal_add(ctx, &a->sig[0], 5, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    CHECK(shmem_signal_fetch(&a->sig[0]) == 5, "signal_add: %llu",
          (unsigned long long)a->sig[0]);
    shmem_barrier_all();
}

/* shmem_ptr gives a pointer exactly for node peers; every PE's space memory is accessible. */
static void ptr_checks(struct area *a)
{
    long private_var = 0;
    a->dst[9] = value(99, me, 9);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        int node_peer = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) >= 0;
        long *p = shmem_ptr(a->dst, pe);
        CHECK((p != NULL) == node_peer, "shmem_ptr for PE %d is %p (node peer: %d)", pe,
              (void *)p, node_peer);
        if (p) CHECK(p[9] == value(99, pe, 9), "load through shmem_ptr of PE %d: %ld", pe, p[9]);
        CHECK(shmem_addr_accessible(a->dst, pe), "space memory not accessible on PE %d", pe);
        CHECK(shmem_addr_accessible(&a->sig[1], pe), "space memory not accessible on PE %d", pe);
        CHECK(!shmem_addr_accessible(&private_var, pe), "a stack variable is accessible");
    }
    int shared_n = shmem_team_n_pes(SHMEM_TEAM_SHARED);
    for (int pe = 0; pe < shared_n; pe++) {
        int wpe = shmem_team_translate_pe(SHMEM_TEAM_SHARED, pe, SHMEM_TEAM_WORLD);
        CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, a->dst, pe) == shmem_ptr(a->dst, wpe),
              "team_ptr and ptr differ for PE %d", wpe);
    }
    CHECK(shmem_ptr(a->dst, me) == a->dst, "own pointer");
    shmem_barrier_all();
}

/* Collectives with source and destination in a space. */
static void collectives(struct area *a)
{
    long *in = a->strided, *out = a->dst;
    for (int i = 0; i < 100; i++) in[i] = me * 1000 + i;
    shmem_barrier_all();
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, out, in, 100) == 0, "sum_reduce");
    for (int i = 0; i < 100; i++)
        if (out[i] != 1000L * npes * (npes - 1) / 2 + (long)npes * i) {
            CHECK(0, "sum_reduce element %d is %ld", i, out[i]);
            break;
        }
    shmem_barrier_all();
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, out, in, 100 * sizeof(long), npes - 1) == 0,
          "broadcastmem");
    for (int i = 0; i < 100; i++)
        if (out[i] != (npes - 1) * 1000L + i) {
            CHECK(0, "broadcast element %d is %ld", i, out[i]);
            break;
        }
    shmem_barrier_all();
    CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, out, in, 10) == 0, "fcollect");
    for (int pe = 0; pe < npes; pe++)
        for (int i = 0; i < 10; i++)
            if (out[pe * 10 + i] != pe * 1000L + i) {
                CHECK(0, "fcollect block %d element %d is %ld", pe, i, out[pe * 10 + i]);
                pe = npes;
                break;
            }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) in[pe] = me * 100 + pe;
    shmem_barrier_all();
    CHECK(shmem_long_alltoall(SHMEM_TEAM_WORLD, out, in, 1) == 0, "alltoall");
    for (int pe = 0; pe < npes; pe++)
        CHECK(out[pe] == pe * 100L + me, "alltoall from %d: %ld", pe, out[pe]);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    long *src = malloc(N * sizeof(long));

    shmemx_space_t spa, spb;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 4 << 20, .num_contexts = 2,
                                                .memkind = SHMEMX_MEM_HOST}, &spa);
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 2 << 20, .num_contexts = 1},
                        &spb);
    shmemx_space_attach(spa);
    shmemx_space_attach(spb);
    struct area a = area_in(spa), b = area_in(spb);

    shmem_ctx_t actx, bctx, pool;
    CHECK(shmemx_space_create_ctx(spa, 0, &actx) == 0, "context of space A");
    CHECK(shmemx_space_create_ctx(spb, SHMEM_CTX_PRIVATE, &bctx) == 0, "context of space B");
    int have_pool = shmem_ctx_create(0, &pool) == 0;
    shmem_team_t team;
    CHECK(shmem_ctx_get_team(actx, &team) == 0 && team == SHMEM_TEAM_WORLD, "team of a space "
                                                                            "context");

    ptr_checks(&a);
    ptr_checks(&b);
    collectives(&a);
    collectives(&b);
    int tag = 1;
    struct {
        shmem_ctx_t ctx;
        struct area *area;
        const char *name;
    } runs[] = {{SHMEM_CTX_DEFAULT, &a, "default on A"}, {actx, &a, "A's context on A"},
                {bctx, &b, "B's context on B"},      {bctx, &a, "B's context on A"},
                {SHMEM_CTX_DEFAULT, &b, "default on B"}, {pool, &a, "pool context on A"}};
    for (unsigned r = 0; r < sizeof runs / sizeof *runs; r++) {
        if (runs[r].ctx == pool && !have_pool) continue;
        int before = test_failures;
        rma(runs[r].ctx, runs[r].area, src, tag);
        tag += 10;
        amo(runs[r].ctx, runs[r].area);
        signal_and_quiet(runs[r].ctx, runs[r].area, src, tag, runs[r].ctx == SHMEM_CTX_DEFAULT);
        tag += 20;
        if (test_failures != before) fprintf(stderr, "PE %d: failures in run %s\n", me,
                                             runs[r].name);
    }

    /* A space's context on the heap and on globals. */
    long *heap = shmem_malloc(N * sizeof(long));
    for (int i = 0; i < 64; i++) src[i] = value(tag, me, i);
    shmem_ctx_putmem(actx, heap, src, N * sizeof(long), right);
    shmem_ctx_long_put(actx, global_buf, src, 64, right);
    shmem_ctx_fence(actx); /* the put lands before the AMO on the same word */
    shmem_ctx_long_atomic_add(actx, &global_buf[63], 1, right);
    shmem_ctx_quiet(actx);
    shmem_barrier_all();
    check_from_left(heap, 64, tag, "space context on the heap");
    check_from_left(global_buf, 63, tag, "space context on globals");
    CHECK(global_buf[63] == value(tag, left, 63) + 1, "space context AMO on globals");
    shmem_free(heap);

    if (have_pool) shmem_ctx_destroy(pool);
    shmem_ctx_destroy(bctx);
    shmem_ctx_destroy(actx);
    long *old = a.dst;
    area_free(&a);
    area_free(&b);
    shmemx_space_detach(spa);
    CHECK(!shmem_addr_accessible(old, right), "memory of a detached space is accessible");
    /* The default context goes on working on the remaining space and the heap. */
    struct area c = area_in(spb);
    rma(SHMEM_CTX_DEFAULT, &c, src, 7000);
    area_free(&c);
    shmemx_space_detach(spb);
    shmemx_space_destroy(spb);
    shmemx_space_destroy(spa);
    free(src);
    shmem_finalize();
    return test_exit_status();
}
