/* Ordering and completion: fence orders puts to one PE, quiet and pe_quiet complete nbi puts
 * (to one PE, and interleaved to every PE: quiet flushes one PE where all went to it, every PE
 * otherwise), barrier_all and sync_all in a loop (every round's values checked). */
#include "testutil.h"

#define ROUNDS 200
#define NBI 1000
static long data[NBI], flag[2];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int to = (me + 1) % n, from = (me + n - 1) % n;
    long *h = shmem_calloc(NBI, sizeof(long));
    /* barrier_all and sync_all rounds: put to the neighbour, synchronize, check. */
    for (int r = 1; r <= ROUNDS; r++) {
        shmem_long_p(&h[r % NBI], r * 1000 + me, to);
        if (r % 2) shmem_barrier_all();
        else {
            shmem_quiet();
            shmem_sync_all();
        }
        CHECK(h[r % NBI] == r * 1000 + from, "round %d: %ld", r, h[r % NBI]);
        shmem_sync_all();
    }
    /* quiet completes many nbi puts, to heap and globals */
    long src[NBI];
    for (int i = 0; i < NBI; i++) src[i] = me * 100000 + i;
    for (int i = 0; i < NBI; i++) {
        shmem_long_put_nbi(&h[i], &src[i], 1, to);
        shmem_ctx_long_put_nbi(SHMEM_CTX_DEFAULT, &data[i], &src[i], 1, to);
    }
    shmem_quiet();
    shmem_sync_all(); /* sync_all itself completes nothing: the quiet above did */
    int bad = 0;
    for (int i = 0; i < NBI; i++) bad += h[i] != from * 100000 + i || data[i] != from * 100000 + i;
    CHECK(bad == 0, "%d nbi puts incomplete after quiet", bad);
    shmem_barrier_all();
    /* quiet completes nbi puts interleaved over every other PE: each PE writes its own block
     * of `all` on every other PE, in pieces larger than a batch's records (so they go through
     * MPI where batching is on), one piece to each PE in turn, and checks every block it got. */
    long *all = shmem_calloc((size_t)n * NBI, sizeof(long));
    enum { PIECE = 100 };
    for (int i = 0; i < NBI; i += PIECE)
        for (int k = 1; k < n; k++)
            shmem_long_put_nbi(&all[(size_t)me * NBI + i], &src[i], PIECE, (me + k) % n);
    shmem_quiet();
    shmem_sync_all();
    bad = 0;
    for (int pe = 0; pe < n; pe++)
        for (int i = 0; pe != me && i < NBI; i++) bad += all[(size_t)pe * NBI + i] != pe * 100000 + i;
    CHECK(bad == 0, "%d nbi puts to several PEs incomplete after quiet", bad);
    shmem_barrier_all();
    shmem_free(all);
    /* fence: data then flag; whoever sees the flag sees the data */
    for (int r = 1; r <= 20; r++) {
        long v = r * 10 + me;
        shmem_long_put(&data[r], &v, 1, to);
        shmem_fence();
        shmem_ctx_fence(SHMEM_CTX_DEFAULT);
        shmem_long_p(&flag[0], r, to);
        shmem_long_wait_until(&flag[0], SHMEM_CMP_GE, r);
        CHECK(data[r] == r * 10 + from, "fence round %d: data %ld", r, data[r]);
    }
    shmem_barrier_all();
    /* pe_quiet on the one PE written, and with no PEs */
    for (int i = 0; i < NBI; i++) shmem_long_p(&h[i], -i - me, to);
    shmem_pe_quiet(&to, 1);
    shmem_ctx_pe_quiet(SHMEM_CTX_DEFAULT, &to, 1);
    shmem_pe_quiet(NULL, 0);
    shmem_sync_all();
    bad = 0;
    for (int i = 0; i < NBI; i++) bad += h[i] != -i - from;
    CHECK(bad == 0, "%d puts incomplete after pe_quiet", bad);
    shmem_free(h);
    shmem_finalize();
    return test_exit_status();
}
