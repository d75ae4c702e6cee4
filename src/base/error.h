/* mpishmem: error and diagnostic messages. Errors name the routine and the PE, say what was
 * wrong and how to fix it, then abort the whole job (MPI_Abort), which unmaps nothing that
 * could leak: shared-memory objects are unlinked as soon as every node peer has mapped them. */
#ifndef MPISHMEM_ERROR_H
#define MPISHMEM_ERROR_H

#include "state.h"

/* "mpishmem: error in <routine> on PE <n>: <message>" and abort the job. */
MPISHMEM_INTERNAL __attribute__((noreturn, format(printf, 2, 3))) void
mpishmem_error(const char *routine, const char *fmt, ...);
/* Set once mpishmem_error has reported an error and is ending the job: the exit that MPI_Abort
 * makes (a job of one process exits from inside it) then says nothing more. */
extern MPISHMEM_INTERNAL int mpishmem_error_raised;
/* The same message as a warning; the job goes on. */
MPISHMEM_INTERNAL __attribute__((format(printf, 2, 3))) void
mpishmem_warn(const char *routine, const char *fmt, ...);
/* Before the job is aborted: the launcher forwards stderr through a pipe and stops forwarding
 * once the job ends, so a message printed just before can be lost. Pauses `min_ms`, then
 * while stderr is a pipe with unread bytes, until `max_ms` in all. */
MPISHMEM_INTERNAL void mpishmem_let_launcher_forward(int min_ms, int max_ms);
/* Printed only when SHMEM_DEBUG is set. */
MPISHMEM_INTERNAL __attribute__((format(printf, 2, 3))) void
mpishmem_debug_msg(const char *routine, const char *fmt, ...);

/* The public name of the routine being defined: API functions are defined under their
 * profiling name (pshmem_x, pstart_pes), so skipping the leading 'p' gives the spec's name. */
#define MPISHMEM_ROUTINE (__func__ + 1)

#endif
