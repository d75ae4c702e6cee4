/* The one table of MPI libraries' misbehaviours that mpishmem works around (X-macro; read by
 * mpi_quirks.c, shmem-info and docs/mpi-support.md). Every workaround in the library is
 * guarded by its entry's flag, mpishmem_quirk_on[MPISHMEM_QUIRK_<ID>], which is set at run
 * time from the MPI library actually loaded (MPI_Get_library_version, and for UCX entries
 * whether that MPI runs over UCX): never by the mpi.h the library was compiled with.
 *
 * X(ID, name, library, first version affected, first version fixed (0: none known),
 *   needs UCX, symptom, reproducer)
 * Versions are MAJOR*10000 + MINOR*100 + PATCH, of the library's own numbering (Intel MPI
 * 2021.18.1 = 20211801 is MPISHMEM_MPI_INTEL's, not MPICH's). Add an entry only with a
 * reproducer that shows the bug on the versions named, and a measurement for the bounds. */
#ifndef MPISHMEM_MPI_QUIRKS_TABLE
#define MPISHMEM_MPI_QUIRKS_TABLE(X)                                                          \
    X(UCX_CLOSE_GRACE, "ucx-close-grace", MPISHMEM_MPI_MPICH, 40000, 40100, 1,                 \
      "MPI_Finalize hangs over UCX's TCP transport: endpoint closes wait for peers already "   \
      "blocked in the PMI barrier; closes still pending after 1 s are reported complete",     \
      "tests/mpi_repro/finalize_close.c (3 hangs in 8 runs at 4 ranks, two cliques)")          \
    X(UCX_YIELD_IDLE, "ucx-yield-idle", MPISHMEM_MPI_MPICH, 40000, 40100, 1,                   \
      "blocking calls poll ucp_worker_progress without yielding: with more processes than "   \
      "cores each collective step waits for the scheduler (MPI_Barrier ~100 ms, "             \
      "MPI_Win_create ~600 ms at 16 ranks on 2 cores); idle polls yield when oversubscribed", \
      "bench/compare_init.sh (shmem_init 16 PEs: 3.4 s without, 0.5 s with)")                 \
    X(UCX_NO_SHM_TLS, "ucx-no-shm-tls", MPISHMEM_MPI_MPICH, 40000, 40100, 1,                   \
      "a put between processes of one host read its source after the flush that completed "   \
      "it over UCX's posix/sysv transports; UCX_TLS=^posix,sysv is set before MPI_Init "      \
      "(unless UCX_TLS is set) when node peers reach each other through MPI",                 \
      "tests/mpi_repro/put_source_reuse.c (~20% of 160,000 puts wrong)")                       \
    X(OMPI_NO_OSC_RDMA, "ompi-no-osc-rdma", MPISHMEM_MPI_OPENMPI, 40000, 50000, 0,            \
      "osc/rdma crashes in MPI_Compare_and_swap on windows over ordinary memory and at "      \
      "finalize; OMPI_MCA_osc=^rdma is set before MPI_Init unless OMPI_MCA_osc is set",       \
      "tests/amo (compare_swap on globals through MPI, Open MPI 4.1.4)")                      \
    X(OMPI_RDMA_BITWISE_AMO, "ompi-rdma-bitwise-amo", MPISHMEM_MPI_OPENMPI, 50000, 0, 0,      \
      "osc/rdma's BTL atomics (osc_rdma_acc_use_amo, its default) apply 64-bit MPI_BAND, "    \
      "MPI_BOR and MPI_BXOR as old OP old (the word unchanged, or 0), on one node over btl "  \
      "sm and across nodes over btl tcp; unless the osc or osc_rdma_acc_use_amo variables "   \
      "rule that path out, 64-bit and/or/xor through MPI are compare-and-swap loops",         \
      "tests/mpi_repro/fetch_op_check.c create (9 of 36 cases wrong, Open MPI 5.0.11)")     \
    X(OMPI_UCX_ACC_HANG, "ompi-ucx-acc-hang", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,              \
      "osc/ucx over UCX's TCP transport: MPI_Rget_accumulate and MPI_Compare_and_swap on one " \
      "word from several ranks hang inside Open MPI (ompi_osc_ucx_rget_accumulate spinning "  \
      "in ucp_worker_progress); AMOs go as active messages (MPISHMEM_AMO=am) unless "         \
      "MPISHMEM_AMO is set",                                                                  \
      "tests/mpi_repro/acc_contention.c (4 ranks on 2 hosts: hung in 9 of 11 runs, 5.0.11)")   \
    X(OMPI_UCX_WIN_FREE_MT, "ompi-ucx-win-free-mt", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,        \
      "osc/ucx with MPI_THREAD_MULTIPLE: MPI_Win_free closes each thread's endpoints with a "  \
      "flush (ucp_ep_destroy) that waits for peers which have already left MPI_Win_free and " \
      "no longer progress that worker; the automatic progress thread (which needs "           \
      "MPI_THREAD_MULTIPLE) stays off unless MPISHMEM_PROGRESS_THREAD=1 (a trade: a PE "     \
      "computing outside the library then stalls remote updates, tests/progress_conveyor)",   \
      "tests/lock family on the emulated cluster, AMOs as active messages: 8 of 9 runs hung "  \
      "with the progress thread (lock, 2 PEs: in MPI_Win_free at shmem_finalize), 0 of 4 "   \
      "without; no plain-MPI reproducer yet")
#endif
