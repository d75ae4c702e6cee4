/* shmem-info: what this mpishmem is and what it sees.
 *   shmem-info            library and spec versions, MPI built with / running on, build options
 *   shmem-info --env      every environment variable the library reads: value, default, help
 *   shmem-info --all      all of the above plus the topology (initializes the library: run it
 *                         under oshrun to see a job's layout, e.g. oshrun -n 4 shmem-info --all)
 *   shmem-info --machine  everything as key=value lines, for scripts
 * Linked with the library's objects, so it reads the environment exactly as the library does. */
#define _POSIX_C_SOURCE 200809L /* gethostname */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/core/env.h"

#ifndef MPISHMEM_BUILD_TYPE
#define MPISHMEM_BUILD_TYPE "unknown"
#endif

static void mpi_built_with(char *out, size_t n)
{
#if defined(MPICH_VERSION)
    snprintf(out, n, "MPICH %s (MPI %d.%d)", MPICH_VERSION, MPI_VERSION, MPI_SUBVERSION);
#elif defined(OMPI_MAJOR_VERSION)
    snprintf(out, n, "Open MPI %d.%d.%d (MPI %d.%d)", OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION,
             OMPI_RELEASE_VERSION, MPI_VERSION, MPI_SUBVERSION);
#else
    snprintf(out, n, "MPI %d.%d", MPI_VERSION, MPI_SUBVERSION);
#endif
}

/* The first line of MPI_Get_library_version (callable before MPI_Init). */
static void mpi_running(char *out, size_t n)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(v, &len);
    v[strcspn(v, "\n")] = '\0';
    snprintf(out, n, "%s", v);
}

static void print_versions(int machine)
{
    int major, minor;
    char name[SHMEM_MAX_NAME_LEN], built[256], running[MPI_MAX_LIBRARY_VERSION_STRING];
    shmem_info_get_version(&major, &minor);
    shmem_info_get_name(name);
    mpi_built_with(built, sizeof built);
    mpi_running(running, sizeof running);
    const char *fmt = machine ? "%s=%s\n" : "%-22s %s\n";
    char spec[32];
    snprintf(spec, sizeof spec, "%d.%d", major, minor);
    printf(fmt, machine ? "library" : "Library:", name);
    printf(fmt, machine ? "spec_version" : "OpenSHMEM version:", spec);
    printf(fmt, machine ? "mpi_built_with" : "MPI built with:", built);
    printf(fmt, machine ? "mpi_running" : "MPI running:", running);
    printf(fmt, machine ? "build_type" : "Build type:", MPISHMEM_BUILD_TYPE);
#if defined(__clang__)
    printf(fmt, machine ? "compiler" : "Compiler:", "clang " __clang_version__);
#elif defined(__GNUC__)
    printf(fmt, machine ? "compiler" : "Compiler:", "gcc " __VERSION__);
#endif
#ifdef __SANITIZE_ADDRESS__
    printf(fmt, machine ? "sanitizers" : "Sanitizers:", "address,undefined");
#endif
}

/* Each PE reports its host and node rank to PE 0, which prints the table. */
static void print_topology(int machine)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    struct pe_info {
        char host[64];
        int node_rank, node_size;
    };
    struct pe_info *all = shmem_calloc((size_t)n, sizeof *all);
    struct pe_info mine = {.node_rank = shmem_team_my_pe(SHMEM_TEAM_SHARED),
                           .node_size = shmem_team_n_pes(SHMEM_TEAM_SHARED)};
    gethostname(mine.host, sizeof mine.host - 1);
    shmem_putmem(&all[me], &mine, sizeof mine, 0);
    shmem_barrier_all();
    if (me == 0) {
        int nodes = 0;
        for (int i = 0; i < n; i++) nodes += all[i].node_rank == 0;
        if (machine) printf("pes=%d\nnodes=%d\n", n, nodes);
        else printf("Topology:              %d PE(s) on %d node(s)\n", n, nodes);
        for (int i = 0; i < n; i++) {
            if (machine)
                printf("pe.%d.host=%s\npe.%d.node_rank=%d\npe.%d.node_size=%d\n", i,
                       all[i].host, i, all[i].node_rank, i, all[i].node_size);
            else
                printf("  PE %-4d host %-20s node rank %d of %d\n", i, all[i].host,
                       all[i].node_rank, all[i].node_size);
        }
    }
    shmem_free(all);
    shmem_finalize();
}

/* Under a launcher every PE runs this program: only PE 0 (rank from the launcher's
 * environment, known before MPI is up) prints what is the same everywhere. */
static int launcher_rank(void)
{
    const char *vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
        const char *v = getenv(vars[i]);
        if (v) return atoi(v);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int env = 0, all = 0, machine = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--env")) env = 1;
        else if (!strcmp(argv[i], "--all")) all = 1;
        else if (!strcmp(argv[i], "--machine") || !strcmp(argv[i], "--parsable")) machine = 1;
        else {
            fprintf(stderr, "usage: %s [--env] [--all] [--machine]\n", argv[0]);
            return !(strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) * 2;
        }
    }
    int versions = !env || all;
    if (machine && !env) all = 1; /* machine form: everything */
    mpishmem_env_read("shmem-info");
    int quiet = launcher_rank() != 0;
    if ((versions || all) && !quiet) print_versions(machine);
    if ((env || all) && !quiet) {
        if (machine) mpishmem_env_print_machine();
        else mpishmem_env_print_info();
    }
    if (all) print_topology(machine);
    return 0;
}
