#ifndef MPISHMEM_UCX_INTERPOSERS_H
#define MPISHMEM_UCX_INTERPOSERS_H
/* The interposers (ucx_close_grace.c, ompi_ucx_pooled_ep.c, ompi_ucx_thread_exit.c) define
 * only calls of UCX and Open MPI, which nothing in the library calls: a static link, which
 * takes an object of libmpishmem.a only for a symbol something needs, would leave them out and
 * with them their remedies. One symbol of each, for the runtime to name (runtime.c). */
extern const char mpishmem_interposer_ucx_finalize, mpishmem_interposer_ompi_ep_reuse,
    mpishmem_interposer_ompi_thread_exit;
#endif
