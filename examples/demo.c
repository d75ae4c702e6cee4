/* mpishmem demo: every PE writes a greeting into its right neighbour's symmetric heap and a
 * counter into a global variable of PE 0, then everyone prints what it received. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static long arrivals[1024]; /* global data is symmetric too */

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);

    char *inbox = shmem_malloc(64);
    char msg[64];
    snprintf(msg, sizeof msg, "hello from PE %d", me);
    shmem_putmem(inbox, msg, strlen(msg) + 1, (me + 1) % npes);
    shmem_long_p(&arrivals[me % 1024], me + 1, 0);
    shmem_barrier_all();

    int left = (me + npes - 1) % npes;
    printf("PE %d of %d got \"%s\"; PE %d is %s\n", me, npes, inbox, left,
           shmem_ptr(inbox, left) ? "on this node (load/store)" : "on another node (MPI)");
    if (me == 0) {
        long sum = 0;
        for (int i = 0; i < npes && i < 1024; i++) sum += arrivals[i];
        printf("PE 0: arrivals sum to %ld (expected %ld) -- %s\n", sum,
               (long)npes * (npes + 1) / 2, name);
    }
    shmem_free(inbox);
    shmem_finalize();
    return 0;
}
