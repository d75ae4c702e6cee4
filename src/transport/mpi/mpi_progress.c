/* mpishmem: the storage of the progress bookkeeping (mpi_progress.h). */
#include "mpi_progress.h"

MPISHMEM_FAST_TLS _Thread_local int mpishmem_progress_depth;
MPISHMEM_FAST_TLS _Thread_local int mpishmem_request_waits;
MPISHMEM_FAST_TLS _Thread_local int mpishmem_mpi_blocking_depth;
unsigned long mpishmem_progress_pokes;
int mpishmem_progress_blocked;
int mpishmem_progress_inside;
