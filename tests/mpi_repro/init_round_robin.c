/* Plain MPI (no OpenSHMEM): MPI_Init returns when the ranks of a node are not consecutive.
 *
 * Run as 3 ranks on two nodes placed round robin (ranks 0 and 2 on one, 1 on the other):
 * MPICH's MPIR_CVAR_NUM_CLIQUES=2 on one host, or `mpiexec -hosts h1,h2 -n 3` on the emulated
 * cluster. MPICH 5.0.2 over libfabric picks the sockets provider on a host with TCP only, and
 * there MPI_Init hangs now and then with every rank polling inside it (two cliques: 8 of 30
 * runs; 2 hosts: 7 of 20; the same with FI_PROVIDER=^sockets: none). The quirk
 * mpich-ofi-no-sockets excludes that provider before MPI_Init (src/transport/mpi).
 *
 * ARGS: "raw" (MPI as it is) or "auto" (first the environment the quirk table wants for the
 * MPI loaded, as shmem_init sets it: with it the program must always end). A hang is seen by
 * the driver's timeout (tests/mpi_repro/repeat.sh runs it several times); exit 1 on a wrong
 * sum of ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mpi_quirks.h"

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "raw") && strcmp(argv[1], "auto"))) {
        fprintf(stderr, "usage: init_round_robin raw|auto\n");
        return 2;
    }
    if (!strcmp(argv[1], "auto")) mpishmem_mpi_quirks_env_before_init();
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long mine = me, sum = -1;
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    long want = (long)n * (n - 1) / 2;
    if (me == 0)
        printf("init_round_robin (%s): %d ranks initialized, sum of ranks %ld%s\n", argv[1], n,
               sum, sum == want ? "" : " WRONG");
    MPI_Finalize();
    return sum != want;
}
