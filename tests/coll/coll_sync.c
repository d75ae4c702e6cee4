/* Team synchronization: shmem_team_sync (and its C11 generic shmem_sync(team)), shmem_sync_all
 * and shmem_barrier_all.
 *  - ordering: each member stores a token into its successor's memory (a plain store through
 *    shmem_ptr to node peers; put + quiet otherwise), syncs, and must then see its
 *    predecessor's token; barrier_all must complete puts without an explicit quiet;
 *  - no member leaves before all have entered: each member adds 1 to a counter on the team's
 *    first PE (atomic add + quiet), syncs, and must read the full count;
 *  - on every team of coll_teams.h; on 70 teams at once (more than the 64 shared-memory
 *    slots, so some use the MPI path); after teams are destroyed and others with other
 *    members take their slots (counters that advanced differently on different PEs). */
#include <string.h>

#include "coll_teams.h"

#define ITERS 300

static long g_token[64];
static long g_count;
static const char *team_name = "world"; /* for messages */

/* One round of the ordering check on team t: tokens land in buf[k] of the next member (in one
 * of two halves of buf, alternately: a member may store the next round's token while its
 * successor still reads this one). */
static void ordering_round(shmem_team_t t, long *buf, long tag, int use_barrier_all)
{
    int k = shmem_team_my_pe(t), nt = shmem_team_n_pes(t);
    buf += tag % 2 * 32;
    int next = shmem_team_translate_pe(t, (k + 1) % nt, SHMEM_TEAM_WORLD);
    long *direct = shmem_ptr(&buf[k], next);
    if (direct && !use_barrier_all) {
        *direct = tag * 64 + k;
    } else {
        shmem_long_p(&buf[k], tag * 64 + k, next);
        if (!use_barrier_all) shmem_quiet();
    }
    if (use_barrier_all) shmem_barrier_all();
    else CHECK(shmem_team_sync(t) == 0, "rc");
    int pk = (k + nt - 1) % nt;
    CHECK(buf[pk] == tag * 64 + pk, "%s on %s: token %ld from team PE %d, want %ld",
          use_barrier_all ? "barrier_all" : "team_sync", team_name, buf[pk], pk, tag * 64 + pk);
}

/* Every member adds 1 on the team's PE 0; after a sync all must see nt * round. */
static void arrival_round(shmem_team_t t, long *count, long round)
{
    int nt = shmem_team_n_pes(t);
    int first = shmem_team_translate_pe(t, 0, SHMEM_TEAM_WORLD);
    shmem_long_atomic_add(count, 1, first);
    shmem_quiet();
    shmem_team_sync(t);
    long seen = shmem_long_atomic_fetch(count, first);
    CHECK(seen == nt * round, "%s, after sync %ld: counter %ld, want %ld", team_name, round,
          seen, nt * round);
    shmem_sync(t); /* C11 generic: shmem_team_sync; nobody adds again before all have read */
}

static void reset_count(shmem_team_t t, long *count)
{
    *count = 0;
    shmem_team_sync(t);
}

static void test_team(shmem_team_t t, long *buf, long *count, int iters)
{
    for (int it = 0; it < iters; it++) ordering_round(t, buf, it, 0);
    reset_count(t, count);
    for (int r = 1; r <= iters / 4; r++) arrival_round(t, count, r);
    shmem_team_sync(t);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *h_token = shmem_calloc(64, sizeof(long)), *h_count = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();

    /* barrier_all and sync_all on the world. */
    for (int it = 0; it < ITERS; it++) ordering_round(SHMEM_TEAM_WORLD, h_token, it, 1);
    for (int it = 0; it < ITERS; it++) {
        long *slot = g_token + it % 2 * 32;
        long *direct = shmem_ptr(&slot[me], (me + 1) % n);
        if (direct) *direct = it;
        else {
            shmem_long_p(&slot[me], it, (me + 1) % n);
            shmem_quiet();
        }
        shmem_sync_all();
        CHECK(slot[(me + n - 1) % n] == it, "sync_all: %ld, want %d", slot[(me + n - 1) % n],
              it);
    }

    struct teams ts;
    make_teams(&ts);
    for (int i = 0; i < ts.n; i++) {
        if (ts.team[i] != SHMEM_TEAM_INVALID && (team_name = ts.name[i]))
            test_team(ts.team[i], i % 2 ? g_token : h_token, i % 2 ? &g_count : h_count,
                      ITERS / 3);
        /* The next team's members may not be done with the buffers of this one. */
        shmem_barrier_all();
    }
    destroy_teams(&ts);

    /* 70 copies of the world, synced in turns: more teams than shared-memory slots. */
    enum { MANY = 70 };
    shmem_team_t many[MANY];
    for (int i = 0; i < MANY; i++)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &many[i]) == 0,
              "split %d", i);
    team_name = "70 copies of the world";
    for (int r = 0; r < 4; r++)
        for (int i = 0; i < MANY; i++) ordering_round(many[i], h_token, r * MANY + i, 0);
    reset_count(SHMEM_TEAM_WORLD, h_count);
    for (int i = 0; i < MANY; i++) arrival_round(many[i], h_count, i + 1);
    /* Free slots by destroying every other team, then take them with teams of other PEs. */
    for (int i = 0; i < MANY; i += 2) shmem_team_destroy(many[i]);
    shmem_team_t pairs[8] = {SHMEM_TEAM_INVALID};
    int npairs = 0;
    for (int start = 0; start + 1 < n && npairs < 8; start++, npairs++)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, start, 1, 2, NULL, 0,
                                       &pairs[npairs]) == 0, "pair split");
    team_name = "pairs";
    for (int p = 0; p < npairs; p++) {
        if (pairs[p] != SHMEM_TEAM_INVALID) test_team(pairs[p], h_token, h_count, 40);
        shmem_barrier_all();
    }
    shmem_barrier_all();
    team_name = "the remaining copies";
    for (int i = 1; i < MANY; i += 2) ordering_round(many[i], g_token, i / 2, 0);
    for (int p = 0; p < npairs; p++) shmem_team_destroy(pairs[p]);
    for (int i = 1; i < MANY; i += 2) shmem_team_destroy(many[i]);

    /* A team of the pairs' PEs in another order, after they advanced their counters. */
    shmem_team_t rev;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0, "rev");
    shmem_barrier_all();
    team_name = "reversed world";
    test_team(rev, h_token, h_count, 40);
    shmem_team_destroy(rev);

    CHECK(shmem_team_sync(SHMEM_TEAM_INVALID) != 0, "invalid team");
    shmem_barrier_all();
    shmem_free(h_token);
    shmem_free(h_count);
    shmem_finalize();
    return test_exit_status();
}
