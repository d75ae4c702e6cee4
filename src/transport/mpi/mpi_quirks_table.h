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
      "tests/amo (compare_swap on globals through MPI, Open MPI 4.1.4)")                     \
    X(IMPI_PIN_SHARED_CORES, "impi-pin-shared-cores", MPISHMEM_MPI_INTEL, 20211800, 0, 0,     \
      "the launcher pins every rank to one core; where PEs share cores with other work, a "   \
      "PE pinned to a busy core runs only for its share of the time slices and each wait "    \
      "for it costs milliseconds (2 PEs and one busy process on 2 cores: memory_alloc 104 s " \
      "and >150 s, 5-13 s unpinned; coll_reduce 52-78 s, 7-10 s unpinned); PEs that share "  \
      "cores run on every core of the host's PEs",                                           \
      "tests/mpi_repro/pinned_shared_core.c (round trip 17-30 ms pinned, 0.01-4 ms unpinned)")
#endif
