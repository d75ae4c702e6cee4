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

/* Whether a blocking MPI collective may be used now; the same answer on every PE (a blocking
 * collective does not match a nonblocking one, nor MPI's barrier the library's): not where
 * some host's PEs share cores, nor where PEs must serve messages while they wait. */
static int blocking_ok(void)
{
    return !mpishmem_g.any_oversubscribed && !mpishmem_g.serve_active;
}

/* Runs CALL, a blocking MPI collective. MPI may end the process from inside it when another
 * PE aborts the job: it counts as a library wait (mpishmem_progress_depth), and the progress
 * thread keeps out meanwhile (mpishmem_progress_blocked). */
#define BLOCKING_COLLECTIVE(CALL)                                                         \
    do {                                                                                  \
        mpishmem_progress_depth++;                                                        \
        mpishmem_blocking_enter();                                                        \
        CALL;                                                                             \
        mpishmem_blocking_leave();                                                        \
        mpishmem_progress_note();                                                         \
        mpishmem_progress_depth--;                                                        \
    } while (0)

/* Runs CALL (a blocking MPI collective) or ICALL (its nonblocking form, taking &req last,
 * completed by the yielding wait). */
#define COLLECTIVE(CALL, ICALL)                                                           \
    do {                                                                                  \
        if (blocking_ok()) {                                                              \
            BLOCKING_COLLECTIVE(CALL);                                                    \
        } else {                                                                          \
            MPI_Request req;                                                              \
            ICALL;                                                                        \
            mpishmem_wait_request(&req);                                                  \
        }                                                                                 \
    } while (0)

/* The tag of a barrier's messages. The communicators the library synchronizes carry no other
 * point-to-point traffic but exit notices on the world one, which have their own tag and are
 * only ever probed for by it (exit_check.h). */
#define BARRIER_TAG 0x5e12

/* A dissemination barrier of zero-byte messages (round k: send to rank + 2^k, receive from
 * rank - 2^k), completed by the yielding wait. It stands in for MPI_Ibarrier where the
 * blocking barrier cannot be used: MPICH's nonblocking barrier polled from outside costs a
 * microsecond more than either over TCP (emulated cluster, 2 hosts x 1 PE, MPICH 4.0.2: blocking
 * 4.8 us, Ibarrier + MPI_Test 5.7 us, these messages 4.9 us), which made shmem_barrier_all 1.2x
 * slower with batching on. A PE sends to a given peer in one round only, and MPI keeps the
 * messages of one sender in order, so successive barriers cannot mix. */
static void message_barrier(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    for (int d = 1; d < size; d <<= 1) {
        MPI_Request recv, send;
        MPI_Irecv(NULL, 0, MPI_BYTE, (rank - d + size) % size, BARRIER_TAG, comm, &recv);
        MPI_Isend(NULL, 0, MPI_BYTE, (rank + d) % size, BARRIER_TAG, comm, &send);
        mpishmem_wait_request(&recv);
        mpishmem_wait_request(&send);
    }
}

void mpishmem_comm_barrier(MPI_Comm comm)
{
    if (blocking_ok()) BLOCKING_COLLECTIVE(MPI_Barrier(comm));
    else message_barrier(comm);
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
