/* Thousands of split/destroy cycles (argv[1], default 2000) must neither deadlock nor run out
 * of MPI communicators; alternating members and non-members, with a sync through each team. */
#include "testutil.h"

int main(int argc, char **argv)
{
    int cycles = argc > 1 ? atoi(argv[1]) : 2000;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    static long counter;
    for (int i = 0; i < cycles; i++) {
        int start = i % n, size = n - start;
        shmem_team_t t;
        int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, start, 1, size, NULL, 0, &t);
        if (rc != 0) {
            CHECK(0, "cycle %d: split returned %d", i, rc);
            break;
        }
        int member = me >= start;
        CHECK((t != SHMEM_TEAM_INVALID) == member, "cycle %d membership", i);
        if (t != SHMEM_TEAM_INVALID) {
            CHECK(shmem_team_my_pe(t) == me - start, "cycle %d my_pe", i);
            counter++;
            shmem_team_destroy(t);
        }
    }
    long expect = 0;
    for (int i = 0; i < cycles; i++) expect += me >= i % n;
    CHECK(counter == expect, "%ld teams joined, expected %ld", counter, expect);
    shmem_finalize();
    return test_exit_status();
}
