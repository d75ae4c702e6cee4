/* A request larger than the heap returns NULL on every PE and the job goes on; so does
 * shmem_align with an alignment of 0 or not a power of two. */
#include "testutil.h"

int main(void)
{
    shmem_init();
    void *p = shmem_malloc(2u << 20); /* the heap is 1 MiB (SHMEM_SYMMETRIC_SIZE=1M) */
    CHECK(p == NULL, "2 MiB from a 1 MiB heap");
    void *q = shmem_calloc(1u << 20, 4);
    CHECK(q == NULL, "4 MiB calloc from a 1 MiB heap");
    CHECK(shmem_align(0, 64) == NULL, "shmem_align(0, 64)");
    CHECK(shmem_align(48, 64) == NULL, "shmem_align(48, 64)");
    CHECK(shmemalign(3, 64) == NULL, "shmemalign(3, 64)");
    long *r = shmem_malloc(1000);
    CHECK(r != NULL, "a small block afterwards");
    shmem_long_p(r, 7, (shmem_my_pe() + 1) % shmem_n_pes());
    shmem_barrier_all();
    CHECK(*r == 7, "RMA into it");
    void *most = shmem_malloc(900u << 10);
    CHECK(most != NULL, "900 KiB of the 1 MiB heap");
    shmem_free(most);
    shmem_free(r);
    shmem_finalize();
    return test_exit_status();
}
