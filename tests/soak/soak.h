/* The data-integrity soak: shared declarations.
 *
 * The run is a sequence of rounds. Every round's plan derives from (seed, round) alone, so
 * every PE computes every PE's operations and knows the exact expected contents of its own
 * buffers. In every target's buffers each origin owns an area of its own (only it writes
 * there), and within a round no byte is written twice, so concurrent operations never
 * overlap and the final contents do not depend on timing. A round:
 *   1. plan (every origin's ops); the expected images are updated from the plan;
 *   2. gets of the PE's own areas in other PEs (data of earlier rounds), checked;
 *   3. puts of every kind and AMOs on shared words, then quiet;
 *   4. the PE waits for the signals and flags aimed at it (it also polls them between its
 *      own ops in step 3), checking each op's data as soon as its signal is seen;
 *   5. barrier, then every byte of the PE's buffers and every AMO word is checked;
 *   6. collectives on the world team and a split team, checked.
 */
#ifndef SOAK_H
#define SOAK_H

#include <shmem.h>
#include <stddef.h>
#include <stdint.h>

#define SOAK_MAX_PES 64
#define SOAK_MAX_SIG 8   /* signal slots per (target, origin) per buffer */
#define SOAK_NCTR 4      /* shared counters per target per buffer */
#define SOAK_MAX_OPS 96  /* ops per origin per round */

enum soak_buf { BUF_HEAP, BUF_GLOBAL, SOAK_NBUF };

enum soak_kind {
    /* gets of the origin's own area (data of earlier rounds) */
    K_GETMEM, K_GETMEM_NBI, K_GET64_NBI, K_LONG_G, K_IGET64, K_IBGET32,
    /* puts into the origin's own area */
    K_PUTMEM, K_PUTMEM_NBI, K_PUT64, K_PUT32_NBI, K_LONG_P, K_IPUT64, K_IBPUT32,
    K_PUT_SIGNAL, K_PUT_SIGNAL_NBI, K_PUT_FENCE_FLAG, K_PUT_QUIET_READBACK,
    /* AMOs */
    K_AMO_ADD, K_AMO_INC, K_AMO_FADD, K_AMO_FINC, K_AMO_FADD_NBI, K_AMO_FETCH,
    K_AMO_XOR, K_AMO_FOR, K_AMO_FAND, K_AMO_FXOR_NBI,
    K_AMO_SWAP, K_AMO_CSWAP, K_AMO_CSWAP_FAIL, K_AMO_SET_READBACK,
    K_NKINDS
};

#define SOAK_IS_GET(k) ((k) <= K_IBGET32)
#define SOAK_IS_PUT(k) ((k) >= K_PUTMEM && (k) <= K_PUT_QUIET_READBACK)
#define SOAK_IS_AMO(k) ((k) >= K_AMO_ADD)
#define SOAK_IS_SIGNALED(k) ((k) >= K_PUT_SIGNAL && (k) <= K_PUT_FENCE_FLAG)

/* One operation. Data moves in blocks: nblocks blocks of bsize elements of esz bytes, block b
 * starting stride*b elements after the first (contiguous ops: one block). off is the byte
 * offset of the first element inside the origin's area of the target's buffer. */
struct soak_op {
    uint8_t kind, buf, sig_add, thread;
    int target;
    size_t off, esz, bsize, nblocks, stride;
    uint64_t key;    /* data pattern key (puts) */
    uint64_t value;  /* AMO operand or signal value/delta */
    uint64_t expect; /* new signal value; old value a fetching AMO returns (own bits/word) */
    int word;        /* counter index (shared counters) or signal slot */
};

/* AMO words of one buffer on one PE. */
struct soak_amo_words {
    int64_t ctr[SOAK_NCTR];       /* every origin adds/increments */
    uint64_t bits;                /* bit b belongs to origin b % npes */
    int64_t own[SOAK_MAX_PES];    /* own[o]: only origin o swaps/sets it */
};

/* Expected AMO state of every PE's words (tiny, so every PE tracks all of them). */
struct soak_amo_expect {
    int64_t ctr_before[SOAK_NCTR], ctr[SOAK_NCTR];
    uint64_t bits;
    int64_t own[SOAK_MAX_PES];
};

struct soak_state {
    int me, npes, threads_ok;
    uint64_t seed;
    long round;
    size_t area[SOAK_NBUF];                 /* bytes per origin area */
    unsigned char *buf[SOAK_NBUF];          /* symmetric: npes areas */
    unsigned char *expect[SOAK_NBUF];       /* private: expected contents of buf */
    unsigned char *mirror[SOAK_NBUF];       /* private: my area in every target */
    uint64_t *sig[SOAK_NBUF];               /* symmetric: [origin][SOAK_MAX_SIG] */
    uint64_t *sig_expect[SOAK_NBUF];        /* private: expected value of my slots */
    struct soak_amo_words *amo[SOAK_NBUF];  /* symmetric */
    struct soak_amo_expect *amo_expect[SOAK_NBUF]; /* private: [target] */
    struct soak_op *plan;                   /* [origin][SOAK_MAX_OPS] of this round */
    int *nops;                              /* [origin] */
    unsigned char *scratch;                 /* private staging, 2 areas */
    size_t scratch_size;
    /* statistics and errors of this PE */
    _Atomic long long ops, bytes_checked, errors; /* threads add to them too */
};

extern struct soak_state S;

/* soak_data.c: patterns, the plan, expected images, checks */
uint64_t soak_mix(uint64_t x);
void soak_fill(unsigned char *dst, size_t len, uint64_t key);
void soak_fill_at(unsigned char *dst, size_t len, uint64_t key, size_t start);
size_t soak_span(const struct soak_op *op);
void soak_plan_round(void);
void soak_apply_expected(void);
void soak_scatter(unsigned char *img, const struct soak_op *op, const unsigned char *src);
void soak_gather(unsigned char *dst, const unsigned char *img, const struct soak_op *op);
long soak_compare(const unsigned char *got, const unsigned char *want, size_t len,
                  const char *what, int target, int buf, int origin, size_t off);
void soak_check_round(void);
const char *soak_kind_name(int kind);

/* soak_ops.c: execution of one origin's ops on a context */
void soak_run_gets(shmem_ctx_t ctx, int thread);
void soak_run_puts(shmem_ctx_t ctx, int thread);

/* soak_recv.c: the receiving side of put-with-signal and put+fence+flag */
void soak_expect_signals(void);
void soak_poll_signals(void);
void soak_receive_signals(void);

/* soak_amo.c */
void soak_run_amo(shmem_ctx_t ctx, const struct soak_op *op, int64_t *nbi_fetch);
void soak_check_amo_nbi(const struct soak_op *op, int64_t fetched);
void soak_check_amo_words(void);

/* soak_coll.c */
void soak_coll_init(void);
void soak_coll_round(void);

/* soak_threads.c */
void soak_threads_round(void);

/* Reports one wrong result (first few per PE printed). */
void soak_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
