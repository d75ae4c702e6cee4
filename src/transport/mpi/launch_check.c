#define _GNU_SOURCE /* dladdr */
#include "launch_check.h"

#include <dlfcn.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../base/error.h"
#include "launcher_env.h"
#include "quirks/mpi_quirks.h"
#include "quirks/mpich_named_node_shm.h"
#include "quirks/ompi_named_sm_segments.h"

/* Set for this file by src/CMakeLists.txt. */
#ifndef MPISHMEM_BUILD_LIBDIR
#define MPISHMEM_BUILD_LIBDIR ""
#define MPISHMEM_BUILD_BINDIR ""
#define MPISHMEM_LIB_TO_BIN "../bin"
#define MPISHMEM_INSTALL_BINDIR "bin"
#define MPISHMEM_MPIEXEC "mpiexec"
#endif

/* This library's oshrun: bin/oshrun of the build tree or of the installed tree (wherever it
 * was moved) that holds the loaded libmpishmem; the configured install path when the library
 * is linked statically into the program (or the file is not there). */
static void own_oshrun(char *out, size_t n)
{
    Dl_info info;
    char lib[PATH_MAX], build_lib[PATH_MAX];
    if (dladdr((void *)(size_t)&own_oshrun, &info) && info.dli_fname &&
        realpath(info.dli_fname, lib)) {
        char *slash = strrchr(lib, '/');
        if (slash) *slash = '\0';
        if (realpath(MPISHMEM_BUILD_LIBDIR, build_lib) && strcmp(lib, build_lib) == 0)
            snprintf(out, n, "%s/oshrun", MPISHMEM_BUILD_BINDIR);
        else
            snprintf(out, n, "%s/%s/oshrun", lib, MPISHMEM_LIB_TO_BIN);
        char real[PATH_MAX];
        if (access(out, X_OK) == 0 && realpath(out, real)) {
            snprintf(out, n, "%s", real);
            return;
        }
    }
    snprintf(out, n, "%s/oshrun", MPISHMEM_INSTALL_BINDIR);
}

void mpishmem_mpi_launch_check(const char *routine)
{
    int size = 0;
    MPI_Comm parent = MPI_COMM_NULL;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_parent(&parent);
    if (size != 1 || parent != MPI_COMM_NULL) return;
    const char *var = NULL;
    long started = mpishmem_launcher_job_size(&var);
    if (started <= 1) return;
    /* MPI_Abort leaves the names of MPI's own shared memory in /dev/shm (Open MPI 5's btl/sm
     * segments, MPICH 5's node object): this process is its job's only one, so they go now. */
    mpishmem_ompi_sm_segments_unlink(MPI_COMM_SELF);
    mpishmem_mpich_node_shm_unlink();
    char oshrun[PATH_MAX + 16];
    own_oshrun(oshrun, sizeof oshrun);
    mpishmem_error(routine,
                   "the launcher started %ld processes (%s=%ld, set by %s) but MPI sees a job "
                   "of 1: this program was launched with another MPI's launcher, and each "
                   "process would run alone. Launch it with mpishmem's oshrun (%s), which runs "
                   "%s, the launcher of the MPI this mpishmem uses (%s)",
                   started, var, started, mpishmem_launcher_name(var), oshrun, MPISHMEM_MPIEXEC,
                   mpishmem_mpi_library.name);
}
