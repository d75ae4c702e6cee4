/* Each PE puts its number to the next one; prints "ring ok" on PE 0 when all is right. */
#include <shmem.h>
#include <stdio.h>

static int got = -1;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_int_p(&got, me, (me + 1) % n);
    shmem_barrier_all();
    int ok = got == (me + n - 1) % n;
    static int all_ok;
    shmem_int_atomic_add(&all_ok, ok, 0);
    shmem_barrier_all();
    if (me == 0) printf(all_ok == n ? "ring ok\n" : "ring FAILED\n");
    shmem_finalize();
    return all_ok == n || me != 0 ? 0 : 1;
}
