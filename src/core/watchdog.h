/* mpishmem: one PE's or one host's failure ends the whole job (MPISHMEM_PEER_TIMEOUT).
 *
 * Launchers do not always end a job when one of its processes fails. MPICH's hydra ends it when
 * a process dies of a signal, but not across hosts when a process exits with an error status
 * from inside MPI (an MPICH assertion, MPI_Abort on a one-process communicator) or without
 * shmem_finalize: its proxy on that host kills its other processes and (unless it happened to
 * reap one of them while still watching) reports them all as exited, and mpiexec keeps
 * waiting for the other hosts' PEs, which wait in the library for ever (MPICH 4.0.2's
 * pm/pmiserv/pmip.c and pmiserv_cb.c). Nor does any launcher notice a host whose network
 * went down. MPI reports neither to the PEs that wait.
 *
 * So when a job spans hosts, each PE holds a TCP connection to the next PE and one from the
 * previous PE (a ring over all PEs), with the kernel's keepalive probes on it; a thread of
 * each PE sleeps in poll() on the two. The kernel answers the probes for a process that is
 * stopped or in a debugger, closes the connections of a process that ends however it ends, and
 * reports a connection whose far end has not answered for MPISHMEM_PEER_TIMEOUT seconds. A PE
 * whose neighbour's connection closes without the neighbour's word that it finalized gives the
 * launcher MPISHMEM_WATCHDOG_GRACE seconds to end the job, then ends it itself; a PE that lost
 * contact with its neighbour ends it at once (MPI_Abort; where the launcher cannot be reached
 * either, the PE kills itself shortly after, so that its host's launcher ends the rest). Every
 * PE that failed has two neighbours that notice, and each PE the launcher then kills has two
 * more: the whole job ends. The thread also looks every second whether this PE's parent, the
 * launcher's process on its host, still lives: a PE that outlived it ends the job (nothing
 * else would end that PE). Jobs on one host need none of this (one launcher process sees
 * every PE) and get no ring. */
#ifndef MPISHMEM_WATCHDOG_H
#define MPISHMEM_WATCHDOG_H

#include "../base/state.h"

/* Seconds a launcher gets to end the job after a PE ended without shmem_finalize. */
#define MPISHMEM_WATCHDOG_GRACE 2.0
/* Seconds MPI_Abort gets to end this PE before it kills itself (a host cut off from the
 * launcher: MPI_Abort waits for an answer that cannot come). */
#define MPISHMEM_WATCHDOG_ESCALATE 1

/* shmem_init, collective: builds the ring and starts the thread when the job spans hosts and
 * MPISHMEM_PEER_TIMEOUT is not 0 (a warning, and no watchdog, when the ring cannot be built). */
MPISHMEM_INTERNAL void mpishmem_watchdog_start(const char *routine);
/* shmem_finalize, collective, after a barrier: tells both neighbours this PE finalized, stops
 * the thread and closes the connections. */
MPISHMEM_INTERNAL void mpishmem_watchdog_stop(void);

#endif
