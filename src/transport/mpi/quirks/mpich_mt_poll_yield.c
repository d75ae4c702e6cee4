/* MPICH 5 at MPI_THREAD_MULTIPLE gives the core away at every poll of its blocking waits.
 *
 * MPICH 5 (the wheel's 5.0.2, its standard-ABI libmpi_abi too) runs
 * every blocking wait (MPI_Win_flush and MPI_Win_flush_local, MPI_Wait, blocking collectives)
 * as a loop of progress polls, and at MPI_THREAD_MULTIPLE ends each poll by releasing its lock,
 * calling sched_yield and taking the lock again (MPID_THREAD_CS_YIELD in ch4's
 * MPIDIU_PROGRESS_WHILE), so that another thread waiting for the lock may get it. sched_yield is
 * a system call (0.2-0.3 us on the machines here): an 8-byte fetch-and-op or put + flush
 * between two processes of one host took up to 1.7x as long as at MPI_THREAD_SINGLE
 * (bench/mpi_rma_bench -t; the same at SINGLE speed with the yields made no-ops), and the
 * library runs at MULTIPLE whenever its progress thread is on.
 *
 * The library interposes sched_yield (MPICH calls it through the dynamic linker, and
 * libmpishmem comes before libc in the lookup order) and, inside its own blocking MPI calls
 * (MPISHMEM_BLOCKING and the blocking collectives: mpishmem_mpi_blocking_depth), passes only
 * one call in 16 on to the C library: the progress thread keeps out of MPI meanwhile anyway
 * (mpi_progress.h), and another of the program's threads waiting for MPI's lock still gets a
 * yield to take it every 16 polls. Where PEs share cores (mpishmem_g.oversubscribed, or the
 * wait policy counts contention as seen: base/wait_policy.h) every call is passed on
 * (the yield then lets the PE being waited for run), as is every call from anywhere else (the
 * program's, the library's own waits'). Only where the quirk table's entry
 * mpich-mt-poll-yield applies and MPI runs at MPI_THREAD_MULTIPLE; elsewhere the call passes
 * straight through. */
#define _GNU_SOURCE
#include "mpich_mt_poll_yield.h"

#include <mpi.h>
#include <sched.h>

#include "../../../base/wait_policy.h"
#include "../../../base/state.h"
#include "../mpi_progress.h"
#include "mpi_quirks.h"
#include "ucx_interposer_next.h"

static int skip; /* set once MPI's level is known, read by every thread: relaxed atomics */
static unsigned long n_skipped, n_passed_nth, n_passed_blocking, n_passed_other;

static void count(unsigned long *n)
{
    __atomic_store_n(n, __atomic_load_n(n, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

static int (*real_yield)(void);

/* Found when the library is loaded: the first call may come from any thread, at any time. */
__attribute__((constructor)) static void find_real_yield(void)
{
    real_yield = (int (*)(void))mpishmem_interposed_next("sched_yield");
}

__attribute__((visibility("default"))) int sched_yield(void)
{
    static _Thread_local unsigned polls;
    if (mpishmem_mpi_blocking_depth > 0) {
        if (__atomic_load_n(&skip, __ATOMIC_RELAXED) && !mpishmem_g.oversubscribed &&
            !__atomic_load_n(&mpishmem_contended, __ATOMIC_RELAXED)) {
            if ((++polls & 15) != 0) {
                count(&n_skipped);
                return 0;
            }
            count(&n_passed_nth);
        } else {
            count(&n_passed_blocking);
        }
    } else {
        count(&n_passed_other);
    }
    if (MPISHMEM_UNLIKELY(!real_yield)) find_real_yield(); /* called before constructors ran */
    return real_yield();
}

void mpishmem_mpi_blocking_yields_set(int mpi_level)
{
    mpishmem_mpi_quirks_detect();
    int on = mpi_level == MPI_THREAD_MULTIPLE &&
             mpishmem_quirk_on[MPISHMEM_QUIRK_MPICH_MT_POLL_YIELD];
    __atomic_store_n(&skip, on, __ATOMIC_RELAXED);
}

void mpishmem_mpi_blocking_yield_counts(struct mpishmem_yield_counts *out)
{
    out->on = __atomic_load_n(&skip, __ATOMIC_RELAXED);
    out->skipped = __atomic_load_n(&n_skipped, __ATOMIC_RELAXED);
    out->passed_nth = __atomic_load_n(&n_passed_nth, __ATOMIC_RELAXED);
    out->passed_blocking = __atomic_load_n(&n_passed_blocking, __ATOMIC_RELAXED);
    out->passed_other = __atomic_load_n(&n_passed_other, __ATOMIC_RELAXED);
}
