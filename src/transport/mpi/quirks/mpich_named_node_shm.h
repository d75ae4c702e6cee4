/* mpishmem: quirk mpich-named-node-shm (mpi_quirks_table.h). MPICH 5 keeps the name of each
 * node's shared-memory object, /dev/shm/mpich_shm_<world>_<node> (ch4/shm/posix/posix_init.c),
 * for the whole run and removes it in MPI_Finalize: a job that is killed leaves it behind on
 * every host. Once MPI_Init has returned in one process of a node, every process of that node
 * has mapped the object (MPICH's bootstrap waits for all of them), and MPICH's finalize ignores
 * a name already gone: the name can go as soon as MPI is up. */
#ifndef MPISHMEM_MPICH_NAMED_NODE_SHM_H
#define MPISHMEM_MPICH_NAMED_NODE_SHM_H

/* Where the quirk applies: unlinks the names of the MPICH node objects this process maps.
 * Call after MPI_Init. */
void mpishmem_mpich_node_shm_unlink(void);

#endif
