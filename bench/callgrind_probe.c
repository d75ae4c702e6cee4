/* Runs one node-local call of each probed routine inside a function of its own, so that
 * callgrind (bench/callgrind.sh) can count the instructions of exactly that call. */
#include <shmem.h>

#define PROBE(name, call)                                                                 \
    __attribute__((noinline)) void probe_##name(long *x, int pe) { call; __asm__ volatile("" ::: "memory"); }

static long v;
PROBE(empty, (void)x; (void)pe)
PROBE(putmem, shmem_putmem(x, &v, 8, pe))
PROBE(putmem_nbi, shmem_putmem_nbi(x, &v, 8, pe))
PROBE(p, shmem_long_p(x, 1, pe))
PROBE(g, v = shmem_long_g(x, pe))
PROBE(quiet, (void)x; (void)pe; shmem_quiet())
PROBE(fetch_add, v = shmem_long_atomic_fetch_add(x, 1, pe))
PROBE(putmem_quiet, shmem_putmem(x, &v, 8, pe); shmem_quiet())

int main(void)
{
    shmem_init();
    long *x = shmem_malloc(64);
    int peer = (shmem_my_pe() + 1) % shmem_n_pes();
    shmem_barrier_all();
    for (int i = 0; i < 3; i++) { /* warm up, then the last round is the one we read */
        probe_empty(x, peer);
        probe_putmem(x, peer);
        probe_putmem_nbi(x, peer);
        probe_p(x, peer);
        /* Remote puts may wait in a batch (mpi_batch.h), which a get to the same PE would
         * complete first: the quiet keeps that wait out of the get's count. */
        shmem_quiet();
        probe_g(x, peer);
        shmem_quiet();
        probe_quiet(x, peer);
        probe_fetch_add(x, peer);
        probe_putmem_quiet(x, peer);
    }
    shmem_barrier_all();
    shmem_free(x);
    shmem_finalize();
    return 0;
}
