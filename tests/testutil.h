/* Helpers shared by the tests. A failed CHECK prints where and why and marks the PE failed;
 * the PE then exits non-zero after shmem_finalize, which fails the whole run. */
#ifndef MPISHMEM_TESTUTIL_H
#define MPISHMEM_TESTUTIL_H

#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static int test_failures;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            if (test_failures < 20) {                                                     \
                fprintf(stderr, "FAIL (PE %d) %s:%d: %s: ", shmem_my_pe(), __FILE__,      \
                        __LINE__, #cond);                                                 \
                fprintf(stderr, __VA_ARGS__);                                             \
                fputc('\n', stderr);                                                      \
            }                                                                             \
            test_failures++;                                                              \
        }                                                                                 \
    } while (0)

/* A ring of puts, to global or static data (`global`, the caller's) and to the heap: each PE
 * puts values tagged with `round` to the next PE, then checks what the previous PE put. */
static inline void test_put_ring(long *global, int round)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *h = (long *)shmem_malloc(sizeof(long));
    shmem_long_p(global, round * 100 + me, (me + 1) % n);
    shmem_long_p(h, round * 1000 + me, (me + 1) % n);
    shmem_barrier_all();
    int from = (me + n - 1) % n;
    CHECK(*global == round * 100 + from && *h == round * 1000 + from, "put ring %d: %ld %ld",
          round, *global, *h);
    shmem_free(h);
}

/* Call after shmem_finalize: the process exit status. */
static inline int test_exit_status(void)
{
    if (test_failures) fprintf(stderr, "%d check(s) failed\n", test_failures);
    return test_failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
