/* An OpenSHMEM job that starts an MPI process with MPI_Comm_spawn and talks to it both ways,
 * before and after which OpenSHMEM still works. The child (argv[1] "child") is plain MPI in
 * the same executable: it receives a value from the parents' root and sends each parent its
 * own answer. It guards the remedies that touch MPI's shared memory at shmem_init (Open MPI's
 * segment names, quirk ompi-named-sm-segments: unlinked names must not keep a process that
 * joins later from reaching the job). Where the MPI itself cannot spawn here (MPICH 4.0.2's
 * Hydra: "Error in spawn call", a plain MPI program too) MPI_Comm_spawn returns its error and
 * the test says so and is skipped ("SKIP:"); Intel MPI spawns only with I_MPI_SPAWN=1. */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <mpi.h>
#include <string.h>

#include "testutil.h"

static long ring;

static int child(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm parent;
    MPI_Comm_get_parent(&parent);
    int parents, value = 0, bad = 0;
    MPI_Comm_remote_size(parent, &parents);
    MPI_Bcast(&value, 1, MPI_INT, 0, parent);
    if (value != 4242) {
        fprintf(stderr, "FAIL child: got %d from the parents, expected 4242\n", value);
        bad = 1;
    }
    for (int p = 0; p < parents; p++) {
        int answer = value + p;
        MPI_Send(&answer, 1, MPI_INT, p, 7, parent);
    }
    MPI_Comm_disconnect(&parent);
    MPI_Finalize();
    return bad;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "child")) return child(argc, argv);
    shmem_init();
    test_put_ring(&ring, 1);
    /* The launcher starts the child from its own directory: the path must be absolute. */
    char self[PATH_MAX];
    CHECK(realpath(argv[0], self) != NULL, "realpath(%s) failed", argv[0]);
    char *args[] = {"child", NULL};
    MPI_Comm inter;
    int errcode = -1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc = MPI_Comm_spawn(self, args, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, &errcode);
    /* Every PE learns whether any failed, before anyone touches the intercommunicator. */
    static int failed, any_failed;
    failed = rc != MPI_SUCCESS;
    shmem_int_max_reduce(SHMEM_TEAM_WORLD, &any_failed, &failed, 1);
    if (any_failed) {
        char text[MPI_MAX_ERROR_STRING] = "(on another PE)";
        int len = 0;
        if (rc != MPI_SUCCESS) MPI_Error_string(rc, text, &len);
        if (failed || shmem_my_pe() == 0) printf("SKIP: this MPI cannot spawn here: %s\n", text);
        shmem_finalize();
        return 0; /* ctest's SKIP_REGULAR_EXPRESSION: an exit status of one PE ends the job */
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    CHECK(errcode == MPI_SUCCESS, "spawn error code %d", errcode);
    int me = shmem_my_pe(), value = 4242, answer = -1;
    MPI_Bcast(&value, 1, MPI_INT, me == 0 ? MPI_ROOT : MPI_PROC_NULL, inter);
    MPI_Recv(&answer, 1, MPI_INT, 0, 7, inter, MPI_STATUS_IGNORE);
    CHECK(answer == 4242 + me, "answer %d from the child, expected %d", answer, 4242 + me);
    MPI_Comm_disconnect(&inter);
    test_put_ring(&ring, 2);
    shmem_finalize();
    return test_exit_status();
}
