#ifndef MPISHMEM_UCX_INTERPOSER_NEXT_H
#define MPISHMEM_UCX_INTERPOSER_NEXT_H
/* The next definition of the interposed call NAME (UCX's, Open MPI's or the C library's own);
 * aborts where there is none, which only a broken installation can cause. Used by every
 * interposer (ucx_close_grace.c, ucx_yield_idle.c, mpich_mt_poll_yield.c,
 * ompi_ucx_pooled_ep.c, ompi_ucx_thread_exit.c). */
void *mpishmem_interposed_next(const char *name);
#endif
