/* A quiet that finds one batched operation alone may do it as a direct MPI operation instead
 * of a batch and its acknowledgement (MPISHMEM_BATCH_LONE; src/transport/mpi/mpi_batch.h).
 * Every iteration each PE makes exactly one small put or non-fetching AMO to the next PE (on
 * the heap or in globals, through the default context or a context of its own), quiets, and
 * then
 *   - reads the word back from the target at once (getmem / atomic fetch): complete means
 *     visible to a later get, not merely sent;
 *   - tells the target with an atomic set of a per-iteration flag, and checks, as the target,
 *     what the previous PE wrote once its flag is set (a third party to the quiet's shortcut).
 * Slots are per iteration, so nothing is overwritten before it is checked. Values name sender
 * and iteration. Also one put made after a fence (the batch in flight: no shortcut) and one
 * made while an nbi get is outstanding. Passes with batching off too. */
#include "batch_util.h"

#include <string.h>

#define ITERS 64
#define PUTLEN 24

typedef struct {
    long p[ITERS];                  /* long_p */
    char bytes[ITERS][PUTLEN];      /* putmem of PUTLEN bytes */
    long add[ITERS], set[ITERS];    /* atomic add (twice: 2 quiets), atomic set */
    int iadd[ITERS];                /* 32-bit atomic add */
    long flag[ITERS];               /* set after the quiet: the check may start */
} slots_t;

static slots_t g_slots;
static long fence_word[2], nbi_src;

static long value(int sender, int it, int k)
{
    return ((long)sender << 40) | ((long)it << 8) | (long)k;
}

static void fill(char *b, int sender, int it)
{
    for (int i = 0; i < PUTLEN; i++) b[i] = (char)batch_byte((size_t)i, it, sender);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int to = (me + 1) % n, from = (me + n - 1) % n;
    slots_t *h_slots = shmem_calloc(1, sizeof(slots_t));
    shmem_ctx_t ctx;
    int have_ctx = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0;
    shmem_barrier_all();

    for (int it = 0; it < ITERS; it++) {
        slots_t *s = (it & 1) ? h_slots : &g_slots;
        shmem_ctx_t c = (have_ctx && it % 3 == 2) ? ctx : SHMEM_CTX_DEFAULT;
        int kind = it % 5;
        char buf[PUTLEN], got[PUTLEN];
        long v;
        switch (kind) {
        case 0:
            shmem_ctx_long_p(c, &s->p[it], value(me, it, 0), to);
            shmem_ctx_quiet(c);
            shmem_getmem(&v, &s->p[it], sizeof v, to);
            CHECK(v == value(me, it, 0), "it %d: long_p read back %#lx", it, (unsigned long)v);
            break;
        case 1:
            fill(buf, me, it);
            shmem_ctx_putmem(c, s->bytes[it], buf, PUTLEN, to);
            memset(buf, 0, sizeof buf); /* the source is reusable once the put returns */
            shmem_ctx_quiet(c);
            shmem_getmem(got, s->bytes[it], PUTLEN, to);
            fill(buf, me, it);
            CHECK(memcmp(got, buf, PUTLEN) == 0, "it %d: putmem read back differs", it);
            break;
        case 2:
            shmem_ctx_long_atomic_add(c, &s->add[it], value(me, it, 1), to);
            shmem_ctx_quiet(c);
            shmem_ctx_long_atomic_add(c, &s->add[it], 5, to);
            shmem_ctx_quiet(c);
            v = shmem_long_atomic_fetch(&s->add[it], to);
            CHECK(v == value(me, it, 1) + 5, "it %d: atomic_add read back %#lx", it,
                  (unsigned long)v);
            break;
        case 3:
            shmem_ctx_long_atomic_set(c, &s->set[it], value(me, it, 2), to);
            shmem_ctx_quiet(c);
            v = shmem_long_atomic_fetch(&s->set[it], to);
            CHECK(v == value(me, it, 2), "it %d: atomic_set read back %#lx", it,
                  (unsigned long)v);
            break;
        default:
            shmem_ctx_int_atomic_add(c, &s->iadd[it], it + 1, to);
            shmem_ctx_quiet(c);
            CHECK(shmem_int_atomic_fetch(&s->iadd[it], to) == it + 1, "it %d: int add", it);
            break;
        }
        /* The target checks too, once told (the flag goes through the default context). */
        shmem_long_atomic_set(&s->flag[it], 1, to);
        shmem_long_wait_until(&s->flag[it], SHMEM_CMP_EQ, 1);
        switch (kind) {
        case 0:
            CHECK(s->p[it] == value(from, it, 0), "it %d: long_p from PE %d: %#lx", it, from,
                  (unsigned long)s->p[it]);
            break;
        case 1:
            fill(buf, from, it);
            CHECK(memcmp(s->bytes[it], buf, PUTLEN) == 0, "it %d: putmem from PE %d", it, from);
            break;
        case 2:
            CHECK(shmem_long_atomic_fetch(&s->add[it], me) == value(from, it, 1) + 5,
                  "it %d: atomic_add from PE %d", it, from);
            break;
        case 3:
            CHECK(shmem_long_atomic_fetch(&s->set[it], me) == value(from, it, 2),
                  "it %d: atomic_set from PE %d", it, from);
            break;
        default:
            CHECK(shmem_int_atomic_fetch(&s->iadd[it], me) == it + 1, "it %d: int add from %d",
                  it, from);
            break;
        }
    }

    /* A put after a fence (its batch in flight), then a lone put to the same word: quiet must
     * leave the second value. */
    shmem_barrier_all();
    shmem_long_p(&fence_word[0], value(me, 1, 9), to);
    shmem_fence();
    shmem_long_p(&fence_word[0], value(me, 2, 9), to);
    shmem_quiet();
    long v;
    shmem_getmem(&v, &fence_word[0], sizeof v, to);
    CHECK(v == value(me, 2, 9), "put after fence: read back %#lx", (unsigned long)v);
    /* A lone put while an nbi get of the same context is outstanding. */
    nbi_src = value(me, 3, 9);
    shmem_barrier_all();
    long fetched = 0;
    shmem_getmem_nbi(&fetched, &nbi_src, sizeof fetched, to);
    shmem_long_p(&fence_word[1], value(me, 4, 9), to);
    shmem_quiet();
    CHECK(fetched == value(to, 3, 9), "nbi get beside a lone put: %#lx", (unsigned long)fetched);
    shmem_getmem(&v, &fence_word[1], sizeof v, to);
    CHECK(v == value(me, 4, 9), "lone put beside an nbi get: read back %#lx", (unsigned long)v);
    shmem_barrier_all();
    CHECK(fence_word[0] == value(from, 2, 9) && fence_word[1] == value(from, 4, 9),
          "words from PE %d: %#lx %#lx", from, (unsigned long)fence_word[0],
          (unsigned long)fence_word[1]);

    if (have_ctx) shmem_ctx_destroy(ctx);
    shmem_free(h_slots);
    shmem_finalize();
    return test_exit_status();
}
