/* mpishmem: the library constants, types and handles of OpenSHMEM 1.6, shared by shmem.h and
 * pshmem.h. Values are implementation-defined unless the specification fixes them. */
#ifndef MPISHMEM_CONSTANTS_H
#define MPISHMEM_CONSTANTS_H

#include <stddef.h>
#include <stdint.h>

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 6
#define SHMEM_MAX_NAME_LEN 64
#define SHMEM_VENDOR_STRING "mpishmem 0.1.0 (OpenSHMEM over MPI-3 RMA)"
/* Vendor macros for tools that probe headers (e.g. Python bindings). */
#define MPISHMEM 1
#define MPISHMEM_VERSION_MAJOR 0
#define MPISHMEM_VERSION_MINOR 1
#define MPISHMEM_VERSION_PATCH 0

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_GE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_LE 5

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)
#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)
#define SHMEM_CTX_SESSION_BATCH (1L << 0)
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Active-set collective work arrays (deprecated since 1.5, still provided). */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 64
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1

/* The _SHMEM_ spellings, deprecated since 1.3. */
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* Opaque handles. */
typedef struct mpishmem_ctx *shmem_ctx_t;
typedef struct mpishmem_team *shmem_team_t;

typedef struct {
    int num_contexts;
} shmem_team_config_t;

typedef struct {
    size_t total_ops;
} shmem_ctx_session_config_t;

#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

#ifdef __cplusplus
extern "C" {
#endif
/* Link-time handles (spec names, exported by the library). */
extern shmem_ctx_t const SHMEM_CTX_DEFAULT;
extern shmem_team_t const SHMEM_TEAM_WORLD;
extern shmem_team_t const SHMEM_TEAM_SHARED;
#ifdef __cplusplus
}
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#define MPISHMEM_NORETURN _Noreturn
#elif defined(__GNUC__)
#define MPISHMEM_NORETURN __attribute__((noreturn))
#else
#define MPISHMEM_NORETURN
#endif

#endif
