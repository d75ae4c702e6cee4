/* mpishmem: the storage of the progress bookkeeping (mpi_progress.h). */
#include "mpi_progress.h"

_Thread_local int mpishmem_progress_depth;
_Thread_local int mpishmem_mpi_blocking_depth;
unsigned long mpishmem_progress_pokes;
int mpishmem_progress_blocked;
int mpishmem_progress_inside;
