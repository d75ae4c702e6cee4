/* A blocking get from the same PE sees that PE's own earlier puts to the location, with no
 * quiet between (the library's promise: a get to a PE first waits until that PE has applied
 * the context's batches, docs/user-guide.md): p then g, putmem then g (long and int, heap and
 * static data); and an atomic fetch sees the PE's earlier atomic add. Each PE works on the PE
 * half the job away (another host on the emulated cluster). Where a small get takes another
 * way than the puts (Open MPI across hosts: an active-message fetch,
 * src/transport/mpi/mpi_rma.c, GET_AM) the library must complete the puts first. Every value
 * is checked. (A g right after a non-fetching AMO is not covered: OpenSHMEM orders neither,
 * and a direct MPI accumulate followed by MPI_Get is unordered in MPI.) */
#include <shmem.h>
#include <stdio.h>

#define ROUNDS 2000
static long long_static;
static int int_static;

static int fail(int me, int round, const char *what, long got, long want)
{
    printf("FAIL: PE %d round %d: %s: %ld, expected %ld\n", me, round, what, got, want);
    return 1;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), to = (me + n / 2) % n, bad = 0;
    long *heap = shmem_malloc(8 * sizeof(long));
    int *heap_int = (int *)(heap + 6);
    long block[3];
    for (int i = 1; i <= ROUNDS && bad < 10; i++) {
        long *l = i & 1 ? heap : &long_static;
        int *x = i & 2 ? heap_int : &int_static;
        shmem_long_p(l, i, to);
        long g = shmem_long_g(l, to);
        if (g != i) bad += fail(me, i, "long p then g", g, i);
        shmem_int_p(x, i, to);
        int gi = shmem_int_g(x, to);
        if (gi != i) bad += fail(me, i, "int p then g", gi, i);
        block[0] = block[1] = block[2] = -i;
        shmem_putmem(heap + 1, block, sizeof block, to);
        g = shmem_long_g(heap + 2, to);
        if (g != -i) bad += fail(me, i, "putmem then g", g, -i);
        shmem_long_atomic_add(l, 1, to);
        g = shmem_long_atomic_fetch(l, to);
        if (g != i + 1) bad += fail(me, i, "atomic add then atomic fetch", g, i + 1);
    }
    shmem_barrier_all();
    if (bad) shmem_global_exit(1);
    if (me == 0) printf("read after write ok\n");
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
