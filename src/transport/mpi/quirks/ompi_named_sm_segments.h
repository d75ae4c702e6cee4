/* mpishmem: quirk ompi-named-sm-segments (mpi_quirks_table.h). Open MPI 5's btl/sm keeps the
 * name of each process's segment, <backing dir>/sm_segment.<host>.<uid>.<job>.<node rank>
 * (16 MiB; opal/mca/btl/sm/btl_sm_component.c), for the whole run and removes it in
 * MPI_Finalize: a job that is killed leaves them all behind. A peer attaches a segment by its
 * name, so the name may go only once every process that will use the segment maps it: the
 * processes of the same job on this host. */
#ifndef MPISHMEM_OMPI_NAMED_SM_SEGMENTS_H
#define MPISHMEM_OMPI_NAMED_SM_SEGMENTS_H

#include <mpi.h>

/* Where the quirk applies: unlinks the name of every btl/sm segment that each process of
 * `host` (the processes of this host: MPI_COMM_TYPE_SHARED) maps already. Collective over
 * `host`; call after MPI_Init. */
void mpishmem_ompi_sm_segments_unlink(MPI_Comm host);

#endif
