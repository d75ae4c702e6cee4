/* mpishmem: C11 generic selections of the collective routines (included by shmem.h). */
#ifndef MPISHMEM_COLL_GENERICS_H
#define MPISHMEM_COLL_GENERICS_H

#endif
