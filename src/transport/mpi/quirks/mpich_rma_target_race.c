/* Quirk mpich-rma-target-race (mpi_quirks_table.h). MPICH's ch4 keeps, per window, a hash
 * table of the ranks its active-message RMA operations went to; the first such operation to a
 * rank adds it, under the window's lock. An operation on the rank's own memory (posix paths)
 * looks the target up in that table to check synchronization *before* taking the lock, so a
 * thread's atomic on its own PE may read the table while another thread's first operation to
 * some rank is building or growing it: a segfault in PMPI_Accumulate. Once every rank is in the
 * table it only ever gets read (entries leave when the window is freed, or at the epoch's end
 * with MPIR_CVAR_CH4_RMA_MEM_EFFICIENT; the library's windows stay in one passive-target epoch
 * for their whole life), so filling it while one thread holds the window closes the race. */
#include "mpich_rma_target_race.h"

#include <string.h>

#include "mpi_quirks.h"

/* MPICH's lookup is inside its runtime error checks (MPIR_CVAR_ERROR_CHECKING, default on). An
 * MPI that does not name the variable is taken to check. */
static int error_checks_on(void)
{
    static int known = -1;
    if (known >= 0) return known;
    int on = 1, provided, count = 0;
    if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) return known = 1;
    MPI_T_cvar_get_num(&count);
    for (int i = 0; i < count; i++) {
        char name[128], desc[8];
        int name_len = sizeof name, desc_len = sizeof desc, verbosity, bind, scope;
        MPI_Datatype type;
        MPI_T_enum enumtype;
        if (MPI_T_cvar_get_info(i, name, &name_len, &verbosity, &type, &enumtype, desc, &desc_len,
                                &bind, &scope) != MPI_SUCCESS ||
            strcmp(name, "MPIR_CVAR_ERROR_CHECKING") || type != MPI_INT)
            continue;
        MPI_T_cvar_handle handle;
        int n, value = 1;
        if (MPI_T_cvar_handle_alloc(i, NULL, &handle, &n) == MPI_SUCCESS) {
            if (MPI_T_cvar_read(handle, &value) == MPI_SUCCESS) on = value != 0;
            MPI_T_cvar_handle_free(&handle);
        }
        break;
    }
    MPI_T_finalize();
    return known = on;
}

void mpishmem_mpich_target_table_fill(MPI_Win win, MPI_Comm comm)
{
    int level, rank, size;
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_RMA_TARGET_RACE]) return;
    MPI_Query_thread(&level);
    if (level < MPI_THREAD_MULTIPLE || !error_checks_on()) return;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    unsigned char ignored;
    for (int t = 1; t < size; t++)
        MPI_Fetch_and_op(NULL, &ignored, MPI_UNSIGNED_CHAR, (rank + t) % size, 0, MPI_NO_OP,
                         win);
    MPI_Win_flush_all(win);
}
