/* shmem-info: what this mpishmem is and what it sees (usage: the USAGE text below, and
 * man shmem-info). Linked with the library's objects, so it reads the environment exactly as
 * the library does. */
#define _GNU_SOURCE /* gethostname, dladdr */
#include <dlfcn.h>
#include <limits.h>
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/base/env.h"
#include "../src/transport/mpi/quirks/mpi_quirks.h"

/* Set by tools/CMakeLists.txt from the configuration. */
#ifndef MPISHMEM_BUILD_TYPE
#define MPISHMEM_BUILD_TYPE "unknown"
#endif
#ifndef MPISHMEM_BUILD_BINDIR
#define MPISHMEM_BUILD_BINDIR ""
#endif
#ifndef MPISHMEM_BIN_TO_PREFIX
#define MPISHMEM_BIN_TO_PREFIX ".."
#endif
#ifndef MPISHMEM_BUILD_OPTIONS
#define MPISHMEM_BUILD_OPTIONS "unknown"
#endif

#define STR_(x) #x
#define STR(x) STR_(x)
#define VERSION                                                                           \
    STR(MPISHMEM_VERSION_MAJOR) "." STR(MPISHMEM_VERSION_MINOR) "." STR(MPISHMEM_VERSION_PATCH)

static const char USAGE[] =
    "usage: shmem-info [--env] [--quirks] [--all] [--machine] | --env-markdown | --version |\n"
    "       --help\n"
    "What this mpishmem is and which settings it sees.\n"
    "\n"
    "  (no option)    library, OpenSHMEM and MPI versions, install prefix, build options\n"
    "  --env          every environment variable the library reads: value, default, meaning\n"
    "  --quirks       the MPI quirk table: each workaround, the MPI versions it applies to,\n"
    "                 whether it is active with the MPI loaded now, its symptom and reproducer\n"
    "  --all          all of the above and the job's topology; this initializes the library,\n"
    "                 so run it under oshrun to see a job's layout (oshrun -n 4 shmem-info --all)\n"
    "  --machine      everything as key=value lines, for scripts (also --parsable)\n"
    "  --env-markdown the table of environment variables (name, default, meaning) in\n"
    "                 markdown, as the user's guide shows it, and exit\n"
    "  --version      print the mpishmem version and exit\n"
    "  -h, --help     print this help and exit\n"
    "\n"
    "Under a launcher only PE 0 prints what is the same on every PE.\n";

static void mpi_built_with(char *out, size_t n)
{
#if defined(MPI_ABI_VERSION)
    snprintf(out, n, "MPI standard ABI %d.%d (MPI %d.%d)", MPI_ABI_VERSION, MPI_ABI_SUBVERSION,
             MPI_VERSION, MPI_SUBVERSION);
#elif defined(I_MPI_VERSION)
    snprintf(out, n, "Intel MPI %s (MPI %d.%d)", I_MPI_VERSION, MPI_VERSION, MPI_SUBVERSION);
#elif defined(MPICH_VERSION)
    snprintf(out, n, "MPICH %s (MPI %d.%d)", MPICH_VERSION, MPI_VERSION, MPI_SUBVERSION);
#elif defined(OMPI_MAJOR_VERSION)
    snprintf(out, n, "Open MPI %d.%d.%d (MPI %d.%d)", OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION,
             OMPI_RELEASE_VERSION, MPI_VERSION, MPI_SUBVERSION);
#else
    snprintf(out, n, "MPI %d.%d", MPI_VERSION, MPI_SUBVERSION);
#endif
}

/* The first line of MPI_Get_library_version (callable before MPI_Init), each run of blanks
 * (MPICH's "MPICH Version:\t4.0.2") made one space. */
static void mpi_running(char *out, size_t n)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(v, &len);
    v[strcspn(v, "\n")] = '\0';
    size_t o = 0;
    for (const char *p = v; *p && o + 1 < n; p++) {
        int blank = *p == ' ' || *p == '\t' || *p == '\r';
        if (blank && (o == 0 || out[o - 1] == ' ')) continue;
        out[o++] = blank ? ' ' : *p;
    }
    while (o > 0 && out[o - 1] == ' ') o--;
    out[o] = '\0';
}

/* The prefix this shmem-info runs from: its own directory (/proc/self/exe) is the build tree's
 * bin or an installed tree's bin, wherever that tree was installed or moved to. */
static void install_prefix(char *out, size_t n)
{
    char exe[PATH_MAX], dir[PATH_MAX + 32], build_bin[PATH_MAX], prefix[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) {
        snprintf(out, n, "unknown (cannot read /proc/self/exe)");
        return;
    }
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) *slash = '\0';
    if (realpath(MPISHMEM_BUILD_BINDIR, build_bin) && strcmp(build_bin, exe) == 0) {
        char *up = strrchr(build_bin, '/');
        if (up && up != build_bin) *up = '\0';
        snprintf(out, n, "(build tree %s)", build_bin);
        return;
    }
    snprintf(dir, sizeof dir, "%s/%s", exe, MPISHMEM_BIN_TO_PREFIX);
    snprintf(out, n, "%s", realpath(dir, prefix) ? prefix : dir);
}

/* The file of the MPI library loaded (the one holding PMPI_Get_library_version). */
static void mpi_library_file(char *out, size_t n)
{
    Dl_info info;
    if (dladdr((void *)(size_t)&PMPI_Get_library_version, &info) && info.dli_fname)
        snprintf(out, n, "%s", info.dli_fname);
    else
        snprintf(out, n, "unknown");
}

static const char *sanitizers(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return "address,undefined";
#elif defined(__SANITIZE_THREAD__)
    return "thread";
#else
    return "none";
#endif
}

static void print_versions(int machine)
{
    int major, minor;
    char name[SHMEM_MAX_NAME_LEN], built[256], running[MPI_MAX_LIBRARY_VERSION_STRING];
    shmem_info_get_version(&major, &minor);
    shmem_info_get_name(name);
    mpi_built_with(built, sizeof built);
    mpi_running(running, sizeof running);
    const char *fmt = machine ? "%s=%s\n" : "%-22s %s\n";
    char spec[32];
    snprintf(spec, sizeof spec, "%d.%d", major, minor);
    printf(fmt, machine ? "library" : "Library:", name);
    printf(fmt, machine ? "version" : "Version:", VERSION);
    printf(fmt, machine ? "spec_version" : "OpenSHMEM version:", spec);
    printf(fmt, machine ? "mpi_built_with" : "MPI built with:", built);
    printf(fmt, machine ? "mpi_running" : "MPI running:", running);
    mpishmem_mpi_quirks_detect();
    printf(fmt, machine ? "mpi_library" : "MPI library:", mpishmem_mpi_library.name);
    char active[512] = "";
    for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++)
        if (mpishmem_quirk_on[q])
            snprintf(active + strlen(active), sizeof active - strlen(active), "%s%s",
                     active[0] ? "," : "", mpishmem_quirks[q].name);
    printf(fmt, machine ? "mpi_quirks" : "MPI quirks active:", active[0] ? active : "none");
    char path[PATH_MAX + 64];
    mpi_library_file(path, sizeof path);
    printf(fmt, machine ? "mpi_library_file" : "MPI library file:", path);
    install_prefix(path, sizeof path);
    printf(fmt, machine ? "install_prefix" : "Install prefix:", path);
    printf(fmt, machine ? "build_type" : "Build type:", MPISHMEM_BUILD_TYPE);
    printf(fmt, machine ? "build_options" : "Build options:", MPISHMEM_BUILD_OPTIONS);
#if defined(__clang__)
    printf(fmt, machine ? "compiler" : "Compiler:", "clang " __clang_version__);
#elif defined(__GNUC__)
    printf(fmt, machine ? "compiler" : "Compiler:", "gcc " __VERSION__);
#endif
    printf(fmt, machine ? "sanitizers" : "Sanitizers:", sanitizers());
}

/* "4.0.2" from MAJOR*10000 + MINOR*100 + PATCH. */
static const char *version_text(int v, char *out, size_t n)
{
    snprintf(out, n, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
    return out;
}

static void print_quirks(int machine)
{
    mpishmem_mpi_quirks_detect();
    if (!machine)
        printf("MPI quirks (src/transport/mpi/quirks/mpi_quirks_table.h); MPI loaded: %s\n",
               mpishmem_mpi_library.name);
    static const char *const over[] = {"", " over UCX", " over libfabric"};
    for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++) {
        const struct mpishmem_quirk_entry *e = &mpishmem_quirks[q];
        char from[32], fixed[32], range[160];
        if (e->fixed)
            snprintf(range, sizeof range, "%s %s up to %s (not from %s on)",
                     mpishmem_mpi_kind_name(e->kind), version_text(e->from, from, sizeof from),
                     version_text(e->fixed, fixed, sizeof fixed), fixed);
        else
            snprintf(range, sizeof range, "%s %s and later (no fix known)",
                     mpishmem_mpi_kind_name(e->kind), version_text(e->from, from, sizeof from));
        if (machine) {
            printf("quirk.%s.active=%d\nquirk.%s.applies_to=%s%s\n", e->name, mpishmem_quirk_on[q],
                   e->name, range, over[e->over]);
            continue;
        }
        printf("\n  %-20s %s\n  applies to           %s%s\n  symptom              %s\n"
               "  reproducer           %s\n",
               e->name, mpishmem_quirk_on[q] ? "ACTIVE" : "inactive", range,
               over[e->over], e->symptom, e->reproducer);
    }
}

/* Each PE reports its host and node rank to PE 0, which prints the table. */
static void print_topology(int machine)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    struct pe_info {
        char host[64];
        int node_rank, node_size;
    };
    struct pe_info *all = shmem_calloc((size_t)n, sizeof *all);
    struct pe_info mine = {.node_rank = shmem_team_my_pe(SHMEM_TEAM_SHARED),
                           .node_size = shmem_team_n_pes(SHMEM_TEAM_SHARED)};
    gethostname(mine.host, sizeof mine.host - 1);
    shmem_putmem(&all[me], &mine, sizeof mine, 0);
    shmem_barrier_all();
    if (me == 0) {
        int nodes = 0;
        for (int i = 0; i < n; i++) nodes += all[i].node_rank == 0;
        if (machine) printf("pes=%d\nnodes=%d\n", n, nodes);
        else printf("Topology:              %d PE(s) on %d node(s)\n", n, nodes);
        for (int i = 0; i < n; i++) {
            if (machine)
                printf("pe.%d.host=%s\npe.%d.node_rank=%d\npe.%d.node_size=%d\n", i,
                       all[i].host, i, all[i].node_rank, i, all[i].node_size);
            else
                printf("  PE %-4d host %-20s node rank %d of %d\n", i, all[i].host,
                       all[i].node_rank, all[i].node_size);
        }
    }
    shmem_free(all);
    shmem_finalize();
}

/* Under a launcher every PE runs this program: only PE 0 (rank from the launcher's
 * environment, known before MPI is up) prints what is the same everywhere. */
static int launcher_rank(void)
{
    const char *vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
        const char *v = getenv(vars[i]);
        if (v) return atoi(v);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int env = 0, all = 0, machine = 0, quirks = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--env")) env = 1;
        else if (!strcmp(argv[i], "--quirks")) quirks = 1;
        else if (!strcmp(argv[i], "--all")) all = 1;
        else if (!strcmp(argv[i], "--machine") || !strcmp(argv[i], "--parsable")) machine = 1;
        else if (!strcmp(argv[i], "--env-markdown")) {
            mpishmem_env_print_markdown();
            return 0;
        } else if (!strcmp(argv[i], "--version")) {
            printf("mpishmem %s (OpenSHMEM %d.%d)\n", VERSION, SHMEM_MAJOR_VERSION,
                   SHMEM_MINOR_VERSION);
            return 0;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(USAGE, stdout);
            return 0;
        } else {
            fprintf(stderr, "shmem-info: unknown option '%s'\n%s", argv[i], USAGE);
            return 2;
        }
    }
    int versions = (!env && !quirks) || all;
    if (machine && !env) all = 1; /* machine form: everything */
    mpishmem_env_read("shmem-info");
    int quiet = launcher_rank() != 0;
    /* Under --all shmem_init warns itself. */
    if (!quiet && !all) mpishmem_env_warn_unknown("shmem-info");
    if ((versions || all) && !quiet) print_versions(machine);
    if ((env || all) && !quiet) {
        if (machine) mpishmem_env_print_machine();
        else mpishmem_env_print_info();
    }
    if ((quirks || all) && !quiet) print_quirks(machine);
    if (all) print_topology(machine);
    return 0;
}
