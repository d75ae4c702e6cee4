/* Ending without shmem_finalize, argv[1] chooses how the program starts:
 *   start_pes - the deprecated start_pes(0), which finalizes implicitly at exit: no warning;
 *   init      - shmem_init and no shmem_finalize: the library warns, then finalizes at exit;
 *   finalize  - shmem_init ... shmem_finalize: no warning.
 * In every case the job exits 0 (tests/setup/CMakeLists.txt checks the output). */
#include <string.h>

#include "testutil.h"

static int g;

int main(int argc, char **argv)
{
    const char *how = argc > 1 ? argv[1] : "start_pes";
    if (!strcmp(how, "start_pes")) {
        start_pes(0);
        start_pes(0); /* a second call changes nothing */
    } else {
        shmem_init();
    }
    int init = 0;
    shmem_query_initialized(&init);
    CHECK(init == 1, "initialized");
    int me = _my_pe(), n = _num_pes();
    CHECK(me == shmem_my_pe() && n == shmem_n_pes(), "_my_pe %d _num_pes %d", me, n);
    int *h = shmem_malloc(sizeof(int));
    shmem_int_p(h, me + 1, (me + 1) % n);
    shmem_int_p(&g, me + 100, (me + 1) % n);
    shmem_barrier_all();
    int from = (me + n - 1) % n;
    CHECK(*h == from + 1 && g == from + 100, "ring: %d %d", *h, g);
    shmem_barrier_all(); /* nobody frees or exits while a peer still reads */
    if (!strcmp(how, "finalize")) {
        shmem_free(h);
        shmem_finalize();
    }
    return test_exit_status();
}
