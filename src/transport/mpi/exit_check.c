#include "exit_check.h"

#include "../../base/error.h"

int mpishmem_finalizing;

void mpishmem_exit_notice_seen(int source)
{
    static double first_seen;
    double now = MPI_Wtime();
    if (first_seen == 0) first_seen = now;
    if (now - first_seen < MPISHMEM_EXIT_NOTICE_GRACE) return;
    mpishmem_error("exit", "PE %d exited without calling shmem_finalize while this PE waits in "
                           "the library; ending the job (every PE must call shmem_finalize, or "
                           "one may end the job with shmem_global_exit)",
                   source);
}

void mpishmem_exit_notice_check(void)
{
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPISHMEM_EXIT_NOTICE_TAG, mpishmem_g.world, &flag, &st);
    if (flag) mpishmem_exit_notice_found(st.MPI_TAG, st.MPI_SOURCE);
}
