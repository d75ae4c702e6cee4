/* Teams: the predefined teams, strided splits (positive, negative and zero stride, teams that
 * exclude PE 0, nested splits), 2-D splits, PE translation, shmem_team_ptr, invalid arguments
 * (nonzero on every PE, SHMEM_TEAM_INVALID), and RMA through a team's context. */
#include <string.h>

#include "testutil.h"

static long gbuf[64];

static int me, n;

static void check_world_and_shared(void)
{
    CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me, "world my_pe");
    CHECK(shmem_team_n_pes(SHMEM_TEAM_WORLD) == n, "world n_pes");
    CHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1, "invalid my_pe");
    CHECK(shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1, "invalid n_pes");
    int sn = shmem_team_n_pes(SHMEM_TEAM_SHARED), sme = shmem_team_my_pe(SHMEM_TEAM_SHARED);
    CHECK(sn >= 1 && sn <= n && sme >= 0 && sme < sn, "shared %d of %d", sme, sn);
    /* SHARED holds exactly the PEs that shmem_ptr reaches, in world order. */
    long *h = shmem_malloc(sizeof(long));
    int count = 0, prev = -1;
    for (int pe = 0; pe < n; pe++) {
        int t = shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED);
        int reachable = shmem_ptr(h, pe) != NULL;
        CHECK((t >= 0) == reachable, "PE %d: shared rank %d, shmem_ptr %d", pe, t, reachable);
        if (t >= 0) {
            CHECK(t == prev + 1, "shared ranks in world order");
            prev = t;
            count++;
            CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, t, SHMEM_TEAM_WORLD) == pe, "back");
            CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, h, t) == shmem_ptr(h, pe), "team_ptr");
            CHECK(shmem_team_ptr(SHMEM_TEAM_SHARED, gbuf, t) == shmem_ptr(gbuf, pe), "ptr glob");
        }
        CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, h, pe) == shmem_ptr(h, pe), "world team_ptr");
    }
    CHECK(count == sn, "shared count %d vs %d", count, sn);
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, sme, SHMEM_TEAM_WORLD) == me, "me");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, n, SHMEM_TEAM_SHARED) == -1, "range");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, -1, SHMEM_TEAM_WORLD) == -1, "negative");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_INVALID, 0, SHMEM_TEAM_WORLD) == -1, "invalid");
    CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, h, 0) == NULL, "invalid team_ptr");
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, h, n) == NULL, "team_ptr range");
    /* The simulated two-node mode puts half of the PEs on each node. */
    const char *cliques = getenv("MPIR_CVAR_NUM_CLIQUES");
    if (cliques && atoi(cliques) == 2 && n > 1) CHECK(sn < n, "SHARED must differ from WORLD");
    shmem_team_config_t cfg = {.num_contexts = 99};
    CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &cfg) == 0 &&
              cfg.num_contexts == 0, "world config %d", cfg.num_contexts);
    CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, 0, &cfg) != 0, "invalid config");
    CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, 0, NULL) == 0, "mask 0, NULL config");
    shmem_free(h);
}

/* A strided split; checks membership, numbering and translation both ways. */
static shmem_team_t split_check(shmem_team_t parent, int start, int stride, int size)
{
    shmem_team_t t = (shmem_team_t)&me; /* must be overwritten */
    int rc = shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
    CHECK(rc == 0, "split(%d, %d, %d) returned %d", start, stride, size, rc);
    int pme = shmem_team_my_pe(parent), idx = -1;
    for (int i = 0; i < size; i++)
        if (start + i * stride == pme) idx = i;
    if (idx < 0) {
        CHECK(t == SHMEM_TEAM_INVALID, "non-member got a team");
        return SHMEM_TEAM_INVALID;
    }
    CHECK(t != SHMEM_TEAM_INVALID, "member got no team");
    CHECK(shmem_team_my_pe(t) == idx, "my_pe %d, expected %d", shmem_team_my_pe(t), idx);
    CHECK(shmem_team_n_pes(t) == size, "n_pes %d, expected %d", shmem_team_n_pes(t), size);
    for (int i = 0; i < size; i++) {
        int ppe = start + i * stride;
        CHECK(shmem_team_translate_pe(t, i, parent) == ppe, "to parent %d", i);
        CHECK(shmem_team_translate_pe(parent, ppe, t) == i, "from parent %d", ppe);
    }
    for (int ppe = 0; ppe < shmem_team_n_pes(parent); ppe++) {
        int in = (stride == 0) ? ppe == start
                               : ((ppe - start) % stride == 0 && (ppe - start) / stride >= 0 &&
                                  (ppe - start) / stride < size);
        CHECK((shmem_team_translate_pe(parent, ppe, t) >= 0) == in, "membership of %d", ppe);
    }
    return t;
}

/* Each member puts its world PE number to the next member through a team context and reads
 * it back after a barrier: PE numbers of ctx routines are team-relative. */
static void ring_through_team(shmem_team_t t, long *dst)
{
    shmem_ctx_t ctx;
    int tn = shmem_team_n_pes(t), tme = shmem_team_my_pe(t);
    CHECK(shmem_team_create_ctx(t, 0, &ctx) == 0, "team ctx");
    shmem_team_t back;
    CHECK(shmem_ctx_get_team(ctx, &back) == 0 && back == t, "ctx team");
    shmem_ctx_long_p(ctx, dst, me, (tme + 1) % tn);
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    int from = shmem_team_translate_pe(t, (tme + tn - 1) % tn, SHMEM_TEAM_WORLD);
    CHECK(*dst == from, "ring got %ld, expected %d", *dst, from);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    long *hbuf = shmem_calloc(64, sizeof(long));
    check_world_and_shared();

    /* Even PEs; odd PEs (without PE 0); everyone reversed; a single PE by stride 0. */
    shmem_team_t even = split_check(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2);
    shmem_team_t odd = n > 1 ? split_check(SHMEM_TEAM_WORLD, 1, 2, n / 2) : SHMEM_TEAM_INVALID;
    shmem_team_t rev = split_check(SHMEM_TEAM_WORLD, n - 1, -1, n);
    shmem_team_t last = split_check(SHMEM_TEAM_WORLD, n - 1, 0, 1);
    if (even != SHMEM_TEAM_INVALID) ring_through_team(even, &hbuf[0]);
    else shmem_barrier_all();
    if (odd != SHMEM_TEAM_INVALID) ring_through_team(odd, &gbuf[1]);
    else shmem_barrier_all();
    ring_through_team(rev, &gbuf[2]);
    if (last != SHMEM_TEAM_INVALID) ring_through_team(last, &hbuf[3]);
    else shmem_barrier_all();

    /* Nested: the second half of the reversed team (a non-power-of-two size for n = 3, 8). */
    if (n >= 3) {
        shmem_team_t sub = split_check(rev, 1, 1, n - 1);
        if (sub != SHMEM_TEAM_INVALID) {
            CHECK(shmem_team_translate_pe(sub, 0, SHMEM_TEAM_WORLD) == n - 2, "nested order");
            ring_through_team(sub, &hbuf[4]);
            shmem_team_destroy(sub);
        } else shmem_barrier_all();
    }

    /* Invalid splits fail on every PE and leave SHMEM_TEAM_INVALID. */
    shmem_team_t t = (shmem_team_t)&me;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t) != 0 &&
              t == SHMEM_TEAM_INVALID, "invalid parent");
    t = (shmem_team_t)&me;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 0, 2, NULL, 0, &t) != 0 &&
              t == SHMEM_TEAM_INVALID, "stride 0 with size 2");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n + 1, NULL, 0, &t) != 0, "too big");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n, 1, 1, NULL, 0, &t) != 0, "bad start");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, -1, 2, NULL, 0, &t) != 0, "runs off");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 0, NULL, 0, &t) != 0, "size 0");

    /* Configuration is kept. */
    shmem_team_config_t cfg = {.num_contexts = 2}, got = {0};
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &cfg, SHMEM_TEAM_NUM_CONTEXTS,
                                   &t) == 0, "split with config");
    CHECK(shmem_team_get_config(t, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 2,
          "config %d", got.num_contexts);
    shmem_team_destroy(t);

    /* 2-D: rows of xrange PEs and columns; xrange above n means one row. */
    int ranges[] = {1, 2, 3, n + 5};
    for (int r = 0; r < 4; r++) {
        int xr = ranges[r], xe = xr > n ? n : xr;
        shmem_team_t x, y;
        CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, xr, NULL, 0, &x, NULL, 0, &y) == 0, "2d");
        int row = me / xe, col = me % xe;
        int xsize = (row + 1) * xe <= n ? xe : n - row * xe;
        int ysize = (n - col + xe - 1) / xe;
        CHECK(shmem_team_my_pe(x) == col && shmem_team_n_pes(x) == xsize, "x %d: %d/%d", xr,
              shmem_team_my_pe(x), shmem_team_n_pes(x));
        CHECK(shmem_team_my_pe(y) == row && shmem_team_n_pes(y) == ysize, "y %d: %d/%d", xr,
              shmem_team_my_pe(y), shmem_team_n_pes(y));
        CHECK(shmem_team_translate_pe(x, 0, SHMEM_TEAM_WORLD) == row * xe, "x origin");
        CHECK(shmem_team_translate_pe(y, 0, SHMEM_TEAM_WORLD) == col, "y origin");
        ring_through_team(x, &hbuf[5]);
        ring_through_team(y, &gbuf[6]);
        shmem_team_destroy(x);
        shmem_team_destroy(y);
    }
    shmem_team_t x, y;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &x, NULL, 0, &y) != 0 &&
              x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID, "xrange 0");
    CHECK(shmem_team_split_2d(SHMEM_TEAM_INVALID, 1, NULL, 0, &x, NULL, 0, &y) != 0, "invalid");

    shmem_team_destroy(SHMEM_TEAM_INVALID); /* no-op */
    if (even != SHMEM_TEAM_INVALID) shmem_team_destroy(even);
    if (odd != SHMEM_TEAM_INVALID) shmem_team_destroy(odd);
    shmem_team_destroy(rev);
    /* `last` is left for shmem_finalize to free. */
    shmem_free(hbuf);
    shmem_finalize();
    return test_exit_status();
}
