/* mpishmem: the executable's global/static data as a symmetric segment.
 *
 * The segment is the writable part of the executable's writable PT_LOAD (.data, .bss and the
 * non-RELRO GOT), page aligned. Remote PEs reach it through an MPI window; node peers through
 * shared memory, after mpishmem_dataseg_share() has moved it into this PE's slot of the node
 * object (same contents, same addresses). */
#ifndef MPISHMEM_DATASEG_H
#define MPISHMEM_DATASEG_H

#include <stddef.h>

#include "../base/state.h"

/* Finds the page-aligned range; returns 0 and sets *start, *len, or -1 if none. */
MPISHMEM_INTERNAL int mpishmem_dataseg_find(char **start, size_t *len);

/* Moves [start, start + len) into shared memory: `copy` is this PE's slot in a mapping of the
 * node object `fd` at `offset`. Returns 0, or -1 with the data left where it was. */
MPISHMEM_INTERNAL int mpishmem_dataseg_share(char *start, size_t len, char *copy, int fd,
                                             size_t offset);

/* Moves it back into private memory (at finalize), from `copy`, another mapping of the slot. */
MPISHMEM_INTERNAL int mpishmem_dataseg_unshare(char *start, size_t len, const char *copy);

#endif
