#define _GNU_SOURCE
#include "ompi_named_sm_segments.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mapped_files.h"
#include "mpi_quirks.h"

#define MAX_SEGMENTS 512

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
    char(*paths)[MPISHMEM_MAPPED_PATH_CHARS] = malloc(sizeof *paths * MAX_SEGMENTS);
    uint64_t *mine = malloc(sizeof *mine * MAX_SEGMENTS);
    uint64_t *all = malloc(sizeof *all * MAX_SEGMENTS * (size_t)size);
    int *counts = malloc(sizeof *counts * (size_t)size);
    int *offsets = malloc(sizeof *offsets * (size_t)size);
    int ok = paths && mine && all && counts && offsets, all_ok;
    /* Out of memory anywhere: every name stays, as without the quirk. */
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, host);
    if (all_ok) {
        int n = mpishmem_mapped_files("/sm_segment.", paths, MAX_SEGMENTS);
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
