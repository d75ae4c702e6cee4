/* The definition an interposer passes a call on to: the next one in the lookup order after
 * the library's own, that is UCX's or Open MPI's. */
#define _GNU_SOURCE
#include "ucx_interposer_next.h"

#include <dlfcn.h>
#include <stdlib.h>

void *mpishmem_interposed_next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    /* Only the library that defines a call calls it (MPICH's ch4:ucx and Open MPI's osc/ucx,
     * both loaded with the libucp or libopen-pal they were linked against), so a caller
     * proves the definition exists; a missing one is a broken installation. */
    if (!f) abort();
    return f;
}
