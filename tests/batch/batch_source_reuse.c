/* A blocking put may return before its data is at the target only if it has copied the source:
 * the source may be changed at once. Every PE puts, to every other PE, K pieces of 1-128 B
 * into slots of their own (even slots on the heap, odd ones in globals), from buffers it
 * overwrites right after the call returns: a long-lived buffer, a stack array whose frame the
 * next call reuses, a malloc'd buffer freed at once (the next one likely gets the same memory),
 * long_put / char_p from locals, int_put from a buffer. After quiet and a barrier every
 * receiver checks every slot: the original bytes, and zeros past the piece. */
#include "batch_util.h"

#include <string.h>

#define MAXPE 16
/* batch_source_reuse_bounce builds this with pieces of up to 4096 B: those above
 * MPISHMEM_BATCH_MAX go through MPI from the context's bounce buffer (many per quiet, so the
 * buffer fills and is flushed and reused on the way). */
#ifndef SLOT
#define K 240
#define SLOT 128
#define PIECE_STEP 37
#endif

static _Alignas(8) unsigned char g_slots[MAXPE][K][SLOT]; /* [sender][k], odd k */
static unsigned char (*h_slots)[K][SLOT];     /* [sender][k], even k */
static int me, n;

static size_t piece_size(int k, int sender)
{
    return 1 + (size_t)(k * PIECE_STEP + sender * 11) % SLOT;
}

/* The value byte i of piece k has (batch_byte's round is the piece number). */
static unsigned char piece_byte(size_t i, int k, int sender)
{
    return batch_byte(i, k, sender);
}

static void scribble(unsigned char *buf, size_t size)
{
    volatile unsigned char *v = buf; /* not a dead store the compiler could drop */
    for (size_t i = 0; i < size; i++) v[i] = (unsigned char)(0xee ^ i);
}

__attribute__((noinline)) static void put_from_stack(unsigned char *dst, size_t size, int k,
                                                     int to)
{
    unsigned char local[SLOT];
    for (size_t i = 0; i < size; i++) local[i] = piece_byte(i, k, me);
    shmem_putmem(dst, local, size, to);
    scribble(local, size);
}

static void put_piece(int k, int to, unsigned char *keep)
{
    unsigned char *dst = k % 2 ? g_slots[me][k] : h_slots[me][k];
    size_t size = piece_size(k, me);
    switch (k % 5) {
    case 0:
        for (size_t i = 0; i < size; i++) keep[i] = piece_byte(i, k, me);
        shmem_putmem(dst, keep, size, to);
        scribble(keep, SLOT);
        break;
    case 1: put_from_stack(dst, size, k, to); break;
    case 2: {
        unsigned char *m = malloc(SLOT);
        if (!m) shmem_global_exit(1);
        for (size_t i = 0; i < size; i++) m[i] = piece_byte(i, k, me);
        shmem_putmem(dst, m, size, to);
        scribble(m, SLOT);
        free(m);
        unsigned char *again = malloc(SLOT); /* likely the same memory: scribble on it too */
        if (!again) shmem_global_exit(1);
        scribble(again, SLOT);
        free(again);
        break;
    }
    case 3: {
        /* the first 8 (or fewer) bytes through char_p, the rest through long_put from a local
         * array changed right after; slots are 8-byte aligned, so dst + 8 is too */
        size_t head = size < 8 ? size : 8;
        for (size_t i = 0; i < head; i++) {
            char c = (char)piece_byte(i, k, me);
            shmem_char_p((char *)dst + i, c, to);
        }
        if (size > 8) {
            long local[SLOT / 8];
            unsigned char bytes[SLOT];
            size_t longs = (size - 8 + 7) / 8;
            memset(bytes, 0, sizeof bytes);
            for (size_t i = 8; i < size; i++) bytes[i - 8] = piece_byte(i, k, me);
            memcpy(local, bytes, longs * 8);
            /* whole longs: the bytes past `size` in the last one are zero, as expected */
            shmem_long_put((long *)(void *)(dst + 8), local, longs, to);
            scribble((unsigned char *)local, sizeof local);
        }
        break;
    }
    default: {
        int local[SLOT / 4];
        size_t ints = (size + 3) / 4;
        unsigned char bytes[SLOT];
        memset(bytes, 0, sizeof bytes);
        for (size_t i = 0; i < size; i++) bytes[i] = piece_byte(i, k, me);
        memcpy(local, bytes, ints * 4);
        shmem_int_put((int *)(void *)dst, local, ints, to);
        scribble((unsigned char *)local, sizeof local);
        break;
    }
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_source_reuse supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    h_slots = shmem_calloc((size_t)n, sizeof *h_slots);
    unsigned char *keep = malloc(SLOT);
    if (!h_slots || !keep) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    for (int k = 0; k < K; k++)
        for (int d = 1; d < n; d++) put_piece(k, (me + d) % n, keep);
    shmem_quiet();
    shmem_barrier_all();
    for (int s = 0; s < n; s++) {
        if (s == me) continue;
        for (int k = 0; k < K; k++) {
            const unsigned char *slot = k % 2 ? g_slots[s][k] : h_slots[s][k];
            size_t size = piece_size(k, s);
            const char *space = k % 2 ? "globals" : "heap";
            for (size_t i = 0; i < SLOT; i++) {
                unsigned char want = i < size ? piece_byte(i, k, s) : 0;
                if (slot[i] != want) {
                    CHECK(0, "%s piece %d (method %d, %zu B) from PE %d: byte %zu is %u, want %u",
                          space, k, k % 5, size, s, i, slot[i], want);
                    break;
                }
            }
        }
    }
    shmem_barrier_all();
    free(keep);
    shmem_free(h_slots);
    if (me == 0 && !test_failures) printf("batch_source_reuse: ok (%d PEs)\n", n);
    shmem_finalize();
    return test_exit_status();
}
