/* Contexts and threads (SHMEM_THREAD_MULTIPLE). T threads per PE, at once:
 * A. each with a SHMEM_CTX_PRIVATE context of its own: per round, small pieces (ctx putmem,
 *    putmem_nbi, char_p) of a fresh chunk to every other PE, then shmem_ctx_quiet (or
 *    shmem_ctx_fence, alternately) on that context, then a flag = round through the same
 *    context (atomic_set); thread t of the receiver waits for the flag and checks the chunk;
 * B. all on the default context: the same with putmem / putmem_nbi / char_p, shmem_quiet and
 *    shmem_long_atomic_set, the threads' operations and quiets interleaving.
 * Chunks are never rewritten (a chunk per round), heap for part A, globals for part B. After
 * the threads end, quiet, barrier: every chunk from every PE and thread is checked again. */
#include "batch_util.h"

#include <pthread.h>

#define MAXPE 16
#define T 3
#define R 8
#define CH 256

static unsigned char g_chunks[T][MAXPE][R][CH]; /* part B: [thread][sender][round] */
static long g_flag_b[T][MAXPE];
static long g_flag_a[T][MAXPE];
static unsigned char (*h_chunks)[MAXPE][R][CH]; /* part A: [thread][sender][round] */
static int me, n;

/* The byte stream of a chunk: batch_byte with a stamp of part, thread and round. */
static int stamp(int part, int t, int round)
{
    return part * 1000 + t * 100 + round;
}

static unsigned char *chunk(int part, int t, int sender, int round)
{
    return part ? g_chunks[t][sender][round] : h_chunks[t][sender][round];
}

static void send_chunk(shmem_ctx_t ctx, int part, int t, int round, int to, unsigned char *src)
{
    unsigned char *dst = chunk(part, t, me, round);
    for (size_t i = 0; i < CH; i++) src[i] = batch_byte(i, stamp(part, t, round), me);
    size_t off = 0;
    for (int k = 0; off < CH; k++) {
        size_t size = 1 + (size_t)(k * 23 + round * 3 + t * 7 + me) % 64;
        int method = (k + t + round) % 3;
        if (method == 2 && size > 4) size = 4;
        if (size > CH - off) size = CH - off;
        if (method == 0) shmem_ctx_putmem(ctx, dst + off, src + off, size, to);
        else if (method == 1) shmem_ctx_putmem_nbi(ctx, dst + off, src + off, size, to);
        else
            for (size_t b = 0; b < size; b++)
                shmem_ctx_char_p(ctx, (char *)dst + off + b, (char)src[off + b], to);
        off += size;
    }
}

static void check_chunk(int part, int t, int sender, int round, const char *when)
{
    char what[96];
    snprintf(what, sizeof what, "%s part %c thread %d", when, part ? 'B' : 'A', t);
    batch_check_bytes(chunk(part, t, sender, round), CH, 0, stamp(part, t, round), sender, what);
}

/* One part for thread t: rounds of chunks to every other PE, each followed by a completion and
 * a flag, then waiting for the other PEs' chunks of the round. */
static void run_part(int part, int t, shmem_ctx_t ctx, unsigned char *src /* [R][n][CH] */)
{
    long *flags = part ? g_flag_b[t] : g_flag_a[t];
    for (int round = 1; round <= R; round++) {
        int r = round - 1;
        for (int d = 1; d < n; d++) {
            int to = (me + d) % n;
            send_chunk(ctx, part, t, r, to, src + ((size_t)r * (size_t)n + (size_t)to) * CH);
        }
        if (part == 0 && round % 2) shmem_ctx_fence(ctx);
        else shmem_ctx_quiet(ctx);
        for (int d = 1; d < n; d++)
            shmem_ctx_long_atomic_set(ctx, &flags[me], round, (me + d) % n);
        for (int d = 1; d < n; d++) {
            int from = (me + n - d) % n;
            shmem_long_wait_until(&flags[from], SHMEM_CMP_GE, round);
            check_chunk(part, t, from, r, "after the flag");
        }
    }
}

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    unsigned char *src = malloc((size_t)R * (size_t)n * CH);
    if (!src) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_ctx_t ctx;
    int have = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0;
    CHECK(have, "thread %d: no private context", t);
    if (!have) shmem_global_exit(1); /* the other PEs would wait for this thread's flags */
    run_part(0, t, ctx, src);
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
    run_part(1, t, SHMEM_CTX_DEFAULT, src);
    shmem_quiet(); /* before src goes */
    free(src);
    return NULL;
}

int main(void)
{
    int provided = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (provided != SHMEM_THREAD_MULTIPLE || n > MAXPE) {
        if (me == 0)
            fprintf(stderr, "FAIL: thread level %d (want %d), %d PEs (at most %d)\n", provided,
                    SHMEM_THREAD_MULTIPLE, n, MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_chunks = shmem_calloc(T, sizeof *h_chunks);
    if (!h_chunks) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    pthread_t th[T];
    for (long t = 0; t < T; t++)
        if (pthread_create(&th[t], NULL, worker, (void *)t) != 0) {
            fprintf(stderr, "FAIL (PE %d): pthread_create\n", me);
            shmem_global_exit(1);
        }
    for (int t = 0; t < T; t++) pthread_join(th[t], NULL);
    shmem_quiet();
    shmem_barrier_all();
    for (int part = 0; part < 2; part++)
        for (int t = 0; t < T; t++)
            for (int s = 0; s < n; s++)
                for (int r = 0; r < R && s != me; r++) check_chunk(part, t, s, r, "at the end");
    shmem_barrier_all();
    shmem_free(h_chunks);
    if (me == 0 && !test_failures) printf("batch_ctx: ok (%d PEs, %d threads)\n", n, T);
    shmem_finalize();
    return test_exit_status();
}
