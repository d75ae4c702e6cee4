/* MPI's dynamic processes (MPI_Comm_spawn, _spawn_multiple, _connect, _accept, _join),
 * interposed like MPI_Init (api/mpi_interop.c) only to stop with a clear error where one of
 * the library's own MPI settings makes them impossible, and passed straight through
 * everywhere else. MPICH over libfabric exchanges the processes' addresses with tagged
 * messages only (an assertion, MPIDI_OFI_ENABLE_TAGGED, in ch4/netmod/ofi/ofi_spawn.c), and
 * the quirk mpich-ofi-init-round-robin turns them off before MPI_Init. */
#include "../core/runtime.h"
#include "api.h"

static void check_dynamic(const char *routine)
{
    if (!mpishmem_mpi_use.untagged) return;
    mpishmem_error(routine,
                   "MPICH over libfabric starts and connects processes only with tagged "
                   "messages, which mpishmem turned off before MPI_Init against a hang there "
                   "(MPIR_CVAR_CH4_OFI_ENABLE_TAGGED=0, quirk mpich-ofi-init-round-robin): run "
                   "with MPISHMEM_MPI_QUIRKS=-mpich-ofi-init-round-robin (or set "
                   "MPIR_CVAR_CH4_OFI_ENABLE_TAGGED or FI_PROVIDER yourself)");
}

MPISHMEM_API int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info,
                                int root, MPI_Comm comm, MPI_Comm *intercomm,
                                int array_of_errcodes[])
{
    check_dynamic("MPI_Comm_spawn");
    return PMPI_Comm_spawn(command, argv, maxprocs, info, root, comm, intercomm,
                           array_of_errcodes);
}

MPISHMEM_API int MPI_Comm_spawn_multiple(int count, char *array_of_commands[],
                                         char **array_of_argv[], const int array_of_maxprocs[],
                                         const MPI_Info array_of_info[], int root, MPI_Comm comm,
                                         MPI_Comm *intercomm, int array_of_errcodes[])
{
    check_dynamic("MPI_Comm_spawn_multiple");
    return PMPI_Comm_spawn_multiple(count, array_of_commands, array_of_argv, array_of_maxprocs,
                                    array_of_info, root, comm, intercomm, array_of_errcodes);
}

MPISHMEM_API int MPI_Comm_connect(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                                  MPI_Comm *newcomm)
{
    check_dynamic("MPI_Comm_connect");
    return PMPI_Comm_connect(port_name, info, root, comm, newcomm);
}

MPISHMEM_API int MPI_Comm_accept(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                                 MPI_Comm *newcomm)
{
    check_dynamic("MPI_Comm_accept");
    return PMPI_Comm_accept(port_name, info, root, comm, newcomm);
}

MPISHMEM_API int MPI_Comm_join(int fd, MPI_Comm *intercomm)
{
    check_dynamic("MPI_Comm_join");
    return PMPI_Comm_join(fd, intercomm);
}
