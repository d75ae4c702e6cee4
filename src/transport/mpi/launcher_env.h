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

/* How many processes the launcher started, as its own environment says: hydra's PMI_SIZE (MPICH,
 * Intel MPI; also Slurm's PMI-2), Open MPI's OMPI_COMM_WORLD_SIZE, PMIX_SIZE, or else the
 * processes of the current Slurm job step (SLURM_STEP_NUM_TASKS of a step srun started, not
 * the batch step: a job's SLURM_NTASKS is also set around a singleton run in an allocation).
 * 0 when no launcher says; *var is then NULL, else the variable's name. */
long mpishmem_launcher_job_size(const char **var);
/* Which launcher sets `var` (as returned above), for messages. */
const char *mpishmem_launcher_name(const char *var);
#endif
