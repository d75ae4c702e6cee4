#ifndef MPISHMEM_OMPI_UCX_THREAD_EXIT_H
#define MPISHMEM_OMPI_UCX_THREAD_EXIT_H
/* Open MPI 5's osc/ucx: a thread's end waits for other threads' flushes (quirk
 * OMPI_UCX_THREAD_EXIT, ompi_ucx_thread_exit.c). Called by the calling thread whenever it
 * connects through osc/ucx (the interposed ucp_ep_create): gives it, once, the thread-exit
 * handler that excludes flushes while its records go, where the quirk applies. */
void mpishmem_ompi_thread_exit_watch(void);
#endif
