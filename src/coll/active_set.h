/* mpishmem: active sets (PE_start, logPE_stride, PE_size) of the deprecated collectives, kept as
 * cached teams so that each set's MPI communicator is made once (by its members only, on the
 * set's first collective) and reused by every later call. */
#ifndef MPISHMEM_ACTIVE_SET_H
#define MPISHMEM_ACTIVE_SET_H

#include "../base/state.h"

/* The team of the active set: PEs start + k * 2^log_stride, k < size (the whole world is
 * SHMEM_TEAM_WORLD's team). The set is checked on its first use by this PE, always (cheap:
 * later calls find it in the cache): start >= 0, log_stride >= 0, size >= 1, every member a
 * valid PE, and this PE a member; a bad set is an error naming `routine`. */
MPISHMEM_INTERNAL struct mpishmem_team *mpishmem_active_set_slow(const char *routine, int start,
                                                                 int log_stride, int size);

/* The last set used: programs call the same set's collectives in loops. */
struct mpishmem_active_set_last {
    int start, log_stride, size;
    struct mpishmem_team *team;
};
extern MPISHMEM_INTERNAL struct mpishmem_active_set_last mpishmem_active_set_last;

static inline struct mpishmem_team *mpishmem_active_set(const char *routine, int start,
                                                        int log_stride, int size)
{
    const struct mpishmem_active_set_last *l = &mpishmem_active_set_last;
    if (MPISHMEM_LIKELY(l->team && l->start == start && l->log_stride == log_stride &&
                        l->size == size && mpishmem_g.thread_level != SHMEM_THREAD_MULTIPLE))
        return l->team;
    return mpishmem_active_set_slow(routine, start, log_stride, size);
}

#endif
