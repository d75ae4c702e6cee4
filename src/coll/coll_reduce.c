/* mpishmem: reductions and prefix sums: through node shared memory for node-local teams
 * (coll_shm.h), else as MPI collectives on the team's communicator (allreduce, scan, exscan;
 * mpishmem_comm_* in transport/mpi/mpi_comm.h), split into calls of at most MPISHMEM_COLL_CHUNK
 * bytes. dest == source runs in place (MPI_IN_PLACE). */
#include <string.h>

#include "../core/team.h"
#include "../transport/mpi/mpi_comm.h"
#include "coll.h"
#include "coll_dtype.h"
#include "coll_node.h"
#include "coll_shm.h"

enum { REDUCE, INSCAN, EXSCAN };

static void run(struct mpishmem_team *t, void *dest, const void *source, size_t count,
                MPI_Datatype type, MPI_Op op, int kind)
{
    int size;
    MPI_Type_size(type, &size);
    MPI_Comm comm = mpishmem_team_comm(t);
    size_t per = MPISHMEM_COLL_CHUNK / (size_t)size;
    for (size_t done = 0; done < count; done += per) {
        size_t n = count - done < per ? count - done : per;
        char *d = (char *)dest + done * (size_t)size;
        const void *s = dest == source ? MPI_IN_PLACE : (const char *)source + done * (size_t)size;
        if (kind == REDUCE) mpishmem_comm_allreduce(s, d, (int)n, type, op, comm);
        else mpishmem_comm_scan(s, d, (int)n, type, op, comm, kind == EXSCAN);
    }
}

void mpishmem_coll_reduce(struct mpishmem_team *t, void *dest, const void *source, size_t count,
                          MPI_Datatype type, MPI_Op op)
{
    if (count == 0) return;
    if (t->n_pes == 1) {
        int size;
        MPI_Type_size(type, &size);
        if (dest != source) memmove(dest, source, count * (size_t)size);
        return;
    }
    if (mpishmem_coll_shm_reduce(t, dest, source, count, type, op) == 0) return;
    if (mpishmem_coll_node_reduce(t, dest, source, count, type, op) == 0) return;
    run(t, dest, source, count, type, op, REDUCE);
}

void mpishmem_coll_scan(struct mpishmem_team *t, void *dest, const void *source, size_t count,
                        MPI_Datatype type, MPI_Op op, int exclusive)
{
    if (count == 0) return;
    int size;
    MPI_Type_size(type, &size);
    if (t->n_pes > 1) {
        if (mpishmem_coll_shm_scan(t, dest, source, count, type, op, exclusive) != 0)
            run(t, dest, source, count, type, op, exclusive ? EXSCAN : INSCAN);
    }
    else if (!exclusive && dest != source) memmove(dest, source, count * (size_t)size);
    /* MPI leaves the exclusive scan's result on rank 0 undefined; OpenSHMEM says zeros (all
     * bits zero is 0 for every integer, floating and complex type of the tables). */
    if (exclusive && t->my_pe == 0) memset(dest, 0, count * (size_t)size);
}
