// The C++ overloads of the generic OpenSHMEM names (include/mpishmem/cxx_overloads.h and
// cxx_coll_overloads.h): every family called through its generic name with several types, in
// plain and context forms, with exact results. Each test is a template, so the same code
// checks that the overload for each type calls that type's routine (a wrong routine moves
// bytes of the wrong size and the checks fail). Every PE writes to its right neighbour.
#include <shmem.h>

#include <vector>

#include "testutil.h"

namespace {

int me, npes, right, left;

template <typename T> T *sym_alloc(size_t n)
{
    T *p = static_cast<T *>(shmem_calloc(n, sizeof(T)));
    CHECK(p != NULL, "shmem_calloc(%zu) failed", n);
    return p;
}

// Values that fit in a signed char for up to 4 PEs.
template <typename T> T val(int pe, int i) { return static_cast<T>(pe * 10 + i); }

template <typename T> void test_rma(const char *tname)
{
    const int n = 8;
    T *src = sym_alloc<T>(n), *dst = sym_alloc<T>(n), *str = sym_alloc<T>(n);
    T buf[n];
    for (int i = 0; i < n; i++) src[i] = val<T>(me, i);
    shmem_barrier_all();

    shmem_put(dst, src, n, right);
    shmem_barrier_all();
    for (int i = 0; i < n; i++)
        CHECK(dst[i] == val<T>(left, i), "%s put: dst[%d]", tname, i);
    shmem_get(buf, dst, n, right); // right's dst holds this PE's values
    for (int i = 0; i < n; i++) CHECK(buf[i] == val<T>(me, i), "%s get: buf[%d]", tname, i);
    shmem_get(SHMEM_CTX_DEFAULT, buf, src, n, left);
    for (int i = 0; i < n; i++) CHECK(buf[i] == val<T>(left, i), "%s ctx get: [%d]", tname, i);
    shmem_barrier_all();

    // nbi forms (plain and ctx), completed by quiet.
    for (int i = 0; i < n; i++) buf[i] = val<T>(me, n - 1 - i);
    shmem_put_nbi(dst, buf, n / 2, right);
    shmem_put_nbi(SHMEM_CTX_DEFAULT, dst + n / 2, buf + n / 2, n / 2, right);
    shmem_quiet();
    shmem_barrier_all();
    for (int i = 0; i < n; i++)
        CHECK(dst[i] == val<T>(left, n - 1 - i), "%s put_nbi: dst[%d]", tname, i);
    T got[n];
    shmem_get_nbi(got, src, n, right);
    shmem_quiet();
    for (int i = 0; i < n; i++) CHECK(got[i] == val<T>(right, i), "%s get_nbi: [%d]", tname, i);
    shmem_barrier_all();

    // p and g.
    shmem_p(&dst[0], val<T>(me, 1), right);
    shmem_p(SHMEM_CTX_DEFAULT, &dst[1], val<T>(me, 2), right);
    shmem_barrier_all();
    CHECK(dst[0] == val<T>(left, 1) && dst[1] == val<T>(left, 2), "%s p", tname);
    CHECK(shmem_g(&src[3], right) == val<T>(right, 3), "%s g", tname);
    CHECK(shmem_g(SHMEM_CTX_DEFAULT, &src[4], left) == val<T>(left, 4), "%s ctx g", tname);
    shmem_barrier_all();

    // Strided: every other element of src into str[0..3] of the right neighbour, then back.
    shmem_iput(str, src, 1, 2, n / 2, right);
    shmem_barrier_all();
    for (int i = 0; i < n / 2; i++)
        CHECK(str[i] == val<T>(left, 2 * i), "%s iput: str[%d]", tname, i);
    for (int i = 0; i < n; i++) buf[i] = T();
    shmem_iget(SHMEM_CTX_DEFAULT, buf, src, 2, 1, n / 2, right);
    for (int i = 0; i < n / 2; i++)
        CHECK(buf[2 * i] == val<T>(right, i) && buf[2 * i + 1] == T(), "%s iget: [%d]", tname,
              i);
    shmem_barrier_all();
    // Blocked strided: 2 blocks of 2 elements, blocks 2 apart in source and 4 apart in dest.
    for (int i = 0; i < n; i++) str[i] = T();
    shmem_barrier_all();
    shmem_ibput(str, src, 4, 2, 2, 2, right);
    shmem_barrier_all();
    const int want_put[n] = {0, 1, -1, -1, 2, 3, -1, -1};
    for (int i = 0; i < n; i++)
        CHECK(str[i] == (want_put[i] < 0 ? T() : val<T>(left, want_put[i])),
              "%s ibput: str[%d]", tname, i);
    for (int i = 0; i < n; i++) buf[i] = T();
    shmem_ibget(SHMEM_CTX_DEFAULT, buf, src, 2, 4, 2, 2, right);
    const int want_get[n] = {0, 1, 4, 5, -1, -1, -1, -1};
    for (int i = 0; i < n; i++)
        CHECK(buf[i] == (want_get[i] < 0 ? T() : val<T>(right, want_get[i])),
              "%s ibget: buf[%d]", tname, i);
    shmem_barrier_all();
    shmem_free(src);
    shmem_free(dst);
    shmem_free(str);
}

// Standard AMOs: every PE adds to counters on PE 0.
template <typename T> void test_amo_std(const char *tname)
{
    T *c = sym_alloc<T>(6);
    T fetched = T();
    shmem_barrier_all();
    T old = shmem_atomic_fetch_add(&c[0], static_cast<T>(me + 1), 0);
    CHECK(old >= T() && old < static_cast<T>(npes * (npes + 1) / 2), "%s fetch_add old", tname);
    shmem_atomic_add(SHMEM_CTX_DEFAULT, &c[1], static_cast<T>(2), 0);
    shmem_atomic_inc(&c[2], 0);
    shmem_atomic_fetch_inc(SHMEM_CTX_DEFAULT, &c[2], 0);
    if (shmem_atomic_compare_swap(&c[3], T(), static_cast<T>(me + 1), 0) == T())
        shmem_atomic_inc(&c[4], 0); // exactly one PE wins
    shmem_atomic_fetch_add_nbi(&fetched, &c[5], static_cast<T>(3), 0);
    shmem_quiet();
    CHECK(fetched >= T() && fetched < static_cast<T>(3 * npes), "%s fetch_add_nbi", tname);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(c[0] == static_cast<T>(npes * (npes + 1) / 2), "%s fetch_add sum", tname);
        CHECK(c[1] == static_cast<T>(2 * npes), "%s add", tname);
        CHECK(c[2] == static_cast<T>(2 * npes), "%s inc + fetch_inc", tname);
        CHECK(c[3] >= static_cast<T>(1) && c[3] <= static_cast<T>(npes), "%s compare_swap",
              tname);
        CHECK(c[4] == static_cast<T>(1), "%s compare_swap winners", tname);
        CHECK(c[5] == static_cast<T>(3 * npes), "%s fetch_add_nbi sum", tname);
    }
    CHECK(shmem_atomic_fetch(&c[1], 0) == static_cast<T>(2 * npes), "%s fetch", tname);
    T cs = T();
    shmem_atomic_compare_swap_nbi(SHMEM_CTX_DEFAULT, &cs, &c[1], T(), T(), 0); // no swap
    shmem_atomic_fetch_inc_nbi(&fetched, &c[4], me); // own counter: 1 on PE 0, else 0
    shmem_quiet();
    CHECK(cs == static_cast<T>(2 * npes), "%s compare_swap_nbi", tname);
    CHECK(fetched == static_cast<T>(me == 0 ? 1 : 0), "%s fetch_inc_nbi", tname);
    shmem_barrier_all();
    shmem_free(c);
}

// Extended AMOs (also float and double): set, swap, fetch on the right neighbour.
template <typename T> void test_amo_ext(const char *tname)
{
    T *x = sym_alloc<T>(2);
    T fetched = T();
    shmem_barrier_all();
    shmem_atomic_set(x, static_cast<T>(me + 1), right);
    shmem_atomic_set(SHMEM_CTX_DEFAULT, &x[1], static_cast<T>(me + 5), right);
    shmem_barrier_all();
    CHECK(x[0] == static_cast<T>(left + 1), "%s set", tname);
    CHECK(shmem_atomic_swap(&x[1], static_cast<T>(7), me) == static_cast<T>(left + 5),
          "%s swap", tname);
    CHECK(shmem_atomic_fetch(SHMEM_CTX_DEFAULT, &x[1], me) == static_cast<T>(7), "%s fetch",
          tname);
    shmem_barrier_all();
    shmem_atomic_swap_nbi(&fetched, &x[0], static_cast<T>(9), right); // right's x[0] = me + 1
    shmem_quiet();
    CHECK(fetched == static_cast<T>(me + 1), "%s swap_nbi", tname);
    shmem_atomic_fetch_nbi(SHMEM_CTX_DEFAULT, &fetched, &x[0], right);
    shmem_quiet();
    CHECK(fetched == static_cast<T>(9), "%s fetch_nbi", tname);
    shmem_barrier_all();
    shmem_free(x);
}

// Bitwise AMOs: every PE sets its bit on PE 0.
template <typename T> void test_amo_bit(const char *tname)
{
    T *b = sym_alloc<T>(3);
    T fetched = T();
    if (me == 0) b[1] = b[2] = static_cast<T>(~T());
    shmem_barrier_all();
    const T bit = static_cast<T>(static_cast<T>(1) << me);
    const T all = static_cast<T>((static_cast<T>(1) << npes) - 1);
    shmem_atomic_or(&b[0], bit, 0);
    shmem_atomic_fetch_and(SHMEM_CTX_DEFAULT, &b[1], static_cast<T>(~bit), 0);
    shmem_atomic_fetch_xor_nbi(&fetched, &b[2], bit, 0);
    shmem_quiet();
    shmem_barrier_all();
    if (me == 0) {
        CHECK(b[0] == all, "%s or", tname);
        CHECK(b[1] == static_cast<T>(~all), "%s fetch_and", tname);
        CHECK(b[2] == static_cast<T>(~all), "%s fetch_xor_nbi", tname);
    }
    CHECK((fetched & bit) == bit, "%s fetch_xor_nbi fetched", tname);
    shmem_barrier_all();
    CHECK(shmem_atomic_fetch_or(&b[0], T(), 0) == all, "%s fetch_or", tname);
    shmem_barrier_all();
    shmem_atomic_xor(SHMEM_CTX_DEFAULT, &b[0], bit, 0);
    shmem_atomic_and(&b[1], T(), 0);
    shmem_barrier_all();
    if (me == 0) CHECK(b[0] == T() && b[1] == T(), "%s xor/and", tname);
    shmem_barrier_all();
    shmem_free(b);
}

// Put with signal, then the right neighbour waits for the signal and checks the data.
template <typename T> void test_signal(const char *tname)
{
    T *src = sym_alloc<T>(4), *dst = sym_alloc<T>(8);
    uint64_t *sig = sym_alloc<uint64_t>(2);
    for (int i = 0; i < 4; i++) src[i] = val<T>(me, i);
    shmem_barrier_all();
    shmem_put_signal(dst, src, 4, &sig[0], 1, SHMEM_SIGNAL_ADD, right);
    shmem_put_signal_nbi(SHMEM_CTX_DEFAULT, dst + 4, src, 4, &sig[1], 5, SHMEM_SIGNAL_SET,
                         right);
    shmem_signal_wait_until(&sig[0], SHMEM_CMP_EQ, 1);
    shmem_signal_wait_until(&sig[1], SHMEM_CMP_EQ, 5);
    for (int i = 0; i < 8; i++)
        CHECK(dst[i] == val<T>(left, i % 4), "%s put_signal: dst[%d]", tname, i);
    shmem_barrier_all();
    shmem_signal_add(SHMEM_CTX_DEFAULT, &sig[0], 2, right);
    shmem_signal_set(SHMEM_CTX_DEFAULT, &sig[1], 11, right);
    shmem_quiet();
    shmem_barrier_all();
    CHECK(shmem_signal_fetch(&sig[0]) == 3 && shmem_signal_fetch(&sig[1]) == 11,
          "%s ctx signal_add/set", tname);
    shmem_barrier_all();
    shmem_free(src);
    shmem_free(dst);
    shmem_free(sig);
}

// wait_until / test families: every PE sets flags[me] on every PE, then waits for all.
template <typename T> void test_p2p(const char *tname)
{
    T *flags = sym_alloc<T>(static_cast<size_t>(npes));
    T *one = sym_alloc<T>(1);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) shmem_p(&flags[me], static_cast<T>(me + 1), pe);
    shmem_quiet();
    shmem_wait_until(&flags[left], SHMEM_CMP_EQ, static_cast<T>(left + 1));
    shmem_wait_until_all(flags, static_cast<size_t>(npes), NULL, SHMEM_CMP_GT, T());
    for (int i = 0; i < npes; i++) CHECK(flags[i] == static_cast<T>(i + 1), "%s flags", tname);
    CHECK(shmem_test(&flags[me], SHMEM_CMP_EQ, static_cast<T>(me + 1)) == 1, "%s test", tname);
    CHECK(shmem_test_all(flags, static_cast<size_t>(npes), NULL, SHMEM_CMP_NE, T()) == 1,
          "%s test_all", tname);
    size_t idx = shmem_wait_until_any(flags, static_cast<size_t>(npes), NULL, SHMEM_CMP_EQ,
                                      static_cast<T>(npes));
    CHECK(idx == static_cast<size_t>(npes - 1), "%s wait_until_any: %zu", tname, idx);
    std::vector<size_t> found(static_cast<size_t>(npes));
    size_t k = shmem_test_some(flags, static_cast<size_t>(npes), found.data(), NULL, SHMEM_CMP_LE,
                               static_cast<T>(2));
    CHECK(k == static_cast<size_t>(npes < 2 ? npes : 2), "%s test_some: %zu", tname, k);
    std::vector<T> want(static_cast<size_t>(npes));
    for (int i = 0; i < npes; i++) want[static_cast<size_t>(i)] = static_cast<T>(i + 1);
    shmem_wait_until_all_vector(flags, static_cast<size_t>(npes), NULL, SHMEM_CMP_EQ,
                                want.data());
    CHECK(shmem_test_any_vector(flags, static_cast<size_t>(npes), NULL, SHMEM_CMP_NE,
                                want.data()) ==
              SIZE_MAX,
          "%s test_any_vector", tname);
    shmem_barrier_all();
    // Point-to-point: the left neighbour sets `one`, this PE waits for it.
    shmem_atomic_set(one, static_cast<T>(1), right);
    shmem_wait_until(one, SHMEM_CMP_NE, T());
    CHECK(*one == static_cast<T>(1), "%s wait_until", tname);
    shmem_barrier_all();
    shmem_free(flags);
    shmem_free(one);
}

// The deprecated short forms of wait_until and test.
void test_p2p_short()
{
    short *s = sym_alloc<short>(1);
    shmem_barrier_all();
    shmem_p(s, static_cast<short>(me + 100), right);
    shmem_wait_until(s, SHMEM_CMP_EQ, static_cast<short>(left + 100));
    CHECK(shmem_test(s, SHMEM_CMP_GE, static_cast<short>(100)) == 1, "short test");
    shmem_barrier_all();
    shmem_free(s);
}

template <typename T> void test_coll(const char *tname)
{
    const int n = 4;
    T *src = sym_alloc<T>(static_cast<size_t>(n * npes));
    T *dst = sym_alloc<T>(static_cast<size_t>(n * npes));
    for (int i = 0; i < n * npes; i++) src[i] = val<T>(me, i % 10);
    shmem_barrier_all();

    CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, dst, src, n, 0) == 0, "%s broadcast rc", tname);
    for (int i = 0; i < n; i++) CHECK(dst[i] == val<T>(0, i), "%s broadcast [%d]", tname, i);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, dst, src, n) == 0, "%s fcollect rc", tname);
    for (int i = 0; i < n * npes; i++)
        CHECK(dst[i] == val<T>(i / n, i % n), "%s fcollect [%d]", tname, i);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_collect(SHMEM_TEAM_WORLD, dst, src, 1) == 0, "%s collect rc", tname);
    for (int i = 0; i < npes; i++) CHECK(dst[i] == val<T>(i, 0), "%s collect [%d]", tname, i);
    shmem_sync(SHMEM_TEAM_WORLD);
    // alltoall: block j of PE i's source goes to block i of PE j.
    for (int j = 0; j < npes; j++) src[j] = val<T>(me, j);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_alltoall(SHMEM_TEAM_WORLD, dst, src, 1) == 0, "%s alltoall rc", tname);
    for (int i = 0; i < npes; i++) CHECK(dst[i] == val<T>(i, me), "%s alltoall [%d]", tname, i);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_alltoalls(SHMEM_TEAM_WORLD, dst, src, 1, 1, 1) == 0, "%s alltoalls", tname);
    for (int i = 0; i < npes; i++) CHECK(dst[i] == val<T>(i, me), "%s alltoalls [%d]", tname, i);
    shmem_sync(SHMEM_TEAM_WORLD);

    // Reductions over the PEs of the values me + 1 (+ i).
    for (int i = 0; i < n; i++) src[i] = static_cast<T>(me + 1 + i);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, dst, src, n) == 0, "%s sum rc", tname);
    for (int i = 0; i < n; i++)
        CHECK(dst[i] == static_cast<T>(npes * (npes + 1) / 2 + npes * i), "%s sum [%d]", tname,
              i);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_max_reduce(SHMEM_TEAM_WORLD, dst, src, n);
    for (int i = 0; i < n; i++) CHECK(dst[i] == static_cast<T>(npes + i), "%s max", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_min_reduce(SHMEM_TEAM_WORLD, dst, src, n);
    for (int i = 0; i < n; i++) CHECK(dst[i] == static_cast<T>(1 + i), "%s min", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_prod_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    T fact = static_cast<T>(1);
    for (int p = 1; p <= npes; p++) fact = static_cast<T>(fact * p);
    CHECK(dst[0] == fact, "%s prod", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_sum_inscan(SHMEM_TEAM_WORLD, dst, src, 1);
    CHECK(dst[0] == static_cast<T>((me + 1) * (me + 2) / 2), "%s inscan", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_sum_exscan(SHMEM_TEAM_WORLD, dst, src, 1);
    CHECK(dst[0] == static_cast<T>(me * (me + 1) / 2), "%s exscan", tname);
    shmem_barrier_all();
    shmem_free(src);
    shmem_free(dst);
}

template <typename T> void test_reduce_bit(const char *tname)
{
    T *src = sym_alloc<T>(1), *dst = sym_alloc<T>(1);
    const T all = static_cast<T>((1 << npes) - 1);
    *src = static_cast<T>(1 << me);
    shmem_barrier_all();
    shmem_or_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    CHECK(*dst == all, "%s or_reduce", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_xor_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    CHECK(*dst == all, "%s xor_reduce", tname);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_and_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    CHECK(*dst == static_cast<T>(npes == 1 ? 1 : 0), "%s and_reduce", tname);
    shmem_barrier_all();
    shmem_free(src);
    shmem_free(dst);
}

// The deprecated AMO generics (int, long, long long; float and double for fetch/set/swap).
void test_old_amo()
{
    long *c = sym_alloc<long>(3);
    double *d = sym_alloc<double>(1);
    shmem_barrier_all();
    shmem_add(&c[0], 2L, 0);
    shmem_inc(&c[1], 0);
    long f = shmem_fadd(&c[0], 1L, 0) + shmem_finc(&c[1], 0);
    CHECK(f >= 0, "fadd + finc");
    shmem_barrier_all();
    if (me == 0) CHECK(c[0] == 3L * npes && c[1] == 2L * npes, "add/inc/fadd/finc");
    shmem_barrier_all();
    if (me == 0) CHECK(shmem_cswap(&c[2], 0L, 5L, right) == 0L, "cswap");
    shmem_set(d, 2.5, right);
    shmem_barrier_all();
    CHECK(shmem_fetch(d, me) == 2.5 && shmem_swap(d, 1.5, me) == 2.5 && *d == 1.5,
          "fetch/set/swap double");
    shmem_barrier_all();
    if (me == 1 % npes) CHECK(c[2] == 5L, "cswap result");
    shmem_barrier_all();
    shmem_free(c);
    shmem_free(d);
}

} // namespace

int main()
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;

    test_rma<char>("char");
    test_rma<signed char>("schar");
    test_rma<unsigned short>("ushort");
    test_rma<int>("int");
    test_rma<long>("long");
    test_rma<unsigned long long>("ulonglong");
    test_rma<float>("float");
    test_rma<double>("double");
    test_rma<long double>("longdouble");
    test_rma<int32_t>("int32_t");
    test_rma<size_t>("size_t");

    test_amo_std<int>("int");
    test_amo_std<long>("long");
    test_amo_std<unsigned int>("uint");
    test_amo_std<unsigned long long>("ulonglong");
    test_amo_std<int64_t>("int64_t");
    test_amo_ext<float>("float");
    test_amo_ext<double>("double");
    test_amo_ext<long long>("longlong");
    test_amo_ext<unsigned long>("ulong");
    test_amo_bit<unsigned int>("uint");
    test_amo_bit<unsigned long>("ulong");
    test_amo_bit<unsigned long long>("ulonglong");
    test_amo_bit<int32_t>("int32_t");
    test_amo_bit<int64_t>("int64_t");
    test_old_amo();

    test_signal<short>("short");
    test_signal<double>("double");
    test_signal<uint64_t>("uint64_t");

    test_p2p<int>("int");
    test_p2p<long>("long"); // shmem_wait_until(long *, ...) is the C routine
    test_p2p<unsigned long long>("ulonglong");
    test_p2p<size_t>("size_t");
    test_p2p_short();

    test_coll<int>("int");
    test_coll<long>("long");
    test_coll<double>("double");
    test_coll<unsigned char>("uchar");
    test_coll<float>("float");
    test_reduce_bit<unsigned char>("uchar");
    test_reduce_bit<int16_t>("int16_t");
    test_reduce_bit<unsigned long>("ulong");

    if (me == 0 && test_failures == 0) printf("cxx generics ok (%d PEs)\n", npes);
    shmem_finalize();
    return test_exit_status();
}
