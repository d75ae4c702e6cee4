/* Batching leaves node-local peers alone: a PE that reaches another by load/store (shmem_ptr
 * gives an address) writes its memory during the call itself, so what a blocking put or a p
 * wrote is there at once, without quiet, for a load through shmem_ptr (an nbi put and a
 * non-fetching AMO are checked after quiet). Only PEs reached through MPI may have their small operations batched. Heap and
 * globals; every node-local peer of every PE. The multi-node modes are where batching is on
 * (registered with MPISHMEM_BATCH=1 there), and where some peers are local and some not. */
#include "batch_util.h"

#include <string.h>

#define N 64

static long g_put[N], g_p, g_nbi[N], g_amo;

typedef struct { /* a writer's slot on the heap */
    long put[N], p, nbi[N], amo;
} block_t;

/* One round on `pe` (its words at these symmetric addresses, heap or globals): writes, then
 * loads through shmem_ptr before any quiet. */
static void round_on(int pe, long *put, long *p, long *nbi, long *amo, int round, const char *space)
{
    int me = shmem_my_pe();
    long src[N], base = (long)round * 1000 + me * 100000L;
    for (int i = 0; i < N; i++) src[i] = base + i;
    long *rput = shmem_ptr(put, pe), *rp = shmem_ptr(p, pe), *rnbi = shmem_ptr(nbi, pe),
         *ramo = shmem_ptr(amo, pe);
    if (!rput || !rp || !rnbi || !ramo) return; /* reached through MPI: nothing to check */
    long amo_before = __atomic_load_n(ramo, __ATOMIC_SEQ_CST);
    shmem_putmem(put, src, sizeof src, pe);
    shmem_long_p(p, base + 7, pe);
    shmem_putmem_nbi(nbi, src, sizeof src, pe);
    shmem_long_atomic_add(amo, 3, pe);
    /* no quiet: the stores were made by the calls themselves */
    for (int i = 0; i < N; i++)
        CHECK(rput[i] == base + i, "%s: putmem to node-local PE %d, word %d: %ld, want %ld "
              "(batched?)", space, pe, i, rput[i], base + i);
    CHECK(*rp == base + 7, "%s: long_p to node-local PE %d: %ld, want %ld", space, pe, *rp,
          base + 7);
    /* nbi puts and AMOs complete at quiet (in a job spanning nodes a node-local AMO goes
     * through MPI, atomic with the other nodes' ones); neither is batched */
    shmem_quiet();
    CHECK(__atomic_load_n(ramo, __ATOMIC_SEQ_CST) >= amo_before + 3,
          "%s: atomic_add to node-local PE %d: %ld, want at least %ld", space, pe, *ramo,
          amo_before + 3);
    for (int i = 0; i < N; i++)
        CHECK(rnbi[i] == base + i, "%s: putmem_nbi to node-local PE %d, word %d: %ld, want %ld",
              space, pe, i, rnbi[i], base + i);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    /* Each PE writes only its own slot of the target's memory: slot `me` of every array. */
    block_t *h = shmem_calloc((size_t)n, sizeof(block_t));
    int local_peers = 0;
    for (int round = 0; round < 20; round++) {
        for (int s = 1; s < n; s++) {
            int pe = (me + s) % n;
            if (shmem_ptr(&h[me], pe)) local_peers += round == 0;
            round_on(pe, h[me].put, &h[me].p, h[me].nbi, &h[me].amo, round, "heap");
        }
        /* globals: one writer at a time (they hold no per-writer slots) */
        for (int w = 0; w < n; w++) {
            shmem_barrier_all();
            if (w == me)
                for (int s = 1; s < n; s++)
                    round_on((me + s) % n, g_put, &g_p, g_nbi, &g_amo, round, "globals");
        }
        shmem_barrier_all();
    }
    /* Every AMO arrived in the end (node-local or not): 20 rounds x 3 from every writer. */
    shmem_barrier_all();
    for (int p = 0; p < n; p++)
        if (p != me && shmem_ptr(h, p))
            CHECK(h[p].amo == 60, "heap: node-local PE %d's adds: %ld, want 60", p, h[p].amo);
    if (me == 0) printf("batch_local_direct: %d node-local peers of PE 0\n", local_peers);
    shmem_barrier_all();
    shmem_free(h);
    shmem_finalize();
    return test_exit_status();
}
