#include "team.h"

#include <stdlib.h>
#include <string.h>

#include "../transport/mpi/mpi_comm.h"

static struct mpishmem_team *team_list;

int mpishmem_team_agree(struct mpishmem_team *parent, int ok)
{
    int all_ok = 0;
    mpishmem_comm_allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, mpishmem_team_comm(parent));
    return all_ok ? 0 : -1;
}

struct mpishmem_team *mpishmem_team_new(const int *world_pes, int n,
                                        const shmem_team_config_t *config, long mask)
{
    struct mpishmem_team *t = calloc(1, sizeof *t);
    t->comm = MPI_COMM_NULL;
    t->n_pes = n;
    t->my_pe = -1;
    t->world_pe = malloc(sizeof(int) * (size_t)n);
    memcpy(t->world_pe, world_pes, sizeof(int) * (size_t)n);
    t->team_pe = malloc(sizeof(int) * (size_t)mpishmem_g.n_pes);
    for (int w = 0; w < mpishmem_g.n_pes; w++) t->team_pe[w] = -1;
    t->all_local = 1;
    for (int i = 0; i < n; i++) {
        t->team_pe[world_pes[i]] = i;
        if (world_pes[i] == mpishmem_g.my_pe) t->my_pe = i;
        if (mpishmem_g.node_index[world_pes[i]] < 0) t->all_local = 0;
    }
    if (config && (mask & SHMEM_TEAM_NUM_CONTEXTS)) t->config = *config;
    t->config_mask = mask;
    t->next = team_list;
    team_list = t;
    return t;
}

/* MPI_Comm_create_group involves only the members. Its tag keeps apart creations that run at
 * the same time among overlapping PEs: derived from the member list, so every member computes
 * the same one without talking. */
void mpishmem_team_make_comm(struct mpishmem_team *t)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < t->n_pes; i++) h = (h ^ (unsigned)t->world_pe[i]) * 16777619u;
    MPI_Group world_group, group;
    MPI_Comm_group(mpishmem_g.world, &world_group);
    MPI_Group_incl(world_group, t->n_pes, t->world_pe, &group);
    MPI_Comm_create_group(mpishmem_g.world, group, (int)(h % 32768u), &t->comm);
    MPI_Group_free(&group);
    MPI_Group_free(&world_group);
}

void mpishmem_team_free(struct mpishmem_team *t)
{
    for (struct mpishmem_team **p = &team_list; *p; p = &(*p)->next)
        if (*p == t) {
            *p = t->next;
            break;
        }
    mpishmem_team_release_coll(t);
    if (t->comm != MPI_COMM_NULL) MPI_Comm_free(&t->comm);
    free(t->world_pe);
    free(t->team_pe);
    free(t);
}

static void (*free_all_hook)(void);
static void (*release_hook)(struct mpishmem_team *t);

void mpishmem_team_on_release(void (*hook)(struct mpishmem_team *t)) { release_hook = hook; }

void mpishmem_team_release_coll(struct mpishmem_team *t)
{
    if (release_hook) release_hook(t);
}

void mpishmem_team_on_free_all(void (*hook)(void))
{
    free_all_hook = hook;
}

void mpishmem_team_free_all(void)
{
    if (free_all_hook) free_all_hook();
    while (team_list) mpishmem_team_free(team_list);
}
