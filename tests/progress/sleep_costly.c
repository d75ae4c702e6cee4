/* The node's collective waits stop sleeping where a sleep's fence is slow (issue 44,
 * base/wait_policy.h, mpishmem_wait_sleep_costly): on a virtual machine whose hypervisor runs
 * other guests on the cores, the membarrier of each sleep waits for vCPUs that do not run, and
 * the sleeps cost more than the lost yields they save. The wait policy's state, driven through
 * its entry points with the clock's own times:
 *   1. two losses of the core 1 ms apart, while other tasks want the CPUs, start a sleeping
 *      stretch;
 *   2. a slow fence ends it at once;
 *   3. for MPISHMEM_WAIT_SLEEP_HOLD_NS after it, losses start none;
 *   4. after that they start one again.
 * Run beside CPU hogs (tests/progress/with_cpu_hog.sh), the tasks that make losses count.
 * Linked with the static library, whose internal functions it calls. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>

#include "base/clock.h"
#include "base/cpu_share.h"
#include "base/wait_policy.h"

static int check(int step, const char *what, int got, int want)
{
    if (got == want) return 0;
    printf("FAIL: step %d: %s: sleeping %d, expected %d\n", step, what, got, want);
    return 1;
}

/* Whether the waits sleep now, as mpishmem_wait_sleeps asks for a wait past its spin. */
static int sleeping(void)
{
    return __atomic_load_n(&mpishmem_wait_sleeping, __ATOMIC_RELAXED) &&
           mpishmem_wait_sleeping_now();
}

int main(void)
{
    shmem_init();
    int bad = 0;
    if (!mpishmem_others_running()) {
        /* the hogs did not start, or the machine counts no runnable task: nothing to drive */
        printf("FAIL: no other runnable task seen (run beside CPU hogs)\n");
        shmem_finalize();
        return 1;
    }
    uint64_t now = mpishmem_clock_ns();
    mpishmem_wait_core_lost(now);
    mpishmem_wait_core_lost(now + 1000000);
    bad |= check(1, "two losses of the core 1 ms apart", sleeping(), 1);

    now = mpishmem_clock_ns();
    mpishmem_wait_sleep_costly(now);
    bad |= check(2, "after a slow fence", sleeping(), 0);

    mpishmem_wait_core_lost(now + 1000000);
    mpishmem_wait_core_lost(now + 2000000);
    bad |= check(3, "losses within the hold", sleeping(), 0);

    uint64_t later = now + MPISHMEM_WAIT_SLEEP_HOLD_NS + 1000000;
    mpishmem_wait_core_lost(later);
    mpishmem_wait_core_lost(later + 1000000);
    /* the stretch runs from `later` (ahead of the clock) for the hold: on now */
    bad |= check(4, "losses after the hold", sleeping(), 1);

    if (!bad) printf("sleep costly ok\n");
    shmem_finalize();
    return bad;
}
