/* Every AMO for every type it is defined for, on heap and global targets, to every PE in a
 * ring (each PE owns one slot per type on its target, so the expected values are exact), in
 * the plain and ctx forms, the nbi fetching forms, the deprecated names and the generics. */
#include "testutil.h"

#define MAXPES 64
static int me, npes, to, from;

#define GLOBAL(T, N, _) static char pad_##N; static T g_##N[MAXPES];
MPISHMEM_AMO_EXT_TYPES(GLOBAL, _)

/* Runs `body` on the heap slot and on the global slot, with the plain and the ctx forms. */
#define EACH_TARGET(T, N, ...)                                                            \
    for (int where = 0; where < 2; where++)                                               \
        for (int ctx = 0; ctx < 2; ctx++) {                                               \
            T *d = (where ? g_##N : (T *)heap) + me;                                      \
            shmem_barrier_all();                                                          \
            __VA_ARGS__;                                                                       \
            shmem_barrier_all();                                                          \
        }
#define OP(N, op, ...) (ctx ? shmem_ctx_##N##_atomic_##op(SHMEM_CTX_DEFAULT, __VA_ARGS__) \
                            : shmem_##N##_atomic_##op(__VA_ARGS__))

/* fetch, set, swap and their nbi forms (extended types) */
#define EXT(T, N, _)                                                                      \
    static void ext_##N(void *heap)                                                       \
    {                                                                                     \
        (void)pad_##N;                                                                    \
        EACH_TARGET(T, N, {                                                               \
            T v1 = (T)(me + 3), v2 = (T)(me + 40), f = 0;                                 \
            OP(N, set, d, v1, to);                                                        \
            shmem_quiet();                                                                \
            CHECK(OP(N, fetch, d, to) == v1, #N " set/fetch");                            \
            CHECK(OP(N, swap, d, v2, to) == v1, #N " swap old");                          \
            OP(N, fetch_nbi, &f, d, to);                                                  \
            shmem_quiet();                                                                \
            CHECK(f == v2, #N " fetch_nbi");                                              \
            OP(N, swap_nbi, &f, d, v1, to);                                               \
            shmem_quiet();                                                                \
            CHECK(f == v2, #N " swap_nbi old");                                           \
            shmem_barrier_all();                                                          \
            T *mine = (where ? g_##N : (T *)heap) + from;                                 \
            CHECK(*mine == (T)(from + 3), #N " owner sees %g", (double)*mine);            \
        })                                                                                \
    }
MPISHMEM_AMO_EXT_TYPES(EXT, _)

/* compare_swap, fetch_inc, inc, fetch_add, add and nbi forms (standard types) */
#define STD(T, N, _)                                                                      \
    static void std_##N(void *heap)                                                       \
    {                                                                                     \
        EACH_TARGET(T, N, {                                                               \
            T v = (T)(me + 5), f = 0;                                                     \
            OP(N, set, d, v, to);                                                         \
            CHECK(OP(N, compare_swap, d, v, (T)(v + 1), to) == v, #N " cswap hit");       \
            CHECK(OP(N, compare_swap, d, v, (T)(v + 9), to) == (T)(v + 1), #N " cswap miss"); \
            CHECK(OP(N, fetch_inc, d, to) == (T)(v + 1), #N " fetch_inc");               \
            OP(N, inc, d, to);                                                            \
            CHECK(OP(N, fetch_add, d, (T)5, to) == (T)(v + 3), #N " fetch_add");          \
            OP(N, add, d, (T)3, to);                                                      \
            CHECK(OP(N, fetch, d, to) == (T)(v + 11), #N " after add");                   \
            OP(N, compare_swap_nbi, &f, d, (T)(v + 11), (T)(v + 20), to);                 \
            shmem_quiet();                                                                \
            CHECK(f == (T)(v + 11), #N " cswap_nbi");                                     \
            OP(N, fetch_inc_nbi, &f, d, to);                                              \
            shmem_quiet();                                                                \
            CHECK(f == (T)(v + 20), #N " fetch_inc_nbi");                                 \
            OP(N, fetch_add_nbi, &f, d, (T)10, to);                                       \
            shmem_quiet();                                                                \
            CHECK(f == (T)(v + 21), #N " fetch_add_nbi");                                 \
            shmem_barrier_all();                                                          \
            T *mine = (where ? g_##N : (T *)heap) + from;                                 \
            CHECK(*mine == (T)(from + 5 + 31), #N " owner sees %lld", (long long)*mine);  \
        })                                                                                \
    }
MPISHMEM_AMO_STD_TYPES(STD, _)

/* and, or, xor (bitwise types) */
#define BIT(T, N, _)                                                                      \
    static void bit_##N(void *heap)                                                       \
    {                                                                                     \
        EACH_TARGET(T, N, {                                                               \
            T f = 0;                                                                      \
            OP(N, set, d, (T)0xF0F0, to);                                                 \
            CHECK(OP(N, fetch_and, d, (T)0xFF00, to) == (T)0xF0F0, #N " fetch_and");      \
            OP(N, and, d, (T)0xF800, to);                                                 \
            CHECK(OP(N, fetch_or, d, (T)0x000F, to) == (T)0xF000, #N " fetch_or");        \
            OP(N, or, d, (T)0x0100, to);                                                  \
            CHECK(OP(N, fetch_xor, d, (T)0xFFFF, to) == (T)0xF10F, #N " fetch_xor");      \
            OP(N, xor, d, (T)0x00F0, to);                                                 \
            OP(N, fetch_and_nbi, &f, d, (T)0x0F0F, to);                                   \
            shmem_quiet();                                                                \
            CHECK(f == (T)0x0E00, #N " fetch_and_nbi");                                   \
            OP(N, fetch_or_nbi, &f, d, (T)(me << 4), to);                                 \
            shmem_quiet();                                                                \
            CHECK(f == (T)0x0E00, #N " fetch_or_nbi");                                    \
            OP(N, fetch_xor_nbi, &f, d, (T)0x1000, to);                                   \
            shmem_quiet();                                                                \
            CHECK(f == (T)(0x0E00 | (me << 4)), #N " fetch_xor_nbi");                     \
            shmem_barrier_all();                                                          \
            T *mine = (where ? g_##N : (T *)heap) + from;                                 \
            CHECK(*mine == (T)(0x1E00 | (from << 4)), #N " owner sees %llx",              \
                  (unsigned long long)*mine);                                             \
        })                                                                                \
    }
MPISHMEM_AMO_BIT_TYPES(BIT, _)

/* The deprecated names and a few generics, on int and long. */
static int gi;
static long gl;
static void old_and_generic(void)
{
    shmem_barrier_all();
    if (me == 0) {
        gi = 0;
        gl = 0;
    }
    shmem_barrier_all();
    shmem_int_add(&gi, 2, 0);
    shmem_int_inc(&gi, 0);
    shmem_long_fadd(&gl, 1, 0);
    shmem_long_finc(&gl, 0);
    shmem_add(&gl, 3L, 0);
    shmem_atomic_add(&gi, 1, 0);
    shmem_atomic_inc(SHMEM_CTX_DEFAULT, &gl, 0);
    shmem_barrier_all();
    CHECK(shmem_int_fetch(&gi, 0) == 4 * npes, "deprecated int ops: %d", gi);
    CHECK(shmem_atomic_fetch(&gl, 0) == 6 * npes, "deprecated long ops: %ld", gl);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(shmem_long_cswap(&gl, 6L * npes, -1L, 0) == 6 * npes, "shmem_long_cswap");
        CHECK(shmem_cswap(&gl, -1L, 5L, 0) == -1, "generic shmem_cswap");
        CHECK(shmem_swap(&gl, 9L, 0) == 5, "generic shmem_swap");
        shmem_set(&gi, 12, 0);
        CHECK(shmem_fetch(&gi, 0) == 12, "generic shmem_set/fetch");
        CHECK(shmem_finc(&gi, 0) == 12 && shmem_fadd(&gi, 3, 0) == 13, "finc/fadd");
        shmem_inc(&gi, 0);
        CHECK(shmem_atomic_compare_swap(&gi, 17, 0, 0) == 17, "generic compare_swap");
        unsigned long u = 0;
        unsigned long *pu = shmem_malloc(sizeof *pu);
        *pu = 6;
        shmem_atomic_fetch_xor_nbi(&u, pu, 3UL, 0);
        shmem_quiet();
        CHECK(u == 6 && shmem_atomic_fetch_or(pu, 8UL, 0) == 5 && *pu == 13, "bitwise generics");
        double dv = 0, *pd = shmem_malloc(sizeof *pd);
        shmem_atomic_set(pd, 2.5, 0);
        shmem_atomic_swap_nbi(&dv, pd, 1.25, 0);
        shmem_quiet();
        CHECK(dv == 2.5 && shmem_double_fetch(pd, 0) == 1.25, "double generics");
        shmem_free(pd);
        shmem_free(pu);
    } else {
        void *a = shmem_malloc(sizeof(unsigned long)), *b = shmem_malloc(sizeof(double));
        shmem_free(b);
        shmem_free(a);
    }
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    to = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    if (npes > MAXPES) shmem_global_exit(2);
    void *heap = shmem_calloc(MAXPES, 8);
#define RUN_EXT(T, N, _) ext_##N(heap);
#define RUN_STD(T, N, _) std_##N(heap);
#define RUN_BIT(T, N, _) bit_##N(heap);
    MPISHMEM_AMO_EXT_TYPES(RUN_EXT, _)
    MPISHMEM_AMO_STD_TYPES(RUN_STD, _)
    MPISHMEM_AMO_BIT_TYPES(RUN_BIT, _)
    old_and_generic();
    shmem_free(heap);
    shmem_finalize();
    return test_exit_status();
}
