/* shmem_test_any / wait_until_any (and the _vector forms) serve satisfied indices fairly:
 * with every flag satisfied all the time, a loop that calls them repeatedly must see every
 * index, in round-robin order, rather than index 0 again and again. Then a server loop: every
 * other PE keeps setting its own flag on PE 0, which must serve each client equally often. */
#include "testutil.h"

#define N 8
#define ROUNDS 200

static long flags[N];
static int served[64];

static void round_robin(void)
{
    for (int i = 0; i < N; i++) flags[i] = 1;
    int seen[N] = {0};
    for (int k = 0; k < 2 * N; k++) {
        size_t a = shmem_long_test_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
        size_t b = shmem_long_wait_until_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
        long ones[N];
        for (int i = 0; i < N; i++) ones[i] = 1;
        size_t c = shmem_long_test_any_vector(flags, N, NULL, SHMEM_CMP_EQ, ones);
        size_t d = shmem_long_wait_until_any_vector(flags, N, NULL, SHMEM_CMP_EQ, ones);
        CHECK(a < N && b == (a + 1) % N && c == (a + 2) % N && d == (a + 3) % N,
              "round %d: %zu %zu %zu %zu", k, a, b, c, d);
        if (a < N && b < N && c < N && d < N) seen[a]++, seen[b]++, seen[c]++, seen[d]++;
    }
    for (int i = 0; i < N; i++) CHECK(seen[i] == 8, "index %d returned %d times, expected 8", i, seen[i]);
    /* With a status mask the excluded index never comes back; the others take turns. */
    int status[N] = {0};
    status[3] = 1;
    for (int k = 0; k < 3 * (N - 1); k++) {
        size_t a = shmem_long_test_any(flags, N, status, SHMEM_CMP_EQ, 1);
        CHECK(a != 3 && a < N, "masked index returned (%zu)", a);
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    round_robin();
    shmem_barrier_all();
    for (int i = 0; i < N; i++) flags[i] = 0;
    shmem_barrier_all();
    /* Clients 1..n-1 (at most N) raise their flag on PE 0, which serves them and leaves each
     * flag raised (a client that is always ready again at once): each must be served equally. */
    int clients = n - 1 < N ? n - 1 : N;
    if (me >= 1 && me <= clients) shmem_long_p(&flags[me - 1], 1, 0);
    shmem_barrier_all();
    if (me == 0 && clients > 0) {
        for (int r = 0; r < ROUNDS * clients; r++) {
            size_t i = shmem_long_wait_until_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
            CHECK(i < (size_t)clients, "index %zu has no client", i);
            if (i < (size_t)clients) served[i]++;
        }
        for (int i = 0; i < clients; i++)
            CHECK(served[i] == ROUNDS, "client %d served %d times, expected %d", i + 1,
                  served[i], ROUNDS);
    }
    shmem_barrier_all();
    shmem_finalize();
    return test_exit_status();
}
