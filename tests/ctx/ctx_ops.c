/* Contexts: creation (all options), RMA/AMO/signal/fence/quiet/pe_quiet through created
 * contexts on heap and global data, per-context quiet completing its own nbi gets, AMOs of
 * several contexts on one word staying atomic, get_team, session hints, destroy (implicit
 * quiet), and SHMEM_CTX_INVALID handling. */
#include <string.h>

#include "testutil.h"

#define N 512
static long gsrc[N], gdst[N];
static long gcounter;
static uint64_t gsig;

static int me, n;

static void rma_through(shmem_ctx_t ctx, long *dst, long *src, int tag)
{
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    for (int i = 0; i < N; i++) src[i] = (long)tag * 1000000 + me * 1000 + i;
    shmem_barrier_all();
    shmem_ctx_long_put(ctx, dst, src, N / 2, next);
    shmem_ctx_long_put_nbi(ctx, dst + N / 2, src + N / 2, N / 2 - 1, next);
    shmem_ctx_long_p(ctx, dst + N - 1, src[N - 1], next);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    for (int i = 0; i < N; i++)
        CHECK(dst[i] == (long)tag * 1000000 + prev * 1000 + i, "tag %d put [%d] = %ld", tag, i,
              dst[i]);
    long got[N];
    memset(got, 0, sizeof got);
    shmem_ctx_long_get(ctx, got, src, N / 2, next);
    shmem_ctx_long_get_nbi(ctx, got + N / 2, src + N / 2, N / 2, next);
    shmem_ctx_quiet(ctx);
    for (int i = 0; i < N; i++)
        CHECK(got[i] == (long)tag * 1000000 + next * 1000 + i, "tag %d get [%d]", tag, i);
    CHECK(shmem_ctx_long_g(ctx, src + 7, next) == (long)tag * 1000000 + next * 1000 + 7, "g");
    shmem_barrier_all();
}

/* Each PE's nbi gets on two contexts; quiet of one completes its gets (the other's are
 * completed by its own quiet later). */
static void per_ctx_quiet(shmem_ctx_t a, shmem_ctx_t b, long *src)
{
    int next = (me + 1) % n;
    for (int i = 0; i < N; i++) src[i] = me * 100000 + i;
    shmem_barrier_all();
    static long ga[N], gb[N];
    memset(ga, 0, sizeof ga);
    memset(gb, 0, sizeof gb);
    shmem_ctx_long_get_nbi(b, gb, src, N, next);
    shmem_ctx_long_get_nbi(a, ga, src, N, next);
    shmem_ctx_quiet(a);
    for (int i = 0; i < N; i++) CHECK(ga[i] == next * 100000 + i, "ctx a get [%d]", i);
    shmem_ctx_quiet(b);
    for (int i = 0; i < N; i++) CHECK(gb[i] == next * 100000 + i, "ctx b get [%d]", i);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    long *hsrc = shmem_calloc(N, sizeof(long)), *hdst = shmem_calloc(N, sizeof(long));
    long *hcounter = shmem_calloc(1, sizeof(long));

    long opts[] = {0, SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE,
                   SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE};
    shmem_ctx_t ctx[5];
    for (int i = 0; i < 5; i++) {
        CHECK(shmem_ctx_create(opts[i], &ctx[i]) == 0 && ctx[i] != SHMEM_CTX_INVALID,
              "create %d", i);
        shmem_team_t t = SHMEM_TEAM_INVALID;
        CHECK(shmem_ctx_get_team(ctx[i], &t) == 0 && t == SHMEM_TEAM_WORLD, "team %d", i);
    }
    shmem_team_t t = SHMEM_TEAM_SHARED;
    CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &t) == 0 && t == SHMEM_TEAM_WORLD, "default");
    CHECK(shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0 && t == SHMEM_TEAM_INVALID, "invalid");

    rma_through(ctx[0], hdst, hsrc, 1);
    rma_through(ctx[1], gdst, gsrc, 2);
    rma_through(ctx[4], hdst, gsrc, 3);
    rma_through(SHMEM_CTX_DEFAULT, gdst, hsrc, 4);
    per_ctx_quiet(ctx[0], ctx[2], hsrc);
    per_ctx_quiet(ctx[3], SHMEM_CTX_DEFAULT, gsrc);

    /* AMOs from every context (and the default) on one word of PE 0: atomic together. */
    const int rounds = 200;
    for (int r = 0; r < rounds; r++) {
        shmem_ctx_t c = r % 6 == 5 ? SHMEM_CTX_DEFAULT : ctx[r % 6];
        if (r % 2) shmem_ctx_long_atomic_add(c, hcounter, 1, 0);
        else (void)shmem_ctx_long_atomic_fetch_add(c, &gcounter, 1, 0);
    }
    for (int i = 0; i < 5; i++) shmem_ctx_quiet(ctx[i]);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(*hcounter == (long)n * rounds / 2, "heap counter %ld", *hcounter);
        CHECK(gcounter == (long)n * rounds / 2, "global counter %ld", gcounter);
    }

    /* Put with signal and fence on a context: data before signal, puts ordered by fence. */
    int next = (me + 1) % n;
    shmem_ctx_long_put(ctx[1], hdst, hsrc, 8, next);
    shmem_ctx_fence(ctx[1]);
    shmem_ctx_long_put_signal(ctx[1], gdst, hsrc, N, &gsig, 1, SHMEM_SIGNAL_ADD, next);
    shmem_signal_wait_until(&gsig, SHMEM_CMP_EQ, 1);
    int prev = (me + n - 1) % n;
    for (int i = 0; i < N; i++) CHECK(gdst[i] == prev * 100000 + i, "signal data [%d]", i);
    int pes[1] = {next};
    shmem_ctx_long_p(ctx[2], hdst, 42, next);
    shmem_ctx_pe_quiet(ctx[2], pes, 1);
    shmem_barrier_all();
    CHECK(hdst[0] == 42, "pe_quiet put %ld", hdst[0]);

    /* Sessions are accepted hints; invalid contexts make them no-ops. */
    shmem_ctx_session_config_t cfg = {.total_ops = 10};
    shmem_ctx_session_start(ctx[0], SHMEM_CTX_SESSION_BATCH, &cfg, SHMEM_CTX_SESSION_TOTAL_OPS);
    shmem_ctx_long_p(ctx[0], hdst + 1, 7, next);
    shmem_ctx_session_stop(ctx[0]);
    shmem_ctx_session_start(SHMEM_CTX_INVALID, 0, NULL, 0);
    shmem_ctx_session_stop(SHMEM_CTX_INVALID);
    /* Destroy completes the context's operations. */
    shmem_ctx_long_put_nbi(ctx[0], hdst + 2, hsrc, 1, next);
    for (int i = 0; i < 5; i++) shmem_ctx_destroy(ctx[i]);
    shmem_ctx_destroy(SHMEM_CTX_INVALID);
    shmem_barrier_all();
    CHECK(hdst[1] == 7 && hdst[2] == prev * 100000, "destroy quiet");
    shmem_free(hsrc);
    shmem_free(hdst);
    shmem_free(hcounter);
    shmem_finalize();
    return test_exit_status();
}
