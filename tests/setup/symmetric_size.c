/* The heap has the size SHMEM_SYMMETRIC_SIZE asks for: argv[1] is the expected number of
 * bytes. An allocation a page below it succeeds, one a page above the page-rounded size
 * fails. */
#include <stdlib.h>

#include "testutil.h"

int main(int argc, char **argv)
{
    size_t want = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
    size_t page = 4096, rounded = (want + page - 1) / page * page;
    shmem_init();
    void *fits = shmem_malloc(want - page);
    CHECK(fits != NULL, "%zu bytes from a heap of %zu", want - page, want);
    shmem_free(fits);
    void *too_big = shmem_malloc(rounded + page);
    CHECK(too_big == NULL, "%zu bytes from a heap of %zu", rounded + page, want);
    shmem_finalize();
    return test_exit_status();
}
