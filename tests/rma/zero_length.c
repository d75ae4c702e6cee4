/* nelems == 0 is a no-op, even with NULL buffers (as in other OpenSHMEM libraries): every RMA
 * form (typed, sized, mem, strided, nbi, ctx), put-with-signal (the signal is still delivered:
 * the spec updates it after the zero bytes), and every collective form (team-based and active
 * set), which all PEs call with 0 so each stays collective-safe. Run with and without
 * SHMEM_DEBUG. A sentinel checks that nothing was written. */
#include <string.h>

#include "testutil.h"

static long sentinel[4] = {11, 22, 33, 44};
static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static uint64_t sig;

static void rma(int next)
{
    shmem_long_put(NULL, NULL, 0, next);
    shmem_long_get(NULL, NULL, 0, next);
    shmem_long_put_nbi(NULL, NULL, 0, next);
    shmem_long_get_nbi(NULL, NULL, 0, next);
    shmem_put64(NULL, NULL, 0, next);
    shmem_get32(NULL, NULL, 0, next);
    shmem_put128_nbi(NULL, NULL, 0, next);
    shmem_putmem(NULL, NULL, 0, next);
    shmem_getmem(NULL, NULL, 0, next);
    shmem_putmem_nbi(NULL, NULL, 0, next);
    shmem_getmem_nbi(NULL, NULL, 0, next);
    shmem_long_iput(NULL, NULL, 1, 1, 0, next);
    shmem_long_iget(NULL, NULL, 2, 3, 0, next);
    shmem_iput64(NULL, NULL, 1, 1, 0, next);
    shmem_long_ibput(NULL, NULL, 1, 1, 4, 0, next);
    shmem_long_ibget(NULL, NULL, 1, 1, 0, 5, next);
    shmem_ctx_long_put(SHMEM_CTX_DEFAULT, NULL, NULL, 0, next);
    shmem_ctx_getmem_nbi(SHMEM_CTX_DEFAULT, NULL, NULL, 0, next);
    shmem_ctx_long_iput(SHMEM_CTX_DEFAULT, NULL, NULL, 1, 1, 0, next);
    /* Also with a valid symmetric dest and a NULL source. */
    shmem_long_put(sentinel, NULL, 0, next);
    shmem_long_get(NULL, sentinel, 0, next);
    shmem_putmem_signal(NULL, NULL, 0, &sig, 7, SHMEM_SIGNAL_SET, next);
    shmem_long_put_signal_nbi(NULL, NULL, 0, &sig, 1, SHMEM_SIGNAL_ADD, next);
    shmem_ctx_putmem_signal(SHMEM_CTX_DEFAULT, NULL, NULL, 0, &sig, 2, SHMEM_SIGNAL_ADD, next);
    shmem_quiet();
}

static void collectives(int n)
{
    shmem_team_t w = SHMEM_TEAM_WORLD;
    CHECK(shmem_long_broadcast(w, NULL, NULL, 0, 0) == 0, "broadcast");
    CHECK(shmem_broadcastmem(w, NULL, NULL, 0, n - 1) == 0, "broadcastmem");
    CHECK(shmem_long_collect(w, NULL, NULL, 0) == 0, "collect");
    CHECK(shmem_collectmem(w, NULL, NULL, 0) == 0, "collectmem");
    CHECK(shmem_long_fcollect(w, NULL, NULL, 0) == 0, "fcollect");
    CHECK(shmem_fcollectmem(w, NULL, NULL, 0) == 0, "fcollectmem");
    CHECK(shmem_long_alltoall(w, NULL, NULL, 0) == 0, "alltoall");
    CHECK(shmem_alltoallmem(w, NULL, NULL, 0) == 0, "alltoallmem");
    CHECK(shmem_long_alltoalls(w, NULL, NULL, 1, 1, 0) == 0, "alltoalls");
    CHECK(shmem_alltoallsmem(w, NULL, NULL, 2, 3, 0) == 0, "alltoallsmem");
    CHECK(shmem_long_sum_reduce(w, NULL, NULL, 0) == 0, "sum_reduce");
    CHECK(shmem_int_max_reduce(w, NULL, NULL, 0) == 0, "max_reduce");
    CHECK(shmem_ulong_and_reduce(w, NULL, NULL, 0) == 0, "and_reduce");
    CHECK(shmem_double_prod_reduce(w, NULL, NULL, 0) == 0, "prod_reduce");
    CHECK(shmem_long_sum_inscan(w, NULL, NULL, 0) == 0, "inscan");
    CHECK(shmem_long_sum_exscan(w, NULL, NULL, 0) == 0, "exscan");
    /* Active-set forms. */
    shmem_broadcast64(NULL, NULL, 0, 0, 0, 0, n, pSync);
    shmem_broadcast32(NULL, NULL, 0, 0, 0, 0, n, pSync);
    shmem_collect64(NULL, NULL, 0, 0, 0, n, pSync);
    shmem_fcollect32(NULL, NULL, 0, 0, 0, n, pSync);
    shmem_alltoall64(NULL, NULL, 0, 0, 0, n, pSync);
    shmem_alltoalls32(NULL, NULL, 1, 1, 0, 0, 0, n, pSync);
    shmem_long_sum_to_all(NULL, NULL, 0, 0, 0, n, pWrk, pSync);
    shmem_int_max_to_all(NULL, NULL, 0, 0, 0, n, (int *)pWrk, pSync);
    shmem_barrier_all();
}

int main(void)
{
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) pSync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n;
    shmem_barrier_all();
    for (int round = 0; round < 2; round++) {
        rma(next);
        collectives(n);
    }
    shmem_barrier_all();
    long want[4] = {11, 22, 33, 44};
    CHECK(memcmp(sentinel, want, sizeof want) == 0, "sentinel changed: %ld %ld %ld %ld",
          sentinel[0], sentinel[1], sentinel[2], sentinel[3]);
    /* Each round: set to 7, add 1, add 2. */
    CHECK(sig == 10, "signal = %lu, expected 10 (7 + 1 + 2)", (unsigned long)sig);
    /* A real collective still works afterwards. */
    static long src[2], dst[2];
    src[0] = me + 1;
    src[1] = 2 * me;
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 2) == 0, "sum after");
    CHECK(dst[0] == (long)n * (n + 1) / 2 && dst[1] == (long)n * (n - 1), "sum = %ld %ld",
          dst[0], dst[1]);
    shmem_finalize();
    return test_exit_status();
}
