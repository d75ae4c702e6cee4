#define _GNU_SOURCE
#include "mapped_files.h"

#include <stdio.h>
#include <string.h>

int mpishmem_mapped_files(const char *part, char (*paths)[MPISHMEM_MAPPED_PATH_CHARS], int max)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return 0;
    char line[MPISHMEM_MAPPED_PATH_CHARS + 256];
    int n = 0;
    while (n < max && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path || !strstr(path, part) || strstr(path, "(deleted)")) continue;
        path[strcspn(path, "\n")] = 0;
        if (n > 0 && !strcmp(paths[n - 1], path)) continue; /* the pieces of one file follow */
        snprintf(paths[n++], sizeof paths[0], "%s", path);
    }
    fclose(maps);
    return n;
}
