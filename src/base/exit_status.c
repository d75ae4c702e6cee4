/* mpishmem: the job's exit status (exit_status.h). */
#define _POSIX_C_SOURCE 200809L
#include "exit_status.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The file's name, read at shmem_init (getenv is not async-signal-safe). */
static char path[4096];
static int path_read;

static void read_path(void)
{
    if (path_read) return;
    path_read = 1;
    const char *p = getenv("MPISHMEM_EXIT_STATUS_FILE");
    if (p && *p && strlen(p) < sizeof path) memcpy(path, p, strlen(p) + 1);
}

void mpishmem_exit_status_record(int status)
{
    read_path();
    if (!path[0]) return;
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd < 0) return; /* not on the launcher's host, or the launcher is gone */
    char text[8];
    unsigned v = (unsigned)status & 0xffu;
    int len = 0;
    char digits[4];
    int nd = 0;
    do {
        digits[nd++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (nd) text[len++] = digits[--nd];
    text[len++] = '\n';
    if (write(fd, text, (size_t)len) != len) { /* nothing better to do: MPI's status stands */
    }
    close(fd);
}

static const int fatal[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};

static void on_fatal(int sig)
{
    mpishmem_exit_status_record(128 + sig);
    raise(sig); /* the default action now (SA_RESETHAND) */
}

void mpishmem_exit_status_watch_signals(void)
{
    static int done;
    read_path();
    if (done || !path[0]) return;
    done = 1;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction old;
        /* Only where nothing else handles the signal (a debugger, a sanitizer, the program). */
        if (sigaction(fatal[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
            (old.sa_flags & SA_SIGINFO))
            continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(fatal[i], &sa, NULL);
    }
}
