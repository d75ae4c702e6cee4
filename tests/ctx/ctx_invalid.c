/* SHMEM_CTX_INVALID where the spec makes it a no-op: shmem_ctx_quiet, shmem_ctx_fence (and
 * shmem_ctx_pe_quiet alike), shmem_ctx_destroy, the session hints. Each is called with puts
 * outstanding on the default context, which must stay intact and complete as usual. Operations
 * on SHMEM_CTX_INVALID (undefined) are errors: tests/errors (ctx_invalid*). */
#include "testutil.h"

static long dst[64];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n, prev = (me + n - 1) % n;
    long src[64];
    for (int i = 0; i < 64; i++) src[i] = me * 1000 + i;
    shmem_long_put_nbi(dst, src, 64, next);
    int pes[2] = {0, n - 1};
    for (int round = 0; round < 3; round++) {
        shmem_ctx_quiet(SHMEM_CTX_INVALID);
        shmem_ctx_fence(SHMEM_CTX_INVALID);
        shmem_ctx_pe_quiet(SHMEM_CTX_INVALID, pes, 2);
        shmem_ctx_destroy(SHMEM_CTX_INVALID);
        shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, NULL, 0);
        shmem_ctx_session_stop(SHMEM_CTX_INVALID);
    }
    shmem_team_t t = SHMEM_TEAM_WORLD;
    CHECK(shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0 && t == SHMEM_TEAM_INVALID,
          "get_team of SHMEM_CTX_INVALID");
    shmem_quiet();
    shmem_barrier_all();
    for (int i = 0; i < 64; i++)
        CHECK(dst[i] == prev * 1000 + i, "dst[%d] = %ld, expected %d", i, dst[i], prev * 1000 + i);
    shmem_barrier_all();
    /* The default context still works after all that. */
    shmem_ctx_long_p(SHMEM_CTX_DEFAULT, &dst[0], -me, next);
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    shmem_barrier_all();
    CHECK(dst[0] == -prev, "dst[0] = %ld after a ctx put", dst[0]);
    shmem_finalize();
    return test_exit_status();
}
