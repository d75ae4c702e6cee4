/* mpishmem: waiting for a condition on local memory that other PEs change. */
#ifndef MPISHMEM_WAIT_H
#define MPISHMEM_WAIT_H

#include "progress.h"

/* Re-evaluates `cond` until it is false, polling (MPI progress, active messages, yielding)
 * between evaluations. The first evaluation costs nothing extra. */
#define MPISHMEM_WAIT_WHILE(cond)                                                         \
    do {                                                                                  \
        struct mpishmem_wait polls_ = MPISHMEM_WAIT_INIT;                                                         \
        while (cond) mpishmem_progress_poll(&polls_);                                     \
    } while (0)

#endif
