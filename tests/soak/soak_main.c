/* The data-integrity soak (see soak.h for the design and README.md for running it long).
 * Usage: soak [-s seed] [-r rounds] [-t seconds] [-n]
 *   -s  base seed (default: SOAK_SEED, else from the clock; printed at start)
 *   -r  at most this many rounds (default: no limit)
 *   -t  stop after the round that passes this many seconds (default: SOAK_SECONDS, else 3)
 *   -n  no threads phase
 * Exit status non-zero if any result was wrong. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "soak.h"

#define HEAP_AREA ((size_t)1280 << 10) /* per origin: room for a 1 MiB op and more */
#define GLOBAL_BYTES ((size_t)4 << 20)

struct soak_state S;

static unsigned char global_buf[GLOBAL_BYTES] __attribute__((aligned(64)));
static uint64_t global_sig[SOAK_MAX_PES * SOAK_MAX_SIG];
static struct soak_amo_words global_amo;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *checked(void *p)
{
    if (!p) {
        fprintf(stderr, "soak: PE %d: out of memory\n", S.me);
        shmem_global_exit(3);
    }
    return p;
}

static uint64_t init_key(int pe, int b) { return soak_mix(S.seed ^ (0xa5a5ULL + 2 * (uint64_t)pe + (uint64_t)b)); }

/* Buffers, their initial contents (a pattern per PE and buffer) and the expected images. */
static void setup_buffers(void)
{
    int n = S.npes;
    S.area[BUF_HEAP] = HEAP_AREA;
    S.area[BUF_GLOBAL] = GLOBAL_BYTES / (size_t)n / 64 * 64;
    S.buf[BUF_HEAP] = checked(shmem_align(64, HEAP_AREA * (size_t)n));
    S.buf[BUF_GLOBAL] = global_buf;
    S.sig[BUF_HEAP] = checked(shmem_calloc((size_t)n * SOAK_MAX_SIG, sizeof(uint64_t)));
    S.sig[BUF_GLOBAL] = global_sig;
    S.amo[BUF_HEAP] = checked(shmem_calloc(1, sizeof(struct soak_amo_words)));
    S.amo[BUF_GLOBAL] = &global_amo;
    for (int b = 0; b < SOAK_NBUF; b++) {
        size_t total = S.area[b] * (size_t)n;
        S.expect[b] = checked(malloc(total));
        S.mirror[b] = checked(malloc(total));
        S.sig_expect[b] = checked(calloc((size_t)n * n * SOAK_MAX_SIG, sizeof(uint64_t)));
        S.amo_expect[b] = checked(calloc((size_t)n, sizeof(struct soak_amo_expect)));
        soak_fill(S.buf[b], total, init_key(S.me, b));
        memcpy(S.expect[b], S.buf[b], total);
        for (int t = 0; t < n; t++)
            soak_fill_at(S.mirror[b] + (size_t)t * S.area[b], S.area[b], init_key(t, b),
                         (size_t)S.me * S.area[b]);
    }
    S.scratch_size = 4 * HEAP_AREA;
    S.scratch = checked(malloc(S.scratch_size));
    S.plan = checked(calloc((size_t)n * SOAK_MAX_OPS, sizeof(struct soak_op)));
    S.nops = checked(calloc((size_t)n, sizeof(int)));
    shmem_barrier_all();
}

/* One round (steps in soak.h). Rounds alternate between the default context, a private
 * context created for the round and (with THREAD_MULTIPLE) two threads with one each. */
static void round_once(int use_threads)
{
    soak_plan_round();
    soak_apply_expected();
    soak_expect_signals();
    int how = (int)(S.round % 3);
    if (how == 2 && use_threads) {
        soak_threads_round();
    } else {
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
        int own = how == 1 && shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0;
        if (!own) ctx = SHMEM_CTX_DEFAULT;
        soak_run_gets(ctx, -1);
        soak_run_puts(ctx, -1);
        if (own) shmem_ctx_destroy(ctx);
    }
    shmem_quiet();
    soak_receive_signals();
    shmem_barrier_all();
    soak_check_round();
    shmem_barrier_all();
    soak_coll_round();
}

int main(int argc, char **argv)
{
    long rounds = -1;
    double seconds = getenv("SOAK_SECONDS") ? atof(getenv("SOAK_SECONDS")) : 3.0;
    static uint64_t seed;
    int have_seed = 0, no_threads = 0, opt;
    if (getenv("SOAK_SEED")) seed = strtoull(getenv("SOAK_SEED"), NULL, 0), have_seed = 1;
    while ((opt = getopt(argc, argv, "s:r:t:n")) != -1) {
        switch (opt) {
        case 's': seed = strtoull(optarg, NULL, 0), have_seed = 1; break;
        case 'r': rounds = atol(optarg); break;
        case 't': seconds = atof(optarg); break;
        case 'n': no_threads = 1; break;
        default:
            fprintf(stderr, "usage: soak [-s seed] [-r rounds] [-t seconds] [-n]\n");
            return 2;
        }
    }
    int provided = 0;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    S.me = shmem_my_pe(), S.npes = shmem_n_pes();
    S.threads_ok = provided == SHMEM_THREAD_MULTIPLE && !no_threads;
    if (S.npes > SOAK_MAX_PES) {
        if (S.me == 0) fprintf(stderr, "soak: at most %d PEs\n", SOAK_MAX_PES);
        shmem_global_exit(2);
    }
    /* PE 0's seed for everyone */
    static uint64_t seed0;
    if (!have_seed) seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);
    shmem_broadcastmem(SHMEM_TEAM_WORLD, &seed0, &seed, sizeof seed, 0);
    S.seed = seed0;
    if (S.me == 0) {
        printf("soak: seed %" PRIu64 " (%d PEs, %s, up to %.0f s%s)\n", S.seed, S.npes,
               S.threads_ok ? "threads phase on" : "no threads phase", seconds,
               rounds >= 0 ? ", round limit" : "");
        fflush(stdout);
    }
    setup_buffers();
    soak_coll_init();

    double start = now();
    static int stop_me, stop_all;
    for (S.round = 0; rounds < 0 || S.round < rounds; S.round++) {
        round_once(S.threads_ok);
        stop_me = now() - start >= seconds;
        shmem_int_max_reduce(SHMEM_TEAM_WORLD, &stop_all, &stop_me, 1);
        if (stop_all) {
            S.round++;
            break;
        }
    }

    static long long mine[3], total[3];
    mine[0] = S.ops, mine[1] = S.bytes_checked, mine[2] = S.errors;
    shmem_longlong_sum_reduce(SHMEM_TEAM_WORLD, total, mine, 3);
    if (S.me == 0)
        printf("soak: %ld rounds, %lld operations, %lld bytes checked, %lld errors (seed %" PRIu64
               ", %.1f s)\n",
               S.round, total[0], total[1], total[2], S.seed, now() - start);
    shmem_finalize();
    return total[2] ? EXIT_FAILURE : EXIT_SUCCESS;
}
