#ifndef MPISHMEM_IMPI_PIN_SHARED_CORES_H
#define MPISHMEM_IMPI_PIN_SHARED_CORES_H
/* Intel MPI's launcher pins every rank to one core (quirk impi-pin-shared-cores,
 * mpi_quirks_table.h): impi_pin_shared_cores.c. */
#include <sched.h> /* cpu_set_t: the includer defines _GNU_SOURCE first */

/* Where the quirk applies and the host's PEs share cores (`shared`, from shmem_init's finding
 * or MPISHMEM_OVERSUBSCRIBED=1), lets the calling thread run on every CPU of host_cpus (the
 * union of the affinity masks of the host's PEs), unless the user chose Intel MPI's pinning
 * (an I_MPI_PIN* variable set). Call it before the library starts threads of its own, which
 * inherit the mask. Returns 1 when the mask was widened. */
int mpishmem_mpi_unpin_shared(const cpu_set_t *host_cpus, int shared);
#endif
