/* mpishmem: bringing the runtime up and down (shmem_init / shmem_finalize and their nesting),
 * and the rules for sharing MPI with the program (either may initialize first). */
#ifndef MPISHMEM_RUNTIME_H
#define MPISHMEM_RUNTIME_H

#include "../base/state.h"

#include <stdint.h>

/* First call sets everything up; nested calls only count. Returns 0 on success. */
MPISHMEM_INTERNAL int mpishmem_runtime_init(int requested, int *provided, const char *routine);
/* Last matching call tears down (collective); earlier ones only count. */
MPISHMEM_INTERNAL void mpishmem_runtime_fini(const char *routine);
/* The node shared memory of the team synchronization (src/coll/coll_sync.c): each node PE owns
 * an area of its own (no false sharing between PEs) which only it writes: MPISHMEM_SYNC_SLOTS
 * 64-bit counters, then for each slot MPISHMEM_MAILBOXES mailboxes (state.h), through which
 * the small collectives of the team holding the slot pass their data (coll_shm.c). Pages
 * nobody touches take no memory. */
#define MPISHMEM_SYNC_SLOTS 64
#define MPISHMEM_SYNC_COUNTER_BYTES (MPISHMEM_SYNC_SLOTS * sizeof(uint64_t))
/* After the mailboxes, a line of its own: the PE's doorbell, on which node peers waiting for
 * its counters or mailbox flags may sleep (src/coll/coll_wait.h). */
#define MPISHMEM_SYNC_BELL_OFFSET                                                         \
    (MPISHMEM_SYNC_COUNTER_BYTES +                                                        \
     MPISHMEM_SYNC_SLOTS * MPISHMEM_MAILBOXES * (size_t)MPISHMEM_MAILBOX_STRIDE)
#define MPISHMEM_SYNC_AREA_BYTES (MPISHMEM_SYNC_BELL_OFFSET + 64)
/* The counters of the PE of node rank `node_rank`. */
MPISHMEM_INTERNAL uint64_t *mpishmem_sync_counters(int node_rank);
/* Its mailboxes of `slot`, one after the other. */
MPISHMEM_INTERNAL char *mpishmem_sync_mailbox(int node_rank, int slot);
/* Set by start_pes: its programs finalize implicitly at exit, without a warning. */
MPISHMEM_INTERNAL extern int mpishmem_implicit_finalize;
/* Set by shmem_global_exit on the PE that calls it (the exit handler then stays quiet). */
extern MPISHMEM_INTERNAL int mpishmem_global_exit_called;

/* MPI ownership, shared with the MPI_Init/MPI_Finalize interposers (api/mpi_interop.c). */
struct mpishmem_mpi_use {
    int owned;             /* mpishmem initialized MPI */
    int user_active;       /* the program called MPI_Init (and not yet MPI_Finalize) */
    int finalize_deferred; /* the program called MPI_Finalize while mpishmem was up */
    /* mpishmem set MPIR_CVAR_CH4_OFI_ENABLE_TAGGED=0 (quirk mpich-ofi-init-round-robin):
     * MPICH then cannot start or connect processes (api/mpi_dynamic.c). */
    int untagged;
};
MPISHMEM_INTERNAL extern struct mpishmem_mpi_use mpishmem_mpi_use;

#endif
