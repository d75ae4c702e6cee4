#include "launcher_env.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The value of the first of `names` that is set, as a number; 0 when none is. */
static long first_number(const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *v = getenv(names[i]);
        if (v && *v) return strtol(v, NULL, 10);
    }
    return 0;
}

int mpishmem_mpi_oversubscribed_guess(void)
{
    static const char *const local_vars[] = {"MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE",
                                             "SLURM_NTASKS_PER_NODE"};
    long local = first_number(local_vars, sizeof local_vars / sizeof *local_vars);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return local > 0 && cpus > 0 && local > cpus;
}

int mpishmem_mpi_single_host_guess(void)
{
    /* Each launcher's pair: PEs on this host, PEs in the job. */
    static const char *const pairs[][2] = {{"OMPI_COMM_WORLD_LOCAL_SIZE", "OMPI_COMM_WORLD_SIZE"},
                                           {"MPI_LOCALNRANKS", "PMI_SIZE"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        long local = first_number(&pairs[i][0], 1), all = first_number(&pairs[i][1], 1);
        if (local > 0 && all > 0) return local == all;
    }
    static const char *const nodes_vars[] = {"SLURM_JOB_NUM_NODES", "SLURM_NNODES"};
    return first_number(nodes_vars, 2) == 1;
}

/* A positive whole number, or 0. */
static long count_in(const char *v)
{
    if (!v || !*v) return 0;
    char *end;
    long n = strtol(v, &end, 10);
    return *end == '\0' && n > 0 ? n : 0;
}

long mpishmem_launcher_job_size(const char **var)
{
    static const char *const sizes[] = {"PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "PMIX_SIZE"};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        long n = count_in(getenv(sizes[i]));
        if (n > 0) {
            *var = sizes[i];
            return n;
        }
    }
    /* Slurm's special steps (batch, extern, interactive) have ids near 2^32. */
    const char *step = getenv("SLURM_STEP_ID");
    if (!step) step = getenv("SLURM_STEPID");
    long id = count_in(step);
    long n = count_in(getenv("SLURM_STEP_NUM_TASKS"));
    if (step && (id > 0 || strcmp(step, "0") == 0) && id < 0xfffffff0L && n > 0) {
        *var = "SLURM_STEP_NUM_TASKS";
        return n;
    }
    *var = NULL;
    return 0;
}

const char *mpishmem_launcher_name(const char *var)
{
    if (!var) return "no launcher";
    if (strcmp(var, "PMI_SIZE") == 0) return "a Hydra mpiexec (MPICH's, Intel MPI's) or srun";
    if (strcmp(var, "OMPI_COMM_WORLD_SIZE") == 0) return "Open MPI's mpirun or oshrun";
    if (strcmp(var, "PMIX_SIZE") == 0) return "a PMIx launcher";
    return "srun";
}
