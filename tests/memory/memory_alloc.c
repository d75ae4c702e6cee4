/* Memory management: malloc/calloc/align/realloc/free/malloc_with_hints and the deprecated
 * names; size 0 gives NULL; every PE gets the same addresses; 10000 random alloc/free cycles
 * (same seed everywhere) leave the heap whole (a final allocation of most of it succeeds);
 * RMA into the blocks. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#define SLOTS 64

static uintptr_t addr_on_pe0;

/* The same address on every PE: compare with PE 0's. */
static void same_everywhere(void *p, const char *what)
{
    uintptr_t a = (uintptr_t)p;
    addr_on_pe0 = 0;
    shmem_barrier_all();
    uintptr_t pe0 = 0;
    if (shmem_my_pe() == 0) addr_on_pe0 = a;
    shmem_barrier_all();
    shmem_getmem(&pe0, &addr_on_pe0, sizeof pe0, 0);
    CHECK(pe0 == a, "%s: %p here, %p on PE 0", what, p, (void *)pe0);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(shmem_malloc(0) == NULL, "malloc(0)");
    CHECK(shmem_calloc(0, 8) == NULL && shmem_calloc(8, 0) == NULL, "calloc of 0 bytes");
    shmem_free(NULL);

    char *a = shmem_malloc(1000);
    same_everywhere(a, "malloc");
    int *c = shmem_calloc(100, sizeof(int));
    int zero = 1;
    for (int i = 0; i < 100; i++) zero &= c[i] == 0;
    CHECK(zero, "calloc zeroes");
    for (size_t al = 64; al <= (1 << 20); al *= 4) {
        void *p = shmem_align(al, 100);
        CHECK(p && (uintptr_t)p % al == 0, "align(%zu) = %p", al, p);
        same_everywhere(p, "align");
        shmem_free(p);
    }
    long hints[] = {0, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                    SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE};
    for (int i = 0; i < 4; i++) {
        long *p = shmem_malloc_with_hints(64, hints[i]);
        CHECK(p != NULL, "malloc_with_hints(%ld)", hints[i]);
        shmem_long_atomic_add(p, 1, 0);
        shmem_free(p);
    }
    /* realloc keeps contents; NULL -> malloc; size 0 -> free */
    for (int i = 0; i < 1000; i++) a[i] = (char)(i * 3);
    shmem_barrier_all();
    char *b = shmem_realloc(a, 100000);
    same_everywhere(b, "realloc grow");
    int ok = 1;
    for (int i = 0; i < 1000; i++) ok &= b[i] == (char)(i * 3);
    CHECK(ok, "realloc grow keeps contents");
    b = shmem_realloc(b, 10);
    for (int i = 0; i < 10; i++) ok &= b[i] == (char)(i * 3);
    CHECK(ok, "realloc shrink keeps contents");
    CHECK(shmem_realloc(b, 0) == NULL, "realloc to 0");
    char *d = shmem_realloc(NULL, 64);
    CHECK(d != NULL, "realloc(NULL)");
    shmem_free(d);
    /* deprecated names */
    long *o = shmalloc(128);
    o = shrealloc(o, 256);
    void *al = shmemalign(4096, 10);
    CHECK(o && al && (uintptr_t)al % 4096 == 0, "shmalloc/shrealloc/shmemalign");
    shfree(al);
    shfree(o);
    shmem_free(c);

    /* random cycles, identical on every PE */
    void *slot[SLOTS] = {0};
    unsigned seed = 12345;
    for (int i = 0; i < 10000; i++) {
        seed = seed * 1103515245u + 12345u;
        int k = (int)((seed >> 16) % SLOTS);
        if (slot[k]) {
            shmem_free(slot[k]);
            slot[k] = NULL;
        } else {
            size_t sz = 1 + (seed >> 8) % 20000;
            slot[k] = (seed & 1) ? shmem_malloc(sz) : shmem_align(256, sz);
            CHECK(slot[k] != NULL, "cycle %d: alloc of %zu failed", i, sz);
            if (i % 997 == 0 && slot[k]) {
                ((char *)slot[k])[0] = 0;
                shmem_barrier_all();
                shmem_char_p(slot[k], (char)me, (me + 1) % n);
                shmem_barrier_all();
                CHECK(((char *)slot[k])[0] == (char)((me + n - 1) % n), "RMA into a block");
            }
        }
    }
    for (int k = 0; k < SLOTS; k++) shmem_free(slot[k]);
    /* everything coalesced: most of the 64 MiB heap (set by the test) is one free block */
    void *big = shmem_malloc(60u << 20);
    CHECK(big != NULL, "a 60 MiB block after the cycles");
    shmem_free(big);
    shmem_finalize();
    return test_exit_status();
}
