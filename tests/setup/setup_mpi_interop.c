/* MPI and OpenSHMEM in one program, in the order argv[1] names (src/api/mpi_interop.c):
 *   mpi-first          MPI_Init_thread, shmem_init .. shmem_finalize, MPI still usable,
 *                      MPI_Finalize
 *   mpi-init-first     the same with MPI_Init
 *   shmem-first        shmem_init, MPI_Init (MPI is up and shared), MPI_Finalize (deferred:
 *                      OpenSHMEM still works), shmem_finalize
 *   shmem-first-thread the same with MPI_Init_thread
 *   shmem-fini-first   shmem_init, MPI_Init, shmem_finalize, MPI still usable, MPI_Finalize
 * In every order the PE number equals the MPI_COMM_WORLD rank. */
#include <mpi.h>
#include <string.h>

#include "testutil.h"

static long g;

static void mpi_work(void)
{
    int rank, size, sum = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine = rank + 1;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (sum != size * (size + 1) / 2) {
        fprintf(stderr, "FAIL: MPI_Allreduce gave %d on rank %d\n", sum, rank);
        test_failures++;
    }
}

static int mpi_up(void)
{
    int up = 0, down = 1;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    return up && !down;
}

static void same_rank(void)
{
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    CHECK(rank == shmem_my_pe(), "rank %d PE %d", rank, shmem_my_pe());
}

static void mpi_first(int *argc, char ***argv, int with_thread)
{
    if (with_thread) {
        int level = -1;
        MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &level);
        if (level < MPI_THREAD_SINGLE || level > MPI_THREAD_MULTIPLE) test_failures++;
    } else {
        MPI_Init(argc, argv);
    }
    shmem_init();
    same_rank();
    test_put_ring(&g, 1);
    mpi_work();
    shmem_finalize();
    if (!mpi_up()) {
        fprintf(stderr, "FAIL: MPI went down with shmem_finalize\n");
        test_failures++;
    }
    mpi_work();
    MPI_Finalize();
    int down = 0;
    MPI_Finalized(&down);
    if (!down) {
        fprintf(stderr, "FAIL: MPI_Finalized false after MPI_Finalize\n");
        test_failures++;
    }
}

static void shmem_first(int *argc, char ***argv, int with_thread, int shmem_fini_first)
{
    shmem_init();
    if (with_thread) {
        int level = -1;
        int rc = MPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &level);
        CHECK(rc == MPI_SUCCESS && level >= MPI_THREAD_SINGLE && level <= MPI_THREAD_MULTIPLE,
              "MPI_Init_thread after shmem_init: rc %d level %d", rc, level);
    } else {
        int rc = MPI_Init(argc, argv);
        CHECK(rc == MPI_SUCCESS, "MPI_Init after shmem_init: rc %d", rc);
    }
    CHECK(mpi_up(), "MPI up after MPI_Init");
    same_rank();
    mpi_work();
    test_put_ring(&g, 1);
    if (shmem_fini_first) {
        shmem_finalize();
        if (!mpi_up()) test_failures++;
        mpi_work();
        MPI_Finalize();
        return;
    }
    MPI_Finalize();
    test_put_ring(&g, 2); /* OpenSHMEM still works: MPI's end waits for shmem_finalize */
    shmem_finalize();
}

int main(int argc, char **argv)
{
    const char *how = argc > 1 ? argv[1] : "";
    if (!strcmp(how, "mpi-first")) mpi_first(&argc, &argv, 1);
    else if (!strcmp(how, "mpi-init-first")) mpi_first(&argc, &argv, 0);
    else if (!strcmp(how, "shmem-first")) shmem_first(&argc, &argv, 0, 0);
    else if (!strcmp(how, "shmem-first-thread")) shmem_first(&argc, &argv, 1, 0);
    else if (!strcmp(how, "shmem-fini-first")) shmem_first(&argc, &argv, 0, 1);
    else return 2;
    return test_exit_status();
}
