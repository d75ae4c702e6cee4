/* OpenSHMEM memory management: shmem_malloc and friends (collective over the world team; each
 * synchronizes like shmem_barrier_all), plus the deprecated shmalloc family. shmem_free also
 * frees blocks of memory spaces (src/api/space.c). */
#include <string.h>

#include "../core/alloc.h"
#include "../core/order.h"
#include "../core/space.h"
#include "../transport/mpi/mpi_comm.h"
#include "api.h"

static void world_barrier(void)
{
    mpishmem_quiet(&mpishmem_ctx_default);
    mpishmem_comm_barrier(mpishmem_g.world);
}

/* SHMEM_DEBUG: every PE must pass the same arguments, or the heap stops being symmetric. */
static void mpishmem_check_same_everywhere(const char *routine, size_t a, size_t b)
{
    unsigned long long v[4] = {a, ~(unsigned long long)a, b, ~(unsigned long long)b}, r[4];
    mpishmem_comm_allreduce(v, r, 4, MPI_UNSIGNED_LONG_LONG, MPI_MAX, mpishmem_g.world);
    if (r[0] != a || ~r[1] != a || r[2] != b || ~r[3] != b)
        mpishmem_error(routine, "PEs passed different arguments (%zu, %zu here); symmetric "
                                "allocation needs the same on every PE", a, b);
}

/* The spec's answer to a request the heap cannot hold is NULL; a program that does not check
 * then crashes far away. Under SHMEM_DEBUG say why, and what to change (SHMEM_INFO only
 * prints the settings at start-up and changes nothing else). */
static void out_of_memory(const char *routine, size_t size)
{
    if (mpishmem_g.debug)
        mpishmem_warn(routine, "out of symmetric memory: %zu bytes requested, the symmetric "
                               "heap has %zu bytes per PE (SHMEM_SYMMETRIC_SIZE=%zu; raise it); "
                               "returning NULL",
                      size, mpishmem_g.heap.size, mpishmem_g.heap.size);
}

static void *alloc_collective(const char *routine, size_t size, size_t align)
{
    /* Checked always: allocation is collective and costly anyway, and without the library up
     * MPI would fail with a message that names neither the routine nor the cause. */
    mpishmem_check_initialized(routine);
    MPISHMEM_CHECK(same_everywhere(routine, size, align));
    if (size == 0) return NULL;
    size_t off = mpishmem_alloc(size, align);
    world_barrier();
    if (off == MPISHMEM_ALLOC_FAILED) {
        out_of_memory(routine, size);
        return NULL;
    }
    return mpishmem_g.heap.base + off;
}

/* Offset of a block start, or an error naming the routine. Blocks of memory spaces (from
 * shmemx_space_malloc) are found too: *space is then their space, else NULL. */
static size_t block_offset(const char *routine, void *ptr, struct mpishmem_space **space)
{
    size_t off = (size_t)((char *)ptr - mpishmem_g.heap.base);
    *space = NULL;
    if (off >= mpishmem_g.heap.size && (*space = mpishmem_space_of(ptr, &off)) != NULL) {
        if (mpishmem_arena_block_size(&(*space)->arena, off) == MPISHMEM_ALLOC_FAILED)
            mpishmem_error(routine, "%p lies in a memory space but was not returned by "
                                    "shmemx_space_malloc (or was already freed)", ptr);
        return off;
    }
    if (off >= mpishmem_g.heap.size || mpishmem_alloc_block_size(off) == MPISHMEM_ALLOC_FAILED)
        mpishmem_error(routine, "%p was not returned by shmem_malloc (or was already freed)",
                       ptr);
    return off;
}

MPISHMEM_API void *pshmem_malloc(size_t size)
{
    return alloc_collective(MPISHMEM_ROUTINE, size, 0);
}
MPISHMEM_ALIAS(shmem_malloc)

MPISHMEM_API void *pshmem_malloc_with_hints(size_t size, long hints)
{
    if (hints & ~(SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE))
        mpishmem_debug_msg(MPISHMEM_ROUTINE, "unknown hint bits 0x%lx ignored", hints);
    return alloc_collective(MPISHMEM_ROUTINE, size, 0);
}
MPISHMEM_ALIAS(shmem_malloc_with_hints)

MPISHMEM_API void *pshmem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        mpishmem_check_initialized(MPISHMEM_ROUTINE);
        mpishmem_debug_msg(MPISHMEM_ROUTINE, "count %zu * size %zu overflows", count, size);
        world_barrier();
        return NULL;
    }
    void *p = alloc_collective(MPISHMEM_ROUTINE, count * size, 0);
    if (p) {
        memset(p, 0, count * size);
        world_barrier(); /* nobody writes into the block before everyone has zeroed it */
    }
    return p;
}
MPISHMEM_ALIAS(shmem_calloc)

MPISHMEM_API void *pshmem_align(size_t alignment, size_t size)
{
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
        /* Invalid, and NULL is the answer other implementations give; still collective. */
        mpishmem_check_initialized(MPISHMEM_ROUTINE);
        MPISHMEM_CHECK(same_everywhere(MPISHMEM_ROUTINE, size, alignment));
        mpishmem_debug_msg(MPISHMEM_ROUTINE, "alignment %zu is not a power of two (use e.g. "
                                             "64 or 4096): returning NULL", alignment);
        world_barrier();
        return NULL;
    }
    return alloc_collective(MPISHMEM_ROUTINE, size, alignment);
}
MPISHMEM_ALIAS(shmem_align)

MPISHMEM_API void pshmem_free(void *ptr)
{
    mpishmem_check_initialized(MPISHMEM_ROUTINE);
    if (!ptr) return;
    struct mpishmem_space *space;
    size_t off = block_offset(MPISHMEM_ROUTINE, ptr, &space);
    world_barrier(); /* every PE is done with the block */
    if (space) mpishmem_arena_free(&space->arena, off);
    else mpishmem_alloc_free(off);
}
MPISHMEM_ALIAS(shmem_free)

MPISHMEM_API void *pshmem_realloc(void *ptr, size_t size)
{
    mpishmem_check_initialized(MPISHMEM_ROUTINE);
    if (!ptr) return alloc_collective(MPISHMEM_ROUTINE, size, 0);
    if (size == 0) {
        pshmem_free(ptr);
        return NULL;
    }
    struct mpishmem_space *space;
    size_t off = block_offset(MPISHMEM_ROUTINE, ptr, &space);
    if (space)
        mpishmem_error(MPISHMEM_ROUTINE, "%p is a block of a memory space, which shmem_realloc "
                                         "does not resize (allocate a new block with "
                                         "shmemx_space_malloc and copy)", ptr);
    MPISHMEM_CHECK(same_everywhere(MPISHMEM_ROUTINE, off, size));
    world_barrier(); /* nobody is still using the old block */
    if (mpishmem_alloc_resize_in_place(off, size) == 0) {
        world_barrier();
        return ptr;
    }
    size_t old = mpishmem_alloc_block_size(off);
    size_t noff = mpishmem_alloc(size, 0);
    void *result = NULL;
    if (noff != MPISHMEM_ALLOC_FAILED) {
        result = mpishmem_g.heap.base + noff;
        memcpy(result, ptr, old < size ? old : size);
        mpishmem_alloc_free(off);
    } else {
        out_of_memory(MPISHMEM_ROUTINE, size);
    }
    world_barrier();
    return result;
}
MPISHMEM_ALIAS(shmem_realloc)

/* Deprecated (1.2) names. */
MPISHMEM_API void *pshmalloc(size_t size)
{
    return alloc_collective(MPISHMEM_ROUTINE, size, 0);
}
MPISHMEM_ALIAS(shmalloc)

MPISHMEM_API void pshfree(void *ptr)
{
    pshmem_free(ptr);
}
MPISHMEM_ALIAS(shfree)

MPISHMEM_API void *pshrealloc(void *ptr, size_t size)
{
    return pshmem_realloc(ptr, size);
}
MPISHMEM_ALIAS(shrealloc)

MPISHMEM_API void *pshmemalign(size_t alignment, size_t size)
{
    return pshmem_align(alignment, size);
}
MPISHMEM_ALIAS(shmemalign)
