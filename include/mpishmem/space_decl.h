/* mpishmem: declarations of the memory-space extension, included by shmemx.h (MPISHMEMX_FN
 * names each routine). No include guard: expanded once for shmemx_ names and once for pshmemx_
 * names (the profiling interface). */
#ifdef __cplusplus
extern "C" {
#endif

/* Local: a space with the given configuration; its memory exists once it is attached. */
void MPISHMEMX_FN(space_create)(shmemx_space_config_t space_config, shmemx_space_t *space);
/* Local: frees a space that is not attached. */
void MPISHMEMX_FN(space_destroy)(shmemx_space_t space);
/* Local: one of the space's num_contexts contexts; 0 on success, nonzero if all are taken. */
int MPISHMEMX_FN(space_create_ctx)(shmemx_space_t space, long options, shmem_ctx_t *ctx);
/* Collective over SHMEM_TEAM_WORLD: makes the space's symmetric memory and windows. */
void MPISHMEMX_FN(space_attach)(shmemx_space_t space);
/* Collective over SHMEM_TEAM_WORLD: releases them (its blocks are gone). */
void MPISHMEMX_FN(space_detach)(shmemx_space_t space);
/* Collective over SHMEM_TEAM_WORLD, like shmem_malloc; freed with shmem_free. */
void *MPISHMEMX_FN(space_malloc)(shmemx_space_t space, size_t size);
void *MPISHMEMX_FN(space_calloc)(shmemx_space_t space, size_t count, size_t size);
void *MPISHMEMX_FN(space_align)(shmemx_space_t space, size_t alignment, size_t size);

#ifdef __cplusplus
}
#endif
