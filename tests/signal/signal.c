/* Put-with-signal: the receiver waits on the signal and must then see all the data, for
 * sizes from 1 byte to 4 MiB, SET and ADD, blocking and nbi, typed/sized/mem and ctx forms;
 * an all-to-one round with ADD; signal_add/set/fetch. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define MAX (4 * 1024 * 1024)
static unsigned char gbuf[MAX];
static uint64_t gsig;

static unsigned char pat(int pe, size_t i, int r) { return (unsigned char)(pe * 29 + i * 11 + r); }

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int to = (me + 1) % n, from = (me + n - 1) % n;
    unsigned char *hbuf = shmem_malloc(MAX);
    uint64_t *hsig = shmem_calloc(1, sizeof(uint64_t));
    static unsigned char src[MAX];
    const size_t sizes[] = {1, 8, 100, 4096, 65536, 1 << 20, MAX};
    int round = 0;
    for (int where = 0; where < 2; where++) {
        unsigned char *buf = where ? gbuf : hbuf;
        uint64_t *sig = where ? &gsig : hsig;
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int form = 0; form < 6; form++) {
                size_t bytes = sizes[s];
                round++;
                *sig = 0;
                memset(buf, 0, bytes);
                for (size_t i = 0; i < bytes; i++) src[i] = pat(me, i, round);
                shmem_barrier_all();
                int op = form % 2 ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
                uint64_t v = form % 2 ? 1 : (uint64_t)round;
                switch (form) {
                case 0: shmem_putmem_signal(buf, src, bytes, sig, v, op, to); break;
                case 1: shmem_putmem_signal_nbi(buf, src, bytes, sig, v, op, to); break;
                case 2: shmem_ctx_put8_signal(SHMEM_CTX_DEFAULT, buf, src, bytes, sig, v, op, to); break;
                case 3: shmem_put64_signal_nbi(buf, src, bytes / 8, sig, v, op, to); bytes = bytes / 8 * 8; break;
                case 4: shmem_uchar_put_signal(buf, src, bytes, sig, v, op, to); break;
                case 5: shmem_put_signal_nbi(SHMEM_CTX_DEFAULT, buf, src, bytes, sig, v, op, to); break;
                }
                uint64_t got = shmem_signal_wait_until(sig, SHMEM_CMP_EQ, v);
                CHECK(got == v, "signal value %llu", (unsigned long long)got);
                size_t bad = 0;
                for (size_t i = 0; i < bytes; i++) bad += buf[i] != pat(from, i, round);
                CHECK(bad == 0, "%s size %zu form %d: %zu bytes wrong after the signal",
                      where ? "global" : "heap", bytes, form, bad);
                shmem_quiet(); /* nbi sources may be reused now */
            }
    }
    /* all-to-one with ADD: PE 0 waits until every other PE's data arrived */
    shmem_barrier_all();
    *hsig = 0;
    shmem_barrier_all();
    if (me != 0) {
        for (size_t i = 0; i < 1000; i++) src[i] = pat(me, i, 7);
        shmem_putmem_signal(hbuf + (size_t)me * 1000, src, 1000, hsig, 1, SHMEM_SIGNAL_ADD, 0);
    } else {
        shmem_signal_wait_until(hsig, SHMEM_CMP_EQ, (uint64_t)(n - 1));
        for (int p = 1; p < n; p++)
            for (size_t i = 0; i < 1000; i++)
                CHECK(hbuf[(size_t)p * 1000 + i] == pat(p, i, 7), "all-to-one from %d", p);
    }
    /* signal_add, signal_set, signal_fetch, also through the generic ctx overload */
    shmem_barrier_all();
    *hsig = 0;
    shmem_barrier_all();
    shmem_signal_add(hsig, 2, 0);
    shmem_signal_add(SHMEM_CTX_DEFAULT, hsig, 1, 0);
    shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, hsig, 1, 0);
    shmem_barrier_all();
    if (me == 0) CHECK(shmem_signal_fetch(hsig) == (uint64_t)4 * n, "signal_add total %llu",
                       (unsigned long long)shmem_signal_fetch(hsig));
    shmem_barrier_all();
    if (me == n - 1) shmem_signal_set(hsig, 99, 0);
    if (me == 0) CHECK(shmem_signal_wait_until(hsig, SHMEM_CMP_GT, 98) == 99, "signal_set");
    shmem_barrier_all();
    if (me == 0) shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, &gsig, 5, n - 1);
    shmem_barrier_all();
    if (me == n - 1) CHECK(shmem_signal_fetch(&gsig) == 5, "ctx_signal_set on a global");
    shmem_free(hsig);
    shmem_free(hbuf);
    shmem_finalize();
    return test_exit_status();
}
