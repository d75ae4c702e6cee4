/* mpishmem: a PE that ends without shmem_finalize while other PEs wait in the library.
 *
 * Returning from main without shmem_finalize finalizes at exit, collectively, which is fine
 * when every other PE finalizes too; but a PE that exits while the others wait in a barrier
 * (or any wait) would leave them, and the job, hanging. So the exit handler first sends every
 * other PE a notice (a message with a reserved tag on the library's world communicator), and
 * every wait loop of the library notices it (exit_check.h, which says when that is an error).
 * Waits inside shmem_finalize ignore notices (that PE ends cleanly with the exiting one), and
 * finalize receives every notice sent, so none is left in MPI. */
#ifndef MPISHMEM_EXIT_NOTICE_H
#define MPISHMEM_EXIT_NOTICE_H

#include "../../base/state.h"
#include "exit_check.h"

/* The exit handler, before its implicit finalize: tells every other PE. */
MPISHMEM_INTERNAL void mpishmem_exit_notice_send(void);
/* shmem_finalize, after its barrier: receives every notice sent to this PE. Collective. */
MPISHMEM_INTERNAL void mpishmem_exit_notice_drain(MPI_Comm fini);

#endif
