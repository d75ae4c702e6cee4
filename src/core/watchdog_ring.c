#define _GNU_SOURCE
#include "watchdog_ring.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../base/error.h"
#include "../transport/mpi/mpi_comm.h"

#define MAX_ADDRS 4       /* IPv4 addresses a PE offers its previous PE */
#define MAX_PENDING 8     /* accepted connections not yet identified */
#define HELLO_BYTES 12    /* the nonce of the PE connected to, then the connecting PE */
#define BUILD_SECONDS 10  /* the whole ring must be up within this */
#define ATTEMPT_SECONDS 2 /* one address's connect and answer */

/* What each PE tells the others (all PEs run the same executable: one layout). */
struct wd_info {
    char host[MPISHMEM_WD_HOST_LEN];
    uint64_t nonce;           /* a connection that names it comes from this job's ring */
    uint32_t addr[MAX_ADDRS]; /* network byte order */
    uint16_t port;            /* network byte order; 0: this PE has no listener */
    uint8_t naddr;
    uint8_t pad[5];
};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int listener(uint16_t *port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_ANY)};
    socklen_t len = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, MAX_PENDING) != 0 ||
        getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
        close(fd);
        return -1;
    }
    *port = a.sin_port;
    return fd;
}

static void fill_info(struct wd_info *me)
{
    memset(me, 0, sizeof *me);
    char name[MPI_MAX_PROCESSOR_NAME] = {0};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    memcpy(me->host, name, len < MPISHMEM_WD_HOST_LEN ? (size_t)len : MPISHMEM_WD_HOST_LEN);
    if (getrandom(&me->nonce, sizeof me->nonce, 0) != (ssize_t)sizeof me->nonce)
        me->nonce = (uint64_t)getpid() * 0x9e3779b97f4a7c15ull ^ (uint64_t)time(NULL);
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) != 0) return;
    for (struct ifaddrs *i = list; i && me->naddr < MAX_ADDRS; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        me->addr[me->naddr++] = ((struct sockaddr_in *)i->ifa_addr)->sin_addr.s_addr;
    }
    freeifaddrs(list);
}

static void put_hello(char *buf, uint64_t nonce, int pe)
{
    int32_t p = pe;
    memcpy(buf, &nonce, sizeof nonce);
    memcpy(buf + sizeof nonce, &p, sizeof p);
}

/* The connection to the next PE: tries its addresses in turn (the loopback address first when
 * it shares this host), each until the next PE accepts and acknowledges our hello. */
struct out_conn {
    const struct wd_info *to;
    uint64_t nonce; /* the next PE's */
    int me, same_host, next_addr, fd, phase;
    double until;
    char text[160]; /* why the last attempt failed */
};
enum { IDLE, CONNECTING, AWAIT_ACK, DONE, EXHAUSTED };

static void out_next(struct out_conn *o)
{
    if (o->fd >= 0) close(o->fd);
    o->fd = -1;
    o->phase = IDLE;
    int n = o->to->naddr + (o->same_host ? 1 : 0);
    while (o->next_addr < n) {
        int k = o->next_addr++;
        uint32_t ip = o->same_host ? (k == 0 ? htonl(INADDR_LOOPBACK) : o->to->addr[k - 1])
                                   : o->to->addr[k];
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = o->to->port,
                                .sin_addr.s_addr = ip};
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0) break;
        if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0 && errno != EINPROGRESS) {
            close(fd);
            continue;
        }
        o->fd = fd;
        o->phase = CONNECTING;
        o->until = now_s() + ATTEMPT_SECONDS;
        return;
    }
    o->phase = EXHAUSTED;
}

static void out_event(struct out_conn *o, short revents)
{
    if (o->phase == CONNECTING) {
        int err = 0;
        socklen_t len = sizeof err;
        if (getsockopt(o->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
        if (err == 0 && !(revents & POLLOUT)) return;
        char hello[HELLO_BYTES];
        put_hello(hello, o->nonce, o->me);
        if (err == 0 && send(o->fd, hello, sizeof hello, MSG_NOSIGNAL) == (ssize_t)sizeof hello) {
            o->phase = AWAIT_ACK;
            o->until = now_s() + ATTEMPT_SECONDS;
            return;
        }
        if (err) snprintf(o->text, sizeof o->text, "%s", strerror(err));
        out_next(o);
    } else if (o->phase == AWAIT_ACK) {
        char ack = 0;
        ssize_t got = recv(o->fd, &ack, 1, MSG_DONTWAIT);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (got == 1 && ack == 'K') {
            o->phase = DONE;
            return;
        }
        snprintf(o->text, sizeof o->text, "refused by the listener");
        out_next(o);
    }
}

/* Connections accepted from the previous PE's side until one says hello with our nonce. */
struct in_conn {
    uint64_t nonce; /* ours */
    int from, fd;   /* the previous PE; its connection once identified */
    int n, pend[MAX_PENDING], got[MAX_PENDING];
    char buf[MAX_PENDING][HELLO_BYTES];
};

static void in_drop(struct in_conn *c, int i)
{
    close(c->pend[i]);
    c->n--;
    c->pend[i] = c->pend[c->n];
    c->got[i] = c->got[c->n];
    memcpy(c->buf[i], c->buf[c->n], HELLO_BYTES);
}

static void in_accept(struct in_conn *c, int lfd)
{
    for (;;) {
        int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;
        if (c->n == MAX_PENDING) {
            close(fd);
            continue;
        }
        c->pend[c->n] = fd;
        c->got[c->n++] = 0;
    }
}

static void in_read(struct in_conn *c, int i)
{
    ssize_t got = recv(c->pend[i], c->buf[i] + c->got[i], (size_t)(HELLO_BYTES - c->got[i]), 0);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (got <= 0) {
        in_drop(c, i);
        return;
    }
    c->got[i] += (int)got;
    if (c->got[i] < HELLO_BYTES) return;
    char want[HELLO_BYTES];
    put_hello(want, c->nonce, c->from);
    if (memcmp(want, c->buf[i], HELLO_BYTES) != 0 || send(c->pend[i], "K", 1, MSG_NOSIGNAL) != 1) {
        in_drop(c, i); /* another job's stray connection, or a broken one */
        return;
    }
    c->fd = c->pend[i];
    c->pend[i] = -1;
    c->n--;
    c->pend[i] = c->pend[c->n];
    c->got[i] = c->got[c->n];
    memcpy(c->buf[i], c->buf[c->n], HELLO_BYTES);
}

/* Connects to the next PE and accepts the previous one at once (each PE waits for its
 * previous one while its next one waits for it). 0, or -1 with `why` set. */
static int connect_ring(int lfd, const struct wd_info *tab, int me, int n, int fds[2],
                        char *why, size_t why_len)
{
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    struct out_conn o = {.to = &tab[next], .nonce = tab[next].nonce, .me = me, .fd = -1,
                         .same_host = !memcmp(tab[next].host, tab[me].host,
                                              MPISHMEM_WD_HOST_LEN)};
    snprintf(o.text, sizeof o.text, "no IPv4 address to try");
    struct in_conn c = {.nonce = tab[me].nonce, .from = prev, .fd = -1};
    double deadline = now_s() + BUILD_SECONDS;
    out_next(&o);
    while (o.phase != DONE || c.fd < 0) {
        if (o.phase == EXHAUSTED) break;
        struct pollfd p[MAX_PENDING + 2];
        int np = 0;
        if (c.fd < 0) {
            p[np++] = (struct pollfd){.fd = lfd, .events = POLLIN};
            for (int i = 0; i < c.n; i++)
                p[np++] = (struct pollfd){.fd = c.pend[i], .events = POLLIN};
        }
        int out_at = -1;
        if (o.phase == CONNECTING || o.phase == AWAIT_ACK) {
            out_at = np;
            p[np++] = (struct pollfd){.fd = o.fd,
                                      .events = o.phase == CONNECTING ? POLLOUT : POLLIN};
        }
        double t = now_s(), until = deadline;
        if (out_at >= 0 && o.until < until) until = o.until;
        if (t >= deadline) break;
        int ms = until > t ? (int)((until - t) * 1000) + 1 : 0;
        if (poll(p, (nfds_t)np, ms) < 0 && errno != EINTR) break;
        if (out_at >= 0 && p[out_at].revents) out_event(&o, p[out_at].revents);
        else if (out_at >= 0 && now_s() >= o.until) {
            snprintf(o.text, sizeof o.text, "no answer within %d s", ATTEMPT_SECONDS);
            out_next(&o);
        }
        if (c.fd < 0) {
            /* Pending connections first (in_read reorders them), then new ones. */
            for (int i = c.n - 1; i >= 0 && c.fd < 0; i--)
                if (p[1 + i].revents) in_read(&c, i);
            if (c.fd < 0 && p[0].revents) in_accept(&c, lfd);
        }
    }
    while (c.n > 0) in_drop(&c, 0);
    if (o.phase == DONE && c.fd >= 0) {
        fds[0] = c.fd;
        fds[1] = o.fd;
        return 0;
    }
    if (o.phase != DONE)
        snprintf(why, why_len, "cannot connect to PE %d on host %.*s (port %u): %s", next,
                 MPISHMEM_WD_HOST_LEN, tab[next].host, ntohs(tab[next].port), o.text);
    else
        snprintf(why, why_len, "PE %d on host %.*s did not connect within %d s", prev,
                 MPISHMEM_WD_HOST_LEN, tab[prev].host, BUILD_SECONDS);
    if (o.fd >= 0) close(o.fd);
    if (c.fd >= 0) close(c.fd);
    return -1;
}

/* The kernel probes a connection idle for a second every second, and reports it broken once
 * its far end has not answered for timeout_s seconds (TCP_USER_TIMEOUT covers the probes and
 * data alike). */
static int keepalive(int fd, long timeout_s)
{
    int on = 1, idle = 1, intvl = 1, cnt = timeout_s > 1 ? (int)timeout_s - 1 : 1;
    unsigned user_ms = (unsigned)timeout_s * 1000u;
    return setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on) |
           setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle) |
           setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof intvl) |
           setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof cnt) |
           setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_ms, sizeof user_ms);
}

int mpishmem_wd_ring_build(struct mpishmem_wd_ring *r, long timeout_s, const char *routine)
{
    int me = mpishmem_g.my_pe, n = mpishmem_g.n_pes;
    struct wd_info mine, *tab = malloc(sizeof *tab * (size_t)n);
    fill_info(&mine);
    int lfd = listener(&mine.port);
    if (!tab) mpishmem_error(routine, "out of memory for %d PEs", n);
    mpishmem_comm_allgather(&mine, (int)sizeof mine, MPI_BYTE, tab, (int)sizeof mine, MPI_BYTE,
                            mpishmem_g.world);
    int spans = 0;
    for (int i = 1; i < n; i++) spans |= memcmp(tab[i].host, tab[0].host, MPISHMEM_WD_HOST_LEN);
    if (!spans) {
        if (lfd >= 0) close(lfd);
        free(tab);
        return 0;
    }
    char why[320] = "";
    int fds[2] = {-1, -1}, ok = 0, all_ok = 0;
    if (lfd < 0)
        snprintf(why, sizeof why, "cannot listen on a TCP port: %s", strerror(errno));
    else if (tab[(me + 1) % n].port == 0)
        snprintf(why, sizeof why, "PE %d has no TCP port to connect to", (me + 1) % n);
    else
        ok = connect_ring(lfd, tab, me, n, fds, why, sizeof why) == 0;
    if (lfd >= 0) close(lfd);
    if (ok && (keepalive(fds[0], timeout_s) != 0 || keepalive(fds[1], timeout_s) != 0)) {
        snprintf(why, sizeof why, "cannot set TCP keepalive: %s", strerror(errno));
        ok = 0;
    }
    mpishmem_comm_allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, mpishmem_g.world);
    if (!ok)
        mpishmem_warn(routine, "no watchdog (MPISHMEM_PEER_TIMEOUT): %s; a PE or host that "
                               "fails may leave the other PEs waiting",
                      why);
    if (!all_ok) {
        if (fds[0] >= 0) close(fds[0]);
        if (fds[1] >= 0) close(fds[1]);
        free(tab);
        return -1;
    }
    int peer[2] = {(me + n - 1) % n, (me + 1) % n};
    for (int k = 0; k < 2; k++) {
        r->fd[k] = fds[k];
        r->pe[k] = peer[k];
        memcpy(r->host[k], tab[peer[k]].host, MPISHMEM_WD_HOST_LEN);
        r->host[k][MPISHMEM_WD_HOST_LEN] = 0;
    }
    free(tab);
    return 1;
}
