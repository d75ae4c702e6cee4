/* mpishmem: the time slice that the library's threads ask of the kernel's scheduler.
 *
 * Linux's scheduler (EEVDF, 6.6 and later) lets a task that wakes up take the core from the task
 * running there only when the woken one's deadline comes first; a task that runs without
 * sleeping (a CPU hog, another job) otherwise keeps the core until its slice ends, which the
 * kernel checks at its timer tick (4 ms at HZ=250). A PE whose wait sleeps until a peer rings
 * it (the node's collectives, coll/coll_wait.h) then wakes at once but runs a tick later. Since
 * 6.12 a task may ask for a slice of its own (sched_setattr's sched_runtime, 0.1 to 100 ms,
 * unprivileged): with a slice shorter than the other task's, a woken PE preempts it (4 PEs
 * beside two CPU hogs pinned one per CPU, all in one scheduling group, 1000 shmem_barrier_all:
 * 2.6-2.7 s with the kernel's 1.4 ms slice, 0.18-0.24 s with 100 us, on Open MPI 5 and on
 * MPICH; Open MPI's launcher starts PEs in its caller's session, so with autogroups the hogs
 * started beside it share their group: docs/performance.md, "How waits give the core away").
 * A slice is a latency, not a share: the PE's share of a shared core does not change. */
#ifndef MPISHMEM_SCHED_SLICE_H
#define MPISHMEM_SCHED_SLICE_H

#include "state.h"

/* Asks for a slice of `us` microseconds for the calling thread (MPISHMEM_SLICE_US; 0: leaves
 * the kernel's) where the thread runs under the normal policy (a program's choice of another,
 * batch, idle or real time, stays) and the kernel has the call. Returns 1 if the kernel took
 * it (older kernels accept the call and ignore the slice), 0 if not asked or refused. */
MPISHMEM_INTERNAL int mpishmem_sched_slice_set(long us);

#endif
