/* Names in /dev/shm that an MPI job keeps while it runs: a job that is killed leaves them behind
 * (nothing of a killed process runs to remove them). After MPI_Init and a barrier each rank
 * lists the files of /dev/shm that it maps and that still have their name there.
 *
 * MPICH 5 keeps its node object's name, /dev/shm/mpich_shm_<world>_<node>, until MPI_Finalize
 * (quirk mpich-named-node-shm); MPICH 4.0.2 and Intel MPI unlink theirs at once. Open MPI 5
 * keeps its btl/sm segments' names (sm_segment.*) until MPI_Finalize too (quirk
 * ompi-named-sm-segments).
 * ARGS: keep (MPI alone: prints what it keeps) or auto (with mpishmem's remedy where the quirk
 * table says it applies: the names must be gone). Exit 0 when no name is left, 1 otherwise. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "../../src/transport/mpi/quirks/mpi_quirks.h"
#include "../../src/transport/mpi/quirks/mpich_named_node_shm.h"
#include "../../src/transport/mpi/quirks/ompi_named_sm_segments.h"

/* How many mapped files of /dev/shm still have their name; prints them. */
static int named(int rank)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return 0;
    char line[4096], last[4096] = "";
    int n = 0;
    while (fgets(line, sizeof line, maps)) {
        char *path = strstr(line, "/dev/shm/");
        if (!path || strstr(path, "(deleted)")) continue;
        path[strcspn(path, " \n")] = 0;
        if (!strcmp(path, last)) continue; /* one file, mapped in several pieces */
        snprintf(last, sizeof last, "%s", path);
        printf("rank %d: %s keeps its name while the job runs\n", rank, path);
        n++;
    }
    fclose(maps);
    return n;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "auto";
    mpishmem_mpi_quirks_detect();
    MPI_Init(&argc, &argv);
    int rank, mine, all = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (!strcmp(mode, "auto")) {
        MPI_Comm host;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &host);
        mpishmem_mpich_node_shm_unlink();
        mpishmem_ompi_sm_segments_unlink(host);
        MPI_Comm_free(&host);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    mine = named(rank);
    fflush(stdout);
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %d name(s) in /dev/shm kept while the job runs (%s)\n",
               all ? "named" : "ok", all, mode);
    MPI_Finalize();
    return all != 0;
}
