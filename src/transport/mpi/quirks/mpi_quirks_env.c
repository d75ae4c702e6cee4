/* mpishmem: the workarounds that are settings of the MPI library (its environment variables),
 * made before MPI_Init where the quirk table says the MPI loaded needs them (mpi_quirks.h). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdlib.h>

#include "mpi_quirks.h"

int mpishmem_mpi_quirks_env(int oversubscribed, int node_peers_via_mpi)
{
    int untagged = 0;
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_NO_OSC_RDMA]) setenv("OMPI_MCA_osc", "^rdma", 0);
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_TCP_PUT]) setenv("UCX_TCP_PUT_ENABLE", "n", 0);
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_OFI_INIT_ROUND_ROBIN] && !getenv("FI_PROVIDER") &&
        !getenv("MPIR_CVAR_CH4_OFI_ENABLE_TAGGED") && !mpishmem_host_has_rdma_device()) {
        setenv("MPIR_CVAR_CH4_OFI_ENABLE_TAGGED", "0", 1);
        untagged = 1;
    }
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_OSC_UCX_QUERY_NOISE] &&
        !mpishmem_ompi_ucx_choice_given() && !mpishmem_host_has_rdma_device())
        setenv("OMPI_MCA_osc", "^ucx", 0);
    if (oversubscribed && mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_YIELD_WHEN_SHARED])
        setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
    /* Node peers that reach each other through MPI (globals through MPI, or simulated nodes on
     * one host) would put through UCX's shared-memory transports, where MPICH 4.0 reads a put's
     * source after the flush that completed it and corrupts puts from the reused bounce
     * buffer. */
    if (mpishmem_quirk_on[MPISHMEM_QUIRK_UCX_NO_SHM_TLS] && node_peers_via_mpi)
        setenv("UCX_TLS", "^posix,sysv", 0);
    return untagged;
}
