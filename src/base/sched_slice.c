/* mpishmem: the time slice of the library's threads (sched_slice.h). */
#define _GNU_SOURCE
#include "sched_slice.h"

#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int mpishmem_sched_slice_set(long us)
{
#if defined(__linux__) && defined(SYS_sched_setattr)
    /* The kernel's struct sched_attr, first version (48 bytes), which every kernel with the
     * call reads. */
    struct {
        uint32_t size, policy;
        uint64_t flags;
        int32_t nice;
        uint32_t priority;
        uint64_t runtime, deadline, period;
    } attr = {0};
    if (us <= 0 || sched_getscheduler(0) != SCHED_OTHER) return 0;
    /* The call sets the nice value too: keep this thread's. */
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    if (nice == -1 && errno != 0) return 0;
    attr.size = sizeof attr;
    attr.policy = SCHED_OTHER;
    attr.nice = nice;
    attr.runtime = (uint64_t)us * 1000u;
    return syscall(SYS_sched_setattr, 0, &attr, 0) == 0;
#else
    (void)us;
    return 0;
#endif
}
