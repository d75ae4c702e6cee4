/* mpishmem: the MPI collectives the library makes (mpi_comm.h). MPICH's blocking collectives
 * spin without yielding and serve nothing but MPI: when PEs outnumber cores a spinner keeps
 * the PE it waits for off the core (4 PEs on 2 cores: 8 ms per barrier), and in the
 * active-message AMO mode, or with batching on, a PE must serve other PEs' messages while it
 * waits. Then each collective
 * is MPI's nonblocking one completed by the yielding wait. Otherwise MPI's blocking call is
 * used: it progresses incoming RMA itself, and MPICH's nonblocking schedules polled from
 * outside cost up to twice as much for small messages (2 PEs on two simulated nodes, 8-byte
 * broadcast: 533 ns against 249 ns; bench/compare_coll.sh with TWONODE=1). */
#include "mpi_comm.h"

#include "mpi_progress.h"
#include "mpi_wait.h"

/* Whether a blocking MPI collective may be used now. */
static int blocking_ok(void)
{
    return !mpishmem_g.oversubscribed && !mpishmem_g.serve_active;
}

/* Runs CALL (a blocking MPI collective) or ICALL (its nonblocking form, taking &req last).
 * MPI may end the process from inside either when another PE aborts the job: both count as
 * a library wait (mpishmem_progress_depth). */
#define COLLECTIVE(CALL, ICALL)                                                           \
    do {                                                                                  \
        if (blocking_ok()) {                                                              \
            mpishmem_progress_depth++;                                                    \
            __atomic_add_fetch(&mpishmem_progress_blocked, 1, __ATOMIC_RELAXED);          \
            CALL;                                                                         \
            __atomic_sub_fetch(&mpishmem_progress_blocked, 1, __ATOMIC_RELAXED);          \
            mpishmem_progress_note();                                                     \
            mpishmem_progress_depth--;                                                    \
        } else {                                                                          \
            MPI_Request req;                                                              \
            ICALL;                                                                        \
            mpishmem_wait_request(&req);                                                  \
        }                                                                                 \
    } while (0)

void mpishmem_comm_barrier(MPI_Comm comm)
{
    COLLECTIVE(MPI_Barrier(comm), MPI_Ibarrier(comm, &req));
}

void mpishmem_comm_allreduce(const void *in, void *out, int count, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm)
{
    COLLECTIVE(MPI_Allreduce(in, out, count, type, op, comm),
               MPI_Iallreduce(in, out, count, type, op, comm, &req));
}

void mpishmem_comm_scan(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, int exclusive)
{
    if (exclusive)
        COLLECTIVE(MPI_Exscan(in, out, count, type, op, comm),
                   MPI_Iexscan(in, out, count, type, op, comm, &req));
    else
        COLLECTIVE(MPI_Scan(in, out, count, type, op, comm),
                   MPI_Iscan(in, out, count, type, op, comm, &req));
}

void mpishmem_comm_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    COLLECTIVE(MPI_Bcast(buf, count, type, root, comm),
               MPI_Ibcast(buf, count, type, root, comm, &req));
}

void mpishmem_comm_allgather(const void *in, int in_count, MPI_Datatype in_type, void *out,
                             int out_count, MPI_Datatype out_type, MPI_Comm comm)
{
    COLLECTIVE(MPI_Allgather(in, in_count, in_type, out, out_count, out_type, comm),
               MPI_Iallgather(in, in_count, in_type, out, out_count, out_type, comm, &req));
}

void mpishmem_comm_allgatherv(const void *in, int in_count, MPI_Datatype in_type, void *out,
                              const int *counts, const int *displs, MPI_Datatype out_type,
                              MPI_Comm comm)
{
    COLLECTIVE(MPI_Allgatherv(in, in_count, in_type, out, counts, displs, out_type, comm),
               MPI_Iallgatherv(in, in_count, in_type, out, counts, displs, out_type, comm,
                               &req));
}

void mpishmem_comm_alltoall(const void *in, int in_count, MPI_Datatype in_type, void *out,
                            int out_count, MPI_Datatype out_type, MPI_Comm comm)
{
    COLLECTIVE(MPI_Alltoall(in, in_count, in_type, out, out_count, out_type, comm),
               MPI_Ialltoall(in, in_count, in_type, out, out_count, out_type, comm, &req));
}
