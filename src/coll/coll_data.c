/* mpishmem: the data-moving collectives (broadcast, collect, fcollect, alltoall, alltoalls):
 * through node shared memory where coll_shm.h can, else as MPI collectives on the team's
 * communicator (mpishmem_comm_*: nonblocking ones completed by a wait that serves active
 * messages and yields the core, when that is needed). One-member teams copy locally without
 * MPI. Large ones are split (coll_dtype.h). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../base/error.h"
#include "../core/team.h"
#include "../transport/mpi/mpi_comm.h"
#include "coll.h"
#include "coll_dtype.h"
#include "coll_node.h"
#include "coll_shm.h"

/* Every member's `dest` receives `nbytes` from team PE `root`'s `buf`, in pieces. */
static void bcast_chunks(MPI_Comm comm, void *buf, size_t nbytes, int root)
{
    for (size_t off = 0; off < nbytes; off += MPISHMEM_COLL_CHUNK) {
        size_t len = nbytes - off < MPISHMEM_COLL_CHUNK ? nbytes - off : MPISHMEM_COLL_CHUNK;
        mpishmem_comm_bcast((char *)buf + off, (int)len, MPI_BYTE, root, comm);
    }
}

void mpishmem_coll_broadcast(struct mpishmem_team *t, void *dest, const void *source,
                             size_t nbytes, int root, int root_dest)
{
    if (nbytes == 0) return; /* nbytes is the same on every member: none of them communicates */
    if (mpishmem_coll_shm_broadcast(t, dest, source, nbytes, root, root_dest) == 0) return;
    if (mpishmem_coll_node_broadcast(t, dest, source, nbytes, root, root_dest) == 0) return;
    int is_root = t->my_pe == root;
    if (t->n_pes > 1)
        bcast_chunks(mpishmem_team_comm(t), is_root ? (void *)source : dest, nbytes, root);
    /* After the broadcast: source and dest may be the same object or overlap on the root. */
    if (is_root && root_dest && dest != source) memmove(dest, source, nbytes);
}

/* Per-member part sizes and offsets for n members. Zeroed (calloc): every entry is written
 * before use, but GCC 12 at -O3 cannot see that the fill loops cover `me` and warns
 * maybe-uninitialized otherwise. */
static void parts_alloc(const char *routine, int n, uint64_t **sizes, size_t **offsets)
{
    *sizes = calloc((size_t)n, sizeof **sizes);
    *offsets = calloc((size_t)n, sizeof **offsets);
    if (!*sizes || !*offsets)
        mpishmem_error(routine, "out of memory for the part sizes of %d team members", n);
}

/* Gathers parts of `sizes[i]` bytes at `offsets[i]` of every member's dest, this PE's part
 * from `source`, when a part or an offset is too large for MPI_Allgather(v): this PE's part is
 * copied in place, then each member broadcasts its part. */
static void gather_by_broadcasts(MPI_Comm comm, int n, int me, char *dest, const void *source,
                                 const uint64_t *sizes, const size_t *offsets)
{
    memmove(dest + offsets[me], source, sizes[me]);
    for (int i = 0; i < n; i++) bcast_chunks(comm, dest + offsets[i], sizes[i], i);
}

void mpishmem_coll_fcollect(struct mpishmem_team *t, void *dest, const void *source,
                            size_t nbytes)
{
    if (nbytes == 0) return;
    int n = t->n_pes, me = t->my_pe;
    char *mine = (char *)dest + (size_t)me * nbytes;
    if (n == 1) {
        memmove(dest, source, nbytes);
        return;
    }
    if (mpishmem_coll_shm_fcollect(t, dest, source, nbytes) == 0) return;
    if (mpishmem_coll_node_fcollect(t, dest, source, nbytes) == 0) return;
    MPI_Comm comm = mpishmem_team_comm(t);
    if (nbytes * (size_t)n <= INT_MAX) {
        mpishmem_comm_allgather(mine == source ? MPI_IN_PLACE : source, (int)nbytes, MPI_BYTE,
                                dest, (int)nbytes, MPI_BYTE, comm);
        return;
    }
    uint64_t *sizes;
    size_t *offsets;
    parts_alloc("shmem_fcollect", n, &sizes, &offsets);
    for (int i = 0; i < n; i++) {
        sizes[i] = nbytes;
        offsets[i] = (size_t)i * nbytes;
    }
    gather_by_broadcasts(comm, n, me, dest, source, sizes, offsets);
    free(sizes);
    free(offsets);
}

void mpishmem_coll_collect(struct mpishmem_team *t, void *dest, const void *source,
                           size_t nbytes)
{
    int n = t->n_pes, me = t->my_pe;
    if (n == 1) {
        if (nbytes) memmove(dest, source, nbytes);
        return;
    }
    if (mpishmem_coll_shm_collect(t, dest, source, nbytes) == 0) return;
    if (mpishmem_coll_node_collect(t, dest, source, nbytes) == 0) return;
    MPI_Comm comm = mpishmem_team_comm(t);
    uint64_t mine = nbytes, *sizes;
    size_t *offsets;
    parts_alloc("shmem_collect", n, &sizes, &offsets);
    mpishmem_comm_allgather(&mine, 1, MPI_UINT64_T, sizes, 1, MPI_UINT64_T, comm);
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        offsets[i] = total;
        total += sizes[i];
    }
    if (total <= INT_MAX) {
        int *counts = malloc(sizeof(int) * 2 * (size_t)n);
        if (!counts) mpishmem_error("shmem_collect", "out of memory for %d team members", n);
        int *displs = counts + n;
        for (int i = 0; i < n; i++) {
            counts[i] = (int)sizes[i];
            displs[i] = (int)offsets[i];
        }
        mpishmem_comm_allgatherv(source, (int)nbytes, MPI_BYTE, dest, counts, displs, MPI_BYTE,
                                 comm);
        free(counts);
    } else {
        gather_by_broadcasts(comm, n, me, dest, source, sizes, offsets);
    }
    free(sizes);
    free(offsets);
}

/* Strided alltoall in pieces of at most MPISHMEM_COLL_CHUNK bytes per pair of members: piece
 * [k, k + m) of each block is one MPI_Ialltoall with vector types whose extent is a block. */
static void alltoall_pieces(MPI_Comm comm, char *dest, const char *source, MPI_Aint dstride,
                            MPI_Aint sstride, size_t nelems, size_t elem_size)
{
    size_t per = MPISHMEM_COLL_CHUNK / elem_size;
    for (size_t k = 0; k < nelems; k += per) {
        size_t m = nelems - k < per ? nelems - k : per;
        MPI_Datatype st = mpishmem_coll_type_strided(m, elem_size, sstride,
                                                     sstride * (MPI_Aint)nelems);
        MPI_Datatype rt = mpishmem_coll_type_strided(m, elem_size, dstride,
                                                     dstride * (MPI_Aint)nelems);
        mpishmem_comm_alltoall(source + (MPI_Aint)k * sstride, 1, st,
                               dest + (MPI_Aint)k * dstride, 1, rt, comm);
        MPI_Type_free(&st);
        MPI_Type_free(&rt);
    }
}

void mpishmem_coll_alltoall(struct mpishmem_team *t, void *dest, const void *source,
                            size_t nbytes)
{
    if (nbytes == 0) return;
    if (t->n_pes == 1) {
        memmove(dest, source, nbytes);
        return;
    }
    if (mpishmem_coll_shm_alltoall(t, dest, source, nbytes) == 0) return;
    MPI_Comm comm = mpishmem_team_comm(t);
    if (nbytes * (size_t)t->n_pes <= INT_MAX) {
        mpishmem_comm_alltoall(source, (int)nbytes, MPI_BYTE, dest, (int)nbytes, MPI_BYTE, comm);
        return;
    }
    alltoall_pieces(comm, dest, source, 1, 1, nbytes, 1);
}

void mpishmem_coll_alltoalls(struct mpishmem_team *t, void *dest, const void *source,
                             ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem_size)
{
    if (nelems == 0 || elem_size == 0) return;
    if (dst == 1 && sst == 1) {
        mpishmem_coll_alltoall(t, dest, source, nelems * elem_size);
        return;
    }
    MPI_Aint es = (MPI_Aint)elem_size;
    if (t->n_pes == 1) {
        for (size_t k = 0; k < nelems; k++)
            memcpy((char *)dest + (MPI_Aint)k * dst * es,
                   (const char *)source + (MPI_Aint)k * sst * es, elem_size);
        return;
    }
    if (mpishmem_coll_shm_alltoalls(t, dest, source, dst, sst, nelems, elem_size) == 0) return;
    alltoall_pieces(mpishmem_team_comm(t), dest, source, dst * es, sst * es, nelems, elem_size);
}
