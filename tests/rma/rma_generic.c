/* The C11 generic RMA macros, with and without a context, over several types, and a few
 * routines through their pshmem_ (profiling) names. */
#include <pshmem.h>
#include <stdint.h>

#include "testutil.h"

static long double gld[4];
static int64_t gi64[4];

#define TRY(T, fmt)                                                                       \
    {                                                                                     \
        T *d = shmem_malloc(8 * sizeof(T));                                               \
        T s[8], b[8];                                                                     \
        for (int i = 0; i < 8; i++) s[i] = (T)(me * 10 + i), d[i] = 0, b[i] = 0;          \
        shmem_barrier_all();                                                              \
        shmem_put(d, s, 2, to);                                                           \
        shmem_put(SHMEM_CTX_DEFAULT, d + 2, s + 2, 2, to);                                \
        shmem_put_nbi(d + 4, s + 4, 1, to);                                               \
        shmem_put_nbi(SHMEM_CTX_DEFAULT, d + 5, s + 5, 1, to);                            \
        shmem_p(d + 6, s[6], to);                                                         \
        shmem_p(SHMEM_CTX_DEFAULT, d + 7, s[7], to);                                      \
        shmem_barrier_all();                                                              \
        for (int i = 0; i < 8; i++)                                                       \
            CHECK(d[i] == (T)(from * 10 + i), #T " put elem %d = " fmt, i, d[i]);         \
        shmem_get(b, d, 2, to);                                                           \
        shmem_get(SHMEM_CTX_DEFAULT, b + 2, d + 2, 2, to);                                \
        shmem_get_nbi(b + 4, d + 4, 1, to);                                               \
        shmem_get_nbi(SHMEM_CTX_DEFAULT, b + 5, d + 5, 1, to);                            \
        shmem_quiet();                                                                    \
        b[6] = shmem_g(d + 6, to);                                                        \
        b[7] = shmem_g(SHMEM_CTX_DEFAULT, d + 7, to);                                     \
        for (int i = 0; i < 8; i++) CHECK(b[i] == (T)(me * 10 + i), #T " get elem %d", i); \
        shmem_barrier_all();                                                              \
        for (int i = 0; i < 8; i++) d[i] = 0;                                             \
        shmem_barrier_all();                                                              \
        shmem_iput(d, s, 2, 1, 4, to);                                                    \
        shmem_barrier_all();                                                              \
        for (int i = 0; i < 8; i++)                                                       \
            CHECK(d[i] == (i % 2 ? (T)0 : (T)(from * 10 + i / 2)), #T " iput elem %d", i); \
        for (int i = 0; i < 8; i++) b[i] = 0;                                             \
        shmem_iget(SHMEM_CTX_DEFAULT, b, d, 1, 2, 4, to);                                 \
        for (int i = 0; i < 4; i++) CHECK(b[i] == (T)(me * 10 + i), #T " iget elem %d", i); \
        shmem_barrier_all();                                                              \
        for (int i = 0; i < 8; i++) d[i] = 0;                                             \
        shmem_barrier_all();                                                              \
        shmem_ibput(d, s, 4, 2, 2, 2, to);                                                \
        shmem_barrier_all();                                                              \
        for (int i = 0; i < 8; i++) {                                                     \
            T want = (i % 4 < 2) ? (T)(from * 10 + (i / 4) * 2 + i % 4) : (T)0;           \
            CHECK(d[i] == want, #T " ibput elem %d", i);                                  \
        }                                                                                 \
        for (int i = 0; i < 8; i++) b[i] = 0;                                             \
        shmem_ibget(SHMEM_CTX_DEFAULT, b, d, 2, 4, 2, 2, to);                             \
        for (int i = 0; i < 4; i++) CHECK(b[i] == (T)(me * 10 + i), #T " ibget elem %d", i); \
        shmem_barrier_all();                                                              \
        shmem_free(d);                                                                    \
    }

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int to = (me + 1) % n, from = (me + n - 1) % n;
    TRY(char, "%d")
    TRY(signed char, "%d")
    TRY(unsigned char, "%u")
    TRY(short, "%d")
    TRY(unsigned short, "%u")
    TRY(int, "%d")
    TRY(unsigned int, "%u")
    TRY(long, "%ld")
    TRY(unsigned long, "%lu")
    TRY(long long, "%lld")
    TRY(unsigned long long, "%llu")
    TRY(float, "%g")
    TRY(double, "%g")
    TRY(long double, "%Lg")
    /* Globals through the generics; the profiling names. */
    shmem_p(&gld[1], (long double)me + 0.5L, to);
    shmem_p(&gi64[2], (int64_t)me << 40, to);
    shmem_barrier_all();
    CHECK(gld[1] == (long double)from + 0.5L, "long double global");
    CHECK(gi64[2] == (int64_t)from << 40, "int64 global");
    pshmem_long_p((long *)&gi64[3], 77 + me, to);
    pshmem_barrier_all();
    CHECK(gi64[3] == 77 + from, "pshmem_long_p");
    CHECK(pshmem_n_pes() == n && pshmem_my_pe() == me, "pshmem query");
    shmem_finalize();
    return test_exit_status();
}
