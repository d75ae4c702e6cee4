#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int pe_for_messages(void)
{
    if (mpishmem_g.init_count > 0) return mpishmem_g.my_pe;
    int up = 0, down = 0, rank = -1;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static void vmessage(const char *kind, const char *routine, const char *fmt, va_list ap)
{
    char text[1024];
    int n = snprintf(text, sizeof text, "mpishmem: %s in %s on PE %d: ", kind, routine,
                     pe_for_messages());
    if (n < 0) n = 0;
    if ((size_t)n < sizeof text) vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    fprintf(stderr, "%s\n", text);
    fflush(stderr);
}

void mpishmem_error(const char *routine, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage("error", routine, fmt, ap);
    va_end(ap);
    int up = 0, down = 0;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down) MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
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
