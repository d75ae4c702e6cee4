/* Setup and query: query_initialized before/after, init_thread with the level in argv[1]
 * (default SHMEM_THREAD_FUNNELED) and query_thread, PE numbers equal MPI_COMM_WORLD ranks, the
 * deprecated _my_pe/_num_pes, version and name, pcontrol, pe_accessible and addr_accessible. */
#include <mpi.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"

static long gvar[4];
static char gbyte;

int main(int argc, char **argv)
{
    int requested = argc > 1 ? atoi(argv[1]) : SHMEM_THREAD_FUNNELED;
    int init = -1;
    shmem_query_initialized(&init);
    if (init != 0) return 10; /* CHECK would call shmem_my_pe before init */
    int provided = -1;
    int rc = shmem_init_thread(requested, &provided);
    CHECK(rc == 0, "init_thread returned %d", rc);
    shmem_query_initialized(&init);
    CHECK(init == 1, "query_initialized after init: %d", init);
    CHECK(provided >= SHMEM_THREAD_SINGLE && provided <= requested &&
              (provided == SHMEM_THREAD_SINGLE || provided == SHMEM_THREAD_FUNNELED ||
               provided == SHMEM_THREAD_SERIALIZED || provided == SHMEM_THREAD_MULTIPLE),
          "requested %d, provided %d", requested, provided);
    int q = -1;
    shmem_query_thread(&q);
    CHECK(q == provided, "query_thread %d, provided %d", q, provided);

    int me = shmem_my_pe(), n = shmem_n_pes(), rank = -1, size = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(me == rank && n == size, "PE %d of %d, rank %d of %d", me, n, rank, size);
    CHECK(_my_pe() == me && _num_pes() == n, "_my_pe %d _num_pes %d", _my_pe(), _num_pes());

    int major = 0, minor = 0;
    shmem_info_get_version(&major, &minor);
    CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION, "version %d.%d",
          major, minor);
    CHECK(major == 1 && minor == 6, "version %d.%d is not 1.6", major, minor);
    char name[SHMEM_MAX_NAME_LEN + 8];
    memset(name, 'x', sizeof name);
    shmem_info_get_name(name);
    CHECK(memchr(name, '\0', SHMEM_MAX_NAME_LEN) != NULL, "name not terminated within %d bytes",
          SHMEM_MAX_NAME_LEN);
    CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0 && strlen(name) > 0, "name \"%.*s\"",
          SHMEM_MAX_NAME_LEN, name);
    CHECK(strlen(SHMEM_VENDOR_STRING) < SHMEM_MAX_NAME_LEN, "SHMEM_VENDOR_STRING too long");
    shmem_pcontrol(0);
    shmem_pcontrol(1);
    shmem_pcontrol(2, "extra", 3);

    long *h = shmem_malloc(4 * sizeof(long));
    long local = 0;
    long *priv = malloc(sizeof(long));
    for (int pe = 0; pe < n; pe++) {
        CHECK(shmem_pe_accessible(pe) == 1, "pe_accessible(%d)", pe);
        CHECK(shmem_addr_accessible(h, pe) == 1 && shmem_addr_accessible(h + 3, pe) == 1,
              "addr_accessible(heap, %d)", pe);
        CHECK(shmem_addr_accessible(gvar, pe) == 1 && shmem_addr_accessible(&gbyte, pe) == 1,
              "addr_accessible(global, %d)", pe);
        CHECK(shmem_addr_accessible(&local, pe) == 0, "stack address accessible on %d", pe);
        CHECK(shmem_addr_accessible(priv, pe) == 0, "malloc'd address accessible on %d", pe);
    }
    CHECK(shmem_pe_accessible(-1) == 0 && shmem_pe_accessible(n) == 0 &&
              shmem_pe_accessible(n + 100) == 0,
          "pe_accessible out of range");
    CHECK(shmem_addr_accessible(h, -1) == 0 && shmem_addr_accessible(h, n) == 0,
          "addr_accessible out of range");
    free(priv);
    shmem_free(h);
    shmem_finalize();
    shmem_query_initialized(&init);
    if (init != 0) {
        fprintf(stderr, "FAIL: query_initialized after finalize: %d\n", init);
        return 1;
    }
    return test_exit_status();
}
