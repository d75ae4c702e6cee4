#ifndef MPISHMEM_UCX_INTERPOSER_NEXT_H
#define MPISHMEM_UCX_INTERPOSER_NEXT_H
/* The next definition of the interposed call NAME (UCX's, Open MPI's or the C library's own);
 * aborts where there is none, which only a broken installation can cause. Used by every
 * interposer (mpich_ucx_finalize.c, mpich_ucx_yield.c, mpich_mt_yield.c, ompi_ucx_*.c). */
void *mpishmem_interposed_next(const char *name);
#endif
