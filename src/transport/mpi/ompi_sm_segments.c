#define _GNU_SOURCE
#include "ompi_sm_segments.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpi_quirks.h"

#define MAX_SEGMENTS 512
#define PATH_CHARS 1024

/* The named btl/sm segments this process maps (paths into `paths`), as many as fit. */
static int mapped_segments(char (*paths)[PATH_CHARS], int max)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return 0;
    char line[PATH_CHARS + 256];
    int n = 0;
    while (n < max && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path || !strstr(path, "/sm_segment.") || strstr(path, "(deleted)")) continue;
        path[strcspn(path, "\n")] = 0;
        if (n > 0 && !strcmp(paths[n - 1], path)) continue; /* one file in several pieces */
        snprintf(paths[n++], sizeof paths[0], "%s", path);
    }
    fclose(maps);
    return n;
}

static uint64_t name_hash(const char *s) /* FNV-1a */
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Open MPI attaches its node peers' segments in MPI_Init here (measured on 5.0.11: after
 * MPI_Init each of 4 processes maps all 4), but nothing promises that of every configuration:
 * a name goes only if every process of the host maps that segment, which the processes agree
 * on through their names' hashes. No process joins later: btl/sm serves only processes of
 * its own job (add_procs in btl_sm_module.c), so processes of MPI_Comm_spawn or
 * MPI_Comm_connect never attach these segments (a spawned child that sends to its parents
 * works with the names gone: measured on 5.0.11). */
void mpishmem_ompi_sm_segments_unlink(MPI_Comm host)
{
    if (!mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_NAMED_SM_SEGMENTS]) return;
    int size;
    MPI_Comm_size(host, &size);
    char(*paths)[PATH_CHARS] = malloc(sizeof *paths * MAX_SEGMENTS);
    uint64_t *mine = malloc(sizeof *mine * MAX_SEGMENTS);
    uint64_t *all = malloc(sizeof *all * MAX_SEGMENTS * (size_t)size);
    int *counts = malloc(sizeof *counts * (size_t)size);
    int *offsets = malloc(sizeof *offsets * (size_t)size);
    int ok = paths && mine && all && counts && offsets, all_ok;
    /* Out of memory anywhere: every name stays, as without the quirk. */
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, host);
    if (all_ok) {
        int n = mapped_segments(paths, MAX_SEGMENTS);
        for (int i = 0; i < n; i++) mine[i] = name_hash(paths[i]);
        MPI_Allgather(&n, 1, MPI_INT, counts, 1, MPI_INT, host);
        for (int r = 0, total = 0; r < size; total += counts[r++]) offsets[r] = total;
        MPI_Allgatherv(mine, n, MPI_UINT64_T, all, counts, offsets, MPI_UINT64_T, host);
        for (int i = 0; i < n; i++) {
            int everywhere = 1;
            for (int r = 0; r < size && everywhere; r++) {
                int found = 0;
                for (int j = 0; j < counts[r] && !found; j++)
                    found = all[offsets[r] + j] == mine[i];
                everywhere = found;
            }
            /* Several processes unlink the same name: the first wins, the others (and Open
             * MPI's finalize, and its launcher's clean-up) find it gone, silently. */
            if (everywhere) unlink(paths[i]);
        }
    }
    free(all);
    free(offsets);
    free(counts);
    free(mine);
    free(paths);
}
