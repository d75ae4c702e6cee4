#ifndef MPISHMEM_LAUNCHER_ENV_H
#define MPISHMEM_LAUNCHER_ENV_H
/* What the launcher's environment says about the job before MPI_Init (hydra: MPI_LOCALNRANKS
 * and PMI_SIZE; Open MPI's mpirun: OMPI_COMM_WORLD_LOCAL_SIZE and OMPI_COMM_WORLD_SIZE; Slurm:
 * SLURM_NTASKS_PER_NODE, SLURM_JOB_NUM_NODES). Guesses: MPI's own answers replace them once
 * it runs. */

/* Whether this host runs more PEs than it has CPUs online. */
int mpishmem_mpi_oversubscribed_guess(void);
/* Whether every PE of the job runs on this host (0 when the launcher does not say). */
int mpishmem_mpi_single_host_guess(void);
#endif
