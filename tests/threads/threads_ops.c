/* SHMEM_THREAD_MULTIPLE: T threads per PE at once doing blocking and nbi puts and gets on the
 * default context, AMOs on one counter, nbi puts through one context that all threads share,
 * a wait_until relay (thread t of each PE waits for thread t of the previous PE, round after
 * round), put-with-signal to the same thread of the next PE (which waits for it), and RMA
 * through private contexts of their own. Exact results. */
#include <pthread.h>
#include <string.h>

#include "testutil.h"

#define T 4
#define N 256
#define ROUNDS 50

static long gdata[T][N];       /* written by the previous PE's thread t through its ctx */
static long gsigdata[T][N];    /* written with put-with-signal */
static uint64_t gsig[T];
static long counter;
static long gshared[T][N];     /* written through the shared context */
static long relay[T];          /* round number, set by the previous PE's thread t */
static shmem_ctx_t shared_ctx;
static long *hdata;            /* [T][N] heap, written on the default context */
static int me, n, next, prev;

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    long src[N], back[N];
    for (int i = 0; i < N; i++) src[i] = (long)me * 1000000 + t * 10000 + i;
    /* Default context: blocking put of half, nbi put of the rest, then quiet. */
    shmem_long_put(hdata + t * N, src, N / 2, next);
    shmem_long_put_nbi(hdata + t * N + N / 2, src + N / 2, N - N / 2, next);
    shmem_quiet();
    /* AMOs on one word of PE 0 from every thread of every PE. */
    for (int r = 0; r < ROUNDS; r++) {
        if (r & 1) shmem_long_atomic_add(&counter, 1, 0);
        else (void)shmem_long_atomic_fetch_add(&counter, 1, 0);
    }
    /* One context shared by every thread: nbi puts, then each thread's quiet on it. */
    shmem_ctx_long_put_nbi(shared_ctx, gshared[t], src, N, next);
    shmem_ctx_quiet(shared_ctx);
    /* Relay around the ring: in round r thread t of PE 0 starts it, every other PE's thread t
     * passes it on when it arrives; values only grow, so GE waits for exactly this round. */
    for (long r = 1; r <= ROUNDS; r++) {
        if (me != 0) shmem_long_wait_until(&relay[t], SHMEM_CMP_GE, r);
        shmem_long_atomic_set(&relay[t], r, next);
        if (me == 0) shmem_long_wait_until(&relay[t], SHMEM_CMP_GE, r);
    }
    CHECK(relay[t] == ROUNDS, "relay t%d ended at %ld", t, relay[t]);
    /* A private context of this thread. */
    shmem_ctx_t ctx;
    int have_ctx = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0;
    CHECK(have_ctx, "thread %d: no private context", t);
    if (have_ctx) {
        shmem_ctx_long_put(ctx, gdata[t], src, N, next);
        shmem_ctx_quiet(ctx);
        memset(back, 0, sizeof back);
        shmem_ctx_long_get_nbi(ctx, back, gdata[t], N, next);
        shmem_ctx_quiet(ctx);
        for (int i = 0; i < N; i++) CHECK(back[i] == src[i], "ctx get back [%d]", i);
        shmem_ctx_destroy(ctx);
    }
    /* Put with signal to thread t of the next PE, which waits for its own. */
    shmem_long_put_signal(gsigdata[t], src, N, &gsig[t], 1, SHMEM_SIGNAL_ADD, next);
    shmem_signal_wait_until(&gsig[t], SHMEM_CMP_EQ, 1);
    for (int i = 0; i < N; i++)
        CHECK(gsigdata[t][i] == (long)prev * 1000000 + t * 10000 + i, "signal data t%d [%d]", t,
              i);
    return NULL;
}

int main(void)
{
    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    int q = -1;
    shmem_query_thread(&q);
    CHECK(q == SHMEM_THREAD_MULTIPLE, "query %d", q);
    me = shmem_my_pe();
    n = shmem_n_pes();
    next = (me + 1) % n;
    prev = (me + n - 1) % n;
    hdata = shmem_calloc(T * N, sizeof(long));
    CHECK(shmem_ctx_create(0, &shared_ctx) == 0, "no shared context");
    shmem_barrier_all();
    pthread_t th[T];
    for (long t = 0; t < T; t++) pthread_create(&th[t], NULL, worker, (void *)t);
    for (int t = 0; t < T; t++) pthread_join(th[t], NULL);
    shmem_barrier_all();
    for (int t = 0; t < T; t++)
        for (int i = 0; i < N; i++) {
            long want = (long)prev * 1000000 + t * 10000 + i;
            CHECK(hdata[t * N + i] == want, "heap t%d [%d] = %ld", t, i, hdata[t * N + i]);
            CHECK(gdata[t][i] == want, "ctx data t%d [%d] = %ld", t, i, gdata[t][i]);
            CHECK(gshared[t][i] == want, "shared ctx t%d [%d] = %ld", t, i, gshared[t][i]);
        }
    if (me == 0) CHECK(counter == (long)n * T * ROUNDS, "counter %ld", counter);
    shmem_ctx_destroy(shared_ctx);
    shmem_free(hdata);
    shmem_finalize();
    return test_exit_status();
}
