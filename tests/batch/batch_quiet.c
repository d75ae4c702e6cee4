/* Quiet and barrier_all complete batched small operations. In each epoch every PE writes, to
 * every PE (itself too) and interleaved across them in a random order, about half of the
 * pieces (1-64 B, at varied offsets, through putmem, putmem_nbi, char_p / long_p, int_put /
 * char_put and ctx_putmem_nbi) of its own region there, on the heap and in globals, plus
 * non-fetching AMOs (add and inc, xor, or, and, set, each kind on a word of its own so that the
 * final value does not depend on their order). In odd epochs one PE (in turn) writes and
 * ends with shmem_quiet, after which the next PE, waiting already and told through a fetching
 * AMO, reads the writer's regions on the PE after it (a third party: the writes must be
 * complete there, not merely ordered before the writer's later operations); in even epochs all
 * PEs write and end with shmem_barrier_all, after which every PE checks its own memory with
 * plain loads. Then every PE reads its regions back with getmem. Expected values come from a
 * replay of every PE's operations (all are generated from seeds). */
#include "batch_util.h"

#include <sched.h>
#include <string.h>

#define MAXPE 16
#define REG 1024
#define NW 5 /* words: add/inc, xor, or, and, set */
#define EPOCHS 24
#define MAXOPS 512

typedef struct {
    unsigned char bytes[REG];
    uint64_t words[NW];
} region_t;

enum { OP_PUT, OP_ADD, OP_INC, OP_XOR, OP_OR, OP_AND, OP_SET };

typedef struct {
    int kind, space, method;
    size_t off, size;
    uint64_t value;
} op_t;

static region_t g_reg[MAXPE]; /* [origin] */
static region_t *h_reg;       /* [origin] */
static long tp_flag, tp_ack;  /* the third-party look after a quiet */
static int me, n;

static region_t *region(int space, int origin)
{
    return space ? &g_reg[origin] : &h_reg[origin];
}

/* In odd epochs one PE writes (in turn), in even ones all do. */
static int writer_of(int epoch)
{
    return (epoch - 1) / 2 % n;
}

/* The operations of `origin` on `target` in `epoch`, in the order they are issued. */
static int gen_ops(int origin, int epoch, int target, op_t *ops)
{
    if (epoch % 2 && origin != writer_of(epoch)) return 0;
    batch_rng rng = {((uint64_t)origin << 40) ^ ((uint64_t)epoch << 20) ^ (uint64_t)target};
    int count = 0;
    for (int space = 0; space < 2; space++)
        for (size_t off = 0; off < REG && count < MAXOPS - 32;) {
            size_t size = 1 + batch_below(&rng, 64);
            if (size > REG - off) size = REG - off;
            if (batch_below(&rng, 2))
                ops[count++] = (op_t){OP_PUT, space, (int)batch_below(&rng, 5), off, size, 0};
            off += size;
        }
    /* shuffle the puts: offsets in random order */
    for (int i = count - 1; i > 0; i--) {
        int j = (int)batch_below(&rng, (size_t)i + 1);
        op_t t = ops[i];
        ops[i] = ops[j];
        ops[j] = t;
    }
    int amos = 6 + (int)batch_below(&rng, 8);
    for (int a = 0; a < amos; a++) {
        int kind = OP_ADD + (int)batch_below(&rng, 5); /* ADD..AND */
        uint64_t v = batch_next(&rng);
        if (kind == OP_ADD) v %= 100000;
        if (kind == OP_OR) v = 1ull << batch_below(&rng, 64);
        if (kind == OP_AND) v = ~(1ull << batch_below(&rng, 64));
        int at = (int)batch_below(&rng, (size_t)count + 1);
        memmove(&ops[at + 1], &ops[at], (size_t)(count - at) * sizeof(op_t));
        ops[at] = (op_t){kind, (int)batch_below(&rng, 2), 0, 0, 0, v};
        count++;
    }
    ops[count++] = (op_t){OP_SET, (int)batch_below(&rng, 2), 0, 0, 0, batch_next(&rng)};
    return count;
}

static void apply(const op_t *op, int origin, int epoch, region_t *shadow /* [2] */)
{
    region_t *r = &shadow[op->space];
    switch (op->kind) {
    case OP_PUT:
        for (size_t b = 0; b < op->size; b++)
            r->bytes[op->off + b] = batch_byte(op->off + b, epoch, origin);
        break;
    case OP_ADD: r->words[0] += op->value; break;
    case OP_INC: r->words[0] += 1; break;
    case OP_XOR: r->words[1] ^= op->value; break;
    case OP_OR: r->words[2] |= op->value; break;
    case OP_AND: r->words[3] &= op->value; break;
    default: r->words[4] = op->value; break;
    }
}

static void issue(const op_t *op, const unsigned char *src /* this epoch's bytes */, int to)
{
    region_t *r = region(op->space, me);
    unsigned char *dst = r->bytes + op->off;
    const unsigned char *s = src + op->off;
    size_t size = op->size;
    switch (op->kind) {
    case OP_PUT: break;
    case OP_ADD: shmem_uint64_atomic_add(&r->words[0], op->value, to); return;
    case OP_INC: shmem_uint64_atomic_inc(&r->words[0], to); return;
    case OP_XOR: shmem_uint64_atomic_xor(&r->words[1], op->value, to); return;
    case OP_OR: shmem_uint64_atomic_or(&r->words[2], op->value, to); return;
    case OP_AND: shmem_uint64_atomic_and(&r->words[3], op->value, to); return;
    default: shmem_uint64_atomic_set(&r->words[4], op->value, to); return;
    }
    switch (op->method) {
    case 0: shmem_putmem(dst, s, size, to); break;
    case 1: shmem_putmem_nbi(dst, s, size, to); break;
    case 2:
        if (size == 8 && op->off % 8 == 0) {
            long v;
            memcpy(&v, s, 8);
            shmem_long_p((long *)(void *)dst, v, to);
        } else if (size <= 6) {
            for (size_t b = 0; b < size; b++) shmem_char_p((char *)dst + b, (char)s[b], to);
        } else {
            shmem_putmem(dst, s, size, to);
        }
        break;
    case 3:
        if (op->off % 4 == 0 && size % 4 == 0)
            shmem_int_put((int *)(void *)dst, (const int *)(const void *)s, size / 4, to);
        else shmem_char_put((char *)dst, (const char *)s, size, to);
        break;
    default: shmem_ctx_putmem_nbi(SHMEM_CTX_DEFAULT, dst, s, size, to); break;
    }
}

static void init_shadow(region_t *shadow /* [2] */)
{
    memset(shadow, 0, 2 * sizeof(region_t));
    shadow[0].words[3] = shadow[1].words[3] = ~0ull;
}

static void compare(const region_t *got, const region_t *want, const char *what, int origin,
                    int target, int epoch)
{
    for (size_t b = 0; b < REG; b++)
        if (got->bytes[b] != want->bytes[b]) {
            CHECK(0, "%s, epoch %d, PE %d's region on PE %d: byte %zu is %u, want %u", what, epoch,
                  origin, target, b, got->bytes[b], want->bytes[b]);
            break;
        }
    static const char *names[NW] = {"add", "xor", "or", "and", "set"};
    for (int w = 0; w < NW; w++)
        CHECK(got->words[w] == want->words[w], "%s, epoch %d, PE %d's region on PE %d: %s word "
              "%llx, want %llx", what, epoch, origin, target, names[w],
              (unsigned long long)got->words[w], (unsigned long long)want->words[w]);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    if (n > MAXPE) {
        if (me == 0) fprintf(stderr, "FAIL: batch_quiet supports up to %d PEs\n", MAXPE);
        shmem_finalize();
        return EXIT_FAILURE;
    }
    int next_pe = (me + 1) % n, prev = (me + n - 1) % n;
    h_reg = shmem_calloc((size_t)n, sizeof(region_t));
    op_t *ops = malloc((size_t)n * MAXOPS * sizeof(op_t));
    int *count = malloc((size_t)n * sizeof(int)), *next = malloc((size_t)n * sizeof(int));
    region_t *shadow = malloc((size_t)n * 2 * sizeof(region_t)); /* [target][space] */
    region_t *mine = malloc((size_t)n * 2 * sizeof(region_t));   /* [origin][space] here */
    unsigned char *src = malloc(REG);
    if (!h_reg || !ops || !count || !next || !shadow || !mine || !src) {
        fprintf(stderr, "FAIL (PE %d): allocation\n", me);
        shmem_global_exit(1);
    }
    region_t third[2]; /* the previous PE's regions on the next PE */
    init_shadow(third);
    for (int o = 0; o < n; o++) h_reg[o].words[3] = g_reg[o].words[3] = ~0ull;
    for (int t = 0; t < n; t++) init_shadow(&shadow[2 * t]);
    for (int o = 0; o < n; o++) init_shadow(&mine[2 * o]);
    shmem_barrier_all();
    batch_rng mix = {0x5eed0000ull + (uint64_t)me};
    for (int epoch = 1; epoch <= EPOCHS; epoch++) {
        if (epoch % 2) shmem_barrier_all(); /* the checker waits before the writer starts */
        int left = 0;
        for (int t = 0; t < n; t++) {
            count[t] = gen_ops(me, epoch, t, &ops[(size_t)t * MAXOPS]);
            next[t] = 0;
            left += count[t];
        }
        /* Bytes of this epoch: the same at every target; nbi puts read them until the quiet. */
        for (size_t b = 0; b < REG; b++) src[b] = batch_byte(b, epoch, me);
        while (left > 0) {
            /* all PEs: targets interleaved at random; a lone writer: the third-party target
             * (two PEs on) last, so that its operations are the ones still fresh at the quiet */
            int t;
            if (epoch % 2) {
                int k = 0;
                while (next[(me + 3 + k) % n] == count[(me + 3 + k) % n]) k++;
                t = (me + 3 + k) % n;
            } else t = (int)batch_below(&mix, (size_t)n);
            if (next[t] == count[t]) continue;
            const op_t *op = &ops[(size_t)t * MAXOPS + (size_t)next[t]++];
            issue(op, src, t);
            apply(op, me, epoch, &shadow[2 * t]);
            left--;
        }
        for (int o = 0; o < n; o++) {
            int c = gen_ops(o, epoch, me, ops);
            for (int i = 0; i < c; i++) apply(&ops[i], o, epoch, &mine[2 * o]);
        }
        int c = gen_ops(prev, epoch, next_pe, ops);
        for (int i = 0; i < c; i++) apply(&ops[i], prev, epoch, third);
        if (epoch % 2) {
            /* One writer, then a third PE looks: quiet completed the writer's operations on
             * every PE, so the next PE (waiting already), told through a fetching AMO (a direct
             * operation to it alone), must find them on the PE after it. */
            int writer = writer_of(epoch), checker = (writer + 1) % n;
            if (me == writer) {
                shmem_quiet();
                long old = shmem_long_atomic_swap(&tp_flag, epoch, checker);
                long want = epoch > 2 * n ? epoch - 2 * n : 0;
                CHECK(old == want, "epoch %d: third-party flag was %ld, want %ld", epoch, old,
                      want);
            }
            if (me == checker) {
                shmem_long_wait_until(&tp_flag, SHMEM_CMP_GE, epoch);
                region_t got[2];
                memset(got, 0, sizeof got);
                for (int space = 0; space < 2; space++)
                    shmem_getmem(&got[space], region(space, prev), sizeof(region_t), next_pe);
                compare(&got[0], &third[0], "heap seen by a third PE after quiet", prev, next_pe,
                        epoch);
                compare(&got[1], &third[1], "globals seen by a third PE after quiet", prev,
                        next_pe, epoch);
                shmem_long_atomic_set(&tp_ack, epoch, prev);
            }
            if (me == writer) {
                /* No library call until the checker has looked (a wait would send out what the
                 * quiet should have): poll with loads for a while, then wait properly. */
                volatile long *ack = &tp_ack;
                double start = batch_now();
                while (*ack < epoch && batch_now() - start < 1.0) sched_yield();
                shmem_long_wait_until(&tp_ack, SHMEM_CMP_GE, epoch);
            }
        } else {
            /* barrier_all completes every PE's writes: own memory, no reads through the
             * library; then a barrier again before the next epoch's writes. */
            shmem_barrier_all();
            for (int o = 0; o < n; o++) {
                compare(&h_reg[o], &mine[2 * o], "own heap after barrier_all", o, me, epoch);
                compare(&g_reg[o], &mine[2 * o + 1], "own globals after barrier_all", o, me,
                        epoch);
            }
            shmem_barrier_all();
        }
        for (int t = 0; t < n; t++) {
            region_t got[2];
            memset(got, 0, sizeof got);
            for (int space = 0; space < 2; space++)
                shmem_getmem(&got[space], region(space, me), sizeof(region_t), t);
            compare(&got[0], &shadow[2 * t], "heap read back", me, t, epoch);
            compare(&got[1], &shadow[2 * t + 1], "globals read back", me, t, epoch);
        }
    }
    shmem_barrier_all();
    for (int o = 0; o < n; o++) {
        compare(&h_reg[o], &mine[2 * o], "own heap at the end", o, me, EPOCHS);
        compare(&g_reg[o], &mine[2 * o + 1], "own globals at the end", o, me, EPOCHS);
    }
    shmem_barrier_all();
    free(src);
    free(mine);
    free(shadow);
    free(next);
    free(count);
    free(ops);
    shmem_free(h_reg);
    if (me == 0 && !test_failures) printf("batch_quiet: ok (%d PEs, %d epochs)\n", n, EPOCHS);
    shmem_finalize();
    return test_exit_status();
}
