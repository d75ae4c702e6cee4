/* The context pool (run with MPISHMEM_CONTEXTS=3): the fourth context fails cleanly (nonzero,
 * SHMEM_CTX_INVALID) and works again after a destroy; a team split with
 * SHMEM_TEAM_NUM_CONTEXTS reserves contexts for that team only, and asking for more than is
 * free makes the split fail on every PE. */
#include "testutil.h"

#define POOL 3

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    static long box;
    shmem_ctx_t c[POOL + 1];
    for (int i = 0; i < POOL; i++) CHECK(shmem_ctx_create(0, &c[i]) == 0, "create %d", i);
    c[POOL] = (shmem_ctx_t)&box;
    CHECK(shmem_ctx_create(0, &c[POOL]) != 0, "the pool holds %d", POOL);
    CHECK(c[POOL] == SHMEM_CTX_INVALID, "failed create leaves SHMEM_CTX_INVALID");
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_SHARED, 0, &c[POOL]) != 0, "team ctx too");
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &c[POOL]) != 0 &&
              c[POOL] == SHMEM_CTX_INVALID, "invalid team");
    shmem_ctx_destroy(c[1]);
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &c[1]) == 0, "create after destroy");
    /* Every context still works. */
    for (int i = 0; i < POOL; i++) shmem_ctx_long_atomic_inc(c[i], &box, (me + 1) % n);
    for (int i = 0; i < POOL; i++) shmem_ctx_quiet(c[i]);
    shmem_barrier_all();
    CHECK(box == POOL, "box %ld", box);
    for (int i = 0; i < POOL; i++) shmem_ctx_destroy(c[i]);

    /* Reserve 2 of the 3 for a team of all PEs: one is left for everyone else. */
    shmem_team_config_t cfg = {.num_contexts = 2};
    shmem_team_t t;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &cfg, SHMEM_TEAM_NUM_CONTEXTS,
                                   &t) == 0, "split reserving 2");
    shmem_ctx_t w, w2, tc[3];
    CHECK(shmem_ctx_create(0, &w) == 0, "the unreserved one");
    CHECK(shmem_ctx_create(0, &w2) != 0, "the reserved ones are the team's");
    CHECK(shmem_team_create_ctx(t, 0, &tc[0]) == 0 && shmem_team_create_ctx(t, 0, &tc[1]) == 0,
          "team takes its reservation");
    CHECK(shmem_team_create_ctx(t, 0, &tc[2]) != 0, "and no more");
    /* A split asking for more contexts than are free fails on every PE. */
    cfg.num_contexts = 1;
    shmem_team_t t2 = (shmem_team_t)&box;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &cfg, SHMEM_TEAM_NUM_CONTEXTS,
                                   &t2) != 0 && t2 == SHMEM_TEAM_INVALID, "over-reservation");
    shmem_ctx_destroy(tc[1]);
    CHECK(shmem_ctx_create(0, &w2) != 0, "a returned reserved context stays the team's");
    CHECK(shmem_team_create_ctx(t, 0, &tc[1]) == 0, "and the team gets it back");
    shmem_ctx_destroy(tc[0]);
    shmem_ctx_destroy(tc[1]);
    shmem_team_destroy(t);
    CHECK(shmem_ctx_create(0, &tc[0]) == 0 && shmem_ctx_create(0, &tc[1]) == 0,
          "destroying the team frees its reservation");
    shmem_ctx_destroy(tc[0]);
    shmem_ctx_destroy(tc[1]);
    shmem_ctx_destroy(w);
    shmem_finalize();
    return test_exit_status();
}
