/* The cache-management routines of OpenSHMEM 1.4 and earlier (deprecated in 1.3, removed in
 * 1.5, absent from 1.6). Old programs and test suites (e.g. tests-uh) still call them. Every
 * memory mpishmem uses is cache coherent (node-local load/store, MPI RMA), so there is never
 * anything to invalidate or flush: each is a no-op, checked like any routine under
 * SHMEM_DEBUG. */
#include "api.h"

#define MPISHMEM_DEF_CACHE_NOOP(name, params, ...)                                        \
    MPISHMEM_API void pshmem_##name params                                                \
    {                                                                                     \
        MPISHMEM_CHECK(initialized(MPISHMEM_ROUTINE));                                    \
        __VA_ARGS__                                                                       \
    }                                                                                     \
    MPISHMEM_ALIAS(shmem_##name)

MPISHMEM_DEF_CACHE_NOOP(clear_cache_inv, (void))
MPISHMEM_DEF_CACHE_NOOP(set_cache_inv, (void))
MPISHMEM_DEF_CACHE_NOOP(set_cache_line_inv, (void *dest), (void)dest;)
MPISHMEM_DEF_CACHE_NOOP(clear_cache_line_inv, (void *dest), (void)dest;)
MPISHMEM_DEF_CACHE_NOOP(udcflush, (void))
MPISHMEM_DEF_CACHE_NOOP(udcflush_line, (void *dest), (void)dest;)
