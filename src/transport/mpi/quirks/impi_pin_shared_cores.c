/* Intel MPI pins every rank to one core by default: its launcher's proxy sets the affinity
 * before the program starts (I_MPI_PIN_MAPPING), so setting I_MPI_PIN=0 before MPI_Init is
 * too late. On dedicated cores that is what a user wants. Where PEs share cores with each
 * other or with other work (MPISHMEM_OVERSUBSCRIBED=1, ctest -j2 on a small machine, more
 * PEs than cores), a PE pinned to a busy core runs only for its share of the scheduler's
 * time slices while a PE waiting for it yields, and every wait costs milliseconds:
 * coll_reduce with 2 PEs and one busy process on 2 cores took 30-40 s pinned against
 * 5-11 s unpinned (tests/mpi_repro/pinned_shared_core.c shows it without mpishmem). PEs
 * that share cores therefore run on every core given to the host's PEs, as they do under
 * MPICH's and Open MPI's launchers, which bind nothing by default. */
#define _GNU_SOURCE
#include "impi_pin_shared_cores.h"

#include <stdlib.h>

#include "mpi_quirks.h"

int mpishmem_mpi_unpin_shared(const cpu_set_t *host_cpus, int shared)
{
    if (!shared || !mpishmem_quirk_on[MPISHMEM_QUIRK_IMPI_PIN_SHARED_CORES]) return 0;
    /* The user's own pinning (the launcher passes the environment on to every rank). */
    static const char *const chosen[] = {"I_MPI_PIN", "I_MPI_PIN_PROCESSOR_LIST",
                                         "I_MPI_PIN_DOMAIN", "I_MPI_PIN_ORDER",
                                         "I_MPI_PIN_CELL"};
    for (size_t i = 0; i < sizeof chosen / sizeof *chosen; i++)
        if (getenv(chosen[i])) return 0;
    cpu_set_t mine;
    if (sched_getaffinity(0, sizeof mine, &mine) != 0 || CPU_EQUAL(&mine, host_cpus) ||
        CPU_COUNT(host_cpus) == 0)
        return 0;
    return sched_setaffinity(0, sizeof *host_cpus, host_cpus) == 0;
}
