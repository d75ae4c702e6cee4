/* The memory-space extension (shmemx_space_*, as OSHMPI defines it; docs/spaces.md): create and
 * destroy (local), attach and detach (collective over the world), contexts of a space, and the
 * allocation routines (collective over the world, like shmem_malloc; blocks are freed with
 * shmem_free). */
#include <string.h>

#include "shmemx.h"

#include "../core/order.h"
#include "../core/space.h"
#include "../transport/mpi/mpi_comm.h"
#include "api.h"

/* A pshmemx_ routine with its shmemx_ name as a weak alias (the profiling interface). */
#define MPISHMEMX_ALIAS(name) MPISHMEM_ALIAS(shmemx_##name)

/* Checked always: these calls are rare, and a bad handle would crash far from its cause. */
static struct mpishmem_space *valid_space(const char *routine, shmemx_space_t space)
{
    mpishmem_check_initialized(routine);
    if (!space)
        mpishmem_error(routine, "the space is NULL (create it with shmemx_space_create)");
    if (!mpishmem_space_exists(space))
        mpishmem_error(routine, "%p is not a memory space (create it with shmemx_space_create; "
                                "it may have been destroyed)", (void *)space);
    return space;
}

static struct mpishmem_space *attached_space(const char *routine, shmemx_space_t space)
{
    struct mpishmem_space *sp = valid_space(routine, space);
    if (!sp->attached)
        mpishmem_error(routine, "the memory space is not attached (call shmemx_space_attach "
                                "on every PE first)");
    return sp;
}

MPISHMEM_API void pshmemx_space_create(shmemx_space_config_t config, shmemx_space_t *space)
{
    const char *routine = MPISHMEM_ROUTINE;
    mpishmem_check_initialized(routine);
    if (!space) mpishmem_error(routine, "the space argument is NULL");
    switch (config.memkind) {
    case SHMEMX_MEM_HOST: break;
    case SHMEMX_MEM_CUDA:
        mpishmem_error(routine, "memory kind SHMEMX_MEM_CUDA: mpishmem was built without CUDA "
                                "support (use SHMEMX_MEM_HOST)");
    case SHMEMX_MEM_ZE:
        mpishmem_error(routine, "memory kind SHMEMX_MEM_ZE: mpishmem was built without Level "
                                "Zero (ZE) support (use SHMEMX_MEM_HOST)");
    default:
        mpishmem_error(routine, "unknown memory kind %d (use SHMEMX_MEM_HOST)",
                       (int)config.memkind);
    }
    if (config.sheap_size == 0)
        mpishmem_error(routine, "sheap_size is 0: a space needs a heap of at least one byte");
    if (config.sheap_size > SIZE_MAX / 4)
        mpishmem_error(routine, "sheap_size %zu is too large", config.sheap_size);
    if (config.num_contexts < 0)
        mpishmem_error(routine, "num_contexts is %d (it must be 0 or more)", config.num_contexts);
    *space = mpishmem_space_new(&config);
}
MPISHMEMX_ALIAS(space_create)

MPISHMEM_API void pshmemx_space_destroy(shmemx_space_t space)
{
    const char *routine = MPISHMEM_ROUTINE;
    struct mpishmem_space *sp = valid_space(routine, space);
    if (sp->attached)
        mpishmem_error(routine, "the memory space is attached (call shmemx_space_detach on "
                                "every PE before destroying it)");
    mpishmem_space_delete(sp);
}
MPISHMEMX_ALIAS(space_destroy)

MPISHMEM_API int pshmemx_space_create_ctx(shmemx_space_t space, long options, shmem_ctx_t *ctx)
{
    const char *routine = MPISHMEM_ROUTINE;
    if (ctx) *ctx = SHMEM_CTX_INVALID;
    struct mpishmem_space *sp = attached_space(routine, space);
    if (!ctx) return -1;
    struct mpishmem_ctx *c = mpishmem_space_ctx_new(sp, options);
    if (!c) {
        mpishmem_debug_msg(routine, "no context of the space left: its num_contexts is %d and "
                                    "all are in use (raise num_contexts in its configuration)",
                           sp->config.num_contexts);
        return -1;
    }
    *ctx = c;
    return 0;
}
MPISHMEMX_ALIAS(space_create_ctx)

MPISHMEM_API void pshmemx_space_attach(shmemx_space_t space)
{
    mpishmem_space_attach(valid_space(MPISHMEM_ROUTINE, space), MPISHMEM_ROUTINE);
}
MPISHMEMX_ALIAS(space_attach)

MPISHMEM_API void pshmemx_space_detach(shmemx_space_t space)
{
    mpishmem_space_detach(valid_space(MPISHMEM_ROUTINE, space), MPISHMEM_ROUTINE);
}
MPISHMEMX_ALIAS(space_detach)

/* ---- Allocation: as shmem_malloc (src/api/memory.c), from the space's arena ------------------ */

static void world_barrier(void)
{
    mpishmem_quiet(&mpishmem_ctx_default);
    mpishmem_comm_barrier(mpishmem_g.world);
}

/* SHMEM_DEBUG: every PE allocates from the same space (segment id) with the same arguments. */
static void same_everywhere(const char *routine, const struct mpishmem_space *sp, size_t size,
                            size_t align)
{
    unsigned long long a[3] = {(unsigned long long)sp->seg.id, size, align}, v[6], r[6];
    for (int i = 0; i < 3; i++) {
        v[2 * i] = a[i];
        v[2 * i + 1] = ~a[i];
    }
    mpishmem_comm_allreduce(v, r, 6, MPI_UNSIGNED_LONG_LONG, MPI_MAX, mpishmem_g.world);
    for (int i = 0; i < 6; i += 2)
        if (r[i] != v[i] || r[i + 1] != v[i + 1])
            mpishmem_error(routine, "PEs passed different spaces or arguments (here: the space "
                                    "attached as number %d, %zu bytes, alignment %zu); symmetric "
                                    "allocation needs the same on every PE",
                           sp->seg.id - MPISHMEM_SEG_SPACE0, size, align);
}

static void *space_alloc(const char *routine, shmemx_space_t space, size_t size, size_t align)
{
    struct mpishmem_space *sp = attached_space(routine, space);
    if (mpishmem_g.debug) same_everywhere(routine, sp, size, align);
    if (size == 0) return NULL;
    size_t off = mpishmem_arena_alloc_at(&sp->arena, (uintptr_t)sp->seg.base, size, align);
    world_barrier();
    if (off == MPISHMEM_ALLOC_FAILED) {
        mpishmem_debug_msg(routine, "out of memory in the space: %zu bytes requested (its "
                                    "sheap_size is %zu bytes)", size, sp->size);
        return NULL;
    }
    return sp->seg.base + off;
}

MPISHMEM_API void *pshmemx_space_malloc(shmemx_space_t space, size_t size)
{
    return space_alloc(MPISHMEM_ROUTINE, space, size, 0);
}
MPISHMEMX_ALIAS(space_malloc)

MPISHMEM_API void *pshmemx_space_calloc(shmemx_space_t space, size_t count, size_t size)
{
    const char *routine = MPISHMEM_ROUTINE;
    if (size && count > SIZE_MAX / size) {
        attached_space(routine, space);
        mpishmem_debug_msg(routine, "count %zu * size %zu overflows", count, size);
        world_barrier();
        return NULL;
    }
    void *p = space_alloc(routine, space, count * size, 0);
    if (p) {
        memset(p, 0, count * size);
        world_barrier(); /* nobody writes into the block before everyone has zeroed it */
    }
    return p;
}
MPISHMEMX_ALIAS(space_calloc)

MPISHMEM_API void *pshmemx_space_align(shmemx_space_t space, size_t alignment, size_t size)
{
    if (alignment == 0 || (alignment & (alignment - 1)) != 0)
        mpishmem_error(MPISHMEM_ROUTINE,
                       "alignment %zu is not a power of two (use e.g. 64 or 4096)", alignment);
    return space_alloc(MPISHMEM_ROUTINE, space, size, alignment);
}
MPISHMEMX_ALIAS(space_align)
