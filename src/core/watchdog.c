#define _GNU_SOURCE
#include "watchdog.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../base/env.h"
#include "../base/error.h"
#include "watchdog_ring.h"

/* The one byte a PE sends its neighbours when it finalizes: the connections then close
 * without anything having failed. */
#define BYE 'B'
/* How often the thread looks whether this PE's parent, the launcher's process on this host
 * (MPICH's proxy, Open MPI's daemon, slurmstepd), still lives. */
#define PARENT_CHECK_MS 1000

static struct {
    struct mpishmem_wd_ring ring;
    int bye[2];  /* the neighbour said BYE */
    int wake[2]; /* a pipe: a byte in it stops the thread */
    pthread_t thread;
    int running;
    pid_t parent; /* the launcher's process that started this PE */
    char why[400]; /* the message the job ends with */
} wd;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *abort_job(void *arg)
{
    (void)arg;
    mpishmem_error("watchdog", "%s", wd.why);
}

/* Ends the job with the message in wd.why: MPI_Abort from a thread of its own, and if that has
 * not ended this process after a while (the launcher is out of reach: this host is the one cut
 * off), SIGKILL, which this host's part of the launcher does notice. */
static __attribute__((noreturn)) void end_job(void)
{
    pthread_t t;
    if (pthread_create(&t, NULL, abort_job, NULL) != 0) abort_job(NULL);
    struct timespec left = {MPISHMEM_WATCHDOG_ESCALATE, 0};
    while (nanosleep(&left, &left) != 0 && errno == EINTR) {
    }
    kill(getpid(), SIGKILL);
    for (;;) left.tv_sec = 1, nanosleep(&left, NULL);
}

/* Reads what neighbour k sent. 0: nothing wrong yet; 1: its process ended (the connection
 * closed or was reset) without BYE; 2: the connection broke (wd.why says how). */
static int look(int k)
{
    char buf[64];
    ssize_t got = recv(wd.ring.fd[k], buf, sizeof buf, MSG_DONTWAIT);
    if (got > 0) {
        if (memchr(buf, BYE, (size_t)got)) wd.bye[k] = 1;
        return 0;
    }
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
    int err = got < 0 ? errno : 0;
    close(wd.ring.fd[k]);
    wd.ring.fd[k] = -1;
    if (wd.bye[k]) return 0;
    if (err == 0 || err == ECONNRESET || err == EPIPE) return 1;
    snprintf(wd.why, sizeof wd.why,
             "lost contact with PE %d on host %.*s: %.100s (no answer for %ld s: that host "
             "or the network between the hosts is down); ending the job",
             wd.ring.pe[k], MPISHMEM_WD_HOST_LEN, wd.ring.host[k], strerror(err),
             mpishmem_env.peer_timeout);
    return 2;
}

static void *watch(void *arg)
{
    (void)arg;
    double ended_at = 0; /* when a neighbour's process ended without finalizing */
    int ended = -1;
    for (;;) {
        struct pollfd p[3] = {{.fd = wd.wake[0], .events = POLLIN}};
        int np = 1, at[2] = {-1, -1};
        for (int k = 0; k < 2; k++)
            if (wd.ring.fd[k] >= 0) {
                at[k] = np;
                p[np++] = (struct pollfd){.fd = wd.ring.fd[k], .events = POLLIN};
            }
        int ms = PARENT_CHECK_MS;
        if (ended >= 0) {
            double left = ended_at + MPISHMEM_WATCHDOG_GRACE - now_s();
            ms = left > 0 ? (int)(left * 1000) + 1 : 0;
            if (ms > PARENT_CHECK_MS) ms = PARENT_CHECK_MS;
        }
        if (poll(p, (nfds_t)np, ms) < 0 && errno != EINTR) continue;
        if (p[0].revents) return NULL; /* stopped: this PE finalizes */
        if (getppid() != wd.parent) {
            /* This PE now belongs to no launcher, which can no longer end it. */
            snprintf(wd.why, sizeof wd.why,
                     "the launcher's process that started this PE (pid %ld) ended; ending the "
                     "job",
                     (long)wd.parent);
            end_job();
        }
        for (int k = 0; k < 2; k++) {
            if (at[k] < 0 || !p[at[k]].revents) continue;
            int what = look(k);
            if (what == 2) end_job();
            if (what == 1 && ended < 0) {
                ended = k;
                ended_at = now_s();
            }
        }
        if (ended >= 0 && now_s() >= ended_at + MPISHMEM_WATCHDOG_GRACE) {
            snprintf(wd.why, sizeof wd.why,
                     "PE %d on host %.*s ended without calling shmem_finalize (killed, or "
                     "exited with an error, possibly from inside MPI) and the job did not end "
                     "within %.0f s; ending it",
                     wd.ring.pe[ended], MPISHMEM_WD_HOST_LEN, wd.ring.host[ended],
                     MPISHMEM_WATCHDOG_GRACE);
            end_job();
        }
    }
}

void mpishmem_watchdog_start(const char *routine)
{
    if (mpishmem_env.peer_timeout <= 0 || mpishmem_g.n_pes < 2) return;
    if (mpishmem_wd_ring_build(&wd.ring, mpishmem_env.peer_timeout, routine) != 1) return;
    wd.bye[0] = wd.bye[1] = 0;
    wd.parent = getppid();
    if (pipe2(wd.wake, O_CLOEXEC) != 0)
        mpishmem_error(routine, "cannot create a pipe for the watchdog: %s", strerror(errno));
    /* Signals go to the program's threads, never to this one. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int err = pthread_create(&wd.thread, NULL, watch, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (err != 0)
        mpishmem_error(routine, "cannot start the watchdog thread (MPISHMEM_PEER_TIMEOUT): %s",
                       strerror(err));
    wd.running = 1;
}

void mpishmem_watchdog_stop(void)
{
    if (!wd.running) return;
    char b = 1;
    if (write(wd.wake[1], &b, 1) != 1) { /* a pipe with room: cannot fail */
    }
    pthread_join(wd.thread, NULL);
    close(wd.wake[0]);
    close(wd.wake[1]);
    for (int k = 0; k < 2; k++) {
        if (wd.ring.fd[k] < 0) continue;
        char bye = BYE;
        send(wd.ring.fd[k], &bye, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        close(wd.ring.fd[k]);
        wd.ring.fd[k] = -1;
    }
    wd.running = 0;
}
