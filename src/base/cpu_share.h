/* mpishmem: whether other tasks share this PE's core right now, found while waiting.
 *
 * The PEs-per-core count made at shmem_init (mpishmem_g.oversubscribed) misses other jobs on
 * the node: 2 PEs on 2 cores beside 2 busy processes do not outnumber the cores, yet each PE
 * has its core about half the time, and a wait that spins without yielding holds the core for
 * its whole time slice while the PE it waits for sits behind another task (bale-like exchange
 * rounds: phases of 1000 rounds took 3-9 s instead of 50 ms; docs/performance.md,
 * "Contention"). A wait sees the sharing itself: the time between two of its polls jumps from
 * microseconds to a time slice, during which the thread was runnable but another task ran
 * (the run delay the kernel counts for it): a sign of contention for the wait policy
 * (base/wait_policy.h). */
#ifndef MPISHMEM_CPU_SHARE_H
#define MPISHMEM_CPU_SHARE_H

#include <stdint.h>

#include "state.h"

/* Detection on: MPISHMEM_OVERSUBSCRIBED=-1 (set at shmem_init; with 1 waits always yield, with
 * 0 the detection is off). */
extern MPISHMEM_INTERNAL int mpishmem_shared_detect;

/* The look itself, by a wait at time `now` (one comparison when this thread's previous look was
 * recent; after a pause it reads the kernel's count of this thread's run delay): whether the
 * thread was kept off its core since its previous look. The wait policy
 * (base/wait_policy.h) takes that as a sign of contention. */
MPISHMEM_INTERNAL int mpishmem_core_kept_off(uint64_t now);

/* A poll that comes this long after the previous one of this thread may have been kept off the
 * core (a poll takes microseconds; a time slice is a millisecond or more, up to a 4 ms tick):
 * the look then reads the kernel's count. */
#define MPISHMEM_CORE_LOOK_GAP_NS 250000ull

/* Whether tasks other than this host's PEs want the CPUs now: the kernel's count of runnable
 * tasks (the fourth field of /proc/loadavg, "running/total", the calling thread included) is
 * above the number of PEs MPI puts on this host. Where PEs alone share the cores, a yield that
 * lost the core for long let a peer PE compute, which is what the yield was for; where other
 * tasks run, yields hand them whole slices. The count is the whole machine's: on a large host
 * jobs on other cores count too, which is why the caller asks only after its yields lost the
 * core. Unknown (no such file): yes. A system call and a parse: not for every poll. */
MPISHMEM_INTERNAL int mpishmem_others_running(void);

/* The machine's runnable tasks now (that field of /proc/loadavg; -1: unknown), and its online
 * CPUs (counted once). */
MPISHMEM_INTERNAL int mpishmem_runnable_tasks(void);
MPISHMEM_INTERNAL int mpishmem_machine_cpus(void);

#endif
