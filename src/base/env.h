/* mpishmem: the environment variables the library reads, in ONE table.
 *
 * MPISHMEM_ENV_TABLE(X) rows: X(field, kind, NAME, OLD_NAME, default, min, max, help) (min and
 * max: the accepted range of an INT, 0 for the other kinds). The table expands
 * into the settings struct, the parser and the SHMEM_INFO text, so a variable is added here and
 * nowhere else. OLD_NAME is the deprecated SMA_ spelling (or NULL); NAME wins when both are
 * set. Kinds: BOOL, a switch: 1/yes/on/true or 0/no/off/false in any case and nothing else;
 * TRI, a switch that may also be left to the library: the BOOL words, or -1/auto (the
 * default: the library decides), stored as 1, 0 or -1; SIZE (spec suffix rules); INT; STRING.
 * Any other value stops the job at shmem_init with a message naming the variable, its value
 * and what is accepted. */
#ifndef MPISHMEM_ENV_H
#define MPISHMEM_ENV_H

#include <stddef.h>

#include "state.h"

#define MPISHMEM_ENV_TABLE(X)                                                             \
    X(version, BOOL, "SHMEM_VERSION", "SMA_VERSION", 0, 0, 0,                            \
      "PE 0 prints the library version at start-up")                                           \
    X(info, BOOL, "SHMEM_INFO", "SMA_INFO", 0, 0, 0,                                     \
      "PE 0 prints these variables (value, default, meaning) and the symmetric heap's "   \
      "size at start-up; it changes nothing else")                                        \
    X(symmetric_size, SIZE, "SHMEM_SYMMETRIC_SIZE", "SMA_SYMMETRIC_SIZE", 256u << 20, 0, 0, \
      "bytes of symmetric heap per PE; a number with an optional k/m/g/t suffix, rounded " \
      "up to whole pages of memory, at least one page (so 0 gives one page)")             \
    X(debug, BOOL, "SHMEM_DEBUG", "SMA_DEBUG", 0, 0, 0,                                  \
      "check the arguments of every call and report misuse before it does harm (the job " \
      "aborts), and warn when an allocation finds the symmetric heap too small; also read " \
      "when the library is loaded, so calls before shmem_init are checked")        \
    X(globals_shared, BOOL, "MPISHMEM_GLOBALS_SHARED", NULL, 1, 0, 0,                    \
      "move global/static data into shared memory so node peers reach it by load/store " \
      "(off: globals go through MPI)") \
    X(amo, STRING, "MPISHMEM_AMO", NULL, "mpi", 0, 0,                                   \
      "how AMOs reach other nodes: \"mpi\" (MPI accumulates) or \"am\" (active messages)") \
    X(progress_thread, TRI, "MPISHMEM_PROGRESS_THREAD", NULL, -1, 0, 0,                \
      "a thread that keeps MPI progressing while the program computes or polls memory " \
      "itself: on, off, or auto (-1): on when other PEs reach this one through MPI "    \
      "(needs MPI_THREAD_MULTIPLE)")                                                    \
    X(progress_interval, INT, "MPISHMEM_PROGRESS_INTERVAL", NULL, 1000, 0, 1000000,      \
      "longest sleep of the progress thread between looks while it finds no traffic, 0 "  \
      "to 1000000 microseconds (from 10 after traffic, doubling; at least 1000 when PEs " \
      "outnumber cores)")                                                                 \
    X(progress_spin, INT, "MPISHMEM_PROGRESS_SPIN", NULL, 200, 0, 1000000,              \
      "microseconds the progress thread keeps polling MPI without sleeping after it last " \
      "found traffic (remote operations on this PE), 0 to 1000000; 0: always sleep")      \
    X(batch, TRI, "MPISHMEM_BATCH", NULL, -1, 0, 0,                                    \
      "carry small puts and non-fetching AMOs to PEs on other nodes in batches, one MPI " \
      "message per target, applied by the target's library: on, off (one MPI operation " \
      "each), or auto (-1): on where a progress thread runs (it sends waiting batches)") \
    X(batch_max, INT, "MPISHMEM_BATCH_MAX", NULL, 256, 8, 4095,                          \
      "largest put, in bytes, that goes into a batch (larger ones are direct MPI_Put)")  \
    X(batch_bytes, INT, "MPISHMEM_BATCH_BYTES", NULL, 4096, 64, 1 << 24,                 \
      "bytes of a batch: its buffer per context and target PE, and the largest message")  \
    X(batch_delay, INT, "MPISHMEM_BATCH_DELAY", NULL, 100, 0, 1000000,                   \
      "microseconds the progress thread lets a batch wait for more operations before it " \
      "sends it (the program's quiet, fence, waits and full batches send at once)")       \
    X(batch_lone, TRI, "MPISHMEM_BATCH_LONE", NULL, -1, 0, 0,                          \
      "a quiet that finds one batched operation alone (one put or AMO to one PE, nothing " \
      "else in flight) does it as a direct MPI operation instead of a batch and its "   \
      "acknowledgement: on, off, or auto (-1): where MPI's RMA round trip is shorter "  \
      "(ch4:ofi, Intel MPI; AMOs in the mpi mode everywhere)")                          \
    X(bounce_put, INT, "MPISHMEM_BOUNCE_PUT", NULL, -1, -1, 16384,                      \
      "largest blocking put, in bytes, to a PE reached through MPI that is copied into a " \
      "buffer of the library and returns without waiting for MPI (larger ones wait for "   \
      "MPI_Win_flush_local; 8-byte puts always), 0 to 16384; -1: the best for the MPI")  \
    X(oversubscribed, TRI, "MPISHMEM_OVERSUBSCRIBED", NULL, -1, 0, 0,                 \
      "on: PEs share cores (wait by yielding), off: they do not, auto (-1): find out "  \
      "from the PEs per host and their CPU affinity, and while waiting from other tasks " \
      "taking the core")                                                                \
    X(peer_timeout, INT, "MPISHMEM_PEER_TIMEOUT", NULL, 4, 0, 3600,                     \
      "jobs spanning hosts: seconds a PE's neighbour PE (its host) may not answer before " \
      "the PE ends the job; a neighbour that ends without shmem_finalize ends it too; 0: " \
      "no watchdog")                                                                     \
    X(contexts, INT, "MPISHMEM_CONTEXTS", NULL, 8, 0, MPISHMEM_CONTEXTS_MAX,             \
      "contexts (beyond the default) that may exist at once")                            \
    X(context_windows, BOOL, "MPISHMEM_CONTEXT_WINDOWS", NULL, 0, 0, 0,                 \
      "give every context of MPISHMEM_CONTEXTS MPI windows of its own, created at "      \
      "shmem_init, so that its quiet waits for its own operations only (else contexts "  \
      "share the default context's windows)")                                            \
    X(spin_us, INT, "MPISHMEM_SPIN_US", NULL, 20, 0, 1000000,                            \
      "microseconds a wait for another PE (a flag, a barrier) spins before it starts "     \
      "yielding the core (a wait for one remote operation spins 4 times that operation's " \
      "usual time; every poll yields when PEs outnumber cores)")                         \
    X(slice_us, INT, "MPISHMEM_SLICE_US", NULL, 100, 0, 100000,                          \
      "time slice in microseconds that each PE and its progress thread ask of Linux's "   \
      "scheduler (6.12 and later, which takes 100 to 100000): a PE woken while a task "  \
      "that does not sleep holds its core takes the core once its own slice is due, not " \
      "the other task's; 0: the kernel's default")                                      \
    X(coll_node_aware, TRI, "MPISHMEM_COLL_NODE_AWARE", NULL, -1, 0, 0,                \
      "collectives of teams that span nodes: on: in two levels (node shared memory, MPI " \
      "between one leader per node), off: as MPI collectives on the team, auto (-1): "  \
      "whichever was measured faster for the collective and size")                      \
    X(simulated_nodes, INT, "MPISHMEM_SIMULATED_NODES", NULL, 0, 0, 1024,               \
      "testing: split the PEs of each node into this many simulated nodes (blocks of "  \
      "consecutive node ranks) that reach each other through MPI only; 0 or 1: off")     \
    X(mpi_quirks, STRING, "MPISHMEM_MPI_QUIRKS", NULL, "", 0, 0,                         \
      "override the MPI quirk table's decision (shmem-info --quirks): \"none\", or "     \
      "names to force on and -name to force off, comma-separated")

/* The largest MPISHMEM_CONTEXTS: with MPISHMEM_CONTEXT_WINDOWS=1 each pooled context holds two
 * MPI windows over the heap and the data segment on every PE, made collectively at shmem_init
 * (~0.2 s each with 8 PEs on 2 cores), and MPI implementations limit windows (MPICH with UCX:
 * a few thousand memory registrations), so larger pools would fail inside MPI, not here. */
#define MPISHMEM_CONTEXTS_MAX 1024

#define MPISHMEM_ENV_FIELD_BOOL int
#define MPISHMEM_ENV_FIELD_SIZE size_t
#define MPISHMEM_ENV_FIELD_INT long
#define MPISHMEM_ENV_FIELD_TRI long
#define MPISHMEM_ENV_FIELD_STRING const char *
#define MPISHMEM_ENV_DECLARE(field, kind, name, old, def, lo, hi, help) MPISHMEM_ENV_FIELD_##kind field;
struct mpishmem_env {
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_DECLARE)
};
#undef MPISHMEM_ENV_DECLARE

extern MPISHMEM_INTERNAL struct mpishmem_env mpishmem_env;

/* Reads every variable; an invalid value is an error naming `routine`. */
MPISHMEM_INTERNAL void mpishmem_env_read(const char *routine);
/* Prints the SHMEM_INFO text (variables, current values, defaults, help) to stdout. */
MPISHMEM_INTERNAL void mpishmem_env_print_info(void);
/* The table as a markdown table (variable, default, meaning) for the documentation
 * (shmem-info --env-markdown; tests/tools/env_docs.sh compares the docs with it). */
MPISHMEM_INTERNAL void mpishmem_env_print_markdown(void);
/* PE 0 at shmem_init: a warning naming each SHMEM_*, SMA_* or MPISHMEM_* variable of the
 * environment that no part of mpishmem reads (env_names.c), with the nearest known name. */
MPISHMEM_INTERNAL void mpishmem_env_warn_unknown(const char *routine);
/* The same as key=value lines (env.NAME, env.NAME.default, env.NAME.set) for shmem-info. */
MPISHMEM_INTERNAL void mpishmem_env_print_machine(void);
/* Parses a size by the spec's SHMEM_SYMMETRIC_SIZE rules; 0 on success, -1 if invalid. */
MPISHMEM_INTERNAL int mpishmem_parse_size(const char *text, size_t *out);

#endif
