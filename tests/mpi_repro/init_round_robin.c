/* Plain MPI (no OpenSHMEM): MPI_Init returns when the ranks of a node are not consecutive.
 *
 * Run as 3 ranks on two nodes placed round robin (ranks 0 and 2 on one, 1 on the other):
 * MPICH's MPIR_CVAR_NUM_CLIQUES=2 on one host, or `mpiexec -hosts h1,h2 -n 3` on the emulated
 * cluster (scripts/cluster.sh exec h1 ...). MPICH 5.0.2 over libfabric
 * (MPIR_CVAR_CH4_NETMOD=ofi) picks libfabric's sockets provider on a host with TCP only, and
 * there MPI_Init hangs now and then with every rank polling inside it: two cliques, 8 of 30
 * runs (block cliques, MPIR_CVAR_CLIQUES_BY_BLOCK=1: 0 of 20); 2 hosts round robin, 7 of 20;
 * with FI_PROVIDER=^sockets or tcp, 0 of 20 (but then MPICH's RMA over tcp loses data:
 * docs/mpi-support.md). No remedy in the library yet. A hang shows as the launcher's timeout;
 * exit 1 on a wrong sum of ranks. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long mine = me, sum = -1;
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    long want = (long)n * (n - 1) / 2;
    if (me == 0)
        printf("init_round_robin: %d ranks initialized, sum of ranks %ld%s\n", n, sum,
               sum == want ? "" : " WRONG");
    MPI_Finalize();
    return sum != want;
}
