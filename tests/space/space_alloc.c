/* Memory spaces: create/attach/allocate/free/detach/destroy cycles (the same addresses on every
 * PE, alignment honoured, calloc zeroes, exhaustion gives NULL), several spaces attached at
 * once, a space's contexts handed out and given back, spaces left attached at finalize; and no
 * leak: after many cycles, and every other pattern again, this process has exactly the shared
 * mappings and file descriptors it had after the first run of each, and no shared-memory
 * object of ours is left in /dev/shm (no_leak.sh checks that after the job; argv[1] "kill"
 * kills the last PE while a space is attached).
 * argv[1] may also be the number of cycles. */
#include <dirent.h>
#include <shmemx.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static int me, npes;
static uint64_t addrs[64]; /* every PE's value of one address (global: symmetric) */

/* Every PE got the same address. */
static void check_same_everywhere(const void *p, const char *what)
{
    uint64_t v = (uint64_t)(uintptr_t)p;
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) shmem_putmem(&addrs[me], &v, sizeof v, pe);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++)
        CHECK(addrs[pe] == v, "%s: PE %d has %#llx, PE %d %#llx", what, pe,
              (unsigned long long)addrs[pe], me, (unsigned long long)v);
    shmem_barrier_all();
}

/* Shared mappings of this process (a leaked space leaves one; the C library's malloc, whose
 * private mappings come and go, does not count). */
static int count_shared_mappings(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512], perms[8];
    int n = 0;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%*s %7s", perms) == 1 && perms[3] == 's') n++;
    fclose(f);
    return n;
}

static int count_entries(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.' && !strncmp(e->d_name, prefix, strlen(prefix))) n++;
    closedir(d);
    return n;
}

/* One full cycle: create, attach, allocate (checked), free, detach, destroy. */
static void cycle(size_t heap, int nctx, int round)
{
    shmemx_space_config_t cfg = {.sheap_size = heap, .num_contexts = nctx,
                                 .memkind = SHMEMX_MEM_HOST};
    shmemx_space_t sp;
    shmemx_space_create(cfg, &sp);
    shmemx_space_attach(sp);

    long *a = shmemx_space_malloc(sp, 1000 * sizeof(long));
    CHECK(a != NULL, "space_malloc failed (round %d)", round);
    for (int i = 0; i < 1000; i++) a[i] = me * 100000L + i + round;
    char *z = shmemx_space_calloc(sp, 300, 7);
    CHECK(z != NULL, "space_calloc failed");
    int zero = 1;
    for (int i = 0; i < 2100; i++) zero &= z[i] == 0;
    CHECK(zero, "space_calloc did not zero");
    void *al = shmemx_space_align(sp, 4096, 100);
    CHECK(((uintptr_t)al & 4095) == 0, "space_align(4096) gave %p", al);
    CHECK(shmemx_space_malloc(sp, 0) == NULL, "malloc of 0 bytes must give NULL");
    if (round == 0) {
        check_same_everywhere(a, "space_malloc");
        check_same_everywhere(z, "space_calloc");
        check_same_everywhere(al, "space_align");
    }
    for (int i = 0; i < 1000; i++)
        if (a[i] != me * 100000L + i + round) {
            CHECK(0, "block overwritten at %d", i);
            break;
        }
    /* Contexts: num_contexts of them, then none; given back, then again. */
    shmem_ctx_t ctx[4];
    for (int i = 0; i < nctx; i++)
        CHECK(shmemx_space_create_ctx(sp, 0, &ctx[i]) == 0, "context %d of %d refused", i, nctx);
    shmem_ctx_t extra;
    CHECK(shmemx_space_create_ctx(sp, 0, &extra) != 0, "context beyond num_contexts given");
    CHECK(extra == SHMEM_CTX_INVALID, "refused context is not SHMEM_CTX_INVALID");
    for (int i = 0; i < nctx; i++) shmem_ctx_destroy(ctx[i]);
    if (nctx) {
        CHECK(shmemx_space_create_ctx(sp, SHMEM_CTX_PRIVATE, &ctx[0]) == 0, "context not reused");
        shmem_ctx_destroy(ctx[0]);
    }
    shmem_free(al);
    shmem_free(z);
    shmem_free(a);
    shmemx_space_detach(sp);
    shmemx_space_destroy(sp);
}

/* Alignment from 64 bytes to 1 MiB, address identical on every PE. */
static void alignments(void)
{
    shmemx_space_config_t cfg = {.sheap_size = 16 << 20, .memkind = SHMEMX_MEM_HOST};
    shmemx_space_t sp;
    shmemx_space_create(cfg, &sp);
    shmemx_space_attach(sp);
    void *odd = shmemx_space_malloc(sp, 24); /* so that the next block is not aligned by luck */
    for (size_t al = 64; al <= ((size_t)1 << 20); al *= 2) {
        char *p = shmemx_space_align(sp, al, 3 * al + 5);
        CHECK(p && ((uintptr_t)p % al) == 0, "space_align(%zu) gave %p", al, (void *)p);
        if (al == ((size_t)1 << 20)) check_same_everywhere(p, "space_align 1 MiB");
        memset(p, me, 3 * al + 5);
        shmem_free(p);
    }
    shmem_free(odd);
    shmemx_space_detach(sp);
    shmemx_space_destroy(sp);
}

/* Exhaustion gives NULL on every PE, and the space stays usable. */
static void exhaustion(void)
{
    shmemx_space_config_t cfg = {.sheap_size = 1 << 20, .memkind = SHMEMX_MEM_HOST};
    shmemx_space_t sp;
    shmemx_space_create(cfg, &sp);
    shmemx_space_attach(sp);
    CHECK(shmemx_space_malloc(sp, 2 << 20) == NULL, "2 MiB from a 1 MiB space");
    CHECK(shmemx_space_calloc(sp, (size_t)1 << 40, (size_t)1 << 40) == NULL, "calloc overflow");
    void *big = shmemx_space_malloc(sp, (1 << 20) - 4096);
    CHECK(big != NULL, "almost the whole space refused");
    CHECK(shmemx_space_malloc(sp, 8192) == NULL, "beyond the rest of the space");
    shmem_free(big);
    void *again = shmemx_space_malloc(sp, 1 << 20);
    CHECK(again != NULL, "the whole space refused after the free");
    shmem_free(again);
    shmemx_space_detach(sp);
    shmemx_space_destroy(sp);
}

/* Four spaces attached at once (the most there may be), each with its own memory. */
static void four_at_once(void)
{
    shmemx_space_t sp[4];
    long *blk[4];
    for (int i = 0; i < 4; i++) {
        shmemx_space_config_t cfg = {.sheap_size = (size_t)(i + 1) << 16, .num_contexts = i % 2,
                                     .memkind = SHMEMX_MEM_HOST};
        shmemx_space_create(cfg, &sp[i]);
        shmemx_space_attach(sp[i]);
        blk[i] = shmemx_space_malloc(sp[i], 64 * sizeof(long));
        CHECK(blk[i] != NULL, "space %d", i);
        check_same_everywhere(blk[i], "block of one of four spaces");
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 64; j++) blk[i][j] = i * 1000 + j;
    shmem_barrier_all();
    /* Each PE reads the blocks of its right neighbour in every space. */
    long got[64];
    for (int i = 0; i < 4; i++) {
        shmem_getmem(got, blk[i], sizeof got, (me + 1) % npes);
        for (int j = 0; j < 64; j++)
            if (got[j] != i * 1000 + j) {
                CHECK(0, "space %d element %d: %ld", i, j, got[j]);
                break;
            }
    }
    shmem_barrier_all();
    /* Detach in another order than attached; a new space takes a freed place. */
    shmem_free(blk[1]);
    shmemx_space_detach(sp[1]);
    shmemx_space_destroy(sp[1]);
    shmemx_space_config_t cfg = {.sheap_size = 1 << 16, .memkind = SHMEMX_MEM_HOST};
    shmemx_space_create(cfg, &sp[1]);
    shmemx_space_attach(sp[1]);
    blk[1] = shmemx_space_malloc(sp[1], 64);
    CHECK(blk[1] != NULL, "space in a freed place");
    for (int i = 3; i >= 0; i--) {
        shmem_free(blk[i]);
        shmemx_space_detach(sp[i]);
        shmemx_space_destroy(sp[i]);
    }
}

/* A space far larger than what is touched (1 GiB per PE): memory is taken only where used. */
static void big_space(void)
{
    shmemx_space_t sp;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = (size_t)1 << 30}, &sp);
    shmemx_space_attach(sp);
    size_t half = (size_t)1 << 29;
    char *p = shmemx_space_malloc(sp, half), *q = shmemx_space_malloc(sp, half);
    CHECK(p && q, "two halves of a 1 GiB space");
    if (p && q) {
        long *last = (long *)(q + half - 64);
        shmem_long_p(last, me, (me + 1) % npes);
        shmem_barrier_all();
        CHECK(*last == (me + npes - 1) % npes, "last word of a 1 GiB space: %ld", *last);
    }
    shmem_free(q);
    shmem_free(p);
    shmemx_space_detach(sp);
    shmemx_space_destroy(sp);
}

int main(int argc, char **argv)
{
    const char *arg = argc > 1 ? argv[1] : "normal";
    int cycles = strcmp(arg, "normal") && strcmp(arg, "kill") ? atoi(arg) : 20;
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (!strcmp(arg, "kill")) {
        /* The last PE dies while a space is attached (no_leak.sh: nothing left behind). */
        shmemx_space_t sp;
        shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 20}, &sp);
        shmemx_space_attach(sp);
        long *x = shmemx_space_malloc(sp, 4096);
        x[0] = me;
        shmem_barrier_all();
        if (me == npes - 1) raise(SIGKILL);
        shmem_barrier_all(); /* the others wait here until the launcher ends the job */
        return 1;
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, "mpishmem-%u-", (unsigned)getuid());

    /* A space created and destroyed without ever being attached. */
    shmemx_space_config_t cfg = {.sheap_size = 12345, .num_contexts = 3};
    shmemx_space_t idle;
    shmemx_space_create(cfg, &idle);
    shmemx_space_destroy(idle);

    /* Every pattern once first: whatever MPI sets up once, and what it keeps for the most
     * windows alive at once (Open MPI's osc/ucx at MPI_THREAD_MULTIPLE keeps a UCX worker,
     * with its listening sockets, per window and thread alive at once: four_at_once's first
     * run adds 19 open files on the emulated cluster, its later runs none). Then the count,
     * many cycles and every pattern again, and the count again. */
    cycle(1 << 20, 2, 0);
    alignments();
    exhaustion();
    four_at_once();
    big_space();
    shmem_barrier_all();
    int maps = count_shared_mappings(), fds = count_entries("/proc/self/fd", "");
    for (int r = 1; r <= cycles; r++) cycle((size_t)(64 + r) << 10, r % 3, r);
    alignments();
    exhaustion();
    four_at_once();
    big_space();
    shmem_barrier_all();
    int maps2 = count_shared_mappings(), fds2 = count_entries("/proc/self/fd", "");
    CHECK(maps2 == maps, "%d shared mappings before the cycles, %d after", maps, maps2);
    CHECK(fds2 == fds, "%d open files before the cycles, %d after", fds, fds2);
    /* Our node objects are unlinked as soon as they are mapped: none is visible now (other
     * jobs' objects may come and go, so only a count of 0 on a quiet machine is asserted by
     * no_leak.sh; here the cycles must not have left one per cycle). */
    int shm = count_entries("/dev/shm", prefix);
    CHECK(shm < 4, "%d objects %s* in /dev/shm", shm, prefix);

    /* A space left attached (and one never attached) at finalize is freed by it. */
    shmemx_space_t left, unattached;
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 16, .num_contexts = 1},
                        &left);
    shmemx_space_create((shmemx_space_config_t){.sheap_size = 1 << 16}, &unattached);
    shmemx_space_attach(left);
    void *p = shmemx_space_malloc(left, 100);
    CHECK(p != NULL, "space left attached");
    shmem_ctx_t lctx;
    CHECK(shmemx_space_create_ctx(left, 0, &lctx) == 0, "context of the space left attached");
    shmem_ctx_putmem(lctx, p, &me, sizeof me, (me + 1) % npes);
    shmem_finalize();
    return test_exit_status();
}
