/* mpishmem: RMA to PEs that are not reachable by load/store, through the MPI windows.
 *
 * Windows are locked with MPI_Win_lock_all for the whole run. A blocking put returns after
 * MPI_Win_flush_local (source reusable); its remote completion is left to quiet/fence, which
 * find the window marked in the context's pending flags. Counts above INT_MAX are split. */
#ifndef MPISHMEM_MPI_RMA_H
#define MPISHMEM_MPI_RMA_H

#include <stddef.h>
#include <stdint.h>

#include "../../base/state.h"

/* Opens `win` (over mpishmem_g.world) for the whole run: MPI_Win_lock_all, then whatever the
 * MPI loaded needs before threads share the window (quirk mpich-rma-target-race). Its end is
 * mpishmem_win_unlock_for_free (ompi_ucx_win_free_mt.h). */
MPISHMEM_INTERNAL void mpishmem_win_lock_for_run(MPI_Win win);
/* Decides, once the progress thread and batching are settled (init), how blocking gets wait
 * (mpi_rma.c). */
MPISHMEM_INTERNAL void mpishmem_mpi_rma_setup(void);
MPISHMEM_INTERNAL void mpishmem_mpi_put(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                        size_t off, const void *src, size_t n, int pe,
                                        int blocking);
MPISHMEM_INTERNAL void mpishmem_mpi_get(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                        size_t off, void *dst, size_t n, int pe, int blocking);

/* Strided transfer of `nblocks` blocks of `block` bytes; strides in bytes. The remote side
 * starts at `off` in `s`, the local side at `local`. */
MPISHMEM_INTERNAL void mpishmem_mpi_strided(struct mpishmem_ctx *c, const struct mpishmem_seg *s,
                                            size_t off, ptrdiff_t remote_stride, void *local,
                                            ptrdiff_t local_stride, size_t block, size_t nblocks,
                                            int pe, int is_put);

/* Sets up a context's MPI bookkeeping; NULL buffers select the default context's static ones
 * (bounce: MPISHMEM_BOUNCE_BYTES, get_req: MPISHMEM_MAX_GET_REQ requests). */
MPISHMEM_INTERNAL void mpishmem_mpi_ctx_init(struct mpishmem_ctx *c, char *bounce,
                                             MPI_Request *get_req);

/* Completes the context's nonblocking gets (quiet). */
MPISHMEM_INTERNAL void mpishmem_mpi_complete_gets(struct mpishmem_ctx *c);

/* `n` bytes (at most MPISHMEM_BOUNCE_BYTES / 4) of `c`'s bounce buffer, 16-byte aligned,
 * valid until the operation using them completes locally. When the buffer is full, every
 * operation of `c` is completed locally first. */
MPISHMEM_INTERNAL void *mpishmem_mpi_bounce(struct mpishmem_ctx *c, size_t n);

/* Remote completion of every outstanding operation of `c` (all targets, or one). */
MPISHMEM_INTERNAL void mpishmem_mpi_flush(struct mpishmem_ctx *c);
MPISHMEM_INTERNAL void mpishmem_mpi_flush_pe(struct mpishmem_ctx *c, int pe);

/* Heap RMA to a PE on another node: the remote twin of core/rma.h's inline fast path,
 * which skips the general path's checks and segment lookup (the heap range is already known
 * and SHMEM_DEBUG is off, or fast_size would be 0). */
MPISHMEM_INTERNAL void mpishmem_mpi_put_heap(struct mpishmem_ctx *c, size_t off, const void *src,
                                             size_t n, int pe, int blocking);
MPISHMEM_INTERNAL void mpishmem_mpi_get_heap(struct mpishmem_ctx *c, size_t off, void *dst,
                                             size_t n, int pe, int blocking);
/* The puts of the default context, the common case, with fewer arguments to pass and test:
 * blocking ones of any size, of 8 bytes whose value comes in a register (shmem_long_p & co.),
 * and nbi ones (the bare MPI_Put). */
MPISHMEM_INTERNAL void mpishmem_mpi_putmem_heap(size_t off, const void *src, size_t n, int pe);
MPISHMEM_INTERNAL void mpishmem_mpi_put8_heap(size_t off, uint64_t value, int pe);
MPISHMEM_INTERNAL void mpishmem_mpi_putmem_nbi_heap(size_t off, const void *src, size_t n,
                                                    int pe);

#endif
