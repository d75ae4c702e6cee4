/* Every SHMEM_*, SMA_* and MPISHMEM_* environment variable some part of mpishmem reads, and the
 * warning for the others (a misspelt name would otherwise be ignored without a word). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "error.h"

/* The names read outside the table of env.h: by the library itself, by the tools and scripts
 * of the project, or by its build (CMake options a user may have exported). A job started
 * by those has them in its environment, so they must not warn. A name ending in '*' stands
 * for every name it starts. */
static const char *const other_names[] = {
    "MPISHMEM_EXIT_STATUS_FILE", /* the library: written by shmem_global_exit, set by oshrun */
    "MPISHMEM_CC",               /* oshcc, oshc++: the compiler wrapper they call */
    "MPISHMEM_MPIEXEC",          /* oshrun, scripts/cluster.sh: the launcher */
    "MPISHMEM_CLUSTER*",         /* scripts/cluster.sh and the test suite's cluster options */
    "MPISHMEM_MPI_CACHE",        /* scripts/mpi.sh: where other MPIs are kept */
    "MPISHMEM_WHEEL_MPIS",       /* scripts/wheel_check.sh: the MPIs it checks the wheel with */
    "MPISHMEM_MPI",              /* the build: the MPI flavour */
    "MPISHMEM_TESTS",            /* the build's options */
    "MPISHMEM_PORTABLE_TESTS",
    "MPISHMEM_WERROR",
    "MPISHMEM_SANITIZE",
    "MPISHMEM_TSAN",
};

#define NAME_ROW(field, kind, name, old, def, lo, hi, help) name, old,
static const char *const table_names[] = {MPISHMEM_ENV_TABLE(NAME_ROW)};
#undef NAME_ROW

static int ours(const char *name, size_t len)
{
    static const char *const prefixes[] = {"SHMEM_", "SMA_", "MPISHMEM_"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (len > strlen(prefixes[i]) && strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int known(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof table_names / sizeof *table_names; i++)
        if (table_names[i] && strlen(table_names[i]) == len &&
            strncmp(table_names[i], name, len) == 0)
            return 1;
    for (size_t i = 0; i < sizeof other_names / sizeof *other_names; i++) {
        size_t n = strlen(other_names[i]);
        if (other_names[i][n - 1] == '*' ? len >= n - 1 && strncmp(other_names[i], name, n - 1) == 0
                                         : n == len && strncmp(other_names[i], name, len) == 0)
            return 1;
    }
    return 0;
}

/* Levenshtein distance between a[0..la) and b, for names (short: a row on the stack). */
static size_t distance(const char *a, size_t la, const char *b)
{
    size_t lb = strlen(b), row[128];
    if (lb >= sizeof row / sizeof *row || la >= sizeof row / sizeof *row) return (size_t)-1;
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* The known name nearest to name[0..len), if near enough to be a likely slip: at most 3
 * edits, and fewer than a third of the name's letters. NULL when none is. */
static const char *nearest(const char *name, size_t len)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (size_t i = 0; i < sizeof table_names / sizeof *table_names; i++) {
        if (!table_names[i]) continue;
        size_t d = distance(name, len, table_names[i]);
        if (d < best_d) best_d = d, best = table_names[i];
    }
    for (size_t i = 0; i < sizeof other_names / sizeof *other_names; i++) {
        if (strchr(other_names[i], '*')) continue;
        size_t d = distance(name, len, other_names[i]);
        if (d < best_d) best_d = d, best = other_names[i];
    }
    return best_d <= 3 && best_d * 3 < len ? best : NULL;
}

void mpishmem_env_warn_unknown(const char *routine)
{
    extern char **environ;
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        size_t len = eq ? (size_t)(eq - *e) : strlen(*e);
        if (!ours(*e, len) || known(*e, len)) continue;
        const char *near = nearest(*e, len);
        char hint[160] = "";
        if (near) snprintf(hint, sizeof hint, " (did you mean %s?)", near);
        else snprintf(hint, sizeof hint, " (no part of mpishmem reads it: shmem-info --env "
                                         "lists the variables)");
        mpishmem_warn(routine, "unknown environment variable %s%s", *e, hint);
    }
}
