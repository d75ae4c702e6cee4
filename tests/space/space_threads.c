/* SHMEM_THREAD_MULTIPLE with memory spaces: T threads per PE at once, each with a private
 * context of the space, all sharing one (locking) context of the space and the default
 * context: puts, nbi gets, AMOs on one counter of PE 0 and put-with-signal on space memory,
 * while the threads create and destroy contexts of the space. Exact results. */
#include <pthread.h>
#include <shmemx.h>
#include <string.h>

#include "testutil.h"

#define T 4
#define N 512
#define ROUNDS 40

static int me, npes, next, prev;
static shmemx_space_t space;
static shmem_ctx_t shared_ctx; /* one context of the space used by every thread */
static long *data;      /* [3][T][N] in the space: written by the previous PE's thread t */
static long *counter;   /* in the space, on PE 0 */
static uint64_t *sig;   /* [T] */

static long value(int pe, int t, int k, int i)
{
    return (long)pe * 10000000 + t * 100000 + k * 10000 + i;
}

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    long src[3][N], back[N];
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++) src[k][i] = value(me, t, k, i);
    long *mine[3];
    for (int k = 0; k < 3; k++) mine[k] = data + ((size_t)k * T + t) * N;

    /* A private context of the space, created and destroyed a few times. */
    for (int round = 0; round < 3; round++) {
        shmem_ctx_t ctx;
        int ok = shmemx_space_create_ctx(space, SHMEM_CTX_PRIVATE, &ctx) == 0;
        CHECK(ok, "thread %d: no context of the space", t);
        if (!ok) break;
        shmem_ctx_long_put(ctx, mine[0], src[0], N, next);
        shmem_ctx_quiet(ctx);
        memset(back, 0, sizeof back);
        shmem_ctx_long_get_nbi(ctx, back, mine[0], N, next);
        shmem_ctx_quiet(ctx);
        for (int i = 0; i < N; i++)
            if (back[i] != src[0][i]) {
                CHECK(0, "thread %d: get back [%d] = %ld", t, i, back[i]);
                break;
            }
        for (int r = 0; r < ROUNDS; r++) shmem_ctx_long_atomic_add(ctx, counter, 1, 0);
        shmem_ctx_destroy(ctx);
    }
    /* The shared context of the space and the default context, by every thread at once. */
    shmem_ctx_long_put_nbi(shared_ctx, mine[1], src[1], N, next);
    shmem_ctx_quiet(shared_ctx);
    for (int r = 0; r < ROUNDS; r++)
        (void)shmem_ctx_long_atomic_fetch_add(shared_ctx, counter, 1, 0);
    for (int r = 0; r < ROUNDS; r++) shmem_long_atomic_inc(counter, 0);
    /* Put with signal to thread t of the next PE, which waits for its own. */
    shmem_long_put_signal(mine[2], src[2], N, &sig[t], 1, SHMEM_SIGNAL_ADD, next);
    shmem_signal_wait_until(&sig[t], SHMEM_CMP_EQ, 1);
    for (int i = 0; i < N; i++)
        if (mine[2][i] != value(prev, t, 2, i)) {
            CHECK(0, "signal data t%d [%d] = %ld", t, i, mine[2][i]);
            break;
        }
    return NULL;
}

int main(void)
{
    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    next = (me + 1) % npes;
    prev = (me + npes - 1) % npes;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 20, .num_contexts = T + 1},
                        &space);
    shmemx_space_attach(space);
    data = shmemx_space_calloc(space, 3 * T * N, sizeof(long));
    counter = shmemx_space_calloc(space, 1, sizeof(long));
    sig = shmemx_space_calloc(space, T, sizeof(uint64_t));
    CHECK(shmemx_space_create_ctx(space, 0, &shared_ctx) == 0, "shared context");

    pthread_t th[T];
    for (int t = 0; t < T; t++) pthread_create(&th[t], NULL, worker, (void *)(long)t);
    for (int t = 0; t < T; t++) pthread_join(th[t], NULL);
    shmem_quiet();
    shmem_ctx_quiet(shared_ctx);
    shmem_barrier_all();

    for (int t = 0; t < T; t++)
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < N; i++)
                if (data[((size_t)k * T + t) * N + i] != value(prev, t, k, i)) {
                    CHECK(0, "data k%d t%d [%d] = %ld", k, t, i, data[((size_t)k * T + t) * N + i]);
                    break;
                }
    if (me == 0)
        CHECK(*counter == (long)npes * T * ROUNDS * 5, "counter %ld, expected %ld", *counter,
              (long)npes * T * ROUNDS * 5);
    shmem_ctx_destroy(shared_ctx);
    shmem_free(sig);
    shmem_free(counter);
    shmem_free(data);
    shmemx_space_detach(space);
    shmemx_space_destroy(space);
    shmem_finalize();
    return test_exit_status();
}
