/* mpishmem: extensions to OpenSHMEM (shmemx_ names). */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#endif
