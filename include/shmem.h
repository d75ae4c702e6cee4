/* mpishmem: OpenSHMEM 1.6 over MPI-3 RMA. The public header of the specification. */
#ifndef SHMEM_H
#define SHMEM_H

#include <mpishmem/constants.h>
#include <mpishmem/type_tables.h>

#define MPISHMEM_FN(x) shmem_##x
#define MPISHMEM_OLD(x) x
#include <mpishmem/api_decl.h>
#include <mpishmem/team_decl.h>
#include <mpishmem/coll_decl.h>
#include <mpishmem/coll_old_decl.h>
#undef MPISHMEM_FN
#undef MPISHMEM_OLD

/* The generic names (shmem_put, shmem_atomic_fetch_add, shmem_sum_reduce, ...): C11 generic
 * selections in C, overloads in C++. */
#if defined(__cplusplus)
#include <mpishmem/cxx_overloads.h>
#include <mpishmem/cxx_coll_overloads.h>
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#include <mpishmem/generics.h>
#include <mpishmem/coll_generics.h>
#endif

#include <mpishmem/binding_features.h>

#endif
