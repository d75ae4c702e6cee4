#define _GNU_SOURCE
#include "mpich_node_shm.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "mpi_quirks.h"

void mpishmem_mpich_node_shm_unlink(void)
{
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_NAMED_NODE_SHM]) return;
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    static const char dir[] = "/dev/shm", prefix[] = "/dev/shm/mpich_shm_";
    char line[4096];
    while (fgets(line, sizeof line, maps)) {
        char *path = strstr(line, prefix);
        if (!path || strstr(path, "(deleted)")) continue; /* no name, or one gone already */
        path[strcspn(path, " \n")] = 0;
        shm_unlink(path + sizeof dir - 1); /* another process of the node may be first */
    }
    fclose(maps);
}
