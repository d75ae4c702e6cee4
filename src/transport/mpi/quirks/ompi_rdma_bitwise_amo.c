/* Whether Open MPI's osc/rdma may apply this job's accumulates with its BTL atomics, the path
 * of quirk OMPI_RDMA_BITWISE_AMO (mpi_quirks_table.h). Which osc component a window got is not
 * queryable, so this reads what allows that path, through MPI_T control variables: the "osc"
 * selection list (OMPI_MCA_osc) and "osc_rdma_acc_use_amo" (OMPI_MCA_osc_rdma_acc_use_amo).
 * Read after MPI_Init, so it holds whoever initialized MPI; a variable not found counts as
 * Open MPI's default (rdma selectable, BTL atomics on). */
#include "ompi_rdma_bitwise_amo.h"

#include <mpi.h>
#include <string.h>

/* Reads control variable `name` into buf (zeroed first); 0 if there is no such variable. */
static int read_cvar(const char *name, char *buf, int size)
{
    int n = 0;
    memset(buf, 0, (size_t)size);
    if (MPI_T_cvar_get_num(&n) != MPI_SUCCESS) return 0;
    for (int i = 0; i < n; i++) {
        char vname[256], desc[8];
        int vlen = sizeof vname, dlen = sizeof desc, verbosity, bind, scope, count = 0;
        MPI_Datatype type;
        MPI_T_enum enumtype;
        if (MPI_T_cvar_get_info(i, vname, &vlen, &verbosity, &type, &enumtype, desc, &dlen,
                                &bind, &scope) != MPI_SUCCESS ||
            strcmp(vname, name) != 0)
            continue;
        MPI_T_cvar_handle h;
        if (MPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS) return 0;
        /* A string's count is its room (Open MPI: 2048 bytes); anything else is one value. */
        int ok = count <= size && MPI_T_cvar_read(h, buf) == MPI_SUCCESS;
        MPI_T_cvar_handle_free(&h);
        buf[size - 1] = '\0';
        return ok;
    }
    return 0;
}

/* Open MPI's component list: "a,b" selects only those, "^a,b" all but those. */
static int list_selects(const char *list, const char *component)
{
    int exclude = list[0] == '^';
    if (exclude) list++;
    if (!*list) return 1;
    size_t len = strlen(component);
    int named = 0;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && !strncmp(p, component, len)) named = 1;
        p += n;
        if (*p == ',') p++;
    }
    return exclude ? !named : named;
}

int mpishmem_ompi_rdma_btl_atomics_possible(void)
{
    /* Asked with the level MPI runs at: Open MPI 5.0.11's MPI_T_init_thread sets MPI's own
     * thread level from its argument (ompi_mpi_thread_level), and MPI_THREAD_SINGLE here
     * turned a job at MPI_THREAD_MULTIPLE into one at MPI_THREAD_SINGLE under the progress
     * thread (MPI_Query_thread: 0; tests/progress/progress_thread_level.c, twonode). */
    int level = MPI_THREAD_SINGLE, provided;
    MPI_Query_thread(&level);
    if (MPI_T_init_thread(level, &provided) != MPI_SUCCESS) return 1;
    char buf[4096];
    int possible = 1;
    if (read_cvar("osc", buf, sizeof buf) && !list_selects(buf, "rdma")) possible = 0;
    /* A bool: read into zeroed bytes, any of them set means true. */
    if (possible && read_cvar("osc_rdma_acc_use_amo", buf, sizeof buf)) {
        possible = 0;
        for (int i = 0; i < 8; i++) possible |= buf[i] != 0;
    }
    MPI_T_finalize();
    return possible;
}
