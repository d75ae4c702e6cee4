#define _POSIX_C_SOURCE 200809L
/* Kernels in the style of the bale suite's apps (histo, ig, randperm), each in the variants
 * bale compares, written from scratch for this project (no bale code) against OpenSHMEM 1.4, so
 * that other libraries (Open MPI's OSHMEM) build it too: bench/compare_bale_kernels.sh.
 *
 * Variants (how the elements travel):
 *   agp        one blocking OpenSHMEM operation per element (atomic add, g, compare_swap);
 *   exstack    per-destination buffers exchanged in bulk-synchronous rounds: each PE fills its
 *              buffers until one is full (or it has nothing left), puts every buffer into its
 *              slot at the receiver, and a barrier ends the round; the headers of the buffers
 *              carry "done" flags, so every PE learns in the same round that all are done;
 *   exstack2   asynchronous: a full buffer goes out as putmem + fence + atomic increment of the
 *              sender's signal counter at the receiver; receivers poll their counters
 *              (shmem_long_test), consume the buffer and hand the slot back by an atomic
 *              increment of an acknowledgement counter at the sender; no barriers until the end;
 *   conveyor   (histo only) exstack2 with one intermediate hop: PEs form a rows x cols grid,
 *              an element goes first to the PE of the sender's row in the destination's column,
 *              which forwards it along that column, so that each PE exchanges buffers with the
 *              cols - 1 other PEs of its row and the rows - 1 of its column, not all npes - 1.
 * A sender whose slot at the receiver is still taken polls (serves what came in) until the
 * receiver hands it back; handlers that must answer (ig, randperm) answer a buffer only once
 * the reply slot is free, and the conveyor's forwarding waits on the final hop only, so no
 * wait depends on itself.
 *
 * Apps:
 *   histo      each PE adds 1 to T random counters of a table of S counts per PE (cyclic
 *              distribution: global index g lives on PE g % npes at g / npes); checked: the
 *              table's sum, and every count against a replay of all PEs' (seeded) streams;
 *   ig         index gather: each PE reads T entries at random global indices of a table of S
 *              entries per PE whose entry g holds ig_value(g); exstack/exstack2 send requests
 *              (local index, position) and the owner answers (position, value); every gathered
 *              value is checked;
 *   randperm   dart throwing: each PE throws its T darts (values me * T + j) at random slots of
 *              a target array of 2 * T slots per PE, retrying a dart whose slot is taken (agp:
 *              compare_swap; exstack/exstack2: the owner resolves collisions in arrival order
 *              and answers success or failure), then the non-empty slots, in PE order, become the
 *              permutation (block distribution, T per PE); PE 0 checks that it holds every value
 *              of 0 .. T * npes - 1 exactly once.
 *
 * histo's and ig's random indices are drawn before the clock starts; randperm draws slots as it
 * throws, and its time includes building the permutation. One operation of each kind to every
 * PE comes before the first kernel (untimed warm-up).
 * Each kernel starts with a barrier and ends with one; PE 0 times it between them and prints
 *     <kernel> np<N> <seconds>
 * then, after the (untimed) check,
 *     <kernel> np<N> ok <what was checked>
 * A wrong result prints a FAIL line and exits with status 1 (shmem_global_exit).
 *
 * Options: -t T elements (darts) per PE (default 100000 for histo and ig, 20000 for randperm);
 *          -k KERNELS comma list of kernel names (histo_agp, ig_exstack2, ...), app names
 *             (histo, ig, randperm) or variant names (agp, exstack, exstack2, conveyor);
 *             default all;
 *          -b BUF entries per buffer (default 1024);
 *          -s S table entries per PE for histo and ig (default 1000 and 10000). */
#include <shmem.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"

static int me, npes;
static long opt_t = -1, opt_b = 1024, opt_s = -1;

/* ---------------------------------------------------------------- helpers */

/* splitmix64: one independent, reproducible stream per (purpose, PE), so that any PE can
 * replay another PE's stream to check the result exactly. */
typedef struct {
    unsigned long long s;
} rng_t;

static rng_t rng_for(unsigned stream, int pe)
{
    rng_t r = {((unsigned long long)stream << 48) ^ ((unsigned long long)pe * 0xD6E8FEB86659FD93ull)};
    return r;
}

static unsigned long long rng_next(rng_t *r)
{
    unsigned long long z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static long rng_below(rng_t *r, long n)
{
    return (long)(rng_next(r) % (unsigned long long)n);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "bale_kernels: PE %d: out of memory (%zu bytes)\n", me, n);
        shmem_global_exit(2);
    }
    return p;
}

/* shmem_calloc, collective; NULL (symmetric heap too small) ends the run. */
static void *sym_calloc(size_t count, size_t size)
{
    void *p = shmem_calloc(count ? count : 1, size);
    if (!p) {
        fprintf(stderr, "bale_kernels: PE %d: shmem_calloc(%zu, %zu) failed (SHMEM_SYMMETRIC_SIZE?)\n",
                me, count, size);
        shmem_global_exit(2);
    }
    return p;
}

static long red_psync[SHMEM_REDUCE_SYNC_SIZE];
static long red_pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE > 16 ? SHMEM_REDUCE_MIN_WRKDATA_SIZE : 16];
static long red_src, red_dst;

/* Sum over all PEs (untimed: only for the checks). The barrier before lets the pSync be reused. */
static long sum_all(long v)
{
    red_src = v;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) red_psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_sum_to_all(&red_dst, &red_src, 1, 0, 0, npes, red_pwrk, red_psync);
    shmem_barrier_all();
    return red_dst;
}

static double t_start;

static void time_start(void)
{
    shmem_barrier_all();
    t_start = now_ns();
}

/* The closing barrier also completes every PE's outstanding puts and atomics. */
static void time_stop(const char *kernel)
{
    shmem_barrier_all();
    double s = (now_ns() - t_start) * 1e-9;
    if (me == 0) {
        printf("%s np%d %.6f\n", kernel, npes, s);
        fflush(stdout);
    }
}

/* Every PE passes the number of wrong elements it found; all of them fail if any PE did. */
static void verdict(const char *kernel, long bad, const char *what)
{
    long total = sum_all(bad);
    if (me == 0) {
        if (total == 0) printf("%s np%d ok %s\n", kernel, npes, what);
        else printf("FAIL %s np%d: %ld wrong\n", kernel, npes, total);
        fflush(stdout);
    }
    if (total != 0) {
        shmem_barrier_all(); /* PE 0's line is out before anyone exits */
        shmem_global_exit(1);
    }
}

/* At most a few detail lines per PE and kernel. */
static int complaints;

__attribute__((format(printf, 2, 3))) static void complain(const char *kernel, const char *fmt, ...)
{
    if (complaints++ >= 5) return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    printf("  %s PE %d: %s\n", kernel, me, line); /* one printf: PEs' lines do not interleave */
    fflush(stdout);
}

/* One operation of each kind to every PE before the first kernel, so that connections and
 * lazily created resources (of either library) are not charged to whichever kernel runs first. */
static void warm_up(void)
{
    long *w = sym_calloc((size_t)npes, sizeof(long));
    for (int k = 0; k < npes; k++) {
        int d = (me + k) % npes;
        shmem_long_atomic_add(&w[me], 1, d);
        (void)shmem_long_atomic_compare_swap(&w[me], -1, 0, d);
        (void)shmem_long_g(&w[me], d);
        shmem_putmem(&w[me], &w[me], sizeof(long), d);
        shmem_fence();
        shmem_long_atomic_inc(&w[me], d);
    }
    shmem_barrier_all();
    shmem_free(w);
}

/* ---------------------------------------------------------------- buffers */

/* Outgoing buffers, one per destination PE: a header word (items * 2 + done flag) followed by
 * up to cap items of w longs each, so that one putmem carries header and items. */
typedef struct {
    int w;
    long cap, stride; /* stride = 1 + cap * w longs */
    long *out;        /* local [npes][stride] */
    long *out_n;      /* local [npes]: items in each */
} outq;

static void outq_init(outq *q, int w)
{
    q->w = w;
    q->cap = opt_b;
    q->stride = 1 + opt_b * w;
    q->out = xmalloc((size_t)npes * (size_t)q->stride * sizeof(long));
    q->out_n = calloc((size_t)npes, sizeof(long));
    if (!q->out_n) shmem_global_exit(2);
}

static void outq_destroy(outq *q)
{
    free(q->out);
    free(q->out_n);
}

/* Room for one more item to d (the caller fills its w longs). */
static long *outq_push(outq *q, int d)
{
    return q->out + (long)d * q->stride + 1 + q->out_n[d]++ * q->w;
}

static int outq_full(const outq *q, int d)
{
    return q->out_n[d] == q->cap;
}

/* exstack: bulk-synchronous exchange. Every PE puts its buffer for d (possibly empty: the
 * header still tells d that nothing and whether "done" came) into its own slot at d, then a
 * barrier makes every slot complete. Slots alternate between two sets by round: a PE starts the
 * next round's puts right after the barrier, while others may still read the slots of this
 * one, and the barrier of round r + 1 comes after everyone consumed round r. */
typedef struct {
    outq q;
    long *slot; /* symmetric [2][npes][stride] */
    int set, round;
} xchan;

static void xchan_init(xchan *c, int w)
{
    outq_init(&c->q, w);
    c->slot = sym_calloc(2 * (size_t)npes * (size_t)c->q.stride, sizeof(long));
    c->set = c->round = 0;
}

static void xchan_destroy(xchan *c)
{
    shmem_free(c->slot);
    outq_destroy(&c->q);
}

/* Sends every buffer with the given done flag; returns how many PEs said done this round. */
static int xchan_exchange(xchan *c, int done)
{
    long st = c->q.stride;
    c->set = c->round++ & 1;
    long *mine = c->slot + ((long)c->set * npes + me) * st;
    for (int k = 0; k < npes; k++) {
        int d = (me + k) % npes; /* everyone starts with a different destination */
        long *buf = c->q.out + (long)d * st;
        buf[0] = c->q.out_n[d] * 2 + (done != 0);
        shmem_putmem(mine, buf, (size_t)(1 + c->q.out_n[d] * c->q.w) * sizeof(long), d);
        c->q.out_n[d] = 0;
    }
    shmem_barrier_all();
    int ndone = 0;
    for (int src = 0; src < npes; src++)
        ndone += (int)(c->slot[((long)c->set * npes + src) * st] & 1);
    return ndone;
}

/* The items that src sent in the last exchange. */
static const long *xchan_items(const xchan *c, int src, long *n)
{
    const long *b = c->slot + ((long)c->set * npes + src) * c->q.stride;
    *n = b[0] >> 1;
    return b + 1;
}

/* exstack2: asynchronous channel. One slot per sender at each receiver; a sender may refill
 * its slot at d once d acknowledged the previous buffer (ack[d] == sent[d]). The fence orders
 * the buffer before the signal, so a receiver that sees signal[src] move finds the data in. */
typedef struct {
    outq q;
    long *slot;   /* symmetric [npes][stride]: the buffer from each sender */
    long *signal; /* symmetric [npes]: buffers that arrived from each sender */
    long *ack;    /* symmetric [npes]: buffers each receiver has handed back */
    long *sent;   /* local [npes]: buffers sent to each receiver */
    long *seen;   /* local [npes]: buffers consumed from each sender */
    int done_seen; /* senders whose last buffer (done flag) was consumed */
    int next;      /* the sender a poll looks at first; rotates so that none is favoured */
} achan;

static void achan_init(achan *c, int w)
{
    outq_init(&c->q, w);
    c->slot = sym_calloc((size_t)npes * (size_t)c->q.stride, sizeof(long));
    c->signal = sym_calloc((size_t)npes, sizeof(long));
    c->ack = sym_calloc((size_t)npes, sizeof(long));
    c->sent = calloc((size_t)npes, sizeof(long));
    c->seen = calloc((size_t)npes, sizeof(long));
    if (!c->sent || !c->seen) shmem_global_exit(2);
    c->done_seen = 0;
    c->next = me;
}

static void achan_destroy(achan *c)
{
    shmem_free(c->ack);
    shmem_free(c->signal);
    shmem_free(c->slot);
    free(c->sent);
    free(c->seen);
    outq_destroy(&c->q);
}

static int achan_can_send(achan *c, int d)
{
    return shmem_long_test(&c->ack[d], SHMEM_CMP_EQ, c->sent[d]);
}

/* Every buffer sent was handed back: nothing of this channel is still on its way to or from
 * this PE's memory, so the channel can be freed (or the PE can leave) safely. */
static int achan_all_acked(achan *c)
{
    for (int d = 0; d < npes; d++)
        if (!achan_can_send(c, d)) return 0;
    return 1;
}

/* Sends the buffer for d; the caller made sure that d's slot is free (achan_can_send). */
static void achan_send(achan *c, int d, int done)
{
    long *buf = c->q.out + (long)d * c->q.stride;
    buf[0] = c->q.out_n[d] * 2 + (done != 0);
    shmem_putmem(c->slot + (long)me * c->q.stride, buf,
                 (size_t)(1 + c->q.out_n[d] * c->q.w) * sizeof(long), d);
    shmem_fence(); /* the buffer before its signal */
    shmem_long_atomic_inc(&c->signal[me], d);
    c->sent[d]++;
    c->q.out_n[d] = 0;
}

/* Consumes the buffers that have arrived: handle(src, items, n) for each, then the slot goes
 * back to its sender. handle returns 0 to leave a buffer for a later poll (it cannot be
 * served yet: ig and randperm need the reply slot to src first). */
typedef int (*handler_fn)(int src, const long *items, long n);

static void achan_poll(achan *c, handler_fn handle)
{
    for (int k = 0; k < npes; k++) {
        int src = (c->next + k) % npes;
        if (!shmem_long_test(&c->signal[src], SHMEM_CMP_NE, c->seen[src])) continue;
        const long *buf = c->slot + (long)src * c->q.stride;
        long hdr = buf[0];
        if (!handle(src, buf + 1, hdr >> 1)) continue;
        c->done_seen += (int)(hdr & 1);
        c->seen[src]++;
        shmem_long_atomic_inc(&c->ack[me], src);
    }
    c->next = (c->next + 1) % npes;
}

/* ---------------------------------------------------------------- histo */

static long h_t, h_s;
static long *h_counts; /* symmetric [h_s] */
static long *h_idx;    /* local [h_t]: global indices, drawn before the clock starts */

static void histo_setup(void)
{
    h_counts = sym_calloc((size_t)h_s, sizeof(long));
    h_idx = xmalloc((size_t)h_t * sizeof(long));
    rng_t r = rng_for(1, me);
    for (long i = 0; i < h_t; i++) h_idx[i] = rng_below(&r, h_s * npes);
}

/* The sum over all PEs must be T * npes and every count of this PE must equal the number of
 * draws, over all PEs' streams (replayed here), that name it. */
static void histo_check(const char *kernel)
{
    long local = 0, bad = 0;
    for (long i = 0; i < h_s; i++) local += h_counts[i];
    long sum = sum_all(local);
    if (me == 0 && sum != h_t * npes) {
        complain(kernel, "table sum %ld, expected %ld", sum, h_t * npes);
        bad++;
    }
    long *want = calloc((size_t)h_s, sizeof(long));
    if (!want) shmem_global_exit(2);
    for (int pe = 0; pe < npes; pe++) {
        rng_t r = rng_for(1, pe);
        for (long i = 0; i < h_t; i++) {
            long g = rng_below(&r, h_s * npes);
            if (g % npes == me) want[g / npes]++;
        }
    }
    for (long i = 0; i < h_s; i++)
        if (h_counts[i] != want[i]) {
            complain(kernel, "count %ld is %ld, expected %ld", i, h_counts[i], want[i]);
            bad++;
        }
    free(want);
    char what[96];
    snprintf(what, sizeof what, "sum=%ld, all %ld counts exact", sum, h_s * npes);
    verdict(kernel, bad, what);
    shmem_free(h_counts);
    free(h_idx);
}

static void histo_agp(const char *kernel)
{
    histo_setup();
    time_start();
    for (long i = 0; i < h_t; i++)
        shmem_long_atomic_add(&h_counts[h_idx[i] / npes], 1, (int)(h_idx[i] % npes));
    time_stop(kernel);
    histo_check(kernel);
}

static void histo_exstack(const char *kernel)
{
    histo_setup();
    xchan c;
    xchan_init(&c, 1);
    time_start();
    long i = 0;
    for (;;) {
        while (i < h_t) {
            int d = (int)(h_idx[i] % npes);
            *outq_push(&c.q, d) = h_idx[i++] / npes;
            if (outq_full(&c.q, d)) break;
        }
        int ndone = xchan_exchange(&c, i == h_t);
        for (int src = 0; src < npes; src++) {
            long n;
            const long *it = xchan_items(&c, src, &n);
            for (long k = 0; k < n; k++) h_counts[it[k]]++;
        }
        if (ndone == npes) break;
    }
    time_stop(kernel);
    xchan_destroy(&c);
    histo_check(kernel);
}

static achan h_ch, h_ch2; /* exstack2: h_ch; conveyor: h_ch (row hop), h_ch2 (column hop) */

static int histo_count(int src, const long *it, long n)
{
    (void)src;
    for (long k = 0; k < n; k++) h_counts[it[k]]++;
    return 1;
}

static void histo2_send(int d, int done)
{
    while (!achan_can_send(&h_ch, d)) achan_poll(&h_ch, histo_count);
    achan_send(&h_ch, d, done);
}

static void histo_exstack2(const char *kernel)
{
    histo_setup();
    achan_init(&h_ch, 1);
    time_start();
    for (long i = 0; i < h_t; i++) {
        int d = (int)(h_idx[i] % npes);
        *outq_push(&h_ch.q, d) = h_idx[i] / npes;
        if (outq_full(&h_ch.q, d)) {
            histo2_send(d, 0);
            achan_poll(&h_ch, histo_count); /* keep the others' buffers moving too */
        }
    }
    for (int k = 0; k < npes; k++) histo2_send((me + k) % npes, 1);
    while (h_ch.done_seen < npes || !achan_all_acked(&h_ch)) achan_poll(&h_ch, histo_count);
    time_stop(kernel);
    achan_destroy(&h_ch);
    histo_check(kernel);
}

/* Conveyor-like: the grid has g_rows rows of g_cols PEs (g_rows the largest divisor of npes
 * not above its square root; a prime npes gives one row, and the column hop is to itself).
 * Items travel as global indices, so that the intermediate PE knows the final one. */
static int g_rows, g_cols, cv_flushed;

static int conveyor_final(int src, const long *it, long n)
{
    (void)src;
    for (long k = 0; k < n; k++) h_counts[it[k] / npes]++;
    return 1;
}

/* Column-hop sends wait by serving the column hop only: its handler never sends, so these
 * waits always end, and a row-hop handler may call this one without recursion. */
static void conveyor_send2(int d, int done)
{
    while (!achan_can_send(&h_ch2, d)) achan_poll(&h_ch2, conveyor_final);
    achan_send(&h_ch2, d, done);
}

static int conveyor_forward(int src, const long *it, long n)
{
    (void)src;
    for (long k = 0; k < n; k++) {
        int d = (int)(it[k] % npes);
        *outq_push(&h_ch2.q, d) = it[k];
        if (outq_full(&h_ch2.q, d)) conveyor_send2(d, 0);
    }
    return 1;
}

static void conveyor_serve(void)
{
    achan_poll(&h_ch2, conveyor_final);
    achan_poll(&h_ch, conveyor_forward);
    /* Every sender of this row is done: nothing more to forward, so the column learns it. */
    if (!cv_flushed && h_ch.done_seen == g_cols) {
        cv_flushed = 1;
        for (int r = 0; r < g_rows; r++) conveyor_send2(r * g_cols + me % g_cols, 1);
    }
}

static void conveyor_send1(int d, int done)
{
    while (!achan_can_send(&h_ch, d)) conveyor_serve();
    achan_send(&h_ch, d, done);
}

static void histo_conveyor(const char *kernel)
{
    histo_setup();
    g_rows = 1;
    for (int r = 1; r * r <= npes; r++)
        if (npes % r == 0) g_rows = r;
    g_cols = npes / g_rows;
    cv_flushed = 0;
    achan_init(&h_ch, 1);
    achan_init(&h_ch2, 1);
    int row0 = me / g_cols * g_cols; /* first PE of my row */
    time_start();
    for (long i = 0; i < h_t; i++) {
        int d = row0 + (int)(h_idx[i] % npes) % g_cols;
        *outq_push(&h_ch.q, d) = h_idx[i];
        if (outq_full(&h_ch.q, d)) {
            conveyor_send1(d, 0);
            conveyor_serve();
        }
    }
    for (int c = 0; c < g_cols; c++) conveyor_send1(row0 + (me + c) % g_cols, 1);
    while (!cv_flushed || h_ch2.done_seen < g_rows || !achan_all_acked(&h_ch) ||
           !achan_all_acked(&h_ch2))
        conveyor_serve();
    time_stop(kernel);
    achan_destroy(&h_ch2);
    achan_destroy(&h_ch);
    histo_check(kernel);
}

/* ---------------------------------------------------------------- ig */

static long ig_t, ig_s;
static long *ig_table; /* symmetric [ig_s]: entry li of PE p holds ig_value(li * npes + p) */
static long *ig_idx;   /* local [ig_t]: global indices to gather */
static long *ig_tgt;   /* local [ig_t]: gathered values */
static long ig_got;    /* exstack2: values received */

static long ig_value(long g)
{
    return g * 1000003 + 12345;
}

static void ig_setup(void)
{
    ig_table = sym_calloc((size_t)ig_s, sizeof(long));
    for (long li = 0; li < ig_s; li++) ig_table[li] = ig_value(li * npes + me);
    ig_idx = xmalloc((size_t)ig_t * sizeof(long));
    ig_tgt = xmalloc((size_t)ig_t * sizeof(long));
    rng_t r = rng_for(2, me);
    for (long i = 0; i < ig_t; i++) {
        ig_idx[i] = rng_below(&r, ig_s * npes);
        ig_tgt[i] = -1;
    }
    shmem_barrier_all(); /* the tables are filled before anyone reads them */
}

static void ig_check(const char *kernel)
{
    long bad = 0;
    for (long i = 0; i < ig_t; i++)
        if (ig_tgt[i] != ig_value(ig_idx[i])) {
            complain(kernel, "element %ld (index %ld) got %ld", i, ig_idx[i], ig_tgt[i]);
            bad++;
        }
    char what[64];
    snprintf(what, sizeof what, "all %ld values", ig_t * npes);
    verdict(kernel, bad, what);
    shmem_free(ig_table);
    free(ig_idx);
    free(ig_tgt);
}

static void ig_agp(const char *kernel)
{
    ig_setup();
    time_start();
    for (long i = 0; i < ig_t; i++)
        ig_tgt[i] = shmem_long_g(&ig_table[ig_idx[i] / npes], (int)(ig_idx[i] % npes));
    time_stop(kernel);
    ig_check(kernel);
}

/* Two exchanges per round: requests (local index, position), then replies (position, value).
 * A reply buffer to src has as many items as src's request buffer, so it cannot overflow.
 * One slot set would do here (each channel's next put comes after the other channel's
 * barrier), the alternation of xchan costs nothing. */
static void ig_exstack(const char *kernel)
{
    ig_setup();
    xchan req, rep;
    xchan_init(&req, 2);
    xchan_init(&rep, 2);
    time_start();
    long i = 0;
    for (;;) {
        while (i < ig_t) {
            int d = (int)(ig_idx[i] % npes);
            long *p = outq_push(&req.q, d);
            p[0] = ig_idx[i] / npes;
            p[1] = i++;
            if (outq_full(&req.q, d)) break;
        }
        int ndone = xchan_exchange(&req, i == ig_t);
        for (int src = 0; src < npes; src++) {
            long n;
            const long *it = xchan_items(&req, src, &n);
            for (long k = 0; k < n; k++) {
                long *p = outq_push(&rep.q, src);
                p[0] = it[2 * k + 1];
                p[1] = ig_table[it[2 * k]];
            }
        }
        xchan_exchange(&rep, 0);
        for (int src = 0; src < npes; src++) {
            long n;
            const long *it = xchan_items(&rep, src, &n);
            for (long k = 0; k < n; k++) ig_tgt[it[2 * k]] = it[2 * k + 1];
        }
        if (ndone == npes) break;
    }
    time_stop(kernel);
    xchan_destroy(&rep);
    xchan_destroy(&req);
    ig_check(kernel);
}

static achan ig_req, ig_rep;

static int ig_take_reply(int src, const long *it, long n)
{
    (void)src;
    for (long k = 0; k < n; k++) ig_tgt[it[2 * k]] = it[2 * k + 1];
    ig_got += n;
    return 1;
}

/* Answers a request buffer at once, in one reply buffer; if the reply slot at src is still
 * taken, the request waits in its slot (src frees the reply slot whenever it polls). */
static int ig_answer(int src, const long *it, long n)
{
    if (n == 0) return 1; /* a bare "done" */
    if (!achan_can_send(&ig_rep, src)) return 0;
    for (long k = 0; k < n; k++) {
        long *p = outq_push(&ig_rep.q, src);
        p[0] = it[2 * k + 1];
        p[1] = ig_table[it[2 * k]];
    }
    achan_send(&ig_rep, src, 0);
    return 1;
}

static void ig_serve(void)
{
    achan_poll(&ig_rep, ig_take_reply);
    achan_poll(&ig_req, ig_answer);
}

static void ig2_send(int d, int done)
{
    while (!achan_can_send(&ig_req, d)) ig_serve();
    achan_send(&ig_req, d, done);
}

static void ig_exstack2(const char *kernel)
{
    ig_setup();
    achan_init(&ig_req, 2);
    achan_init(&ig_rep, 2);
    ig_got = 0;
    time_start();
    for (long i = 0; i < ig_t; i++) {
        int d = (int)(ig_idx[i] % npes);
        long *p = outq_push(&ig_req.q, d);
        p[0] = ig_idx[i] / npes;
        p[1] = i;
        if (outq_full(&ig_req.q, d)) {
            ig2_send(d, 0);
            ig_serve();
        }
    }
    for (int k = 0; k < npes; k++) ig2_send((me + k) % npes, 1);
    /* Leave once this PE has its values, every requester is done with it, and nothing sent is
     * unacknowledged. */
    while (ig_got < ig_t || ig_req.done_seen < npes || !achan_all_acked(&ig_req) ||
           !achan_all_acked(&ig_rep))
        ig_serve();
    time_stop(kernel);
    achan_destroy(&ig_rep);
    achan_destroy(&ig_req);
    ig_check(kernel);
}

/* ---------------------------------------------------------------- randperm */

static long rp_t;
static long *rp_target;   /* symmetric [2 * rp_t]: -1 or a dart */
static long *rp_perm;     /* symmetric [rp_t]: the permutation, block distribution */
static long *rp_count;    /* symmetric [1] */
static long *rp_counts;   /* symmetric [npes] */
static long rp_psync[SHMEM_COLLECT_SYNC_SIZE];
static long *rp_queue;    /* local ring of darts to (re)throw */
static long rp_qhead, rp_qn, rp_landed;
static rng_t rp_rng;

static void rp_setup(void)
{
    rp_target = sym_calloc(2 * (size_t)rp_t, sizeof(long));
    rp_perm = sym_calloc((size_t)rp_t, sizeof(long));
    rp_count = sym_calloc(1, sizeof(long));
    rp_counts = sym_calloc((size_t)npes, sizeof(long));
    for (long i = 0; i < 2 * rp_t; i++) rp_target[i] = -1;
    for (long i = 0; i < rp_t; i++) rp_perm[i] = -1;
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++) rp_psync[i] = SHMEM_SYNC_VALUE;
    rp_queue = xmalloc((size_t)rp_t * sizeof(long));
    for (long j = 0; j < rp_t; j++) rp_queue[j] = j;
    rp_qhead = 0;
    rp_qn = rp_t;
    rp_landed = 0;
    rp_rng = rng_for(3, me);
    shmem_barrier_all(); /* targets cleared everywhere before the first dart */
}

static long rp_pop(void)
{
    long j = rp_queue[rp_qhead];
    rp_qhead = (rp_qhead + 1) % rp_t;
    rp_qn--;
    return j;
}

/* A dart that missed goes back in the queue; the queue never holds more than T darts. */
static void rp_requeue(long j)
{
    rp_queue[(rp_qhead + rp_qn) % rp_t] = j;
    rp_qn++;
}

/* Timed, after every dart landed and no PE touches another's targets any more: the occupied
 * slots of each PE, in order, follow those of the PEs before it (counts exchanged with
 * fcollect) and are put to their places in the block-distributed permutation. */
static void rp_compact(void)
{
    long c = 0, n = rp_t * npes, off = 0, total = 0;
    for (long i = 0; i < 2 * rp_t; i++)
        if (rp_target[i] != -1) rp_target[c++] = rp_target[i];
    *rp_count = c;
    shmem_fcollect64(rp_counts, rp_count, 1, 0, 0, npes, rp_psync);
    for (int p = 0; p < npes; p++) {
        if (p < me) off += rp_counts[p];
        total += rp_counts[p];
    }
    if (total != n) return; /* lost or duplicated darts: the check reports it */
    for (long k = 0; k < c;) {
        long pos = off + k, li = pos % rp_t;
        long len = c - k < rp_t - li ? c - k : rp_t - li;
        shmem_putmem(&rp_perm[li], &rp_target[k], (size_t)len * sizeof(long), (int)(pos / rp_t));
        k += len;
    }
}

static void rp_check(const char *kernel)
{
    long bad = 0, n = rp_t * npes;
    if (me == 0) {
        long *all = xmalloc((size_t)n * sizeof(long));
        char *seen = calloc((size_t)n, 1);
        if (!seen) shmem_global_exit(2);
        for (int pe = 0; pe < npes; pe++)
            shmem_getmem(all + (long)pe * rp_t, rp_perm, (size_t)rp_t * sizeof(long), pe);
        for (long i = 0; i < n; i++) {
            if (all[i] < 0 || all[i] >= n || seen[all[i]]) {
                complain(kernel, "permutation[%ld] = %ld (out of range or repeated)", i, all[i]);
                bad++;
            } else {
                seen[all[i]] = 1;
            }
        }
        free(seen);
        free(all);
    }
    char what[64];
    snprintf(what, sizeof what, "permutation of %ld", n);
    verdict(kernel, bad, what);
    free(rp_queue);
    shmem_free(rp_counts);
    shmem_free(rp_count);
    shmem_free(rp_perm);
    shmem_free(rp_target);
}

static void randperm_agp(const char *kernel)
{
    rp_setup();
    long m = 2 * rp_t * npes;
    time_start();
    for (long j = 0; j < rp_t; j++) {
        long dart = me * rp_t + j, g;
        do g = rng_below(&rp_rng, m);
        while (shmem_long_atomic_compare_swap(&rp_target[g / npes], -1, dart, (int)(g % npes)) != -1);
    }
    shmem_barrier_all(); /* every dart is in before anyone compacts */
    rp_compact();
    time_stop(kernel);
    rp_check(kernel);
}

/* Requests (slot, dart index) to the slot's owner, which takes the first request for a free
 * slot and answers (dart index, landed?) in the same round; darts that missed are thrown
 * again in later rounds. A PE that had nothing to throw in a round never will again (its
 * misses come back in the round they were thrown), so "done" is "sent nothing"; all PEs
 * leave after the round in which none sent anything. */
static void randperm_exstack(const char *kernel)
{
    rp_setup();
    long m = 2 * rp_t * npes;
    xchan req, rep;
    xchan_init(&req, 2);
    xchan_init(&rep, 2);
    time_start();
    for (;;) {
        int sent = 0;
        while (rp_qn > 0) {
            long g = rng_below(&rp_rng, m);
            int d = (int)(g % npes);
            long *p = outq_push(&req.q, d);
            p[0] = g / npes;
            p[1] = rp_pop();
            sent = 1;
            if (outq_full(&req.q, d)) break;
        }
        int ndone = xchan_exchange(&req, !sent);
        for (int src = 0; src < npes; src++) {
            long n;
            const long *it = xchan_items(&req, src, &n);
            for (long k = 0; k < n; k++) {
                long li = it[2 * k], ok = rp_target[li] == -1;
                if (ok) rp_target[li] = src * rp_t + it[2 * k + 1];
                long *p = outq_push(&rep.q, src);
                p[0] = it[2 * k + 1];
                p[1] = ok;
            }
        }
        xchan_exchange(&rep, 0);
        for (int src = 0; src < npes; src++) {
            long n;
            const long *it = xchan_items(&rep, src, &n);
            for (long k = 0; k < n; k++)
                if (!it[2 * k + 1]) rp_requeue(it[2 * k]);
        }
        if (ndone == npes) break;
    }
    rp_compact();
    time_stop(kernel);
    xchan_destroy(&rep);
    xchan_destroy(&req);
    rp_check(kernel);
}

static achan rp_req, rp_rep;

static int rp_take_reply(int src, const long *it, long n)
{
    (void)src;
    for (long k = 0; k < n; k++) {
        if (it[2 * k + 1]) rp_landed++;
        else rp_requeue(it[2 * k]);
    }
    return 1;
}

static int rp_answer(int src, const long *it, long n)
{
    if (n == 0) return 1;
    if (!achan_can_send(&rp_rep, src)) return 0;
    for (long k = 0; k < n; k++) {
        long li = it[2 * k], ok = rp_target[li] == -1;
        if (ok) rp_target[li] = src * rp_t + it[2 * k + 1];
        long *p = outq_push(&rp_rep.q, src);
        p[0] = it[2 * k + 1];
        p[1] = ok;
    }
    achan_send(&rp_rep, src, 0);
    return 1;
}

static void rp_serve(void)
{
    achan_poll(&rp_rep, rp_take_reply);
    achan_poll(&rp_req, rp_answer);
}

static void rp2_send(int d, int done)
{
    while (!achan_can_send(&rp_req, d)) rp_serve();
    achan_send(&rp_req, d, done);
}

/* A PE says done only once all its darts landed: before that a miss may still need a
 * throw. Partly filled buffers go out when the queue runs dry, or the last darts would
 * wait for buffers that never fill. */
static void randperm_exstack2(const char *kernel)
{
    rp_setup();
    long m = 2 * rp_t * npes;
    achan_init(&rp_req, 2);
    achan_init(&rp_rep, 2);
    time_start();
    while (rp_landed < rp_t) {
        if (rp_qn > 0) {
            long g = rng_below(&rp_rng, m);
            int d = (int)(g % npes);
            long *p = outq_push(&rp_req.q, d);
            p[0] = g / npes;
            p[1] = rp_pop();
            if (outq_full(&rp_req.q, d)) {
                rp2_send(d, 0);
                rp_serve();
            }
        } else {
            for (int k = 0; k < npes; k++) {
                int d = (me + k) % npes;
                if (rp_req.q.out_n[d] > 0) rp2_send(d, 0);
            }
            rp_serve();
        }
    }
    for (int k = 0; k < npes; k++) rp2_send((me + k) % npes, 1);
    while (rp_req.done_seen < npes || !achan_all_acked(&rp_req) || !achan_all_acked(&rp_rep))
        rp_serve();
    rp_compact();
    time_stop(kernel);
    achan_destroy(&rp_rep);
    achan_destroy(&rp_req);
    rp_check(kernel);
}

/* ---------------------------------------------------------------- main */

static const struct {
    const char *name;
    void (*run)(const char *);
} kernels[] = {
    {"histo_agp", histo_agp},         {"histo_exstack", histo_exstack},
    {"histo_exstack2", histo_exstack2}, {"histo_conveyor", histo_conveyor},
    {"ig_agp", ig_agp},               {"ig_exstack", ig_exstack},
    {"ig_exstack2", ig_exstack2},     {"randperm_agp", randperm_agp},
    {"randperm_exstack", randperm_exstack}, {"randperm_exstack2", randperm_exstack2},
};
#define N_KERNELS (sizeof kernels / sizeof *kernels)

/* Does the comma list select the kernel: its full name, its app (before '_') or its variant
 * (after '_'), or "all"? */
static int selected(const char *list, const char *name)
{
    if (!list) return 1;
    const char *us = strchr(name, '_');
    size_t app = (size_t)(us - name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if ((len == strlen(name) && !strncmp(p, name, len)) || (len == 3 && !strncmp(p, "all", 3)) ||
            (len == app && !strncmp(p, name, len)) ||
            (len == strlen(us + 1) && !strncmp(p, us + 1, len)))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static int known(const char *list)
{
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), p);
        int hit = 0;
        for (size_t k = 0; k < N_KERNELS; k++) hit |= selected(word, kernels[k].name);
        if (!hit) {
            fprintf(stderr, "bale_kernels: unknown kernel '%s'\n", word);
            return 0;
        }
        p += len + (p[len] == ',');
    }
    return 1;
}

int main(int argc, char **argv)
{
    const char *list = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc) opt_t = atol(argv[++i]);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc) list = argv[++i];
        else if (!strcmp(argv[i], "-b") && i + 1 < argc) opt_b = atol(argv[++i]);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc) opt_s = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [-t ELEMENTS_PER_PE] [-k KERNEL,...] [-b BUF] [-s TABLE_PER_PE]\n"
                            "kernels:", argv[0]);
            for (size_t k = 0; k < N_KERNELS; k++) fprintf(stderr, " %s", kernels[k].name);
            fprintf(stderr, "\n");
            return 2;
        }
    }
    if ((list && !known(list)) || opt_b < 1 || (opt_t != -1 && opt_t < 1) ||
        (opt_s != -1 && opt_s < 1)) {
        fprintf(stderr, "bale_kernels: bad option value\n");
        return 2;
    }
    h_t = ig_t = opt_t > 0 ? opt_t : 100000;
    rp_t = opt_t > 0 ? opt_t : 20000;
    h_s = opt_s > 0 ? opt_s : 1000;
    ig_s = opt_s > 0 ? opt_s : 10000;

    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (me == 0) {
        printf("# bale_kernels: %d PEs, T=%ld (randperm %ld), buffers of %ld, tables of %ld "
               "(histo) and %ld (ig) per PE\n", npes, h_t, rp_t, opt_b, h_s, ig_s);
        fflush(stdout);
    }
    warm_up();
    for (size_t k = 0; k < N_KERNELS; k++) {
        if (!selected(list, kernels[k].name)) continue;
        complaints = 0;
        kernels[k].run(kernels[k].name);
    }
    shmem_finalize();
    return 0;
}
