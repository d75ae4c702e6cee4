#ifndef MPISHMEM_MPI_QUIRKS_H
#define MPISHMEM_MPI_QUIRKS_H
/* Which MPI library this process runs on, and which of the workarounds of
 * mpi_quirks_table.h apply to it: decided at run time, once, before MPI_Init
 * (MPI_Get_library_version may be called before MPI is initialized). */
#include <stddef.h>

#include "mpi_quirks_table.h"

enum mpishmem_mpi_kind {
    MPISHMEM_MPI_UNKNOWN,
    MPISHMEM_MPI_MPICH,
    MPISHMEM_MPI_OPENMPI,
    MPISHMEM_MPI_INTEL,
};

struct mpishmem_mpi_library {
    enum mpishmem_mpi_kind kind;
    int version;       /* MAJOR*10000 + MINOR*100 + PATCH of the library's own numbering */
    int ucx;           /* it runs over UCX (MPICH's ch4:ucx netmod, Open MPI's UCX pml) */
    int ofi;           /* it runs over libfabric (MPICH's ch4:ofi netmod) */
    char name[128];    /* e.g. "MPICH 4.0.2 (ch4:ucx)" */
};

#define MPISHMEM_QUIRK_ID(id, ...) MPISHMEM_QUIRK_##id,
enum mpishmem_quirk { MPISHMEM_MPI_QUIRKS_TABLE(MPISHMEM_QUIRK_ID) MPISHMEM_QUIRK_COUNT };
#undef MPISHMEM_QUIRK_ID

#define MPISHMEM_OVER_ANY 0
#define MPISHMEM_OVER_UCX 1
#define MPISHMEM_OVER_OFI 2

struct mpishmem_quirk_entry {
    const char *name;
    enum mpishmem_mpi_kind kind;
    int from, fixed;
    int over; /* the transport it needs: MPISHMEM_OVER_* */
    const char *symptom, *reproducer;
};

extern struct mpishmem_mpi_library mpishmem_mpi_library;
extern const struct mpishmem_quirk_entry mpishmem_quirks[MPISHMEM_QUIRK_COUNT];
/* 1 where the entry applies to the library loaded; read by the workarounds themselves
 * (relaxed: set once before MPI_Init, read from MPI's threads too). */
extern unsigned char mpishmem_quirk_on[MPISHMEM_QUIRK_COUNT];

/* Identifies the library and sets mpishmem_quirk_on; idempotent, callable before MPI_Init.
 * MPISHMEM_MPI_QUIRKS (a comma-separated list of names, each optionally prefixed by '-',
 * or "none") overrides the decision, for diagnosis. */
void mpishmem_mpi_quirks_detect(void);
/* The first name of MPISHMEM_MPI_QUIRKS that names no entry (its length in *len), or NULL. */
const char *mpishmem_mpi_quirks_bad_override(size_t *len);
const char *mpishmem_mpi_kind_name(enum mpishmem_mpi_kind kind);
/* Whether this host has an RDMA device (InfiniBand, RoCE, Omni-Path, EFA: /sys/class/infiniband;
 * HPE Slingshot: /sys/class/cxi), which libfabric would use rather than TCP. */
int mpishmem_host_has_rdma_device(void);
/* Whether the user chose Open MPI's one-sided component or UCX's transports or devices for it
 * (OMPI_MCA_osc, OMPI_MCA_{osc,pml,opal_common}_ucx_{tls,devices}): then the library leaves
 * the choice of osc/ucx to them. */
int mpishmem_ompi_ucx_choice_given(void);
/* The workarounds that are the MPI's own settings, made before MPI_Init (mpi_quirks_env.c):
 * environment variables of the MPI, UCX or libfabric, each where its entry applies, a value the
 * user set winning. `oversubscribed`: PEs outnumber this host's cores by the launcher's count;
 * `node_peers_via_mpi`: PEs of one host reach each other through MPI (globals through MPI,
 * simulated nodes). Returns 1 where MPICH's tagged OFI messages were turned off
 * (mpich-ofi-init-round-robin). */
int mpishmem_mpi_quirks_env(int oversubscribed, int node_peers_via_mpi);
/* The pieces of the decision, for shmem-info and the table's unit test
 * (tests/setup/setup_mpi_quirks.c): the library named by a version string, and whether an
 * entry applies to it (before MPISHMEM_MPI_QUIRKS). */
void mpishmem_mpi_library_parse(const char *version_string, struct mpishmem_mpi_library *out);
int mpishmem_mpi_quirk_applies(const struct mpishmem_mpi_library *lib, enum mpishmem_quirk q);
#endif
