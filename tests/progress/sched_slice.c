/* Each PE asks Linux's scheduler for a time slice of its own, MPISHMEM_SLICE_US (issue 44,
 * base/sched_slice.h): after shmem_init the calling thread's slice is the one asked for
 * (argument 1, in us; 0: the kernel's own, which is not 100 us), and its nice value is what it
 * was before (the test runs under `nice -n 3`: the call that sets the slice sets the nice value
 * too). Kernels before 6.12 have no slice of a task's own: skipped (77). */
#define _GNU_SOURCE
#include <errno.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

struct attr {
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
};

/* The calling thread's slice as the kernel reports it (ns), 0 where it does not. */
static uint64_t my_slice(void)
{
    struct attr a = {0};
    if (syscall(SYS_sched_getattr, 0, &a, sizeof a, 0) != 0) return 0;
    return a.runtime;
}

static int nice_now(void)
{
    return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

int main(int argc, char **argv)
{
    long want_us = argc > 1 ? atol(argv[1]) : 100;
    struct utsname u;
    int major = 0, minor = 0;
    if (uname(&u) != 0 || sscanf(u.release, "%d.%d", &major, &minor) != 2 ||
        major * 100 + minor < 612) {
        printf("SKIP: kernel %s has no time slice of a task's own\n", u.release);
        return 77;
    }
    int nice_before = nice_now();
    shmem_init();
    int me = shmem_my_pe(), bad = 0;
    uint64_t slice = my_slice();
    int nice_after = nice_now();
    if (want_us > 0 && slice != (uint64_t)want_us * 1000u) {
        printf("FAIL: PE %d: slice %llu ns after shmem_init, expected %ld us\n", me,
               (unsigned long long)slice, want_us);
        bad = 1;
    }
    if (want_us == 0 && slice == 100000u) {
        printf("FAIL: PE %d: slice 100 us with MPISHMEM_SLICE_US=0\n", me);
        bad = 1;
    }
    if (nice_after != nice_before) {
        printf("FAIL: PE %d: nice %d after shmem_init, %d before\n", me, nice_after, nice_before);
        bad = 1;
    }
    shmem_barrier_all();
    if (!bad && me == 0) printf("sched slice ok\n");
    shmem_finalize();
    return bad;
}
