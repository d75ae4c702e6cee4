/* mpishmem: how API routines are defined.
 *
 * A routine is defined once under its profiling name (pshmem_x) and exported; its spec name
 * (shmem_x) is a weak alias, so a profiling tool can define shmem_x and call pshmem_x.
 * MPISHMEM_DEF_CTX defines a routine that takes a `pe` argument and its shmem_ctx_ twin from one
 * body, in which `C` is the context and `PE` the world PE number of `pe` (the ctx form numbers
 * PEs in the context's team). */
#ifndef MPISHMEM_API_H
#define MPISHMEM_API_H

#include "shmem.h"
#include "pshmem.h"

#include "../base/error.h"
#include "../base/state.h"
#include "../core/check.h"

#define MPISHMEM_API __attribute__((visibility("default")))
#define MPISHMEM_ALIAS(name)                                                              \
    extern __typeof__(p##name) name __attribute__((weak, alias("p" #name),                \
                                                   visibility("default")));

#define MPISHMEM_UNPAREN(...) __VA_ARGS__

/* Team PE -> world PE for a context's team (identity for the world team). */
static inline __attribute__((always_inline)) int mpishmem_ctx_world_pe(struct mpishmem_ctx *c,
                                                                       int pe)
{
    const int *map = c->team->world_pe;
    return map ? map[pe] : pe;
}

/* nelems * size in bytes; an overflow (a negative count converted to size_t, usually) is an
 * error, always: one multiply-with-carry check, a constant size makes it a compare. */
static inline __attribute__((always_inline)) size_t mpishmem_bytes(const char *routine,
                                                                   size_t nelems, size_t size)
{
    size_t bytes;
    if (MPISHMEM_UNLIKELY(__builtin_mul_overflow(nelems, size, &bytes)))
        mpishmem_size_overflow(routine, nelems, size);
    return bytes;
}

#define MPISHMEM_DEF_CTX(ret, op, params, ...)                                            \
    MPISHMEM_API ret pshmem_##op params                                                   \
    {                                                                                     \
        struct mpishmem_ctx *const C = &mpishmem_ctx_default;                             \
        const int PE = pe; /* checked where it is first used (mpishmem_pe_exists) */      \
        __VA_ARGS__                                                                       \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##op)                                                            \
    MPISHMEM_API ret pshmem_ctx_##op(shmem_ctx_t ctx, MPISHMEM_UNPAREN params)            \
    {                                                                                     \
        MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));                                    \
        /* Undefined by the spec, but one compare keeps it from being a segfault. */      \
        if (MPISHMEM_UNLIKELY(ctx == SHMEM_CTX_INVALID))                                  \
            mpishmem_ctx_invalid(MPISHMEM_ROUTINE);                                       \
        struct mpishmem_ctx *const C = ctx;                                               \
        MPISHMEM_PE_IN_RANGE(MPISHMEM_ROUTINE, C, pe, C->team->n_pes);                    \
        const int PE = mpishmem_ctx_world_pe(C, pe);                                      \
        __VA_ARGS__                                                                       \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_ctx_##op)

/* A routine with a `pe` argument and no shmem_ctx_ twin (deprecated names). */
#define MPISHMEM_DEF_NOCTX(ret, op, params, ...)                                          \
    MPISHMEM_API ret pshmem_##op params                                                   \
    {                                                                                     \
        struct mpishmem_ctx *const C = &mpishmem_ctx_default;                             \
        const int PE = pe; /* checked where it is first used (mpishmem_pe_exists) */      \
        __VA_ARGS__                                                                       \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##op)

#endif
