#define _GNU_SOURCE
#include "mpich_named_node_shm.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "mapped_files.h"
#include "mpi_quirks.h"

#define MAX_OBJECTS 64

void mpishmem_mpich_node_shm_unlink(void)
{
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_NAMED_NODE_SHM]) return;
    static const char dir[] = "/dev/shm";
    char(*paths)[MPISHMEM_MAPPED_PATH_CHARS] = malloc(sizeof *paths * MAX_OBJECTS);
    if (!paths) return; /* the names stay, as without the quirk */
    int n = mpishmem_mapped_files("/dev/shm/mpich_shm_", paths, MAX_OBJECTS);
    for (int i = 0; i < n; i++)
        if (!strncmp(paths[i], dir, sizeof dir - 1))
            shm_unlink(paths[i] + sizeof dir - 1); /* another process of the node may be first */
    free(paths);
}
