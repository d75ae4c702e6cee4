/* OpenSHMEM library setup, exit and query routines, and the library handles. */
#define _XOPEN_SOURCE 700 /* pwrite */
#include <fcntl.h>
#include <time.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/exit_status.h"
#include "../base/segment.h"
#include "../coll/coll_node.h"
#include "../core/order.h"
#include "../core/runtime.h"
#include "../core/team.h"
#include "../transport/mpi/mpi_progress.h"
#include "api.h"

MPISHMEM_API shmem_ctx_t const SHMEM_CTX_DEFAULT = &mpishmem_ctx_default;
MPISHMEM_API shmem_team_t const SHMEM_TEAM_WORLD = &mpishmem_team_world;
MPISHMEM_API shmem_team_t const SHMEM_TEAM_SHARED = &mpishmem_team_shared;

/* The runtime, with the collectives' per-team teardown registered first (core does not call
 * up into coll). */
static int runtime_init(int requested, int *provided, const char *routine)
{
    mpishmem_team_on_release(mpishmem_coll_team_release);
    return mpishmem_runtime_init(requested, provided, routine);
}

MPISHMEM_API void pshmem_init(void)
{
    int provided;
    runtime_init(SHMEM_THREAD_SINGLE, &provided, MPISHMEM_ROUTINE);
}
MPISHMEM_ALIAS(shmem_init)

MPISHMEM_API int pshmem_init_thread(int requested, int *provided)
{
    int got;
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE)
        mpishmem_error(MPISHMEM_ROUTINE,
                       "requested thread level %d is not one of SHMEM_THREAD_SINGLE (%d) .. "
                       "SHMEM_THREAD_MULTIPLE (%d)",
                       requested, SHMEM_THREAD_SINGLE, SHMEM_THREAD_MULTIPLE);
    int rc = runtime_init(requested, &got, MPISHMEM_ROUTINE);
    if (provided) *provided = got;
    return rc;
}
MPISHMEM_ALIAS(shmem_init_thread)

MPISHMEM_API void pshmem_query_thread(int *provided)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    *provided = mpishmem_g.thread_level;
}
MPISHMEM_ALIAS(shmem_query_thread)

MPISHMEM_API void pshmem_finalize(void)
{
    mpishmem_runtime_fini(MPISHMEM_ROUTINE);
}
MPISHMEM_ALIAS(shmem_finalize)

MPISHMEM_API void pshmem_query_initialized(int *initialized)
{
    *initialized = mpishmem_g.init_count > 0;
}
MPISHMEM_ALIAS(shmem_query_initialized)

MPISHMEM_API int pshmem_my_pe(void)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    return mpishmem_g.my_pe;
}
MPISHMEM_ALIAS(shmem_my_pe)

MPISHMEM_API int pshmem_n_pes(void)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    return mpishmem_g.n_pes;
}
MPISHMEM_ALIAS(shmem_n_pes)

/* Says which PE ended the job, and waits (up to 200 ms) until the launcher has taken the line:
 * MPI_Abort on MPI_COMM_WORLD has the launcher kill every process at once, and MPICH's Hydra
 * then dropped the abort message MPI printed just before, now and then
 * (leaks_global_exit.np4.twonode under CI's load: "the job ended without a message"). */
static void announce_global_exit(int status)
{
    if (mpishmem_g.init_count > 0)
        fprintf(stderr, "mpishmem: PE %d called shmem_global_exit(%d): ending every PE\n",
                mpishmem_g.my_pe, status);
    else
        fprintf(stderr, "mpishmem: shmem_global_exit(%d) called: ending every PE\n", status);
    fflush(stderr);
    mpishmem_let_launcher_forward(0, 200);
}

MPISHMEM_API void pshmem_global_exit(int status)
{
    fflush(stdout);
    fflush(stderr);
    mpishmem_exit_status_record(status);
    announce_global_exit(status);
    /* MPI_Abort exits from inside MPI: no finalize at exit, and no warning on this PE. */
    mpishmem_progress_depth = 1;
    mpishmem_global_exit_called = 1;
    /* MPI_COMM_WORLD, whose group the library's world duplicates: MPICH's ch4 asks the process
     * manager to end the job only for that communicator; for any other it sends each member a
     * message and waits for every send to complete before exiting, which over libfabric's
     * sockets provider does not happen while the other PEs compute outside MPI
     * (setup_global_exit_compute.np4.single on MPICH 5.0.2 over OFI: hung in 3 of 3 runs;
     * MPICH's src/mpid/ch4/src/mpidig_comm_abort.c). */
    MPI_Abort(MPI_COMM_WORLD, status);
    for (;;) {} /* MPI_Abort does not return */
}
MPISHMEM_ALIAS(shmem_global_exit)

MPISHMEM_API int pshmem_pe_accessible(int pe)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    return pe >= 0 && pe < mpishmem_g.n_pes;
}
MPISHMEM_ALIAS(shmem_pe_accessible)

MPISHMEM_API int pshmem_addr_accessible(const void *addr, int pe)
{
    MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));
    size_t off;
    if (pe < 0 || pe >= mpishmem_g.n_pes) return 0;
    return mpishmem_seg_find(addr, &off) != NULL;
}
MPISHMEM_ALIAS(shmem_addr_accessible)

MPISHMEM_API void *pshmem_ptr(const void *dest, int pe)
{
    MPISHMEM_CHECK(pe(MPISHMEM_ROUTINE, pe));
    size_t off;
    struct mpishmem_seg *s = mpishmem_seg_find(dest, &off);
    if (!s || pe < 0 || pe >= mpishmem_g.n_pes || !s->peer[pe]) return NULL;
    return s->peer[pe] + off;
}
MPISHMEM_ALIAS(shmem_ptr)

MPISHMEM_API void pshmem_info_get_version(int *major, int *minor)
{
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}
MPISHMEM_ALIAS(shmem_info_get_version)

MPISHMEM_API void pshmem_info_get_name(char *name)
{
    strncpy(name, SHMEM_VENDOR_STRING, SHMEM_MAX_NAME_LEN - 1);
    name[SHMEM_MAX_NAME_LEN - 1] = '\0';
}
MPISHMEM_ALIAS(shmem_info_get_name)

/* The profiling control hook: levels 0 (off), 1 (on) and 2 (flush) have nothing to act on
 * inside the library; a profiling tool intercepts the call. */
MPISHMEM_API void pshmem_pcontrol(int level, ...)
{
    (void)level;
}
MPISHMEM_ALIAS(shmem_pcontrol)

/* Deprecated (1.2) setup and query names. start_pes finalizes implicitly at exit. */
MPISHMEM_API void pstart_pes(int npes)
{
    (void)npes; /* the launcher decides the number of PEs */
    int provided;
    if (mpishmem_g.init_count > 0) return;
    mpishmem_implicit_finalize = 1;
    runtime_init(SHMEM_THREAD_SINGLE, &provided, MPISHMEM_ROUTINE);
}
MPISHMEM_ALIAS(start_pes)

MPISHMEM_API int p_my_pe(void)
{
    return mpishmem_g.my_pe;
}
MPISHMEM_ALIAS(_my_pe)

MPISHMEM_API int p_num_pes(void)
{
    return mpishmem_g.n_pes;
}
MPISHMEM_ALIAS(_num_pes)
