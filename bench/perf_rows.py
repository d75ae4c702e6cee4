"""Names and meanings of the benchmark rows, shared by bench/report.py (table legends) and
bench/plot.py (plot labels). Key: (op, target) as the benchmarks print them; value: (label,
what is timed). Every program prints `<op> <target> <bytes> <value> [unit]`."""

ROWS = {
    # bench/shmem_bench.c (target "heap": PE 1's symmetric heap; "static": a global array)
    ("quiet_idle", "-"): ("idle `shmem_quiet`",
                          "a quiet with nothing outstanding (raw MPI: `MPI_Win_flush_all`)"),
    ("p", "heap"): ("`shmem_long_p`",
                    "8-byte put; returns when the source may be reused, not when delivered "
                    "(raw MPI: `MPI_Put` + `MPI_Win_flush_local`)"),
    ("g", "heap"): ("`shmem_long_g`", "8-byte get (raw MPI: `MPI_Get` + `MPI_Win_flush_local`)"),
    ("put", "heap"): ("`shmem_putmem`", "blocking put (raw MPI: `MPI_Put` + `MPI_Win_flush_local`)"),
    ("put+quiet", "heap"): ("`shmem_putmem` + `shmem_quiet`",
                            "put, then wait until it is delivered (raw MPI: `MPI_Put` + "
                            "`MPI_Win_flush_all`)"),
    ("get", "heap"): ("`shmem_getmem`", "get (raw MPI: `MPI_Get` + `MPI_Win_flush_local`)"),
    ("put_nbi_rate", "heap"): ("`shmem_putmem_nbi` stream",
                               "time per 8-byte non-blocking put in a stream closed by one quiet "
                               "(raw MPI: `MPI_Put`s, one `MPI_Win_flush_all`)"),
    ("p", "static"): ("`shmem_long_p` to a global", "the same put to a global (static) variable"),
    ("put", "static"): ("`shmem_putmem` to a global", "the same put to a global (static) array"),
    ("memcpy", "-"): ("`memcpy` (reference)", "a local `memcpy` of the same size"),
    ("fetch_add", "heap"): ("`fetch_add` (shmem_bench)", "as the next row, measured by shmem_bench"),
    ("compare_swap", "heap"): ("`compare_swap` (shmem_bench)", "measured by shmem_bench"),
    # bench/shmem_amo_bench.c ("other": PE 1's heap word, "self": one's own, "static": a global)
    ("fetch_add", "other"): ("`atomic_fetch_add`",
                             "`shmem_long_atomic_fetch_add` on the other PE's word, result "
                             "returned (raw MPI: `MPI_Fetch_and_op` + `MPI_Win_flush`)"),
    ("compare_swap", "other"): ("`atomic_compare_swap`",
                                "`shmem_long_atomic_compare_swap` that succeeds (raw MPI: "
                                "`MPI_Compare_and_swap` + `MPI_Win_flush`)"),
    ("fetch", "other"): ("`atomic_fetch`", "`shmem_long_atomic_fetch` (raw MPI: "
                         "`MPI_Fetch_and_op(MPI_NO_OP)` + `MPI_Win_flush`)"),
    ("set+quiet", "other"): ("`atomic_set` + quiet", "`shmem_long_atomic_set` then `shmem_quiet` "
                             "(raw MPI: `MPI_Accumulate(MPI_REPLACE)` + `MPI_Win_flush_all`)"),
    ("add+quiet", "other"): ("`atomic_add` + quiet", "`shmem_long_atomic_add` then `shmem_quiet` "
                             "(raw MPI: `MPI_Accumulate(MPI_SUM)` + `MPI_Win_flush_all`)"),
    ("add_rate", "other"): ("`atomic_add` stream", "time per add in a stream of adds closed by one "
                            "quiet"),
    ("fetch_add", "self"): ("`fetch_add` on oneself", "fetch-add on one's own word"),
    ("compare_swap", "self"): ("`compare_swap` on oneself", "compare-swap on one's own word"),
    ("fetch", "self"): ("`atomic_fetch` on oneself", "atomic fetch of one's own word"),
    ("set+quiet", "self"): ("`atomic_set` + quiet on oneself", "on one's own word"),
    ("add+quiet", "self"): ("`atomic_add` + quiet on oneself", "on one's own word"),
    ("add_rate", "self"): ("`atomic_add` stream on oneself", "on one's own word"),
    ("fetch_add", "static"): ("`fetch_add` on a global", "fetch-add on the other PE's global "
                              "variable"),
    ("compare_swap", "static"): ("`compare_swap` on a global", "on the other PE's global variable"),
    ("cpu_fetch_add", "other"): ("CPU fetch-add (floor)", "a bare CPU atomic on the other PE's "
                                 "word through `shmem_ptr`"),
    ("cpu_compare_swap", "other"): ("CPU compare-swap (floor)", "the same for compare-and-swap"),
    ("pingpong_p", "other"): ("put + `wait_until` ping-pong",
                              "one way (round trip / 2): `shmem_long_p` to the peer, which waits "
                              "in `shmem_long_wait_until` and answers the same way (raw MPI: "
                              "`MPI_Put` + `MPI_Win_flush`, then spin on one's own word calling "
                              "`MPI_Iprobe`)"),
    ("pingpong_cpu", "other"): ("cache-line ping-pong (floor)",
                                "one way: a store through `shmem_ptr`, the peer spins on its word"),
    ("put_signal", "other"): ("`shmem_putmem_signal` ping-pong",
                              "one way: put with signal, the peer waits in "
                              "`shmem_signal_wait_until` and answers (raw MPI: `MPI_Put` + "
                              "`MPI_Win_flush` + `MPI_Accumulate(MPI_REPLACE)` of the signal); "
                              "OpenSHMEM 1.5, so not in Open MPI 4.1's OSHMEM"),
    ("put_signal_emul", "other"): ("put + fence + set ping-pong",
                                   "one way: what an OpenSHMEM 1.4 program writes instead of "
                                   "put-with-signal (`shmem_putmem`, `shmem_fence`, "
                                   "`shmem_long_atomic_set`, `shmem_long_wait_until`)"),
    ("lock", "pe0"): ("lock + unlock by PE 0", "`shmem_set_lock` + `shmem_clear_lock` on a global "
                      "lock, nobody else asking, called by PE 0"),
    ("lock", "pe1"): ("lock + unlock by PE 1", "the same called by PE 1"),
    ("lock_contended", "np2"): ("lock + unlock, 2 PEs contending",
                                "both PEs take and release the lock in a loop: time per "
                                "acquire + release"),
    ("fetch_add_all2one", "np2"): ("all-to-one `fetch_add`",
                                   "both PEs fetch-add one word of PE 0: time per operation over "
                                   "both PEs (1 / aggregate rate)"),
    ("cpu_fetch_add_all2one", "np2"): ("all-to-one CPU fetch-add (floor)",
                                       "the same with bare CPU atomics"),
    # bench/init_bench.c (target: the number of PEs)
    ("init", "2"): ("`shmem_init`, 2 PEs", "time from the call to its return, slowest PE"),
    ("init", "16"): ("`shmem_init`, 16 PEs", "the same with 16 PEs on the 2 cores"),
    # bench/amo_first_bench.c and its raw-MPI twin
    ("fetch_add_first", "other"): ("first `fetch_add` of the run", "the first remote fetch-add "
                                   "after start-up"),
    ("fetch_add_second", "other"): ("second `fetch_add`", "the one right after it"),
    ("fetch_add_early", "other"): ("`fetch_add` in the first 5 ms",
                                   "median per operation of batches of 16 starting within 5 ms of "
                                   "the first"),
    ("fetch_add_steady", "other"): ("`fetch_add` after 100 ms",
                                    "median per operation of the batches starting after 100 ms"),
}

# bench/shmem_coll_bench.c and bench/mpi_coll_bench.c (target "npN": N PEs)
COLL = {
    "barrier_all": ("`shmem_barrier_all`", "`MPI_Barrier`"),
    "barrier": ("`shmem_barrier` on all PEs (active set)", "`MPI_Barrier`"),
    "barrier_half": ("`shmem_barrier` on the even PEs", "`MPI_Barrier` on a communicator of them"),
    "broadcast": ("`shmem_broadcast64` from PE 0", "`MPI_Bcast`"),
    "sum_to_all": ("`shmem_long_sum_to_all`", "`MPI_Allreduce(MPI_SUM)`"),
    "fcollect": ("`shmem_fcollect64` (bytes per PE)", "`MPI_Allgather`"),
    "alltoall": ("`shmem_alltoall64` (bytes per pair)", "`MPI_Alltoall`"),
}


def label(op, target, plain=False):
    """The row's label (without markdown backticks when plain)."""
    if (op, target) in ROWS:
        text = ROWS[(op, target)][0]
    elif op in COLL:
        text = COLL[op][0]
    else:
        text = f"{op} ({target})" if target != "-" else op
    return text.replace("`", "") if plain else text


def meaning(op, target):
    if (op, target) in ROWS:
        return ROWS[(op, target)][1]
    if op in COLL:
        return f"plain MPI: {COLL[op][1]}"
    return ""
