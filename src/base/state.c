/* mpishmem: the storage of the state every layer shares (state.h). It lives at the bottom so
 * that no layer reaches up for it; core/runtime.c fills it in at shmem_init. */
#include "state.h"

struct mpishmem_state mpishmem_g = {.my_pe = -1, .n_pes = -1};
struct mpishmem_ctx mpishmem_ctx_default;
struct mpishmem_team mpishmem_team_world, mpishmem_team_shared;
