/* shmem_ptr: non-NULL exactly for the PEs that share this node as MPI sees it
 * (MPI_COMM_TYPE_SHARED honours MPIR_CVAR_NUM_CLIQUES in MPICH's twonode mode), split further
 * as the user guide documents MPISHMEM_SIMULATED_NODES (every other MPI's twonode mode: k
 * blocks of consecutive node ranks), NULL for the others;
 * on the heap and on globals. Stores through the pointers reach the peer. With argv[1] =
 * "private" (run under MPISHMEM_GLOBALS_SHARED=0) globals stay private: NULL for all peers. */
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static long gvar[4];

int main(int argc, char **argv)
{
    int globals_shared = !(argc > 1 && strcmp(argv[1], "private") == 0);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *h = shmem_malloc(4 * sizeof(long));
    h[2] = gvar[1] = -1;

    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int node_size, node_rank;
    MPI_Comm_size(node, &node_size);
    MPI_Comm_rank(node, &node_rank);
    const char *sim = getenv("MPISHMEM_SIMULATED_NODES");
    long parts = sim ? atol(sim) : 0;
    if (parts > 1) {
        if (parts > node_size) parts = node_size;
        MPI_Comm block;
        MPI_Comm_split(node, (int)((long)node_rank * parts / node_size), node_rank, &block);
        MPI_Comm_free(&node);
        node = block;
        MPI_Comm_size(node, &node_size);
        MPI_Comm_rank(node, &node_rank);
    }
    int *node_pes = malloc(sizeof(int) * (size_t)node_size);
    int *on_node = calloc((size_t)n, sizeof(int));
    MPI_Allgather(&me, 1, MPI_INT, node_pes, 1, MPI_INT, node);
    for (int i = 0; i < node_size; i++) on_node[node_pes[i]] = 1;

    CHECK(shmem_ptr(h, me) == h && shmem_ptr(gvar, me) == gvar && shmem_ptr(&gvar[3], me) ==
              &gvar[3], "shmem_ptr to oneself");
    long stack = 0;
    for (int pe = 0; pe < n; pe++) {
        long *ph = shmem_ptr(h + 1, pe), *pg = shmem_ptr(&gvar[1], pe);
        CHECK((ph != NULL) == on_node[pe], "shmem_ptr(heap, %d) = %p", pe, (void *)ph);
        CHECK((pg != NULL) == (pe == me || (globals_shared && on_node[pe])),
              "shmem_ptr(global, %d) = %p", pe, (void *)pg);
        CHECK(shmem_ptr(&stack, pe) == NULL, "shmem_ptr(stack, %d) not NULL", pe);
    }
    /* the peers' addresses are distinct mappings of distinct memory */
    for (int i = 0; i < node_size; i++)
        for (int j = i + 1; j < node_size; j++)
            CHECK(shmem_ptr(h, node_pes[i]) != shmem_ptr(h, node_pes[j]), "same mapping");

    /* store through the pointers into the next node peer; read after a barrier */
    int next = node_pes[(node_rank + 1) % node_size];
    int prev = node_pes[(node_rank + node_size - 1) % node_size];
    shmem_barrier_all();
    long *ph = shmem_ptr(h, next), *pg = shmem_ptr(&gvar[1], next);
    ph[2] = 1000 + me;
    if (globals_shared) pg[0] = 2000 + me;
    else shmem_long_p(&gvar[1], 2000 + me, next);
    shmem_barrier_all();
    CHECK(h[2] == 1000 + prev && gvar[1] == 2000 + prev, "stores through shmem_ptr: %ld %ld",
          h[2], gvar[1]);
    /* and loads: read the previous peer's own values */
    h[3] = 3000 + me;
    gvar[2] = 4000 + me;
    shmem_barrier_all();
    long *qh = shmem_ptr(&h[3], prev), *qg = shmem_ptr(&gvar[2], prev);
    long from_g = globals_shared ? *qg : shmem_long_g(&gvar[2], prev);
    CHECK(*qh == 3000 + prev && from_g == 4000 + prev, "loads through shmem_ptr: %ld %ld", *qh,
          from_g);
    shmem_barrier_all();
    MPI_Comm_free(&node);
    free(node_pes);
    free(on_node);
    shmem_free(h);
    shmem_finalize();
    return test_exit_status();
}
