/* mpishmem: the data-moving collectives (broadcast, collect, fcollect, alltoall, alltoalls) as
 * MPI nonblocking collectives on the team's communicator, completed by a wait that keeps MPI
 * progressing (incoming RMA and active messages are served meanwhile) and yields the core.
 * One-member teams copy locally without MPI. Sizes beyond an MPI int use derived datatypes. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/progress.h"
#include "../core/team.h"
#include "coll.h"
#include "coll_dtype.h"

void mpishmem_coll_broadcast(struct mpishmem_team *t, void *dest, const void *source,
                             size_t nbytes, int root, int root_dest)
{
    if (nbytes == 0) return; /* nbytes is the same on every member: none of them communicates */
    int is_root = t->my_pe == root;
    if (t->n_pes > 1) {
        struct mpishmem_coll_dtype d = mpishmem_coll_dtype_bytes(nbytes);
        MPI_Request req;
        MPI_Ibcast(is_root ? (void *)source : dest, d.count, d.type, root,
                   mpishmem_team_comm(t), &req);
        mpishmem_wait_request(&req);
        mpishmem_coll_dtype_free(&d);
    }
    /* After the broadcast: source and dest may be the same object or overlap on the root. */
    if (is_root && root_dest && dest != source) memmove(dest, source, nbytes);
}

void mpishmem_coll_fcollect(struct mpishmem_team *t, void *dest, const void *source,
                            size_t nbytes)
{
    if (nbytes == 0) return;
    char *mine = (char *)dest + (size_t)t->my_pe * nbytes;
    if (t->n_pes == 1) {
        memmove(dest, source, nbytes);
        return;
    }
    struct mpishmem_coll_dtype d = mpishmem_coll_dtype_bytes(nbytes);
    MPI_Request req;
    MPI_Iallgather(mine == source ? MPI_IN_PLACE : source, d.count, d.type, dest, d.count,
                   d.type, mpishmem_team_comm(t), &req);
    mpishmem_wait_request(&req);
    mpishmem_coll_dtype_free(&d);
}

/* Collect when a contribution or the total exceeds what MPI_Iallgatherv's int counts and
 * displacements hold: this PE's part is copied in place, then each member broadcasts its part. */
static void collect_large(MPI_Comm comm, int n, int me, char *dest, const void *source,
                          const uint64_t *sizes, const size_t *offsets)
{
    memmove(dest + offsets[me], source, sizes[me]);
    for (int i = 0; i < n; i++) {
        if (sizes[i] == 0) continue;
        struct mpishmem_coll_dtype d = mpishmem_coll_dtype_bytes(sizes[i]);
        MPI_Request req;
        MPI_Ibcast(dest + offsets[i], d.count, d.type, i, comm, &req);
        mpishmem_wait_request(&req);
        mpishmem_coll_dtype_free(&d);
    }
}

void mpishmem_coll_collect(struct mpishmem_team *t, void *dest, const void *source,
                           size_t nbytes)
{
    int n = t->n_pes, me = t->my_pe;
    if (n == 1) {
        if (nbytes) memmove(dest, source, nbytes);
        return;
    }
    MPI_Comm comm = mpishmem_team_comm(t);
    uint64_t mine = nbytes, *sizes = malloc(sizeof *sizes * (size_t)n);
    size_t *offsets = malloc(sizeof *offsets * (size_t)n);
    MPI_Request req;
    MPI_Iallgather(&mine, 1, MPI_UINT64_T, sizes, 1, MPI_UINT64_T, comm, &req);
    mpishmem_wait_request(&req);
    size_t total = 0;
    int fits = 1;
    for (int i = 0; i < n; i++) {
        offsets[i] = total;
        total += sizes[i];
        if (sizes[i] > INT_MAX || offsets[i] > INT_MAX) fits = 0;
    }
    if (fits) {
        int *counts = malloc(sizeof(int) * 2 * (size_t)n), *displs = counts + n;
        for (int i = 0; i < n; i++) {
            counts[i] = (int)sizes[i];
            displs[i] = (int)offsets[i];
        }
        MPI_Iallgatherv(source, (int)nbytes, MPI_BYTE, dest, counts, displs, MPI_BYTE, comm,
                        &req);
        mpishmem_wait_request(&req);
        free(counts);
    } else {
        collect_large(comm, n, me, dest, source, sizes, offsets);
    }
    free(sizes);
    free(offsets);
}

void mpishmem_coll_alltoall(struct mpishmem_team *t, void *dest, const void *source,
                            size_t nbytes)
{
    if (nbytes == 0) return;
    if (t->n_pes == 1) {
        memmove(dest, source, nbytes);
        return;
    }
    struct mpishmem_coll_dtype d = mpishmem_coll_dtype_bytes(nbytes);
    MPI_Request req;
    MPI_Ialltoall(source, d.count, d.type, dest, d.count, d.type, mpishmem_team_comm(t), &req);
    mpishmem_wait_request(&req);
    mpishmem_coll_dtype_free(&d);
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
    /* One item per member: nelems elements `stride` apart, the next member's block starting
     * nelems strides further. */
    MPI_Aint block = (MPI_Aint)nelems;
    struct mpishmem_coll_dtype sd = mpishmem_coll_dtype_strided(nelems, elem_size, sst * es,
                                                                block * sst * es);
    struct mpishmem_coll_dtype rd = mpishmem_coll_dtype_strided(nelems, elem_size, dst * es,
                                                                block * dst * es);
    MPI_Request req;
    MPI_Ialltoall(source, 1, sd.type, dest, 1, rd.type, mpishmem_team_comm(t), &req);
    mpishmem_wait_request(&req);
    mpishmem_coll_dtype_free(&sd);
    mpishmem_coll_dtype_free(&rd);
}
