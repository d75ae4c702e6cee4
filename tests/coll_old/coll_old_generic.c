/* C11 (shmem.h with its generic selections): shmem_sync with an active set's four arguments
 * is the deprecated active-set routine, and with one argument the generic name of
 * shmem_team_sync. Puts made before a quiet + shmem_sync are visible after it. */
#include "testutil.h"

static long psync[SHMEM_SYNC_SIZE];
static int token[64];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    for (int round = 1; round <= 50; round++) {
        shmem_int_p(&token[me], round, (me + 1) % n);
        shmem_quiet();
        shmem_sync(0, 0, n, psync);
        int prev = (me + n - 1) % n;
        CHECK(token[prev] == round, "round %d: token %d", round, token[prev]);
        shmem_sync(0, 0, n, psync);
    }
    /* The one-argument form is shmem_team_sync, on the same PEs; both forms interleaved. */
    for (int round = 51; round <= 100; round++) {
        shmem_int_p(&token[me], round, (me + 1) % n);
        shmem_quiet();
        if (round % 2) CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0, "shmem_sync(team)");
        else shmem_sync(0, 0, n, psync);
        CHECK(token[(me + n - 1) % n] == round, "round %d", round);
        shmem_sync(SHMEM_TEAM_WORLD);
    }
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++) CHECK(psync[i] == SHMEM_SYNC_VALUE, "pSync");
    shmem_finalize();
    return test_exit_status();
}
