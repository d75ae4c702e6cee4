/* Setup and query: PE numbers equal MPI_COMM_WORLD ranks, the deprecated names, init_thread
 * and query_thread, query_initialized, version and name, pe/addr_accessible, shmem_ptr for
 * node peers (non-NULL, usable) and other nodes (NULL), on the heap and on globals. */
#include <mpi.h>
#include <string.h>

#include "testutil.h"

static long gvar[4];

int main(void)
{
    int init = -1;
    shmem_query_initialized(&init);
    if (init != 0) return 10;
    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_FUNNELED, &provided) == 0, "init_thread");
    shmem_query_initialized(&init);
    CHECK(init == 1, "query_initialized after init");
    CHECK(provided >= SHMEM_THREAD_SINGLE && provided <= SHMEM_THREAD_FUNNELED,
          "provided %d", provided);
    int q = -1;
    shmem_query_thread(&q);
    CHECK(q == provided, "query_thread %d", q);

    int me = shmem_my_pe(), n = shmem_n_pes(), rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(me == rank && n == size, "PE %d of %d, rank %d of %d", me, n, rank, size);
    CHECK(_my_pe() == me && _num_pes() == n, "deprecated _my_pe/_num_pes");

    int major = 0, minor = 0;
    shmem_info_get_version(&major, &minor);
    CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION && major == 1 &&
          minor == 6, "version %d.%d", major, minor);
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0, "name %s", name);
    shmem_pcontrol(1);
    shmem_pcontrol(0);

    long *h = shmem_malloc(4 * sizeof(long));
    long local = 0;
    for (int pe = 0; pe < n; pe++) {
        CHECK(shmem_pe_accessible(pe) == 1, "pe_accessible(%d)", pe);
        CHECK(shmem_addr_accessible(h, pe) == 1 && shmem_addr_accessible(gvar, pe) == 1,
              "addr_accessible(%d)", pe);
        CHECK(shmem_addr_accessible(&local, pe) == 0, "stack address accessible");
    }
    CHECK(shmem_pe_accessible(-1) == 0 && shmem_pe_accessible(n) == 0, "pe_accessible out of range");

    /* shmem_ptr: non-NULL exactly for the PEs that share this node (as MPI sees it) */
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int node_size;
    MPI_Comm_size(node, &node_size);
    int *node_ranks = malloc(sizeof(int) * (size_t)node_size), *is_node = calloc((size_t)n, sizeof(int));
    MPI_Allgather(&me, 1, MPI_INT, node_ranks, 1, MPI_INT, node);
    for (int i = 0; i < node_size; i++) is_node[node_ranks[i]] = 1;
    CHECK(shmem_ptr(h, me) == h && shmem_ptr(gvar, me) == gvar, "shmem_ptr to oneself");
    for (int pe = 0; pe < n; pe++) {
        long *ph = shmem_ptr(h, pe), *pg = shmem_ptr(&gvar[1], pe);
        CHECK((ph != NULL) == is_node[pe], "shmem_ptr(heap, %d) = %p", pe, (void *)ph);
        CHECK((pg != NULL) == is_node[pe], "shmem_ptr(global, %d) = %p", pe, (void *)pg);
    }
    /* store through the pointers to the next node peer, then check after a barrier */
    int next = me;
    for (int i = 0; i < node_size; i++)
        if (node_ranks[i] == me) next = node_ranks[(i + 1) % node_size];
    long *ph = shmem_ptr(h, next), *pg = shmem_ptr(&gvar[1], next);
    ph[2] = 1000 + me;
    pg[0] = 2000 + me;
    shmem_barrier_all();
    int prev = me;
    for (int i = 0; i < node_size; i++)
        if (node_ranks[(i + 1) % node_size] == me) prev = node_ranks[i];
    CHECK(h[2] == 1000 + prev && gvar[1] == 2000 + prev, "stores through shmem_ptr");
    MPI_Comm_free(&node);
    free(node_ranks);
    free(is_node);
    shmem_free(h);
    shmem_finalize();
    shmem_query_initialized(&init);
    CHECK(init == 0, "query_initialized after finalize");
    return test_exit_status();
}
