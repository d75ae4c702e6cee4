/* mpishmem: memory spaces (shmemx_space_*), further symmetric segments (docs/design.md, "Memory
 * spaces are further segments, each with its own window").
 *
 * Creating a space is local and only records its configuration. Attaching it (collective over
 * the world) makes its memory: a node shared-memory object like the heap's (unlinked as soon
 * as every node peer has opened it), this PE's part mapped at one virtual address that is the
 * same on every PE, node peers' parts mapped elsewhere; and, when the job spans nodes, its MPI
 * windows over the world communicator, locked for the space's life: one default window (used
 * by the default and pool contexts) and one per context of the space. The attached space then
 * holds a segment id (MPISHMEM_SEG_SPACE0 ..), so every RMA, AMO and signal path finds it
 * through mpishmem_seg_find. Detaching (collective) releases all of it. */
#ifndef MPISHMEM_SPACE_H
#define MPISHMEM_SPACE_H

#include <pthread.h>

#include "shmemx.h"

#include "../base/state.h"
#include "alloc.h"

struct mpishmem_space {
    shmemx_space_config_t config;
    size_t size;                 /* config.sheap_size rounded up to a page */
    int attached;
    struct mpishmem_seg seg;     /* while attached: base, size, peer tables, id */
    struct mpishmem_arena arena; /* while attached: the space's blocks */
    char *view;                  /* while attached: the node object (every node PE's part) */
    size_t view_len;
    MPI_Win win;                 /* default window; MPI_WIN_NULL in a single-node job */
    MPI_Win *ctx_win;            /* [num_contexts] windows of the space's contexts */
    struct mpishmem_ctx **ctx;   /* [num_contexts] the context using window i, or NULL */
    pthread_mutex_t ctx_lock;    /* threads may create and destroy contexts at once */
    struct mpishmem_space *next; /* list of the spaces created (freed at finalize) */
};

/* Local. `config` has been checked (host memory, sizes). */
MPISHMEM_INTERNAL struct mpishmem_space *mpishmem_space_new(const shmemx_space_config_t *config);
/* Local: frees a space that is not attached. */
MPISHMEM_INTERNAL void mpishmem_space_delete(struct mpishmem_space *sp);
/* Nonzero if `sp` is a space created and not destroyed (SHMEM_DEBUG handle checks). */
MPISHMEM_INTERNAL int mpishmem_space_exists(const struct mpishmem_space *sp);

/* Collective over the world; errors name `routine`. */
MPISHMEM_INTERNAL void mpishmem_space_attach(struct mpishmem_space *sp, const char *routine);
MPISHMEM_INTERNAL void mpishmem_space_detach(struct mpishmem_space *sp, const char *routine);

/* The attached space holding `addr` and the offset of `addr` in it, or NULL. */
MPISHMEM_INTERNAL struct mpishmem_space *mpishmem_space_of(const void *addr, size_t *off);

/* A context of the space, or NULL when all num_contexts are in use. */
MPISHMEM_INTERNAL struct mpishmem_ctx *mpishmem_space_ctx_new(struct mpishmem_space *sp,
                                                              long options);
/* Completes the context's operations and gives its window back to the space. */
MPISHMEM_INTERNAL void mpishmem_space_ctx_free(struct mpishmem_ctx *c);

/* Finalize: detaches every attached space (collective) and frees every space. */
MPISHMEM_INTERNAL void mpishmem_space_fini_all(void);

#endif
