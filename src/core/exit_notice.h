/* mpishmem: a PE that ends without shmem_finalize while other PEs wait in the library.
 *
 * Returning from main without shmem_finalize finalizes at exit, collectively, which is fine
 * when every other PE finalizes too; but a PE that exits while the others wait in a barrier
 * (or any wait) would leave them, and the job, hanging. So the exit handler first sends every
 * other PE a notice (a message with a reserved tag on the library's world communicator), and
 * every wait loop of the library notices it through the MPI probe it makes anyway. A notice
 * alone is no error (the exiting PE may have left a barrier the others have not left yet);
 * a wait that goes on MPISHMEM_EXIT_NOTICE_GRACE seconds after it is an error, which ends the
 * job with "PE n exited without calling shmem_finalize". Waits inside shmem_finalize
 * ignore notices (that PE ends cleanly with the exiting one), and finalize receives every
 * notice sent, so none is left in MPI. */
#ifndef MPISHMEM_EXIT_NOTICE_H
#define MPISHMEM_EXIT_NOTICE_H

#include "../base/state.h"

#define MPISHMEM_EXIT_NOTICE_TAG 0x5e11
#define MPISHMEM_EXIT_NOTICE_GRACE 3.0

/* Set while shmem_finalize runs: notices are expected then, not errors. */
extern MPISHMEM_INTERNAL int mpishmem_finalizing;

/* The exit handler, before its implicit finalize: tells every other PE. */
MPISHMEM_INTERNAL void mpishmem_exit_notice_send(void);
/* A probe found a message from `source` with `tag` on the world communicator. */
static inline void mpishmem_exit_notice_found(int tag, int source)
{
    MPISHMEM_INTERNAL __attribute__((cold)) void mpishmem_exit_notice_seen(int);
    if (MPISHMEM_UNLIKELY(tag == MPISHMEM_EXIT_NOTICE_TAG) && !mpishmem_finalizing)
        mpishmem_exit_notice_seen(source);
}
/* Probes for a notice (for waits that do not probe otherwise). */
MPISHMEM_INTERNAL void mpishmem_exit_notice_check(void);
/* shmem_finalize, after its barrier: receives every notice sent to this PE. Collective. */
MPISHMEM_INTERNAL void mpishmem_exit_notice_drain(MPI_Comm fini);

#endif
