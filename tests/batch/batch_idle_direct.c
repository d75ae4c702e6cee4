/* A small put on an idle context may skip the batch and go straight to MPI where MPI reaches
 * the target through its own shared memory (the library's simulated nodes of one host;
 * src/transport/mpi/mpi_batch.c, put_direct_when_idle). Later small puts to that PE are then
 * batched while the first is still unflushed on its window. Each iteration starts from a quiet
 * (the context idle) and checks, with every PE sending to the next:
 *   0. putmem_signal of small data: the receiver that sees the signal sees the data (the data
 *      went to MPI, the signal after it);
 *   1. a put, a second put to the same PE, a fence, then a flag put: the receiver that sees the
 *      flag sees both puts;
 *   2. a put, then a get of the same bytes from the same PE: the get returns them;
 *   3. a put, then a later put of other bytes over the same word, a quiet, then a get: the
 *      later value (two puts to one word, ordered by a fence between them);
 *   4. putmem_nbi from a buffer, quiet, the buffer rewritten: the target holds the old bytes.
 * Heap and global data alternate, and so do the default context and a private one. Passes with
 * batching off or on any other path too: it checks OpenSHMEM's ordering rules only. */
#include "batch_util.h"

#include <string.h>

#define ITERS 60
#define LEN 40

typedef struct {
    char data[ITERS][LEN];
    char more[ITERS][LEN];
    long word[ITERS];
    uint64_t sig[ITERS];
    long flag[ITERS];
} slots_t;

static slots_t g_slots;

static void fill(char *b, int sender, int it, int k)
{
    for (int i = 0; i < LEN; i++) b[i] = (char)batch_byte((size_t)(i + k * LEN), it, sender);
}

static long value(int sender, int it, int k)
{
    return ((long)sender << 40) | ((long)it << 8) | (long)k;
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
        shmem_ctx_t c = (have_ctx && it % 4 >= 2) ? ctx : SHMEM_CTX_DEFAULT;
        int kind = it % 5;
        char buf[LEN], buf2[LEN], got[LEN];
        long v;
        shmem_ctx_quiet(c);
        switch (kind) {
        case 0:
            fill(buf, me, it, 0);
            shmem_ctx_putmem_signal(c, s->data[it], buf, LEN, &s->sig[it], 1, SHMEM_SIGNAL_SET,
                                    to);
            break;
        case 1:
            fill(buf, me, it, 0);
            fill(buf2, me, it, 1);
            shmem_ctx_putmem(c, s->data[it], buf, LEN, to);
            shmem_ctx_putmem(c, s->more[it], buf2, LEN, to);
            shmem_ctx_fence(c);
            shmem_ctx_long_p(c, &s->flag[it], 1, to);
            break;
        case 2:
            fill(buf, me, it, 0);
            shmem_ctx_putmem(c, s->data[it], buf, LEN, to);
            shmem_ctx_getmem(c, got, s->data[it], LEN, to);
            CHECK(memcmp(got, buf, LEN) == 0, "it %d: get after put to PE %d differs", it, to);
            break;
        case 3:
            shmem_ctx_long_p(c, &s->word[it], value(me, it, 1), to);
            shmem_ctx_fence(c);
            shmem_ctx_long_p(c, &s->word[it], value(me, it, 2), to);
            shmem_ctx_quiet(c);
            shmem_ctx_getmem(c, &v, &s->word[it], sizeof v, to);
            CHECK(v == value(me, it, 2), "it %d: word on PE %d is %#lx after two puts", it, to,
                  (unsigned long)v);
            break;
        default:
            fill(buf, me, it, 0);
            shmem_ctx_putmem_nbi(c, s->data[it], buf, LEN, to);
            shmem_ctx_quiet(c);
            memset(buf, 0x5a, sizeof buf);
            break;
        }
        /* The receiver's side: the signal or flag of cases 0 and 1, a flag set after a quiet
         * for the others. */
        if (kind == 0) {
            shmem_signal_wait_until(&s->sig[it], SHMEM_CMP_EQ, 1);
        } else if (kind == 1) {
            shmem_long_wait_until(&s->flag[it], SHMEM_CMP_EQ, 1);
        } else {
            shmem_ctx_quiet(c);
            shmem_long_atomic_set(&s->flag[it], 1, to);
            shmem_long_wait_until(&s->flag[it], SHMEM_CMP_EQ, 1);
        }
        if (kind == 3) {
            CHECK(s->word[it] == value(from, it, 2), "it %d: word from PE %d is %#lx", it, from,
                  (unsigned long)s->word[it]);
        } else {
            fill(buf, from, it, 0);
            CHECK(memcmp(s->data[it], buf, LEN) == 0, "it %d: data from PE %d (kind %d) differs",
                  it, from, kind);
        }
        if (kind == 1) {
            fill(buf2, from, it, 1);
            CHECK(memcmp(s->more[it], buf2, LEN) == 0, "it %d: second put from PE %d differs",
                  it, from);
        }
    }
    shmem_barrier_all();
    if (have_ctx) shmem_ctx_destroy(ctx);
    shmem_free(h_slots);
    shmem_finalize();
    return test_exit_status();
}
