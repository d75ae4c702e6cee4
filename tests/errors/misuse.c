/* One misuse per run, chosen by argv[1]; each must end the job with
 * "mpishmem: error in <routine> on PE <n>: ..." (tests/errors/CMakeLists.txt lists the cases,
 * the routine each must name and whether SHMEM_DEBUG is needed). The heap is 1 MiB
 * (SHMEM_SYMMETRIC_SIZE=1M in every case). A case that is not caught falls through to a clean
 * exit 0, which fails its test. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

static long g[16];
static char src[1 << 20];

static int me, n, next;
static long *h;

/* Misuse before shmem_init (or of init/finalize themselves): returns 1 if the case was one. */
static int before_init(const char *c)
{
    if (!strcmp(c, "before_init")) shmem_putmem(g, src, 8, 0);
    else if (!strcmp(c, "malloc_before_init")) (void)shmem_malloc(64);
    else if (!strcmp(c, "my_pe_before_init")) (void)shmem_my_pe();
    else if (!strcmp(c, "quiet_before_init")) shmem_quiet();
    else if (!strcmp(c, "finalize_without_init")) shmem_finalize();
    else if (!strcmp(c, "init_thread_bad_level")) (void)shmem_init_thread(42, NULL);
    else if (!strncmp(c, "after_finalize_", 15)) {
        /* Calls after shmem_finalize get the error of calls before shmem_init. */
        static long d[4], s[4], ps[SHMEM_BCAST_SYNC_SIZE];
        shmem_ctx_t ctx;
        shmem_team_t t;
        shmem_init();
        shmem_finalize();
        c += 15;
        if (!strcmp(c, "barrier_all")) shmem_barrier_all();
        if (!strcmp(c, "sync_all")) shmem_sync_all();
        if (!strcmp(c, "team_sync")) shmem_team_sync(SHMEM_TEAM_WORLD);
        if (!strcmp(c, "broadcast")) shmem_long_broadcast(SHMEM_TEAM_WORLD, d, s, 4, 0);
        if (!strcmp(c, "sum_reduce")) shmem_long_sum_reduce(SHMEM_TEAM_WORLD, d, s, 4);
        if (!strcmp(c, "broadcast64")) shmem_broadcast64(d, s, 4, 0, 0, 0, 2, ps);
        if (!strcmp(c, "malloc")) (void)shmem_malloc(64);
        if (!strcmp(c, "ctx_create")) (void)shmem_ctx_create(0, &ctx);
        if (!strcmp(c, "team_split")) shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0, &t);
        if (!strcmp(c, "team_n_pes")) (void)shmem_team_n_pes(SHMEM_TEAM_WORLD);
    } else if (!strcmp(c, "finalize_twice")) {
        shmem_init();
        shmem_finalize();
        shmem_finalize();
    } else return 0;
    return 1;
}

/* PE numbers out of range. */
static void pe_cases(const char *c)
{
    int bad[2] = {0, n};
    if (!strcmp(c, "pe_range")) shmem_long_p(h, 1, n);
    if (!strcmp(c, "pe_negative")) (void)shmem_long_g(g, -1);
    if (!strcmp(c, "ptr_pe_range")) (void)shmem_ptr(h, n + 3);
    if (!strcmp(c, "amo_pe_range")) shmem_long_atomic_inc(h, -2);
    /* Checked always: every family, heap and static data, fast and general paths. */
    if (!strcmp(c, "put_pe_range")) shmem_putmem(h, src, 8, n);
    if (!strcmp(c, "static_put_pe_range")) shmem_long_put(g, g, 2, n + 5);
    if (!strcmp(c, "get_pe_negative")) shmem_getmem(src, h, 8, -1);
    if (!strcmp(c, "static_g_pe_range")) (void)shmem_long_g(g, n);
    if (!strcmp(c, "fetch_add_pe_range")) (void)shmem_long_atomic_fetch_add(h, 1, n);
    if (!strcmp(c, "static_fetch_pe_negative")) (void)shmem_long_atomic_fetch(g, -7);
    if (!strcmp(c, "cswap_pe_range")) (void)shmem_long_atomic_compare_swap(h, 0, 1, n);
    if (!strcmp(c, "iput_pe_range")) shmem_long_iput(h, g, 1, 1, 2, n);
    if (!strcmp(c, "put_signal_pe_range"))
        shmem_putmem_signal(h, src, 8, (uint64_t *)h + 1, 1, SHMEM_SIGNAL_SET, n);
    if (!strcmp(c, "signal_add_pe_range")) shmem_signal_add((uint64_t *)h + 1, 1, n);
    if (!strcmp(c, "put_nbi_pe_range")) shmem_putmem_nbi(h, src, 8, n);
    if (!strcmp(c, "ctx_team_pe_range")) {
        /* PE numbers of a context's team: the team of even PEs has (n + 1) / 2 members. */
        shmem_team_t evens;
        shmem_ctx_t ctx;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &evens);
        if (evens != SHMEM_TEAM_INVALID && shmem_team_create_ctx(evens, 0, &ctx) == 0)
            shmem_ctx_long_p(ctx, h, 1, (n + 1) / 2);
        else if (me % 2 == 1)
            shmem_long_p(h, 1, n); /* odd PEs are not in the team: the world form */
    }
    if (!strcmp(c, "pe_quiet_range")) {
        shmem_long_p(h, 1, next); /* something to complete */
        shmem_pe_quiet(bad, 2);
    }
    if (!strcmp(c, "pe_quiet_idle_range")) shmem_pe_quiet(bad, 2);
    if (!strcmp(c, "pe_quiet_null")) shmem_pe_quiet(NULL, 2);
}

/* Addresses: not symmetric, past the end of a segment, NULL local buffers, strides. */
static void address_cases(const char *c)
{
    long stack[4] = {0};
    long *priv = malloc(64);
    if (!strcmp(c, "not_symmetric")) shmem_long_put(stack, stack, 1, next);
    if (!strcmp(c, "get_malloced")) shmem_long_get(stack, priv, 1, next);
    if (!strcmp(c, "past_end")) shmem_putmem(g, src, sizeof src, next); /* data segment */
    if (!strcmp(c, "heap_past_end")) shmem_putmem(h + 1, src, sizeof src, next);
    if (!strcmp(c, "null_source")) shmem_putmem(h, NULL, 8, next);
    if (!strcmp(c, "null_dest")) shmem_getmem(NULL, h, 8, next);
    if (!strcmp(c, "strided_past_end")) shmem_long_iput(g, g, 100000, 1, 16, next);
    if (!strcmp(c, "strided_negative")) shmem_long_iget(stack, h, 1, -(1L << 30), 2, next);
    if (!strcmp(c, "ibput_past_end")) shmem_long_ibput(h, (long *)src, 1 << 16, 2, 2, 4, next);
    if (!strcmp(c, "ibget_null_dest")) shmem_long_ibget(NULL, h, 2, 2, 1, 2, next);
    free(priv);
}

/* Element counts whose byte count overflows size_t (checked always). */
static void overflow_cases(const char *c)
{
    size_t huge = ((size_t)1 << 61) + 1; /* * 8 bytes wraps around to 8 */
    if (!strcmp(c, "put_overflow")) shmem_long_put(h, (long *)src, huge, next);
    if (!strcmp(c, "get_nbi_overflow")) shmem_long_get_nbi((long *)src, h, huge, next);
    if (!strcmp(c, "ibput_overflow")) shmem_long_ibput(h, (long *)src, 1, 1, huge, 1, next);
    if (!strcmp(c, "put_signal_overflow"))
        shmem_long_put_signal(h, (long *)src, huge, (uint64_t *)h + 1, 1, SHMEM_SIGNAL_SET, next);
    if (!strcmp(c, "alltoallmem_overflow"))
        shmem_alltoallmem(SHMEM_TEAM_WORLD, h, h, (size_t)1 << 63);
    if (!strcmp(c, "broadcast_overflow")) shmem_long_broadcast(SHMEM_TEAM_WORLD, h, h, huge, 0);
    if (!strcmp(c, "alltoall64_overflow")) {
        static long ps[SHMEM_ALLTOALL_SYNC_SIZE];
        shmem_alltoall64(h, h, huge, 0, 0, n, ps);
    }
}

/* AMOs, signals, point-to-point synchronization and locks. */
static void sync_cases(const char *c)
{
    long stack = 0;
    if (!strcmp(c, "amo_unaligned")) shmem_int_atomic_add((int *)((char *)h + 1), 1, next);
    if (!strcmp(c, "amo_not_symmetric")) (void)shmem_long_atomic_fetch(&stack, next);
    if (!strcmp(c, "amo_nbi_null_fetch")) shmem_long_atomic_fetch_nbi(NULL, h, next);
    if (!strcmp(c, "bad_cmp")) shmem_long_wait_until(h, 99, 0);
    if (!strcmp(c, "test_bad_cmp")) (void)shmem_int_test((int *)h, -1, 0);
    if (!strcmp(c, "wait_unaligned")) shmem_int_wait_until((int *)((char *)h + 2), SHMEM_CMP_EQ, 0);
    if (!strcmp(c, "wait_all_not_symmetric"))
        shmem_long_wait_until_all(&stack, 1, NULL, SHMEM_CMP_EQ, 0);
    if (!strcmp(c, "bad_sig_op"))
        shmem_putmem_signal(h, src, 8, (uint64_t *)h + 1, 1, 7, next);
    if (!strcmp(c, "signal_unaligned")) (void)shmem_signal_fetch((uint64_t *)((char *)h + 4));
    if (!strcmp(c, "lock_unaligned")) shmem_set_lock((long *)((char *)h + 4));
    if (!strcmp(c, "lock_not_symmetric")) (void)shmem_test_lock(&stack);
}

/* Memory management and contexts. */
static void memory_cases(const char *c)
{
    if (!strcmp(c, "free_foreign")) shmem_free(malloc(16));
    if (!strcmp(c, "free_twice")) {
        long *b = shmem_malloc(128);
        shmem_free(b);
        shmem_free(b);
    }
    if (!strcmp(c, "free_inside")) shmem_free(h + 1);
    if (!strcmp(c, "realloc_foreign")) (void)shmem_realloc(g, 64);
    if (!strcmp(c, "malloc_mismatch")) (void)shmem_malloc(me ? 64 : 128);
    if (!strcmp(c, "calloc_mismatch")) (void)shmem_calloc(me ? 8 : 16, 8);
    if (!strcmp(c, "realloc_mismatch")) (void)shmem_realloc(h, me ? 4096 : 8192);
    if (!strcmp(c, "align_mismatch")) (void)shmem_align(me ? 64 : 128, 64);
    if (!strcmp(c, "ctx_invalid")) shmem_ctx_putmem(SHMEM_CTX_INVALID, h, src, 8, 0);
    if (!strcmp(c, "ctx_invalid_get")) (void)shmem_ctx_long_g(SHMEM_CTX_INVALID, h, 0);
    if (!strcmp(c, "ctx_invalid_amo"))
        (void)shmem_ctx_long_atomic_fetch_add(SHMEM_CTX_INVALID, h, 1, 0);
    if (!strcmp(c, "ctx_invalid_signal"))
        shmem_ctx_putmem_signal(SHMEM_CTX_INVALID, h, src, 8, (uint64_t *)h + 1, 1,
                                SHMEM_SIGNAL_SET, next);
    if (!strcmp(c, "ctx_invalid_iput")) shmem_ctx_long_iput(SHMEM_CTX_INVALID, h, g, 1, 1, 2, 0);
    if (!strcmp(c, "ctx_destroy_default")) shmem_ctx_destroy(SHMEM_CTX_DEFAULT);
    if (!strcmp(c, "team_destroy_world")) shmem_team_destroy(SHMEM_TEAM_WORLD);
    if (!strcmp(c, "team_destroy_shared")) shmem_team_destroy(SHMEM_TEAM_SHARED);
    if (!strcmp(c, "team_num_contexts_negative")) {
        shmem_team_t t;
        shmem_team_config_t conf = {.num_contexts = -1};
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &conf, SHMEM_TEAM_NUM_CONTEXTS, &t);
    }
    if (!strcmp(c, "team_2d_num_contexts_negative")) {
        shmem_team_t x, y;
        shmem_team_config_t conf = {.num_contexts = -1};
        shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, 0, &x, &conf, SHMEM_TEAM_NUM_CONTEXTS, &y);
    }
    if (!strcmp(c, "team_destroy_live_ctx")) {
        shmem_team_t t;
        shmem_ctx_t ctx;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        if (shmem_team_create_ctx(t, 0, &ctx) == 0) shmem_team_destroy(t);
    }
}

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    if (before_init(c)) return 0;
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    next = (me + 1) % n;
    h = shmem_malloc(64);
    shmem_barrier_all();
    pe_cases(c);
    address_cases(c);
    overflow_cases(c);
    sync_cases(c);
    memory_cases(c);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
