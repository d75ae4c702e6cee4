/* mpishmem: the team sync (mpishmem_coll_sync, coll.h), which picks one of three ways: the
 * counters in node shared memory when every member shares memory with this PE (coll_sync.h),
 * two levels when the team spans nodes (coll_node.c: the node parts through their counters, the
 * node leaders through MPI), else an MPI barrier on the team's communicator. */
#include <stdatomic.h>

#include "../core/team.h"
#include "../transport/mpi/mpi_comm.h"
#include "coll.h"
#include "coll_node.h"
#include "coll_sync.h"

void mpishmem_coll_sync(struct mpishmem_team *t)
{
    if (MPISHMEM_UNLIKELY(t->sync.mode != MPISHMEM_SYNC_SHM)) {
        if (t->n_pes == 1) {
            atomic_thread_fence(memory_order_seq_cst);
            return;
        }
        if (mpishmem_coll_sync_mode(t) == MPISHMEM_SYNC_MPI) {
            if (mpishmem_coll_node_sync(t) == 0) return;
            /* Node-local stores issued before the sync must be visible once peers leave it. */
            atomic_thread_fence(memory_order_seq_cst);
            mpishmem_comm_barrier(mpishmem_team_comm(t));
            return;
        }
    }
    mpishmem_coll_sync_shm(t);
}
