/* mpishmem: finding other tasks on this PE's core while waiting (cpu_share.h). */
#define _GNU_SOURCE
#include "cpu_share.h"
#include "clock.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define GAP_NS MPISHMEM_CORE_LOOK_GAP_NS
int mpishmem_shared_detect;
static _Thread_local uint64_t poll_last_ns;
/* This thread's last look after a gap: when, and its run delay then. */
static _Thread_local struct {
    uint64_t at, delay;
    int primed;
} look;

/* The time this thread has spent runnable but not running (another task had its core), in ns:
 * the second field of /proc/thread-self/schedstat. Where that file is missing, each involuntary
 * context switch counts as one gap's worth. */
static uint64_t run_delay_ns(void)
{
    char buf[96];
    int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n > 0) {
            buf[n] = 0;
            char *p = strchr(buf, ' ');
            if (p) return strtoull(p + 1, NULL, 10);
        }
    }
    struct rusage u;
#ifdef RUSAGE_THREAD
    getrusage(RUSAGE_THREAD, &u);
#else
    getrusage(RUSAGE_SELF, &u);
#endif
    return (uint64_t)u.ru_nivcsw * GAP_NS;
}

/* After a gap: whether the thread was kept off the core meanwhile. Runnable but waiting for an
 * eighth of the time since the last look, and for at least half a gap: other tasks share the
 * core (a kernel thread that runs for a moment now and then, over a long time since the last
 * look, does not count). */
static int after_gap(uint64_t now)
{
    uint64_t delay = run_delay_ns();
    uint64_t waited = delay - look.delay, span = now - look.at;
    int primed = look.primed;
    look.at = now;
    look.delay = delay;
    look.primed = 1;
    return primed && waited >= span / 8 && waited >= GAP_NS / 2;
}

int mpishmem_core_kept_off(uint64_t now)
{
    uint64_t gap = now - poll_last_ns;
    poll_last_ns = now;
    return MPISHMEM_UNLIKELY(gap > GAP_NS) && after_gap(now);
}

int mpishmem_runnable_tasks(void)
{
    char buf[128];
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t len = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (len <= 0) return -1;
    buf[len] = 0;
    const char *p = buf;
    for (int field = 0; field < 3 && p; field++) {
        p = strchr(p, ' ');
        if (p) p++;
    }
    return p == NULL ? -1 : atoi(p);
}

int mpishmem_machine_cpus(void)
{
    static int cpus; /* counted once; threads racing count the same (relaxed) */
    int n = __atomic_load_n(&cpus, __ATOMIC_RELAXED);
    if (n == 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        n = c > 0 ? (int)c : 1;
        __atomic_store_n(&cpus, n, __ATOMIC_RELAXED);
    }
    return n;
}

int mpishmem_others_running(void)
{
    int n = mpishmem_runnable_tasks();
    return n < 0 || n > mpishmem_g.machine_threads;
}
