/* mpishmem: noticing, inside waits, a PE that exited without shmem_finalize (the protocol:
 * exit_notice.h). Every wait loop of the library sees a notice through the MPI probe it makes
 * anyway (mpi_wait.h), or through mpishmem_exit_notice_check where it does not probe. A notice
 * alone is no error (the exiting PE may have left a barrier the others have not left yet); a
 * wait that goes on MPISHMEM_EXIT_NOTICE_GRACE seconds after it is one, which ends the job with
 * "PE n exited without calling shmem_finalize". Waits inside shmem_finalize ignore notices. */
#ifndef MPISHMEM_EXIT_CHECK_H
#define MPISHMEM_EXIT_CHECK_H

#include "../../base/state.h"

/* The tag of a notice on the library's world communicator (which carries only these and the
 * library's barrier messages, mpi_comm.c). */
#define MPISHMEM_EXIT_NOTICE_TAG 0x5e11
#define MPISHMEM_EXIT_NOTICE_GRACE 3.0

/* Set while shmem_finalize runs: notices are expected then, not errors. */
extern MPISHMEM_INTERNAL int mpishmem_finalizing;

/* A probe found a message from `source` with `tag` on the world communicator. */
static inline void mpishmem_exit_notice_found(int tag, int source)
{
    MPISHMEM_INTERNAL __attribute__((cold)) void mpishmem_exit_notice_seen(int);
    if (MPISHMEM_UNLIKELY(tag == MPISHMEM_EXIT_NOTICE_TAG) && !mpishmem_finalizing)
        mpishmem_exit_notice_seen(source);
}
/* Probes for a notice (for waits that do not probe otherwise). */
MPISHMEM_INTERNAL void mpishmem_exit_notice_check(void);

#endif
