/* mpishmem: extensions to OpenSHMEM (shmemx_ names).
 *
 * Memory spaces (docs/spaces.md), with the names and signatures OSHMPI introduced: a space is a
 * further symmetric heap of its own size, with its own MPI windows and contexts. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a space's memory lives. Only SHMEMX_MEM_HOST is available in this build; the GPU kinds
 * exist so that programs written for OSHMPI compile, and shmemx_space_create rejects them. */
typedef enum {
    SHMEMX_MEM_HOST,
    SHMEMX_MEM_CUDA, /* CUDA device memory: not built in */
    SHMEMX_MEM_ZE    /* oneAPI Level Zero device memory: not built in */
} shmemx_memkind_t;

/* A device for the GPU kinds (OSHMPI); unused for SHMEMX_MEM_HOST. */
typedef void *shmemx_device_handle_t;

typedef struct {
    size_t sheap_size;   /* bytes of the space's heap on each PE (rounded up to a page) */
    int num_contexts;    /* contexts shmemx_space_create_ctx may hand out at once */
    shmemx_memkind_t memkind;
    shmemx_device_handle_t device_handle;
} shmemx_space_config_t;

typedef struct mpishmem_space *shmemx_space_t;

#ifdef __cplusplus
}
#endif

#define MPISHMEMX_FN(x) shmemx_##x
#include <mpishmem/space_decl.h>
#undef MPISHMEMX_FN
#define MPISHMEMX_FN(x) pshmemx_##x
#include <mpishmem/space_decl.h>
#undef MPISHMEMX_FN

#endif
