/* All PEs hammer one location (on PE 0, then on the last PE) with a mix of fetch_add, inc,
 * compare_swap, swap and fetch, for int and long. Exact checks:
 *  - fetch_add/inc counter: final value = sum of all increments; the values fetched by the
 *    fetch_adds of increment 1 << 16, shifted down, are exactly 0 .. total-1 (each counts
 *    the fetch_adds before it);
 *  - compare_swap counter: each PE increments by CAS loops; final = total successes;
 *  - swap word: each PE swaps in unique tokens; the multiset {tokens returned} + {final value}
 *    equals {tokens swapped in} + {initial value}, checked by sum and xor over all PEs. */
#include "testutil.h"

#define ROUNDS 300

#define HAMMER(T, N)                                                                      \
    static void hammer_##N(T *word3, int home)                                            \
    {                                                                                     \
        int me = shmem_my_pe(), n = shmem_n_pes();                                        \
        T *ctr = word3, *cas = word3 + 1, *swp = word3 + 2;                               \
        static T seen[ROUNDS];                                                            \
        T tok_sum = 0, tok_xor = 0;                                                       \
        shmem_barrier_all();                                                              \
        for (int r = 0; r < ROUNDS; r++) {                                                \
            seen[r] = shmem_##N##_atomic_fetch_add(ctr, (T)1 << 16, home);                \
            shmem_##N##_atomic_inc(ctr, home);                                            \
            T old = shmem_##N##_atomic_fetch(cas, home);                                  \
            for (;;) {                                                                    \
                T got = shmem_##N##_atomic_compare_swap(cas, old, (T)(old + 1), home);    \
                if (got == old) break;                                                    \
                old = got;                                                                \
            }                                                                             \
            T tok = (T)(me * ROUNDS + r + 1);                                             \
            T back = shmem_##N##_atomic_swap(swp, tok, home);                             \
            tok_sum = (T)(tok_sum + back - tok);                                          \
            tok_xor ^= back ^ tok;                                                        \
        }                                                                                 \
        /* gather every PE's fetched values at home */                                   \
        long *all = shmem_malloc(sizeof(long) * ROUNDS * (size_t)n);                      \
        unsigned long *acc = shmem_calloc(2, sizeof(unsigned long));                      \
        long mine[ROUNDS];                                                                \
        for (int r = 0; r < ROUNDS; r++) mine[r] = (long)(seen[r] >> 16);                 \
        shmem_long_put(all + (size_t)me * ROUNDS, mine, ROUNDS, home);                    \
        shmem_ulong_atomic_add(&acc[0], (unsigned long)(long)tok_sum, home);              \
        shmem_ulong_atomic_xor(&acc[1], (unsigned long)(long)tok_xor, home);              \
        shmem_barrier_all();                                                              \
        if (me == home) {                                                                 \
            long total_ops = (long)ROUNDS * n;                                            \
            char *hit = calloc((size_t)total_ops, 1);                                     \
            int dup = 0;                                                                  \
            for (long i = 0; i < total_ops; i++) {                                        \
                if (all[i] < 0 || all[i] >= total_ops || hit[all[i]]) dup++;              \
                else hit[all[i]] = 1;                                                     \
            }                                                                             \
            CHECK(dup == 0, #N " %d fetched counter values missing or repeated", dup);    \
            free(hit);                                                                    \
        }                                                                                 \
        if (me == home) {                                                                 \
            T total = (T)((long)ROUNDS * n);                                              \
            CHECK(*ctr == (T)(total * (((T)1 << 16) + 1)), #N " counter %lld",            \
                  (long long)*ctr);                                                       \
            CHECK(*cas == total, #N " cas counter %lld want %lld", (long long)*cas,      \
                  (long long)total);                                                      \
            /* sum over PEs of (returned - given) = initial(0) - final */                 \
            CHECK((T)acc[0] == (T)(0 - *swp), #N " swap tokens: sum %lld final %lld",     \
                  (long long)acc[0], (long long)*swp);                                    \
            CHECK((T)acc[1] == *swp, #N " swap tokens: xor %llx final %llx",              \
                  (unsigned long long)acc[1], (unsigned long long)*swp);                  \
        }                                                                                 \
        shmem_barrier_all();                                                              \
        shmem_free(acc);                                                                  \
        shmem_free(all);                                                                  \
    }
HAMMER(int, int)
HAMMER(long, long)

int main(void)
{
    shmem_init();
    int n = shmem_n_pes();
    static long gwords[3];
    int *hi = shmem_calloc(3, sizeof(int));
    long *hl = shmem_calloc(3, sizeof(long));
    hammer_int(hi, 0);
    hammer_long(hl, n - 1);
    hammer_long(gwords, 0);
    shmem_free(hl);
    shmem_free(hi);
    shmem_finalize();
    return test_exit_status();
}
