/* OpenSHMEM team synchronization: shmem_team_sync (shmem_sync_all and shmem_barrier_all, its
 * world-team forms, are in order.c). */
#include "../coll/coll.h"
#include "api.h"
#include "coll_check.h"

MPISHMEM_API int pshmem_team_sync(shmem_team_t team)
{
    MPISHMEM_REQUIRE_INIT(MPISHMEM_ROUTINE);
    MPISHMEM_CHECK(coll_team(MPISHMEM_ROUTINE, team));
    if (team == SHMEM_TEAM_INVALID) return -1;
    mpishmem_coll_sync(team);
    return 0;
}
MPISHMEM_ALIAS(shmem_team_sync)
