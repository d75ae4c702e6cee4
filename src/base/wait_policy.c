/* mpishmem: when a wait gives its core away (wait_policy.h). */
#define _POSIX_C_SOURCE 200809L /* clock.h */
#include "wait_policy.h"

#include "clock.h"
#include "cpu_share.h"
#include "env.h"

int mpishmem_contended;
static uint64_t contended_until; /* relaxed atomic, every thread */
/* The usual time of a remote operation per kind of peer (ns, 0: none seen yet): relaxed,
 * threads racing only lose a lesson. */
static uint64_t usual_ns[3];

void mpishmem_contention_seen(uint64_t now)
{
    __atomic_store_n(&contended_until, now + MPISHMEM_CONTENDED_HOLD_NS, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED))
        __atomic_store_n(&mpishmem_contended, 1, __ATOMIC_RELAXED);
}

/* Whether contention counts as seen at `now`; ends it once its hold has passed. */
static int contended_at(uint64_t now)
{
    if (!__atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED)) return 0;
    if (now < __atomic_load_n(&contended_until, __ATOMIC_RELAXED)) return 1;
    __atomic_store_n(&mpishmem_contended, 0, __ATOMIC_RELAXED);
    return 0;
}

static uint64_t budget(enum mpishmem_wait_kind kind, int contended)
{
    uint64_t spin = (uint64_t)mpishmem_env.spin_us * 1000u;
    uint64_t usual = kind == MPISHMEM_WAIT_OTHER
                         ? 0
                         : __atomic_load_n(&usual_ns[kind], __ATOMIC_RELAXED);
    /* While contention is seen, the shortest spin whatever the operation: the PE this one waits
     * for may need the core now, and a spin of one usual operation time held it for that long
     * (emulated cluster, 2 hosts x 2 PEs sharing the cores, fine-grained blocking operations:
     * Debian's MPICH fetch_add 120 -> 81 us, g 101 -> 70 us; Open MPI 5 108 -> 68 us). */
    if (contended) return MPISHMEM_WAIT_CONTENDED_NS;
    if (usual == 0) return spin; /* not learnt yet, or no operation */
    uint64_t b = MPISHMEM_WAIT_OP_FACTOR * usual;
    return b > MPISHMEM_WAIT_CONTENDED_NS ? b : MPISHMEM_WAIT_CONTENDED_NS;
}

struct mpishmem_wait mpishmem_wait_op_begin(enum mpishmem_wait_kind kind)
{
    struct mpishmem_wait w = MPISHMEM_WAIT_INIT;
    w.kind = (unsigned char)kind;
    if (kind != MPISHMEM_WAIT_OTHER) w.since = mpishmem_clock_ns();
    return w;
}

uint64_t mpishmem_wait_budget_ns(enum mpishmem_wait_kind kind)
{
    return budget(kind, contended_at(mpishmem_clock_ns()));
}

/* The kernel kept this thread off its core while it waited: contention, and a core lost for
 * long, as a yield that handed another task its slice is. */
static void kept_off(uint64_t now)
{
    mpishmem_contention_seen(now);
    mpishmem_wait_core_lost(now);
}

void mpishmem_wait_look(uint64_t now)
{
    if (mpishmem_shared_detect && mpishmem_core_kept_off(now)) kept_off(now);
}

int mpishmem_wait_check(struct mpishmem_wait *w)
{
    uint64_t now = mpishmem_clock_ns();
    mpishmem_wait_look(now);
    if (w->since == 0) {
        w->since = now;
        return 0;
    }
    if (now - w->since < budget((enum mpishmem_wait_kind)w->kind, contended_at(now))) return 0;
    w->yielding = 1;
    w->shift = 0;
    return 1;
}


/* Learns an operation's time: quick to follow a faster one, slow to follow a slower one, so
 * that the usual time stays near the quick end of what is seen. */
static void learn(enum mpishmem_wait_kind kind, uint64_t ns)
{
    uint64_t u = __atomic_load_n(&usual_ns[kind], __ATOMIC_RELAXED);
    if (u == 0) u = ns;
    else if (ns < u) u -= (u - ns) / 4;
    else u += (ns - u) / 32;
    __atomic_store_n(&usual_ns[kind], u, __ATOMIC_RELAXED);
}

/* The share of slow operations among the recent ones, in 256ths (relaxed; threads racing only
 * lose a lesson): each slow operation moves it a sixteenth of the way to 256, each of usual
 * speed a sixteenth of the way to 0, a very slow one (MPISHMEM_WAIT_SLOW_NS) counts twice.
 * Contention is seen while it is at least SLOW_ENTER, or SLOW_STAY once seen: a slow
 * operation now and then in a stream of usual ones is a network's tail (over TCP on the
 * emulated cluster, 2 hosts x 1 PE, single operations of 4x the usual time came every few
 * hundred; taking each as a sign kept that job in contention mode, where a compare-and-swap
 * costs two round trips: 1.5x its time), while where PEs wait for cores most operations are
 * slow (and in the library's yielding loop still a good part of them). */
#define SLOW_ENTER 64u
#define SLOW_STAY 32u
static unsigned slow_share;

/* An operation of `kind` took `ns`: slow when it took several times its usual time, or longer
 * than MPISHMEM_WAIT_SLOW_NS whatever the usual (where contention reigns from the start the
 * first operations teach nothing); else a lesson of the usual time. */
static void op_took(enum mpishmem_wait_kind kind, uint64_t ns, uint64_t now)
{
    /* An operation that spanned a gap may have waited for this thread's own core: the kernel
     * says (base/cpu_share.h). Where contention reigns from the start this is what finds it:
     * the first operations teach a usual time of their contended speed. */
    if (ns >= MPISHMEM_CORE_LOOK_GAP_NS && mpishmem_shared_detect && mpishmem_core_kept_off(now)) {
        kept_off(now);
        return;
    }
    uint64_t usual = __atomic_load_n(&usual_ns[kind], __ATOMIC_RELAXED);
    unsigned f = __atomic_load_n(&slow_share, __ATOMIC_RELAXED);
    if (ns >= MPISHMEM_WAIT_SLOW_NS || (usual != 0 && ns >= budget(kind, 0))) {
        for (int i = ns >= MPISHMEM_WAIT_SLOW_NS ? 2 : 1; i > 0; i--) f += (256 - f + 15) / 16;
        __atomic_store_n(&slow_share, f, __ATOMIC_RELAXED);
        if (f >= (__atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED) ? SLOW_STAY : SLOW_ENTER))
            mpishmem_contention_seen(now);
    } else {
        learn(kind, ns);
        __atomic_store_n(&slow_share, f - (f + 15) / 16, __ATOMIC_RELAXED);
    }
}

void mpishmem_wait_op_done(const struct mpishmem_wait *w)
{
    if (w->kind == MPISHMEM_WAIT_OTHER || w->since == 0) return;
    uint64_t now = mpishmem_clock_ns();
    op_took((enum mpishmem_wait_kind)w->kind, now - w->since, now);
}

void mpishmem_wait_op_timed(enum mpishmem_wait_kind kind, uint64_t ns)
{
    op_took(kind, ns, mpishmem_clock_ns());
}

int mpishmem_wait_sleeping;
/* relaxed atomics, every thread; no_sleep_until: no stretch starts before (sleeps cost) */
static uint64_t sleep_until, last_lost, no_sleep_until;

/* Starts (or prolongs) a sleeping stretch at `now`, unless sleeps cost too much lately. */
static void sleep_stretch(uint64_t now)
{
    if (now < __atomic_load_n(&no_sleep_until, __ATOMIC_RELAXED)) return;
    __atomic_store_n(&sleep_until, now + MPISHMEM_WAIT_SLEEP_HOLD_NS, __ATOMIC_RELAXED);
    __atomic_store_n(&mpishmem_wait_sleeping, 1, __ATOMIC_RELAXED);
}

void mpishmem_wait_sleep_costly(uint64_t now)
{
    __atomic_store_n(&no_sleep_until, now + MPISHMEM_WAIT_SLEEP_HOLD_NS, __ATOMIC_RELAXED);
    __atomic_store_n(&sleep_until, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&mpishmem_wait_sleeping, 0, __ATOMIC_RELAXED);
}

void mpishmem_wait_core_lost(uint64_t now)
{
    uint64_t prev = __atomic_load_n(&last_lost, __ATOMIC_RELAXED);
    __atomic_store_n(&last_lost, now, __ATOMIC_RELAXED);
    if (prev == 0 || now - prev > MPISHMEM_WAIT_LOST_SPACING_NS || !mpishmem_others_running())
        return;
    sleep_stretch(now);
}

void mpishmem_wait_crowd_look(uint64_t now)
{
    static uint64_t last_look; /* relaxed atomic, every thread */
    uint64_t prev = __atomic_load_n(&last_look, __ATOMIC_RELAXED);
    if (now - prev < MPISHMEM_WAIT_CROWD_LOOK_NS) return;
    __atomic_store_n(&last_look, now, __ATOMIC_RELAXED);
    /* the count includes this thread, which is running */
    if (mpishmem_runnable_tasks() < MPISHMEM_WAIT_SLEEP_PES_PER_CORE * mpishmem_machine_cpus())
        return;
    sleep_stretch(now);
}

int mpishmem_wait_sleeping_now(void)
{
    if (mpishmem_clock_ns() < __atomic_load_n(&sleep_until, __ATOMIC_RELAXED)) return 1;
    __atomic_store_n(&mpishmem_wait_sleeping, 0, __ATOMIC_RELAXED);
    return 0;
}
