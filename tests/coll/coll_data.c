/* Team data collectives for every standard RMA type and the mem forms: broadcast from every
 * root (the root's dest updated too; source == dest), collect with different counts per PE
 * (zero included), fcollect (also in place), alltoall and alltoalls (strides 1, 2, 3), on every
 * team of coll_teams.h, with heap and global buffers. Every element is checked, and so are
 * the elements after the result and the gaps between strided elements (left untouched). */
#include <stdint.h>
#include <string.h>

#include "coll_teams.h"

#define BUF_BYTES 65536
#define GUARD 0xa5

static long double g_src[BUF_BYTES / sizeof(long double)], g_dst[BUF_BYTES / sizeof(long double)];

/* A small positive value, exact in every type (char included), naming (who, i, salt); who is
 * a sender, or sender * 8 + receiver (distinct for fewer than 13 PEs). */
static long val(int who, size_t i, unsigned salt)
{
    return (long)(((unsigned)who * 37u + (unsigned)i * 11u + salt * 5u) % 101u) + 1;
}

static int guard_intact(const void *p, size_t bytes)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < bytes; i++)
        if (c[i] != GUARD) return 0;
    return 1;
}

/* One test body per type: T is the type, SFX the routine infix (int, ..., or mem-style). */
#define TEST_TYPE(T, N, _)                                                                \
    static void test_##N(shmem_team_t t, void *srcbuf, void *dstbuf, unsigned salt)       \
    {                                                                                     \
        T *src = srcbuf, *dst = dstbuf;                                                   \
        int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t), bad = 0;                  \
        static const size_t counts[] = {0, 3, 17};                                        \
        for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {                     \
            size_t ne = counts[c];                                                        \
            /* broadcast from every root; the last round in place (source == dest) */    \
            for (int root = 0; root <= nt; root++) {                                      \
                int r = root % nt, in_place = root == nt;                                 \
                T *s = in_place ? dst : src;                                              \
                memset(dst, GUARD, (ne + 1) * sizeof(T));                                 \
                for (size_t i = 0; i < ne; i++) s[i] = (T)val(me, i, salt + (unsigned)root); \
                shmem_team_sync(t);                                                       \
                CHECK(shmem_##N##_broadcast(t, dst, s, ne, r) == 0, "rc");                \
                for (size_t i = 0; i < ne; i++) bad += dst[i] != (T)val(r, i, salt + (unsigned)root); \
                bad += !guard_intact(dst + ne, sizeof(T));                                \
                CHECK(bad == 0, #N "_broadcast root %d of %d, %zu elems%s: %d wrong", r,   \
                      nt, ne, in_place ? " (in place)" : "", bad);                        \
                bad = 0;                                                                  \
            }                                                                             \
            /* fcollect, then in place (source = this PE's block of dest) */              \
            for (int in_place = 0; in_place < 2; in_place++) {                            \
                T *s = in_place ? dst + (size_t)me * ne : src;                            \
                memset(dst, GUARD, ((size_t)nt * ne + 1) * sizeof(T));                    \
                for (size_t i = 0; i < ne; i++) s[i] = (T)val(me, i, salt);               \
                shmem_team_sync(t);                                                       \
                CHECK(shmem_##N##_fcollect(t, dst, s, ne) == 0, "rc");                    \
                for (int p = 0; p < nt; p++)                                              \
                    for (size_t i = 0; i < ne; i++)                                       \
                        bad += dst[(size_t)p * ne + i] != (T)val(p, i, salt);             \
                bad += !guard_intact(dst + (size_t)nt * ne, sizeof(T));                   \
                CHECK(bad == 0, #N "_fcollect %zu elems on %d PEs%s: %d wrong", ne, nt,    \
                      in_place ? " (in place)" : "", bad);                                \
                bad = 0;                                                                  \
            }                                                                             \
            /* collect: PE p contributes (p * 3 + c) % 5 * ne / 4 elements, zero too */   \
            size_t total = 0, mine = (size_t)((me * 3 + (int)c) % 5) * ne / 4;            \
            for (int p = 0; p < nt; p++) total += (size_t)((p * 3 + (int)c) % 5) * ne / 4; \
            memset(dst, GUARD, (total + 1) * sizeof(T));                                  \
            for (size_t i = 0; i < mine; i++) src[i] = (T)val(me, i, salt + 1);           \
            shmem_team_sync(t);                                                           \
            CHECK(shmem_##N##_collect(t, dst, src, mine) == 0, "rc");                     \
            size_t at = 0;                                                                \
            for (int p = 0; p < nt; p++) {                                                \
                size_t cnt = (size_t)((p * 3 + (int)c) % 5) * ne / 4;                     \
                for (size_t i = 0; i < cnt; i++) bad += dst[at++] != (T)val(p, i, salt + 1); \
            }                                                                             \
            bad += !guard_intact(dst + total, sizeof(T));                                 \
            CHECK(bad == 0, #N "_collect (%zu of %zu elems here) on %d PEs: %d wrong", mine, \
                  total, nt, bad);                                                        \
            bad = 0;                                                                      \
            /* alltoall */                                                                \
            memset(dst, GUARD, ((size_t)nt * ne + 1) * sizeof(T));                        \
            for (int j = 0; j < nt; j++)                                                  \
                for (size_t i = 0; i < ne; i++)                                           \
                    src[(size_t)j * ne + i] = (T)val(me * 8 + j, i, salt + 2);            \
            shmem_team_sync(t);                                                           \
            CHECK(shmem_##N##_alltoall(t, dst, src, ne) == 0, "rc");                      \
            for (int j = 0; j < nt; j++)                                                  \
                for (size_t i = 0; i < ne; i++)                                           \
                    bad += dst[(size_t)j * ne + i] != (T)val(j * 8 + me, i, salt + 2);    \
            bad += !guard_intact(dst + (size_t)nt * ne, sizeof(T));                       \
            CHECK(bad == 0, #N "_alltoall %zu elems on %d PEs: %d wrong", ne, nt, bad);   \
            bad = 0;                                                                      \
            /* alltoalls: (dst, sst) strides */                                           \
            static const ptrdiff_t strides[][2] = {{1, 1}, {2, 1}, {1, 3}, {3, 2}};       \
            for (size_t k = 0; k < 4; k++) {                                              \
                ptrdiff_t ds = strides[k][0], ss = strides[k][1];                         \
                size_t span = (size_t)nt * ne;                                            \
                memset(dst, GUARD, (span * (size_t)ds + 1) * sizeof(T));                  \
                for (int j = 0; j < nt; j++)                                              \
                    for (size_t i = 0; i < ne; i++)                                       \
                        src[((size_t)j * ne + i) * (size_t)ss] = (T)val(me * 8 + j, i, salt + 3); \
                shmem_team_sync(t);                                                       \
                CHECK(shmem_##N##_alltoalls(t, dst, src, ds, ss, ne) == 0, "rc");         \
                for (int j = 0; j < nt; j++)                                              \
                    for (size_t i = 0; i < ne; i++) {                                     \
                        size_t e = ((size_t)j * ne + i) * (size_t)ds;                     \
                        bad += dst[e] != (T)val(j * 8 + me, i, salt + 3);                 \
                        if (ds > 1) bad += !guard_intact(dst + e + 1, (size_t)(ds - 1) * sizeof(T)); \
                    }                                                                     \
                bad += !guard_intact(dst + span * (size_t)ds, sizeof(T));                 \
                CHECK(bad == 0, #N "_alltoalls dst %td sst %td, %zu elems on %d PEs: %d wrong", \
                      ds, ss, ne, nt, bad);                                               \
                bad = 0;                                                                  \
            }                                                                             \
        }                                                                                 \
        shmem_team_sync(t); /* nobody refills src/dst while a member may still read them */ \
    }
MPISHMEM_RMA_TYPES(TEST_TYPE, _)

/* The mem forms, with odd byte counts and a larger block. */
static void test_mem(shmem_team_t t, unsigned char *src, unsigned char *dst, unsigned salt)
{
    int me = shmem_team_my_pe(t), nt = shmem_team_n_pes(t), bad = 0;
    static const size_t counts[] = {1, 5, 333, 1001};
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
        size_t nb = counts[c];
        for (int r = 0; r < nt; r++) {
            memset(dst, GUARD, nb + 1);
            for (size_t i = 0; i < nb; i++) src[i] = (unsigned char)val(me, i, salt + (unsigned)r);
            shmem_team_sync(t);
            CHECK(shmem_broadcastmem(t, dst, src, nb, r) == 0, "rc");
            for (size_t i = 0; i < nb; i++) bad += dst[i] != (unsigned char)val(r, i, salt + (unsigned)r);
            bad += !guard_intact(dst + nb, 1);
            CHECK(bad == 0, "broadcastmem %zu bytes root %d: %d wrong", nb, r, bad);
            bad = 0;
        }
        if ((size_t)nt * nb * 3 > BUF_BYTES / 2) continue;
        memset(dst, GUARD, (size_t)nt * nb + 1);
        for (size_t i = 0; i < nb; i++) src[i] = (unsigned char)val(me, i, salt);
        shmem_team_sync(t);
        CHECK(shmem_fcollectmem(t, dst, src, nb) == 0, "rc");
        for (int p = 0; p < nt; p++)
            for (size_t i = 0; i < nb; i++) bad += dst[(size_t)p * nb + i] != (unsigned char)val(p, i, salt);
        bad += !guard_intact(dst + (size_t)nt * nb, 1);
        CHECK(bad == 0, "fcollectmem %zu bytes: %d wrong", nb, bad);
        bad = 0;
        size_t mine = me % 2 ? nb : nb / 3, total = 0;
        for (int p = 0; p < nt; p++) total += p % 2 ? nb : nb / 3;
        memset(dst, GUARD, total + 1);
        for (size_t i = 0; i < mine; i++) src[i] = (unsigned char)val(me, i, salt + 1);
        shmem_team_sync(t);
        CHECK(shmem_collectmem(t, dst, src, mine) == 0, "rc");
        size_t at = 0;
        for (int p = 0; p < nt; p++)
            for (size_t i = 0; i < (p % 2 ? nb : nb / 3); i++)
                bad += dst[at++] != (unsigned char)val(p, i, salt + 1);
        bad += !guard_intact(dst + total, 1);
        CHECK(bad == 0, "collectmem %zu bytes here: %d wrong", mine, bad);
        bad = 0;
        memset(dst, GUARD, (size_t)nt * nb + 1);
        for (int j = 0; j < nt; j++)
            for (size_t i = 0; i < nb; i++) src[(size_t)j * nb + i] = (unsigned char)val(me * 8 + j, i, salt);
        shmem_team_sync(t);
        CHECK(shmem_alltoallmem(t, dst, src, nb) == 0, "rc");
        for (int j = 0; j < nt; j++)
            for (size_t i = 0; i < nb; i++)
                bad += dst[(size_t)j * nb + i] != (unsigned char)val(j * 8 + me, i, salt);
        bad += !guard_intact(dst + (size_t)nt * nb, 1);
        CHECK(bad == 0, "alltoallmem %zu bytes: %d wrong", nb, bad);
        bad = 0;
        memset(dst, GUARD, (size_t)nt * nb * 2 + 1);
        for (int j = 0; j < nt; j++)
            for (size_t i = 0; i < nb; i++) src[((size_t)j * nb + i) * 3] = (unsigned char)val(me * 8 + j, i, salt);
        shmem_team_sync(t);
        CHECK(shmem_alltoallsmem(t, dst, src, 2, 3, nb) == 0, "rc");
        for (int j = 0; j < nt; j++)
            for (size_t i = 0; i < nb; i++) {
                size_t e = ((size_t)j * nb + i) * 2;
                bad += dst[e] != (unsigned char)val(j * 8 + me, i, salt) || dst[e + 1] != GUARD;
            }
        CHECK(bad == 0, "alltoallsmem %zu bytes: %d wrong", nb, bad);
        bad = 0;
        shmem_team_sync(t);
    }
}

int main(void)
{
    shmem_init();
    struct teams ts;
    make_teams(&ts);
    unsigned char *h_src = shmem_malloc(BUF_BYTES), *h_dst = shmem_malloc(BUF_BYTES);
    /* Heap buffers: every team, a few types of each size and the mem forms. Global buffers:
     * the world team, every type (the typed routines differ only in their element size, so
     * the full sweep on one team keeps the run short on 8 oversubscribed PEs). */
    for (int i = 0; i < ts.n; i++) {
        shmem_team_t t = ts.team[i];
        unsigned salt = (unsigned)i;
        if (t != SHMEM_TEAM_INVALID) {
            test_char(t, h_src, h_dst, salt);
            test_int16(t, h_src, h_dst, salt);
            test_float(t, h_src, h_dst, salt);
            test_uint64(t, h_src, h_dst, salt);
            test_longdouble(t, h_src, h_dst, salt);
            test_mem(t, h_src, h_dst, salt);
        }
        shmem_barrier_all(); /* members of the next team may still use these buffers */
    }
#define RUN_TYPE(T, N, _) test_##N(SHMEM_TEAM_WORLD, g_src, g_dst, 77);
    MPISHMEM_RMA_TYPES(RUN_TYPE, _)
    test_mem(SHMEM_TEAM_WORLD, (unsigned char *)g_src, (unsigned char *)g_dst, 78);
    CHECK(shmem_broadcastmem(SHMEM_TEAM_INVALID, h_dst, h_src, 1, 0) != 0, "invalid team");
    CHECK(shmem_int_alltoall(SHMEM_TEAM_INVALID, (int *)h_dst, (int *)h_src, 1) != 0, "invalid team");
    CHECK(shmem_long_collect(SHMEM_TEAM_INVALID, (long *)h_dst, (long *)h_src, 1) != 0, "invalid team");
    CHECK(shmem_fcollectmem(SHMEM_TEAM_INVALID, h_dst, h_src, 1) != 0, "invalid team");
    CHECK(shmem_alltoallsmem(SHMEM_TEAM_INVALID, h_dst, h_src, 1, 1, 1) != 0, "invalid team");
    destroy_teams(&ts);
    shmem_free(h_src);
    shmem_free(h_dst);
    shmem_finalize();
    return test_exit_status();
}
