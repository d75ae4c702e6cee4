/* The teams the collective tests run on: the predefined ones, a strided team that excludes
 * PE 0, the world reversed (negative stride: team order differs from world order), the last PE
 * alone, the rows and columns of a 2-D split, and every other PE of the reversed team (a
 * nested split). Every PE makes every split (they are collective over the parent); the PEs a
 * split leaves out hold SHMEM_TEAM_INVALID there and skip it. The list is the same on every
 * PE, so the teams' collectives run in one global order (no cycle of waits). */
#ifndef COLL_TEAMS_H
#define COLL_TEAMS_H

#include "testutil.h"

#define MAX_TEAMS 12

struct teams {
    int n;
    shmem_team_t team[MAX_TEAMS];
    const char *name[MAX_TEAMS];
    int owned[MAX_TEAMS]; /* made here: destroyed by destroy_teams */
};

static void add_team(struct teams *ts, shmem_team_t t, const char *name, int owned)
{
    ts->team[ts->n] = t;
    ts->name[ts->n] = name;
    ts->owned[ts->n] = owned;
    ts->n++;
}

static void add_split(struct teams *ts, shmem_team_t parent, int start, int stride, int size,
                      const char *name)
{
    shmem_team_t t = SHMEM_TEAM_INVALID;
    int rc = shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
    CHECK(rc == 0, "split %s: %d", name, rc);
    add_team(ts, t, name, 1);
}

static void make_teams(struct teams *ts)
{
    int n = shmem_n_pes();
    ts->n = 0;
    add_team(ts, SHMEM_TEAM_WORLD, "world", 0);
    add_team(ts, SHMEM_TEAM_SHARED, "shared", 0);
    if (n >= 2) add_split(ts, SHMEM_TEAM_WORLD, 1, 2, n / 2, "odd PEs");
    add_split(ts, SHMEM_TEAM_WORLD, n - 1, -1, n, "reversed");
    add_split(ts, SHMEM_TEAM_WORLD, n - 1, 1, 1, "last PE");
    shmem_team_t x = SHMEM_TEAM_INVALID, y = SHMEM_TEAM_INVALID;
    int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, n >= 6 ? 3 : 2, NULL, 0, &x, NULL, 0, &y);
    CHECK(rc == 0, "split_2d: %d", rc);
    add_team(ts, x, "2-D rows", 1);
    add_team(ts, y, "2-D columns", 1);
    shmem_team_t rev = ts->team[n >= 2 ? 3 : 2];
    if (rev != SHMEM_TEAM_INVALID) /* every PE is in the reversed team */
        add_split(ts, rev, 0, 2, (n + 1) / 2, "reversed, every other");
}

static void destroy_teams(struct teams *ts)
{
    for (int i = ts->n - 1; i >= 0; i--)
        if (ts->owned[i]) shmem_team_destroy(ts->team[i]);
    ts->n = 0;
}

#endif
