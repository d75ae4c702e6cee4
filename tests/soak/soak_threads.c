/* The soak's threads phase (SHMEM_THREAD_MULTIPLE): the PE's ops of the round run on two
 * threads, each on a private context of its own created for the round. Each op belongs to
 * one thread (ops on one AMO word to the same one); the disjoint slots of the plan keep the
 * threads apart. Both threads finish their gets (of my areas) before either starts putting. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>

#include "soak.h"

static pthread_barrier_t gets_done;

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    int own = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0;
    if (!own) {
        ctx = SHMEM_CTX_DEFAULT;
        if (S.round == 0) fprintf(stderr, "soak: PE %d thread %d: no free context, using the "
                                          "default one (raise MPISHMEM_CONTEXTS)\n", S.me, t);
    }
    soak_run_gets(ctx, t);
    pthread_barrier_wait(&gets_done);
    soak_run_puts(ctx, t);
    if (own) shmem_ctx_destroy(ctx);
    return NULL;
}

void soak_threads_round(void)
{
    pthread_t th[2];
    pthread_barrier_init(&gets_done, NULL, 2);
    for (long t = 0; t < 2; t++)
        if (pthread_create(&th[t], NULL, worker, (void *)t)) {
            fprintf(stderr, "soak: pthread_create failed\n");
            shmem_global_exit(3);
        }
    for (int t = 0; t < 2; t++) pthread_join(th[t], NULL);
    pthread_barrier_destroy(&gets_done);
}
