#define _DEFAULT_SOURCE
/* A job started by Slurm's srun on the emulated cluster: PEs on the same host must reach each
 * other by load/store (shmem_ptr gives an address, on the heap and on global data) and PEs on
 * other hosts through MPI (shmem_ptr gives NULL); puts and atomics over both paths must land.
 * Fails unless the job spans hosts with at least two PEs on one of them, and unless it runs in
 * a Slurm job (SLURM_JOB_ID); with the argument "direct", unless srun itself started each PE
 * (SLURM_PROCID is the PE number; under oshrun, Hydra's proxies are srun's tasks instead). */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "../testutil.h"

#define MAX_PES 64
#define HOST_LEN 64

static long global_slots[MAX_PES];
static char hosts[MAX_PES][HOST_LEN];
static long global_counter;

static long pattern(int from, int to) { return 1000003L * from + 7L * to + 1; }

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    const char *job = getenv("SLURM_JOB_ID"), *procid = getenv("SLURM_PROCID");
    CHECK(job != NULL, "not in a Slurm job (no SLURM_JOB_ID)");
    if (argc > 1 && strcmp(argv[1], "direct") == 0)
        CHECK(procid != NULL && atoi(procid) == me, "SLURM_PROCID %s is not PE %d", procid, me);
    if (n > MAX_PES) {
        CHECK(0, "at most %d PEs, not %d", MAX_PES, n);
        shmem_finalize();
        return test_exit_status();
    }
    static char my_host[HOST_LEN];
    gethostname(my_host, HOST_LEN - 1);
    shmem_fcollectmem(SHMEM_TEAM_WORLD, hosts, my_host, HOST_LEN);

    long *heap_slots = shmem_calloc(MAX_PES, sizeof(long));
    long *heap_counter = shmem_calloc(1, sizeof(long));
    int local = 0, remote = 0;
    for (int pe = 0; pe < n; pe++) {
        int same_host = strcmp(hosts[pe], my_host) == 0;
        if (pe != me) same_host ? local++ : remote++;
        CHECK((shmem_ptr(heap_slots, pe) != NULL) == same_host,
              "shmem_ptr(heap, %d) %s, but PE %d is on %s, this PE on %s", pe,
              shmem_ptr(heap_slots, pe) ? "is an address" : "is NULL", pe, hosts[pe], my_host);
        CHECK((shmem_ptr(global_slots, pe) != NULL) == same_host,
              "shmem_ptr(global, %d) %s, but PE %d is on %s, this PE on %s", pe,
              shmem_ptr(global_slots, pe) ? "is an address" : "is NULL", pe, hosts[pe], my_host);
    }
    CHECK(local > 0 && remote > 0, "needs node peers and remote peers: %d local, %d remote",
          local, remote);

    /* Every PE writes its slot on every PE, heap and global, and counts itself in on each. */
    for (int pe = 0; pe < n; pe++) {
        long v = pattern(me, pe);
        shmem_long_p(&heap_slots[me], v, pe);
        shmem_putmem(&global_slots[me], &v, sizeof v, pe);
        shmem_long_atomic_add(heap_counter, 1, pe);
        shmem_long_atomic_fetch_add(&global_counter, 2, pe);
    }
    shmem_barrier_all();
    for (int from = 0; from < n; from++) {
        CHECK(heap_slots[from] == pattern(from, me), "heap slot %d: %ld, not %ld", from,
              heap_slots[from], pattern(from, me));
        CHECK(global_slots[from] == pattern(from, me), "global slot %d: %ld, not %ld", from,
              global_slots[from], pattern(from, me));
    }
    CHECK(*heap_counter == n, "heap counter %ld, not %d", *heap_counter, n);
    CHECK(global_counter == 2L * n, "global counter %ld, not %d", global_counter, 2 * n);
    /* And gets back over both paths. */
    for (int pe = 0; pe < n; pe++) {
        long h = shmem_long_g(&heap_slots[me], pe), g = 0;
        shmem_getmem(&g, &global_slots[me], sizeof g, pe);
        CHECK(h == pattern(me, pe) && g == pattern(me, pe), "got back %ld / %ld from PE %d, not %ld",
              h, g, pe, pattern(me, pe));
    }
    shmem_barrier_all();
    if (me == 0 && !test_failures)
        printf("slurm paths ok: job %s, %d PEs, PE 0 on %s with %d node peer(s) and %d remote\n",
               job, n, my_host, local, remote);
    shmem_free(heap_slots);
    shmem_free(heap_counter);
    shmem_finalize();
    return test_exit_status();
}
