/* The quirk table's decisions (src/transport/mpi/quirks/mpi_quirks.c) for the version strings
 * of the MPI libraries mpishmem supports, as their MPI_Get_library_version prints them: which
 * library and version is recognized, and which workarounds apply. No MPI job: the parser and
 * the table are pure functions of the string and the environment. Exit 1 on any mismatch. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/mpi/quirks/mpi_quirks.h"

static int failures;

static void expect(const char *what, long got, long want)
{
    if (got != want) {
        printf("FAIL: %s: got %ld, want %ld\n", what, got, want);
        failures++;
    }
}

struct sample {
    const char *label, *string, *netmod_env;
    enum mpishmem_mpi_kind kind;
    int version, ucx;
    const char *name;
    int quirks[MPISHMEM_QUIRK_COUNT]; /* expected, in table order */
};

int main(void)
{
    /* Table order: ucx-close-grace, ucx-yield-idle, ucx-no-shm-tls, mpich-ucx-anysrc-recv,
     * ompi-no-osc-rdma, ompi-rdma-bitwise-amo, ompi-ucx-acc-hang, ompi-ucx-win-free-mt,
     * ompi-ucx-tcp-put, impi-pin-shared-cores, ompi-yield-when-shared, mpich-named-node-shm,
     * mpich-ofi-init-round-robin, ompi-ucx-pooled-ep, ompi-ucx-thread-exit, mpich-mt-poll-yield,
     * mpich-rma-target-race, ompi-osc-ucx-query-noise, ompi-named-sm-segments. */
    const struct sample samples[] = {
        {"Debian MPICH 4.0.2",
         "MPICH Version:\t4.0.2\nMPICH Release date:\tThu Apr  7 12:34:45 CDT 2022\n"
         "MPICH ABI:\t14:2:2\nMPICH Device:\tch4:ucx\nMPICH configure:\t--with-device=ch4:ucx\n",
         NULL, MPISHMEM_MPI_MPICH, 40002, 1, "MPICH 4.0.2 (ch4:ucx)", {1, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
        /* The bounds (mpi_quirks_table.h says which were measured and which read). */
        {"MPICH 3.4.3 ch4:ucx", "MPICH Version:\t3.4.3\nMPICH Device:\tch4:ucx\n", NULL,
         MPISHMEM_MPI_MPICH, 30403, 1, "MPICH 3.4.3 (ch4:ucx)", {1, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
        {"MPICH 4.1.3 ch4:ucx", "MPICH Version:\t4.1.3\nMPICH Device:\tch4:ucx\n", NULL,
         MPISHMEM_MPI_MPICH, 40103, 1, "MPICH 4.1.3 (ch4:ucx)", {1, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
        {"MPICH 4.2.0 ch4:ucx", "MPICH Version:\t4.2.0\nMPICH Device:\tch4:ucx\n", NULL,
         MPISHMEM_MPI_MPICH, 40200, 1, "MPICH 4.2.0 (ch4:ucx)", {0, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
        {"MPICH 4.3.0 ch4:ucx", "MPICH Version:\t4.3.0\nMPICH Device:\tch4:ucx\n", NULL,
         MPISHMEM_MPI_MPICH, 40300, 1, "MPICH 4.3.0 (ch4:ucx)", {0, 1, 1, 1, 0, 0, 0, 0, 0, 0}},
        {"MPICH 5.0.1 ch4:ucx", "MPICH Version:\t5.0.1\nMPICH Device:\tch4:ucx\n", NULL,
         MPISHMEM_MPI_MPICH, 50001, 1, "MPICH 5.0.1 (ch4:ucx)",
         {0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1}},
        {"MPICH 4.3.0 ch4:ofi", "MPICH Version:\t4.3.0\nMPICH Device:\tch4:ofi\n", NULL,
         MPISHMEM_MPI_MPICH, 40300, 0, "MPICH 4.3.0 (ch4:ofi)", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
        {"MPICH 5.0.2 (wheel), default netmod",
         "MPICH Version:      5.0.2\nMPICH Release date: Fri Sep 25 2026\n"
         "MPICH Device:       ch4:ucx ofi\nMPICH configure:    --with-device=ch4:ucx,ofi\n",
         NULL, MPISHMEM_MPI_MPICH, 50002, 1, "MPICH 5.0.2 (ch4:ucx)",
         {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1}},
        {"MPICH 5.0.2 (wheel), OFI",
         "MPICH Version:      5.0.2\nMPICH Device:       ch4:ucx ofi\n", "ofi",
         MPISHMEM_MPI_MPICH, 50002, 0, "MPICH 5.0.2 (ch4:ofi)",
         {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1}},
        {"Debian MPICH 4.0.2 (ucx only) asked for OFI", "MPICH Version:\t4.0.2\n"
         "MPICH Device:\tch4:ucx\nMPICH configure:\t--with-device=ch4:ucx\n", "ofi",
         MPISHMEM_MPI_MPICH, 40002, 1, "MPICH 4.0.2 (ch4:ucx)", {1, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
        {"MPICH 5.0.2 (wheel), UCX asked in capitals",
         "MPICH Version:      5.0.2\nMPICH Device:       ch4:ucx ofi\n", "UCX",
         MPISHMEM_MPI_MPICH, 50002, 1, "MPICH 5.0.2 (ch4:UCX)",
         {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1}},
        {"MPICH 4.0.2 over OFI",
         "MPICH Version:\t4.0.2\nMPICH Device:\tch4:ofi\n", NULL, MPISHMEM_MPI_MPICH, 40002, 0,
         "MPICH 4.0.2 (ch4:ofi)", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
        {"Open MPI 5.0.11",
         "Open MPI v5.0.11, package: Open MPI user@localhost Distribution, ident: 5.0.11", NULL,
         MPISHMEM_MPI_OPENMPI, 50011, 0, "Open MPI 5.0.11",
         {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1}},
        {"Open MPI 5.0.11 over UCX (OMPI_MCA_pml=ucx)",
         "Open MPI v5.0.11, package: Open MPI user@localhost Distribution, ident: 5.0.11", "ucx",
         MPISHMEM_MPI_OPENMPI, 50011, 1, "Open MPI 5.0.11",
         {0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1}},
        {"Open MPI 4.1.4",
         "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4", NULL,
         MPISHMEM_MPI_OPENMPI, 40104, 0, "Open MPI 4.1.4", {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1}},
        {"Intel MPI 2021.18.1", "Intel(R) MPI Library 2021.18.1 for Linux* OS\n", NULL,
         MPISHMEM_MPI_INTEL, 20211801, 0, "Intel MPI 2021.18.1", {0, 0, 0, 0, 0, 0, 0, 0, 0, 1}},
        {"Intel MPI 2021.17 (not measured)", "Intel(R) MPI Library 2021.17 for Linux* OS\n",
         NULL, MPISHMEM_MPI_INTEL, 20211700, 0, "Intel MPI 2021.17", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
        {"unknown", "Some MPI 1.0\nmore", NULL, MPISHMEM_MPI_UNKNOWN, 0, 0, "Some MPI 1.0",
         {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    };
    unsetenv("MPICH_CH4_NETMOD");
    unsetenv("MPIR_PARAM_CH4_NETMOD");
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        const struct sample *s = &samples[i];
        /* netmod_env: MPICH's netmod variable, or Open MPI's pml for its samples. */
        const char *var = s->kind == MPISHMEM_MPI_OPENMPI ? "OMPI_MCA_pml" : "MPIR_CVAR_CH4_NETMOD";
        unsetenv("MPIR_CVAR_CH4_NETMOD");
        unsetenv("OMPI_MCA_pml");
        if (s->netmod_env) setenv(var, s->netmod_env, 1);
        struct mpishmem_mpi_library lib;
        mpishmem_mpi_library_parse(s->string, &lib);
        char what[160];
        snprintf(what, sizeof what, "%s: kind", s->label);
        expect(what, lib.kind, s->kind);
        snprintf(what, sizeof what, "%s: version", s->label);
        expect(what, lib.version, s->version);
        snprintf(what, sizeof what, "%s: runs over UCX", s->label);
        expect(what, lib.ucx, s->ucx);
        if (strcmp(lib.name, s->name) != 0) {
            printf("FAIL: %s: name '%s', want '%s'\n", s->label, lib.name, s->name);
            failures++;
        }
        for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++) {
            snprintf(what, sizeof what, "%s: quirk %s", s->label, mpishmem_quirks[q].name);
            expect(what, mpishmem_mpi_quirk_applies(&lib, (enum mpishmem_quirk)q), s->quirks[q]);
        }
    }
    /* Every entry names its symptom and a reproducer. */
    for (int q = 0; q < MPISHMEM_QUIRK_COUNT; q++) {
        const struct mpishmem_quirk_entry *e = &mpishmem_quirks[q];
        if (!e->symptom[0] || !e->reproducer[0] || e->kind == MPISHMEM_MPI_UNKNOWN) {
            printf("FAIL: quirk %s lacks a symptom, reproducer or library\n", e->name);
            failures++;
        }
    }
    if (failures == 0) printf("quirk table: %zu version strings decided as expected\n",
                              sizeof samples / sizeof *samples);
    return failures != 0;
}
