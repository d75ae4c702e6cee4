/* mpishmem: what the library has, said the way language bindings ask. shmem4py (the Python
 * bindings) recognizes a few OpenSHMEM libraries by their own macros and otherwise assumes an
 * OpenSHMEM 1.4 library, replacing every newer routine with a stub or its own definition (a
 * compile error for shmem_team_t); it skips those replacements for each PySHMEM_HAVE_<feature>
 * macro defined before its code. mpishmem implements all of them, so it says so here, and
 * `OSHCC=<prefix>/bin/oshcc pip install shmem4py` builds without flags. Define
 * MPISHMEM_NO_BINDING_FEATURES before including <shmem.h> to leave them out. */
#ifndef MPISHMEM_BINDING_FEATURES_H
#define MPISHMEM_BINDING_FEATURES_H

#if !defined(MPISHMEM_NO_BINDING_FEATURES)
/* shmem4py 1.0: the names of its src/libshmem/fallback.h. */
#define PySHMEM_HAVE_shmem_malloc_with_hints 1
#define PySHMEM_HAVE_shmem_team_t 1
#define PySHMEM_HAVE_SHMEM_CTX_INVALID 1
#define PySHMEM_HAVE_shmem_amo_nbi 1
#define PySHMEM_HAVE_shmem_put_signal 1
#define PySHMEM_HAVE_shmem_signal_fetch 1
#define PySHMEM_HAVE_shmem_signal_wait_until 1
#define PySHMEM_HAVE_shmem_broadcast 1
#define PySHMEM_HAVE_shmem_collect 1
#define PySHMEM_HAVE_shmem_fcollect 1
#define PySHMEM_HAVE_shmem_alltoall 1
#define PySHMEM_HAVE_shmem_alltoalls 1
#define PySHMEM_HAVE_shmem_broadcastmem 1
#define PySHMEM_HAVE_shmem_collectmem 1
#define PySHMEM_HAVE_shmem_fcollectmem 1
#define PySHMEM_HAVE_shmem_alltoallmem 1
#define PySHMEM_HAVE_shmem_alltoallsmem 1
#define PySHMEM_HAVE_shmem_reduce 1
#define PySHMEM_HAVE_shmem_wait_test_many 1
#define PySHMEM_HAVE_shmem_pcontrol 1
#endif

#endif
