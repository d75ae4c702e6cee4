/* The one table of MPI libraries' misbehaviours that mpishmem works around (X-macro; read by
 * mpi_quirks.c, shmem-info and docs/mpi-support.md). Every workaround in the library is
 * guarded by its entry's flag, mpishmem_quirk_on[MPISHMEM_QUIRK_<ID>], which is set at run
 * time from the MPI library actually loaded (MPI_Get_library_version, and for UCX entries
 * whether that MPI runs over UCX): never by the mpi.h the library was compiled with.
 *
 * X(ID, name, library, first version affected, first version fixed (0: none known),
 *   transport it needs (0: any, 1: UCX, 2: libfabric), symptom, reproducer)
 * Versions are MAJOR*10000 + MINOR*100 + PATCH, of the library's own numbering (Intel MPI
 * 2021.18.1 = 20211801 is MPISHMEM_MPI_INTEL's, not MPICH's). Add an entry only with a
 * reproducer that shows the bug on the versions named, and a measurement for the bounds. */
#ifndef MPISHMEM_MPI_QUIRKS_TABLE
#define MPISHMEM_MPI_QUIRKS_TABLE(X)                                                          \
    /* Bounds read in MPICH's ch4/netmod/ucx/ucx_init.c: 3.3 to 4.1.3 close every endpoint and \
     * then enter the PMI barrier; 4.2.0 enters it first (commits d6c7cd5b64, 08d8105b7b:     \
     * "Having the process stuck in PMI_barrier may prevent other processes to complete the   \
     * previous ucp_disconnect_nb"). Measured: 4.0.2 hangs, 5.0.2 does not (0 of 20 runs       \
     * without the remedy). 3.x and 4.1 not measured. */                                       \
    X(UCX_CLOSE_GRACE, "ucx-close-grace", MPISHMEM_MPI_MPICH, 30300, 40200, 1,                 \
      "MPI_Finalize hangs over UCX's TCP transport: endpoint closes wait for peers already "   \
      "blocked in the PMI barrier; closes still pending after 1 s are reported complete",     \
      "tests/mpi_repro/finalize_close.c (4.0.2 without the remedy: 7 hangs in 8 runs at 4 "    \
      "ranks, two cliques; 5.0.2: 0 in 20)")                                                  \
    /* Measured with bench/init_bench.c, 16 PEs on 2 cores: 4.0.2 needs it, 5.0.2 does not    \
     * (the same with and without). 4.1 to 4.3 not measured (kept on, as 4.0); 5.0.0 and 5.0.1 \
     * not measured (taken as 5.0.2). No change in MPICH's progress loop that explains it was  \
     * found by reading; 3.x not measured. */                                                  \
    X(UCX_YIELD_IDLE, "ucx-yield-idle", MPISHMEM_MPI_MPICH, 40000, 50000, 1,                   \
      "blocking calls poll ucp_worker_progress without yielding: with more processes than "   \
      "cores each collective step waits for the scheduler (MPI_Barrier ~100 ms, "             \
      "MPI_Win_create ~600 ms at 16 ranks on 2 cores); idle polls yield when oversubscribed", \
      "bench/init_bench.c (shmem_init 16 PEs, 4.0.2: 3.5-3.9 s without, 0.6-0.7 s with; "     \
      "5.0.2: 0.20-0.34 s either way)")                                                       \
    /* Measured with put_source_reuse (4 ranks, local and all; also over MPI_Win_create'd    \
     * memory): 4.0.2 (Debian, UCX 1.13.1) 15-20% of puts wrong; 5.0.2 (wheel, its own UCX    \
     * 1.20.1) 0 wrong in 12 runs with UCX's shared-memory transports. Whether MPICH or UCX    \
     * fixed it is not known; 4.1 to 5.0.1 not measured, so it stays on below 5.0.2 (a        \
     * correctness workaround). */                                                             \
    X(UCX_NO_SHM_TLS, "ucx-no-shm-tls", MPISHMEM_MPI_MPICH, 40000, 50002, 1,                   \
      "a put between processes of one host read its source after the flush that completed "   \
      "it over UCX's posix/sysv transports; UCX_TLS=^posix,sysv is set before MPI_Init "      \
      "(unless UCX_TLS is set) when node peers reach each other through MPI",                 \
      "tests/mpi_repro/put_source_reuse.c (4.0.2: ~20% of 160,000 puts wrong; 5.0.2: none)")   \
    /* Read: MPICH 1f5232d9e5 (first in 4.3.0) dropped anysource_irecv's check for a netmod   \
     * receive completed from the unexpected queue; 4.2.x still has it; main of 2026-08-20    \
     * still lacks it. Measured: 5.0.2 hangs, 4.0.2 and 5.0.2 over OFI do not. */              \
    X(MPICH_UCX_ANYSRC_RECV, "mpich-ucx-anysrc-recv", MPISHMEM_MPI_MPICH, 40300, 0, 1,        \
      "a receive from MPI_ANY_SOURCE posted after its message arrived over UCX never "        \
      "completes (the data is in the buffer): the active-message and batch servers and "  \
      "the exit notices' drain take their messages with MPI_Improbe + MPI_Mrecv instead",   \
      "tests/mpi_repro/anysrc_unexpected.c irecv (5.0.2, two cliques over TCP: stuck in 10 "  \
      "of 10 runs at 2 and 4 ranks; 4.0.2 and OFI: none)")                                    \
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
    /* Read in Open MPI 5.0.10's opal/mca/common/ucx/common_ucx_wpool.c and osc_ucx: with      \
     * threads enabled each thread's worker closes its endpoints in MPI_Win_free holding the   \
     * pool's lock, so that process's own progress callback does nothing meanwhile; osc/ucx's  \
     * progress callback (the only one progressing the receiving worker) is unregistered with  \
     * a process's last window. Measured on the emulated cluster, 5.0.11, UCX 1.20.1:          \
     * win_free_mt (2 ranks) hangs with no second thread too (1 of 3); the kept window cures   \
     * it (0 of 17), flushes of every rank alone do not (1 of 3). With the progress thread and \
     * the kept window only, batch_stress at 8 PEs hung at shmem_finalize 3 of 3 (6 PEs in     \
     * ucp_ep_destroy inside MPI_Win_free, 2 in its barrier) and signal_order np2/np8 timed    \
     * out; with the flushes too, 5 of 5 and both passed. Then space_alloc hung with the     \
     * thread (both PEs in MPI_Win_flush_all at shmem_finalize), also with a thread that     \
     * never calls MPI (2 of 2): MPI_THREAD_MULTIPLE alone. Read (5.0.10): the receiving      \
     * worker starts in the pool's idle list and serves whichever window takes it first;     \
     * workers of freed windows and ended threads go idle and nothing progresses them, while \
     * the peers' receiving workers keep endpoints to them; a window's flush_all (and, via    \
     * opal_common_ucx_wpmem_flush_ep_nb, MPI_Rget/MPI_Rput completion) is ucp_worker_flush, \
     * which waits on those endpoints too (ss: 25 unread bytes on each idle worker's socket). \
     * So flushes of all ranks go rank by rank and no request-based RMA is made:            \
     * flush_all_churn hung 2 of 2 with MPI_Win_flush_all, 0 of 3 by rank; space_alloc np2   \
     * with the thread 0 of 4 hung (its check of open files fails: a socket is left per      \
     * window cycle). osc/ucx also flushes the whole worker itself after 1000 operations  \
     * in flight (_periodical_flush_nb: soak hung in one MPI_Get of 2048 blocks), so strided \
     * transfers go in pieces of 256 blocks (soak np2 3 of 3, np4 1 of 1, the portable      \
     * cluster set 2 of 2 with the automatic thread). An ending thread's endpoints are      \
     * cleared while another thread's flush may read them (soak crashed 2 of 2): that is     \
     * ompi-ucx-thread-exit's, and the socket left per freed window ompi-ucx-pooled-ep's      \
     * (space_alloc, win_free_fds). Tried:                                                   \
     * OMPI_MCA_osc_ucx_enable_wpool_thread_multiple=0 (osc/ucx's per-thread workers off:    \
     * every window on the default worker, one endpoint per peer) left no socket and cured   \
     * the hangs of win_free_mt and flush_all_churn, but each window keeps a mutex of its own \
     * over that shared SERIALIZED worker (common_ucx_wpool.c, _winfo_create), so threads'   \
     * operations on different windows race: soak.np2 on the cluster segfaulted in           \
     * uct_tcp_ep_am_short under ucp_get_nbi within 0.5 s. Rejected. */                      \
    X(OMPI_UCX_WIN_FREE_MT, "ompi-ucx-win-free-mt", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,        \
      "osc/ucx with MPI_THREAD_MULTIPLE: MPI_Win_free destroys each thread's endpoints, and a " \
      "close can wait for a peer's receiving worker, which a peer past its last window, or "  \
      "closing endpoints itself, does not progress (ranks stay in ucp_ep_destroy); the "      \
      "library at MPI_THREAD_MULTIPLE keeps one window nobody uses until after its last "     \
      "MPI_Win_free, flushes every rank of a window (MPI_Win_flush) before freeing it, "      \
      "flushes all ranks rank by rank instead of MPI_Win_flush_all (which also waits for "    \
      "peers' idle workers), makes no MPI_Rget or MPI_Rput (completed the same way), "       \
      "and splits strided transfers into flushed pieces of 256 blocks",                       \
      "tests/mpi_repro/win_free_mt.c (2 ranks on 2 hosts, MPI_THREAD_MULTIPLE, a probing "     \
      "thread, 2 windows a round: hung in 3 of 3 runs; with the kept window 0 of 8); "        \
      "tests/batch/batch_stress.np8 on the cluster with the progress thread: hung at "        \
      "shmem_finalize 3 of 3 with the kept window alone, 0 of 5 with the flushes too; "      \
      "tests/mpi_repro/flush_all_churn.c flushall (2 ranks on 2 hosts: hung 2 of 2; rank by "  \
      "rank 0 of 3)")                                                                         \
    /* Measured on the emulated cluster only (5.0.11 with its UCX 1.20.1); whether UCX or     \
     * Open MPI is at fault is not known, so the entry is Open MPI's from 5.0 on. */          \
    X(OMPI_UCX_TCP_PUT, "ompi-ucx-tcp-put", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,                \
      "osc/ucx and pml/ucx over UCX's TCP transport: large MPI_Puts mixed with point-to-point " \
      "messages crash in UCX's TCP event handler inside MPI_Win_flush_all (or arrive wrong); " \
      "UCX_TCP_PUT_ENABLE=n (puts over UCX's active messages) is set before MPI_Init unless "  \
      "set",                                                                                   \
      "tests/mpi_repro/put_p2p_mix.c (4 ranks on 2 hosts, 5.0.11: crashed in 2 of 6 runs, 0 " \
      "of 3 with the remedy); examples/isx_sort.np4 on the cluster: crashed 5 of 5, 0 of 4 with it")       \
    X(IMPI_PIN_SHARED_CORES, "impi-pin-shared-cores", MPISHMEM_MPI_INTEL, 20211800, 0, 0,     \
      "the launcher pins every rank to one core; where PEs share cores with other work, a "   \
      "PE pinned to a busy core runs only for its share of the time slices and each wait "    \
      "for it costs milliseconds (2 PEs and one busy process on 2 cores: memory_alloc 104 s " \
      "and >150 s, 5-13 s unpinned; coll_reduce 52-78 s, 7-10 s unpinned); PEs that share "  \
      "cores run on every core of the host's PEs",                                           \
      "tests/mpi_repro/pinned_shared_core.c (round trip 17-30 ms pinned, 0.01-4 ms unpinned)") \
    /* Measured on 5.0.11 only; the variable is the same in 4.x, whose launcher counts slots  \
     * the same way. */                                                                       \
    X(OMPI_YIELD_WHEN_SHARED, "ompi-yield-when-shared", MPISHMEM_MPI_OPENMPI, 40000, 0, 0,      \
      "blocking calls yield when idle only where the launcher counts more ranks than slots; "  \
      "where PEs share cores otherwise (hosts given as many slots as PEs, other work on the "  \
      "cores) they spin and each step of a collective waits for the scheduler; "              \
      "OMPI_MCA_mpi_yield_when_idle=1 is set before MPI_Init (unless set) when the library "   \
      "finds PEs sharing cores",                                                               \
      "tests/coll/coll_sync on the emulated cluster, 5.0.11: 2 hosts x 4 PEs >300 s without, " \
      "9.5 s with; node-aware 2 x 2 PEs 50 s without, 3.8 s with")                          \
    /* Read: MPICH f396a6d368 and 15d62f78c8 (first in 5.0.0) put the posix module's node    \
     * object under a name kept until MPI_Finalize (MPL_initshm_open; MPL_initshm_free ignores \
     * shm_unlink's result). Measured: 5.0.2 leaves it when a job is killed; 4.0.2 unlinks   \
     * its objects at once. */                                                                \
    X(MPICH_NAMED_NODE_SHM, "mpich-named-node-shm", MPISHMEM_MPI_MPICH, 50000, 0, 0,          \
      "each node's shared-memory object keeps its name in /dev/shm (mpich_shm_<world>_<node>) " \
      "until MPI_Finalize: a job that is killed leaves it on every host; the library unlinks " \
      "the name at shmem_init, once every process of the node has mapped the object",         \
      "tests/mpi_repro/node_shm_names.c keep (5.0.2: the name is there while the job runs; "  \
      "4.0.2: none); tests/faults on the emulated cluster, 5.0.2: left in 7 of 7 without")    \
    /* Measured: 5.0.2 over the wheel's libfabric, sockets provider (the one MPICH scores     \
     * highest on a host with TCP only). Whether MPICH or the provider is at fault is not     \
     * known (the wheel is stripped); 4.x over OFI not measured (Debian's 4.0.2 has UCX      \
     * only), so the entry starts at 5.0. Applied only where no RDMA device is present and   \
     * FI_PROVIDER is unset: there MPICH picks sockets (or tcp); on a fabric, tagged messages \
     * are the hardware's and the setting would cost them. */                                \
    X(MPICH_OFI_INIT_ROUND_ROBIN, "mpich-ofi-init-round-robin", MPISHMEM_MPI_MPICH, 50000, 0, \
      2,                                                                                        \
      "MPI_Init over libfabric's sockets provider hangs now and then when a node's ranks are " \
      "not consecutive (every rank polling inside MPI_Init); MPIR_CVAR_CH4_OFI_ENABLE_TAGGED=0 " \
      "(point-to-point messages as active messages) is set before MPI_Init, unless set, on "   \
      "hosts without an RDMA device (/sys/class/infiniband, /sys/class/cxi) where FI_PROVIDER " \
      "is unset",                                                                              \
      "tests/mpi_repro/init_round_robin.c (3 ranks, two cliques round robin, 5.0.2: 21 hangs " \
      "in 72 runs without, 0 in 45 with); the 3-PE twonode tests over OFI: 8 hung in one run " \
      "of the suite without")                                                                \
    /* Read in Open MPI 5.0.x's common_ucx_wpool.c (workers of freed windows and ended       \
     * threads go to an idle list, destroyed only at finalize, and a worker taken again       \
     * creates new endpoints) and UCX 1.20's ucp_ep.c (ucp_ep_destroy leaves an endpoint with \
     * a connection from its peer for the worker's destruction: "TODO negotiate disconnect"). \
     * Measured on the emulated cluster, 5.0.11 with its UCX 1.20.1. */                      \
    X(OMPI_UCX_POOLED_EP, "ompi-ucx-pooled-ep", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,            \
      "osc/ucx with MPI_THREAD_MULTIPLE: each window freed (and each thread ended) leaves "   \
      "its workers' endpoints to every peer, and their TCP connections, open until "          \
      "MPI_Finalize, and the next window on the same worker opens new ones, until the "       \
      "process runs out of file descriptors; the library's ucp_ep_destroy keeps a pooled "   \
      "worker's endpoint and its ucp_ep_create hands it back for the same peer worker",       \
      "tests/mpi_repro/win_free_fds.c (2 ranks on 2 hosts, 10 windows freed: 10 sockets "     \
      "left on each rank without the remedy, none with it); tests/space/space_alloc on the "  \
      "cluster (34 open files before its cycles, 53 after, without it)")                      \
    /* Read in Open MPI 5.0.x's common_ucx_wpool.c (_tlocal_ctx_rec_cleanup frees a thread's  \
     * endpoint array before it takes the thread's record off the window's list, which       \
     * ctx_flush walks reading those arrays; so in 5.0.0, 5.0.9 and main of 2026-11).       \
     * Measured on the emulated cluster, 5.0.11. */                                            \
    X(OMPI_UCX_THREAD_EXIT, "ompi-ucx-thread-exit", MPISHMEM_MPI_OPENMPI, 50000, 0, 1,        \
      "osc/ucx with MPI_THREAD_MULTIPLE: a thread's end frees its endpoints of every window "  \
      "it used while another thread's flush of the same window may read them (segfault in "   \
      "opal_common_ucx_ctx_flush); the library interposes osc/ucx's walks of those records "   \
      "(opal_common_ucx_ctx_flush, _wpmem_fence, _wpctx_release) under a shared lock that "   \
      "an ending thread holds exclusively until its records are gone",                        \
      "tests/mpi_repro/thread_exit_flush.c (2 ranks on 2 hosts, 1000 threads: segfault in 4 " \
      "of 4 runs without the remedy, 0 of 4 with it; 4 ranks, 100 threads: 3 of 3, 0 of 1); " \
      "tests/soak/soak -t 4 at 2 PEs on the cluster (threads on shared windows): 2 of 2 "   \
      "without, passes with; threads_ops.np4 on the cluster: segfault now and then without")  \
    /* Read: MPICH's ch4 ends each poll of its blocking waits with MPID_THREAD_CS_YIELD      \
     * (ch4_impl.h, MPIDIU_PROGRESS_WHILE; since 3.3) on the lock it holds, global or per    \
     * VCI. Measured with the reproducer: the 5.0.2 wheel's libmpi and libmpi_abi yield;      \
     * Debian's 4.0.2 and Intel MPI 2021.18 never. 4.1 to 4.3 not measured, so the    \
     * entry starts at 5.0; where a build does not yield the remedy has nothing to skip.      \
     * With the remedy (ABI build on 5.0.2, 2 PEs on two simulated nodes, progress thread,    \
     * bench/shmem_bench, 11 alternated runs): fetch_add 2357 -> 1885 ns, compare_swap 2131  \
     * -> 1592 ns (1292 and 1175 without the thread). */                                     \
    X(MPICH_MT_POLL_YIELD, "mpich-mt-poll-yield", MPISHMEM_MPI_MPICH, 50000, 0, 0,            \
      "at MPI_THREAD_MULTIPLE every poll of a blocking wait (flushes, MPI_Wait, blocking "    \
      "collectives) releases MPI's lock and calls sched_yield, a system call: 8-byte "         \
      "fetch-and-op or put + flush over shared memory up to 1.7x as long as at "              \
      "MPI_THREAD_SINGLE; inside the library's own blocking calls one such yield in 16 "      \
      "reaches the kernel (all of them where PEs share cores)",                                \
      "tests/mpi_repro/mt_poll_yield.c (sched_yield calls per fetch-and-op + flush, 2 ranks " \
      "on one node: 5.0.2 4.4 at MULTIPLE, 0 at SINGLE; 4.0.2 and Intel MPI 0 at both)")     \
    /* Read: MPIDI_POSIX_do_accumulate (and the other posix atomics) run                     \
     * MPIDIG_RMA_OP_CHECK_SYNC, a lookup in the window's table of targets, before taking the  \
     * window's lock, in 4.0.2 as in main of 2026-08-20; the 5.0.2 wheel's code stores the     \
     * table's first entry before it allocates the table (disassembled). Measured with the     \
     * reproducer (the allocation stretched to 2 ms): 5.0.2 (libmpi, libmpi_abi) segfaults at  \
     * the first round; Debian's 4.0.2 makes the same lookup 200 times without a fault. 4.1 to \
     * 4.3 and 5.0.0-5.0.1 not measured: the bound is 5.0. */                                   \
    X(MPICH_RMA_TARGET_RACE, "mpich-rma-target-race", MPISHMEM_MPI_MPICH, 50000, 0, 0,        \
      "at MPI_THREAD_MULTIPLE an atomic on the rank's own memory looks up the window's table " \
      "of targets without its lock while another thread's first operation to some rank "     \
      "builds it: now and then a segfault in MPI_Accumulate; the library fills every "       \
      "window's table (one MPI_NO_OP fetch-and-op to each rank) before threads share it",    \
      "tests/mpi_repro/target_table_race.c (2 and 4 ranks, 5.0.2: segfault in the first "    \
      "round without the remedy, 0 in 200 rounds with it; 4.0.2: no fault); threads_ops.np2 " \
      "on two simulated nodes, ABI build on 5.0.2: 6 segfaults in 300 runs without, 0 in 300 " \
      "with)")                                                                                 \
    /* Read: Open MPI's ompi/mca/osc/ucx/osc_ucx_component.c, component_query, from 5.0.0 on \
     * (4.1 has no such message): UCX support "none" (no device among opal_common_ucx_devices, \
     * default mlx*) fails the query, which prints the error. Measured on 5.0.11: a plain MPI   \
     * program's MPI_Win_create prints it on this host (no RDMA device). osc/ucx was never     \
     * selectable there, so excluding it changes no choice. */                                 \
    X(OMPI_OSC_UCX_QUERY_NOISE, "ompi-osc-ucx-query-noise", MPISHMEM_MPI_OPENMPI, 50000, 0, 0,  \
      "on a host without RDMA devices every window creation prints Open MPI's complaint "      \
      "\"OSC UCX component priority set inside component query failed\" (osc/ucx refusing "   \
      "the host, harmless); "                                                                  \
      "OMPI_MCA_osc=^ucx is set before MPI_Init there unless OMPI_MCA_osc or a UCX tls or "     \
      "devices variable of Open MPI is set",                                                  \
      "tests/setup/setup_quiet_run (Open MPI 5.0.11: the message 3 times per PE without the "  \
      "remedy; also bench/mpi_rma_bench, plain MPI: once per window)")                       \
    /* Read: Open MPI's opal/mca/btl/sm/btl_sm_component.c, from 5.0.0 on (btl/sm replaced    \
     * vader): the segment is created under its name and unlinked only at finalize (its name   \
     * is also handed to the launcher's clean-up, which a job killed with SIGKILL skipped in    \
     * the measurement). Measured on 5.0.11; 4.x's vader not measured. */                       \
    X(OMPI_NAMED_SM_SEGMENTS, "ompi-named-sm-segments", MPISHMEM_MPI_OPENMPI, 50000, 0, 0,     \
      "btl/sm's segments keep their names (sm_segment.<host>.<uid>.<job>.<rank>, 16 MiB each) " \
      "until MPI_Finalize: a job that is killed leaves them; the library unlinks each name at " \
      "shmem_init once every process of the host maps that segment (btl/sm serves only the "  \
      "processes of one job: none attaches later)",                                           \
      "tests/mpi_repro/node_shm_names.c keep (5.0.11: 4 names per rank at 4 ranks; a plain "   \
      "MPI program killed with kill -9 left its 4 segments)")
#endif
