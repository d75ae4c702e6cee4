/* Identifies the MPI library loaded at run time and decides which entries of
 * mpi_quirks_table.h apply (see mpi_quirks.h). The same libmpishmem may run on another MPI
 * than the one it was compiled against (the MPI standard ABI, or an MPICH derivative such
 * as Intel MPI, whose mpi.h also defines MPICH), so nothing here looks at mpi.h's macros. */
#define _GNU_SOURCE
#include "mpi_quirks.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MPISHMEM_QUIRK_ENTRY(id, name, kind, from, fixed, over, symptom, repro) \
    {name, kind, from, fixed, over, symptom, repro},
const struct mpishmem_quirk_entry mpishmem_quirks[MPISHMEM_QUIRK_COUNT] = {
    MPISHMEM_MPI_QUIRKS_TABLE(MPISHMEM_QUIRK_ENTRY)};
#undef MPISHMEM_QUIRK_ENTRY

struct mpishmem_mpi_library mpishmem_mpi_library;
unsigned char mpishmem_quirk_on[MPISHMEM_QUIRK_COUNT];
static int detected;

const char *mpishmem_mpi_kind_name(enum mpishmem_mpi_kind kind)
{
    switch (kind) {
    case MPISHMEM_MPI_MPICH: return "MPICH";
    case MPISHMEM_MPI_OPENMPI: return "Open MPI";
    case MPISHMEM_MPI_INTEL: return "Intel MPI";
    default: return "unknown MPI";
    }
}

/* "4.0.2", "5.0.11", "2021.18.1" -> MAJOR*10000 + MINOR*100 + PATCH (parts above 99 are
 * capped, which keeps the order of every release numbering seen). */
static int parse_version(const char *s)
{
    int part[3] = {0, 0, 0};
    for (int i = 0; i < 3 && isdigit((unsigned char)*s); i++) {
        long v = strtol(s, (char **)&s, 10);
        part[i] = v > 99 && i > 0 ? 99 : (int)v;
        if (*s != '.') break;
        s++;
    }
    return part[0] * 10000 + part[1] * 100 + part[2];
}

static const char *after(const char *s, const char *key)
{
    const char *p = strstr(s, key);
    if (!p) return NULL;
    p += strlen(key);
    while (*p == ' ' || *p == '\t' || *p == 'v') p++;
    return p;
}

/* Whether MPICH's device line (up to its end) names netmod `name` (e.g. "ch4:ucx ofi"). */
static int device_has(const char *d, const char *name)
{
    size_t end = strcspn(d, "\n"), len = strlen(name);
    for (size_t i = 0; i + len <= end; i++)
        if (!strncasecmp(d + i, name, len) && (i == 0 || strchr(" :,\t", d[i - 1])) &&
            (i + len == end || strchr(" ,\t\n", d[i + len])))
            return 1;
    return 0;
}

/* MPICH's netmod in use: its CVAR (three spellings) when the library has that netmod (an
 * MPICH built with ch4:ucx alone runs UCX whatever MPIR_CVAR_CH4_NETMOD says), else the first
 * one configured. */
static void mpich_netmod(const char *s, char *out, size_t n)
{
    static const char *const vars[] = {"MPIR_CVAR_CH4_NETMOD", "MPICH_CH4_NETMOD",
                                       "MPIR_PARAM_CH4_NETMOD"};
    const char *d = after(s, "MPICH Device:");
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v && (!d || device_has(d, v))) {
            snprintf(out, n, "%s", v);
            return;
        }
    }
    out[0] = '\0';
    if (!d) return;
    if (!strncmp(d, "ch4:", 4)) d += 4;
    size_t len = strcspn(d, " \t\n,");
    snprintf(out, n, "%.*s", (int)len, d);
}

void mpishmem_mpi_library_parse(const char *s, struct mpishmem_mpi_library *lib)
{
    memset(lib, 0, sizeof *lib);
    const char *v;
    char netmod[32] = "";
    if ((v = after(s, "Intel(R) MPI Library"))) {
        lib->kind = MPISHMEM_MPI_INTEL;
    } else if ((v = after(s, "MPICH Version:"))) {
        lib->kind = MPISHMEM_MPI_MPICH;
        mpich_netmod(s, netmod, sizeof netmod);
        lib->ucx = !strncasecmp(netmod, "ucx", 3);
        lib->ofi = !strncasecmp(netmod, "ofi", 3);
    } else if ((v = after(s, "Open MPI"))) {
        lib->kind = MPISHMEM_MPI_OPENMPI;
        const char *pml = getenv("OMPI_MCA_pml");
        lib->ucx = pml && !strcmp(pml, "ucx");
    }
    if (v) lib->version = parse_version(v);
    size_t vlen = v ? strcspn(v, " \t\n,") : 0;
    if (lib->kind == MPISHMEM_MPI_UNKNOWN) {
        snprintf(lib->name, sizeof lib->name, "%.*s", (int)strcspn(s, "\n"), s);
    } else if (netmod[0]) {
        snprintf(lib->name, sizeof lib->name, "%s %.*s (ch4:%s)",
                 mpishmem_mpi_kind_name(lib->kind), (int)vlen, v, netmod);
    } else {
        snprintf(lib->name, sizeof lib->name, "%s %.*s", mpishmem_mpi_kind_name(lib->kind),
                 (int)vlen, v);
    }
}

int mpishmem_mpi_quirk_applies(const struct mpishmem_mpi_library *lib, enum mpishmem_quirk q)
{
    const struct mpishmem_quirk_entry *e = &mpishmem_quirks[q];
    return lib->kind == e->kind && lib->version >= e->from &&
           (e->fixed == 0 || lib->version < e->fixed) &&
           (e->over == MPISHMEM_OVER_ANY || (e->over == MPISHMEM_OVER_UCX && lib->ucx) ||
            (e->over == MPISHMEM_OVER_OFI && lib->ofi));
}

/* MPISHMEM_MPI_QUIRKS: "none", or names to force on and "-name" to force off. */
static void apply_override(void)
{
    const char *o = getenv("MPISHMEM_MPI_QUIRKS");
    if (!o || !*o) return;
    if (!strcmp(o, "none")) {
        memset(mpishmem_quirk_on, 0, sizeof mpishmem_quirk_on);
        return;
    }
    while (*o) {
        size_t len = strcspn(o, ",");
        int off = o[0] == '-';
        for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++) {
            const char *name = mpishmem_quirks[q].name;
            if (strlen(name) == len - (size_t)off && !strncmp(o + off, name, len - (size_t)off))
                mpishmem_quirk_on[q] = !off;
        }
        o += len;
        if (*o == ',') o++;
    }
}

const char *mpishmem_mpi_quirks_bad_override(size_t *len)
{
    const char *o = getenv("MPISHMEM_MPI_QUIRKS");
    if (!o || !*o || !strcmp(o, "none")) return NULL;
    while (*o) {
        size_t n = strcspn(o, ","), off = o[0] == '-';
        int known = 0;
        for (int q = 0; q < MPISHMEM_QUIRK_COUNT && !known; q++)
            known = strlen(mpishmem_quirks[q].name) == n - off &&
                    !strncmp(o + off, mpishmem_quirks[q].name, n - off);
        if (!known) {
            *len = n;
            return o;
        }
        o += n;
        if (*o == ',') o++;
    }
    return NULL;
}

void mpishmem_mpi_quirks_detect(void)
{
    if (__atomic_load_n(&detected, __ATOMIC_ACQUIRE)) return;
    char s[MPI_MAX_LIBRARY_VERSION_STRING] = "";
    int len = 0;
    MPI_Get_library_version(s, &len);
    struct mpishmem_mpi_library lib;
    mpishmem_mpi_library_parse(s, &lib);
    mpishmem_mpi_library = lib;
    for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++)
        mpishmem_quirk_on[q] = (unsigned char)mpishmem_mpi_quirk_applies(&lib, q);
    apply_override();
    __atomic_store_n(&detected, 1, __ATOMIC_RELEASE);
}

/* Whether directory `path` lists any entry. */
static int has_entries(const char *path)
{
    DIR *d = opendir(path);
    if (!d) return 0;
    int found = 0;
    for (struct dirent *e; !found && (e = readdir(d));) found = e->d_name[0] != '.';
    closedir(d);
    return found;
}

int mpishmem_host_has_rdma_device(void)
{
    return has_entries("/sys/class/infiniband") || has_entries("/sys/class/cxi");
}

int mpishmem_ompi_ucx_choice_given(void)
{
    static const char *const names[] = {
        "OMPI_MCA_osc",             "OMPI_MCA_osc_ucx_tls",         "OMPI_MCA_osc_ucx_devices",
        "OMPI_MCA_pml_ucx_tls",     "OMPI_MCA_pml_ucx_devices",     "OMPI_MCA_opal_common_ucx_tls",
        "OMPI_MCA_opal_common_ucx_devices"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (getenv(names[i])) return 1;
    return 0;
}
