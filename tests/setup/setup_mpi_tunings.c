/* The MPI settings the library chooses before it initializes MPI itself, when the user has
 * not set them (src/core/runtime.c): UCX's TCP segment size everywhere, and MPICH's poll
 * count in its shared-memory collectives (MPIR_CVAR_POSIX_POLL_FREQUENCY=1) on MPICH only.
 * Argument: "default" (nothing set beforehand) or the value the test's environment gave the
 * poll count, which must be kept on every MPI. */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(int me, const char *var, const char *want)
{
    const char *got = getenv(var);
    if ((want == NULL) != (got == NULL) || (want && strcmp(want, got) != 0)) {
        fprintf(stderr, "FAIL (PE %d): %s is %s%s%s, not %s%s%s\n", me, var, got ? "'" : "",
                got ? got : "unset", got ? "'" : "", want ? "'" : "", want ? want : "unset",
                want ? "'" : "");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *preset = argc > 1 && strcmp(argv[1], "default") != 0 ? argv[1] : NULL;
    shmem_init();
    int me = shmem_my_pe(), len = 0, failures = 0;
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    MPI_Get_library_version(version, &len);
    int mpich = strncmp(version, "MPICH", 5) == 0; /* not Intel MPI, which names itself */
    failures += check(me, "MPIR_CVAR_POSIX_POLL_FREQUENCY", preset ? preset : mpich ? "1" : NULL);
    failures += check(me, "UCX_TCP_TX_SEG_SIZE", "64k");
    shmem_barrier_all();
    if (me == 0 && failures == 0) printf("setup_mpi_tunings: ok (%s)\n", mpich ? "MPICH" : "not MPICH");
    shmem_finalize();
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
