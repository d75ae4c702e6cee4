/* The MPI thread level the library asks for when it initializes MPI itself: MPI_THREAD_MULTIPLE
 * (which costs every MPI call its locks) only for the progress thread, and the automatic
 * setting wants that thread only when other PEs reach this one through MPI. So:
 *   every PE reached by load/store (heap and globals), automatic setting: below MULTIPLE;
 *   some PE reached through MPI (simulated nodes, cliques, hosts), automatic: MULTIPLE;
 *   MPISHMEM_PROGRESS_THREAD=1: MULTIPLE everywhere.
 * Asked after shmem_init: Open MPI 5.0.11 took MPI's level from the library's later
 * MPI_T_init_thread(MPI_THREAD_SINGLE) and answered 0 here at two simulated nodes. */
#include <mpi.h>
#include <string.h>

#include "testutil.h"

static long global_word;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *heap_word = shmem_malloc(sizeof(long));
    int all_load_store = 1;
    for (int pe = 0; pe < n; pe++)
        if (!shmem_ptr(heap_word, pe) || !shmem_ptr(&global_word, pe)) all_load_store = 0;
    int level = -1;
    MPI_Query_thread(&level);
    const char *mode = getenv("MPISHMEM_PROGRESS_THREAD");
    if (mode && strcmp(mode, "1") == 0)
        CHECK(level == MPI_THREAD_MULTIPLE, "thread forced on, MPI level %d", level);
    else if (!mode || strcmp(mode, "-1") == 0) {
        if (all_load_store)
            CHECK(level != MPI_THREAD_MULTIPLE,
                  "every PE shares memory, yet MPI was asked for MPI_THREAD_MULTIPLE");
        else
            CHECK(level == MPI_THREAD_MULTIPLE,
                  "PEs reached through MPI, automatic progress thread, MPI level %d", level);
    }
    if (me == 0)
        printf("thread level %d (%s), every PE by load/store: %d\n", level,
               level == MPI_THREAD_MULTIPLE ? "multiple" : "below multiple", all_load_store);
    shmem_free(heap_word);
    shmem_finalize();
    return test_exit_status();
}
