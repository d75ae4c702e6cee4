/* mpishmem: the watchdog's ring of TCP connections (watchdog.h): PE i connects to PE i+1 and
 * accepts PE i-1 (modulo the number of PEs), over IPv4, with keepalive probes. */
#ifndef MPISHMEM_WATCHDOG_RING_H
#define MPISHMEM_WATCHDOG_RING_H

#include "../base/state.h"

#define MPISHMEM_WD_HOST_LEN 32

struct mpishmem_wd_ring {
    int fd[2];                             /* [0] from the previous PE, [1] to the next PE */
    int pe[2];                             /* their PE numbers */
    char host[2][MPISHMEM_WD_HOST_LEN + 1]; /* their hosts (MPI's processor names) */
};

/* Collective over the library's world communicator. Returns 1 with the ring built (the job
 * spans hosts), 0 when every PE runs on one host (no ring), -1 when some PE could not build
 * its part (nothing is left open; each such PE warned why, naming `routine`). The connections
 * report a far end silent for `timeout_s` seconds as an error (ETIMEDOUT). */
MPISHMEM_INTERNAL int mpishmem_wd_ring_build(struct mpishmem_wd_ring *r, long timeout_s,
                                             const char *routine);

#endif
