#define _POSIX_C_SOURCE 200809L
#include "error.h"
#include "exit_status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>

static int pe_for_messages(void)
{
    if (mpishmem_g.init_count > 0) return mpishmem_g.my_pe;
    int up = 0, down = 0, rank = -1;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down) {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        return rank;
    }
    /* Before MPI is up (e.g. a bad environment variable): the launcher's rank variable. */
    const char *vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) return atoi(v);
    }
    return rank;
}

static void vmessage(const char *kind, const char *routine, const char *fmt, va_list ap)
{
    char text[1024];
    int n = snprintf(text, sizeof text, "mpishmem: %s in %s on PE %d: ", kind, routine,
                     pe_for_messages());
    if (n < 0) n = 0;
    if ((size_t)n < sizeof text) vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    size_t len = strlen(text);
    if (len + 1 < sizeof text) text[len++] = '\n';
    fwrite(text, 1, len, stderr); /* one write: lines of several PEs do not mix */
    fflush(stderr);
}

int mpishmem_error_raised;

void mpishmem_error(const char *routine, const char *fmt, ...)
{
    mpishmem_error_raised = 1;
    va_list ap;
    va_start(ap, fmt);
    vmessage("error", routine, fmt, ap);
    va_end(ap);
    /* Before MPI is up the fixed pause matters too: when every process exits within
     * milliseconds of its start, Hydra's mpiexec (MPICH 4.0.2) can forward its stdin to a proxy
     * that has already gone, die of SIGPIPE (exit 141) and lose the message (seen in the
     * env_bad_* tests under load). */
    mpishmem_let_launcher_forward(200, 400);
    mpishmem_exit_status_record(1);
    int up = 0, down = 0;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down) MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

/* FIONREAD says how much of a pipe is unread; on a terminal or a file it reports nothing
 * pending, and the wait ends after the fixed pause. */
void mpishmem_let_launcher_forward(int min_ms, int max_ms)
{
    struct timespec ms = {0, 1000 * 1000};
    for (int i = 0; i < max_ms; i++) {
        int unread = 0;
        if (i >= min_ms && (ioctl(STDERR_FILENO, FIONREAD, &unread) != 0 || unread <= 0)) break;
        nanosleep(&ms, NULL);
    }
}

void mpishmem_warn(const char *routine, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage("warning", routine, fmt, ap);
    va_end(ap);
}

void mpishmem_debug_msg(const char *routine, const char *fmt, ...)
{
    if (!mpishmem_g.debug) return;
    va_list ap;
    va_start(ap, fmt);
    vmessage("debug", routine, fmt, ap);
    va_end(ap);
}
