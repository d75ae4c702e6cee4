/* Remedy of quirk OMPI_UCX_THREAD_EXIT (mpi_quirks_table.h): a thread's end racing another
 * thread's flush of the same window in Open MPI 5's osc/ucx.
 *
 * At MPI_THREAD_MULTIPLE osc/ucx keeps, per window, a list of records, one per thread that
 * used it, each holding that thread's UCX worker and its array of endpoints. When a thread
 * ends, a thread-specific-data destructor destroys the thread's endpoints and frees the array
 * (common_ucx_wpool.c, _tlocal_ctx_rec_cleanup -> _wpool_put_winfo) and only then takes the
 * record off the list, under the list's lock; a flush by another thread
 * (opal_common_ucx_ctx_flush: MPI_Win_flush and every osc/ucx call that flushes) walks the
 * list under that lock and reads each record's array. So a thread that ends while another
 * flushes a window it used can make the flush read freed memory: threads_ops at 4 PEs on the
 * emulated cluster segfaulted in opal_common_ucx_ctx_flush now and then, and
 * tests/mpi_repro/thread_exit_flush.c does too.
 *
 * The library interposes the three osc/ucx entry points that walk the lists (libmpi calls them
 * in libopen-pal through the dynamic linker): opal_common_ucx_ctx_flush,
 * opal_common_ucx_wpmem_fence and opal_common_ucx_wpctx_release (MPI_Win_free) each hold a
 * lock shared among them. A thread that has connected through osc/ucx (its first
 * ucp_ep_create, ompi_ucx_pooled_ep.c) gets a thread-exit handler (glibc's
 * __cxa_thread_atexit_impl, which C++'s thread_local destructors use: these run before any
 * thread-specific-data destructor), which takes the lock exclusively, so the thread's end waits
 * for flushes in progress and holds new ones off; a destructor of its own, re-armed once,
 * gives the lock back in the second round of destructors, when every destructor of the first
 * (osc/ucx's among them) has run. A thread that ends through exit() runs the handler but no
 * destructor: it keeps the lock, and its own later calls (the library's exit handler frees
 * windows) pass, while other threads' flushes wait for the process's end. The main thread gets
 * no handler (its end is the process's). Switched on only where the quirk applies; elsewhere
 * the interposed calls pass straight through. */
#define _GNU_SOURCE
#include <mpi.h>

#include "mpi_quirks.h"
#include "ucx_interposer_next.h"
#include "ucx_interposers.h"
#include "ompi_ucx_thread_exit.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Named by runtime.c, so that a static link takes this object (ucx_interposers.h). */
__attribute__((visibility("hidden"))) const char mpishmem_interposer_ompi_thread_exit = 1;

/* glibc's registration of a thread_local destructor (weak: with another C library no thread
 * gets the handler), and this object's handle for it. */
extern int __cxa_thread_atexit_impl(void (*dtor)(void *), void *obj, void *dso_symbol)
    __attribute__((weak));
extern void *__dso_handle __attribute__((visibility("hidden")));

/* Readers: the walks of osc/ucx's lists; writers: threads ending. glibc's default rwlock lets
 * a reader in while a writer waits (only a writer holding it keeps readers out), so nested
 * walks cannot deadlock. */
static pthread_rwlock_t walk_lock = PTHREAD_RWLOCK_INITIALIZER;
static _Thread_local int holds_exclusive; /* this thread is ending with the lock */
static _Thread_local int handler_set;
static pthread_key_t release_key;
static pthread_once_t release_once = PTHREAD_ONCE_INIT;
static int release_key_made;

static int guard_on(void)
{
    mpishmem_mpi_quirks_detect();
    return mpishmem_quirk_on[MPISHMEM_QUIRK_OMPI_UCX_THREAD_EXIT];
}

/* Thread-specific-data destructor: called with 1 in the first round (re-armed with 2, so that
 * it runs again after every other destructor of that round), with 2 in the second. */
static void release_at_end(void *v)
{
    if (v == (void *)1 && pthread_setspecific(release_key, (void *)2) == 0) return;
    holds_exclusive = 0;
    pthread_rwlock_unlock(&walk_lock);
}

static void make_release_key(void)
{
    release_key_made = pthread_key_create(&release_key, release_at_end) == 0;
}

/* The thread-exit handler: before the thread-specific-data destructors run. */
static void exclusive_at_end(void *unused)
{
    (void)unused;
    pthread_rwlock_wrlock(&walk_lock);
    holds_exclusive = 1;
    if (pthread_setspecific(release_key, (void *)1) != 0) {
        holds_exclusive = 0;
        pthread_rwlock_unlock(&walk_lock);
    }
}

void mpishmem_ompi_thread_exit_watch(void)
{
    if (handler_set) return;
    handler_set = 1;
    if (!guard_on() || !__cxa_thread_atexit_impl) return;
    if (syscall(SYS_gettid) == getpid()) return; /* the main thread */
    pthread_once(&release_once, make_release_key);
    if (release_key_made) __cxa_thread_atexit_impl(exclusive_at_end, NULL, &__dso_handle);
}

/* Takes the lock shared. While a thread ends holding it, this thread progresses Open MPI
 * (opal_progress, as osc/ucx's own waits do): the ending thread flushes its UCX worker, and
 * the peers' ending threads theirs, which needs this process's receiving worker progressed;
 * the threads waiting here may be all that would (the library's progress thread keeps out
 * while program threads are inside a flush). A blocking wait here hung threads_ops on the
 * cluster. */
static void take_shared(void)
{
    static int (*progress)(void);
    static int looked;
    while (pthread_rwlock_tryrdlock(&walk_lock) != 0) {
        if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
            progress = (int (*)(void))dlsym(RTLD_DEFAULT, "opal_progress");
            __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
        }
        if (progress) progress();
        sched_yield();
    }
}

/* Runs CALL holding the lock shared, where the quirk applies and this thread is not ending
 * with it. */
#define WALK(CALL)                                                                         \
    do {                                                                                   \
        int shared_ = !holds_exclusive && guard_on();                                      \
        if (shared_) take_shared();                                                        \
        CALL;                                                                              \
        if (shared_) pthread_rwlock_unlock(&walk_lock);                                    \
    } while (0)

__attribute__((visibility("default"))) int opal_common_ucx_ctx_flush(void *ctx, int scope,
                                                                     int target)
{
    static int (*real)(void *, int, int);
    if (!real)
        real = (int (*)(void *, int, int))mpishmem_interposed_next("opal_common_ucx_ctx_flush");
    int rc;
    WALK(rc = real(ctx, scope, target));
    return rc;
}

__attribute__((visibility("default"))) int opal_common_ucx_wpmem_fence(void *mem)
{
    static int (*real)(void *);
    if (!real) real = (int (*)(void *))mpishmem_interposed_next("opal_common_ucx_wpmem_fence");
    int rc;
    WALK(rc = real(mem));
    return rc;
}

__attribute__((visibility("default"))) void opal_common_ucx_wpctx_release(void *ctx)
{
    static void (*real)(void *);
    if (!real) real = (void (*)(void *))mpishmem_interposed_next("opal_common_ucx_wpctx_release");
    WALK(real(ctx));
}
