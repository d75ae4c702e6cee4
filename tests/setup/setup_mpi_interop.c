/* MPI and OpenSHMEM in one program: argv[1] = "mpi-first" (MPI_Init_thread, shmem_init ..
 * shmem_finalize, MPI still usable, MPI_Finalize) or "shmem-first" (shmem_init, MPI_Init,
 * both usable, MPI_Finalize, shmem_finalize). */
#include <mpi.h>
#include <string.h>

#include "testutil.h"

static long g;

static void shmem_work(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_long_p(&g, me, (me + 1) % n);
    shmem_barrier_all();
    CHECK(g == (me + n - 1) % n, "shmem ring");
}

static void mpi_work(void)
{
    int rank, size, sum = 0, one = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == size, "MPI_Allreduce %d", sum);
}

int main(int argc, char **argv)
{
    int mpi_first = argc > 1 && strcmp(argv[1], "mpi-first") == 0;
    if (mpi_first) {
        int level;
        MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &level);
        shmem_init();
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        CHECK(rank == shmem_my_pe(), "rank %d PE %d", rank, shmem_my_pe());
        shmem_work();
        shmem_finalize();
        int up = 0, down = 1;
        MPI_Initialized(&up);
        MPI_Finalized(&down);
        CHECK(up && !down, "MPI stays up after shmem_finalize");
        mpi_work();
        MPI_Finalize();
    } else {
        shmem_init();
        MPI_Init(&argc, &argv);
        int up = 0;
        MPI_Initialized(&up);
        CHECK(up, "MPI initialized");
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        CHECK(rank == shmem_my_pe(), "rank %d PE %d", rank, shmem_my_pe());
        mpi_work();
        shmem_work();
        MPI_Finalize();
        shmem_work();
        shmem_finalize();
    }
    return test_exit_status();
}
