/* C11 generic selections of the team collectives: each generic name reaches the typed routine
 * of the type dest points to (checked through results that depend on the element size), and
 * shmem_sync(team) is shmem_team_sync. */
#include <complex.h>
#include <stdint.h>

#include "testutil.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    short *s_src = shmem_calloc(64, sizeof(short)), *s_dst = shmem_calloc(64, sizeof(short));
    double *d_src = shmem_calloc(64, sizeof(double)), *d_dst = shmem_calloc(64, sizeof(double));
    int32_t *i_src = shmem_calloc(64, sizeof(int32_t)), *i_dst = shmem_calloc(64, sizeof(int32_t));
    float _Complex *c_src = shmem_calloc(8, sizeof *c_src), *c_dst = shmem_calloc(8, sizeof *c_dst);

    for (int j = 0; j < n; j++) s_src[j] = (short)(me * 100 + j);
    CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0, "shmem_sync(team)");
    CHECK(shmem_alltoall(SHMEM_TEAM_WORLD, s_dst, s_src, 1) == 0, "rc");
    for (int j = 0; j < n; j++) CHECK(s_dst[j] == j * 100 + me, "alltoall %d: %d", j, s_dst[j]);
    shmem_sync(SHMEM_TEAM_WORLD);
    for (int j = 0; j < n; j++) s_src[2 * j] = (short)(me * 100 + j);
    CHECK(shmem_alltoalls(SHMEM_TEAM_WORLD, s_dst, s_src, 1, 2, 1) == 0, "rc");
    for (int j = 0; j < n; j++) CHECK(s_dst[j] == j * 100 + me, "alltoalls %d: %d", j, s_dst[j]);
    d_src[0] = me + 0.5;
    d_src[1] = -me;
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, d_dst, d_src, 2, n - 1) == 0, "rc");
    CHECK(d_dst[0] == n - 0.5 && d_dst[1] == -(n - 1), "broadcast %g %g", d_dst[0], d_dst[1]);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, d_dst, d_src, 1) == 0, "rc");
    for (int j = 0; j < n; j++) CHECK(d_dst[j] == j + 0.5, "fcollect %d: %g", j, d_dst[j]);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_collect(SHMEM_TEAM_WORLD, d_dst, d_src, me == 0 ? 0 : 1) == 0, "rc");
    for (int j = 1; j < n; j++) CHECK(d_dst[j - 1] == j + 0.5, "collect %d: %g", j, d_dst[j - 1]);

    i_src[0] = me + 1;
    i_src[1] = 1 << (me % 31);
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0, "rc");
    CHECK(i_dst[0] == n * (n + 1) / 2, "sum_reduce %d", i_dst[0]);
    CHECK(shmem_max_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0 && i_dst[0] == n, "max");
    CHECK(shmem_min_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0 && i_dst[0] == 1, "min");
    CHECK(shmem_prod_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0, "prod");
    int32_t fact = 1;
    for (int j = 1; j <= n; j++) fact *= j;
    CHECK(i_dst[0] == fact, "prod_reduce %d, want %d", i_dst[0], fact);
    int32_t bits = 0;
    for (int j = 0; j < n; j++) bits |= 1 << (j % 31);
    CHECK(shmem_or_reduce(SHMEM_TEAM_WORLD, i_dst, i_src + 1, 1) == 0 && i_dst[0] == bits, "or");
    CHECK(shmem_and_reduce(SHMEM_TEAM_WORLD, i_dst, i_src + 1, 1) == 0 &&
              i_dst[0] == (n == 1 ? 1 : 0), "and %d", i_dst[0]);
    CHECK(shmem_xor_reduce(SHMEM_TEAM_WORLD, i_dst, i_src + 1, 1) == 0, "xor");
    CHECK(shmem_sum_inscan(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0 &&
              i_dst[0] == (me + 1) * (me + 2) / 2, "inscan %d", i_dst[0]);
    CHECK(shmem_sum_exscan(SHMEM_TEAM_WORLD, i_dst, i_src, 1) == 0 &&
              i_dst[0] == me * (me + 1) / 2, "exscan %d", i_dst[0]);
    c_src[0] = (float)me + (float)me * _Complex_I;
    shmem_sync(SHMEM_TEAM_WORLD);
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, c_dst, c_src, 1) == 0, "rc");
    float tri = (float)(n * (n - 1) / 2);
    CHECK(crealf(c_dst[0]) == tri && cimagf(c_dst[0]) == tri, "complex sum");

    shmem_barrier_all();
    shmem_finalize();
    return test_exit_status();
}
