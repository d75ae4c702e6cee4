/* mpishmem: the profiling interface. Every routine of shmem.h also answers to its pshmem_ name
 * (routines without the shmem_ prefix, such as start_pes, to a leading "p"), so a tool can
 * define the shmem_ name and call the library through the pshmem_ one. */
#ifndef PSHMEM_H
#define PSHMEM_H

#include <mpishmem/constants.h>
#include <mpishmem/type_tables.h>

#define MPISHMEM_FN(x) pshmem_##x
#define MPISHMEM_OLD(x) p##x
#include <mpishmem/api_decl.h>
#include <mpishmem/team_decl.h>
#include <mpishmem/coll_decl.h>
#include <mpishmem/coll_old_decl.h>
#undef MPISHMEM_FN
#undef MPISHMEM_OLD

#endif
