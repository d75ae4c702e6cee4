/* Sharing MPI with the program, in either order. The library interposes MPI_Init,
 * MPI_Init_thread and MPI_Finalize (calling the PMPI_ entry points) so that:
 *   - MPI_Init after shmem_init succeeds (MPI is already up; the program now shares it);
 *   - MPI_Finalize while OpenSHMEM is still up is deferred to the last shmem_finalize;
 *   - MPI that mpishmem started stays up after shmem_finalize (so shmem_init may be called
 *     again) and is finalized at exit. */
#include "../core/runtime.h"
#include "api.h"

static int already_up(void)
{
    int up = 0, down = 0;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    return up && !down;
}

MPISHMEM_API int MPI_Init(int *argc, char ***argv)
{
    if (already_up() && mpishmem_mpi_use.owned) {
        mpishmem_mpi_use.user_active = 1;
        return MPI_SUCCESS;
    }
    return PMPI_Init(argc, argv);
}

MPISHMEM_API int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    if (already_up() && mpishmem_mpi_use.owned) {
        mpishmem_mpi_use.user_active = 1;
        return MPI_Query_thread(provided);
    }
    return PMPI_Init_thread(argc, argv, required, provided);
}

MPISHMEM_API int MPI_Finalize(void)
{
    mpishmem_mpi_use.user_active = 0;
    if (mpishmem_g.init_count > 0) {
        mpishmem_mpi_use.finalize_deferred = 1;
        return MPI_SUCCESS;
    }
    return PMPI_Finalize();
}
