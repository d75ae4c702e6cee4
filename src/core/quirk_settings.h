#ifndef MPISHMEM_QUIRK_SETTINGS_H
#define MPISHMEM_QUIRK_SETTINGS_H
#include "../base/state.h"

/* PE 0 at shmem_init: a warning for each setting the user forced that an MPI quirk active
 * for the MPI loaded says misbehaves (quirk_settings.c holds which settings each concerns). */
MPISHMEM_INTERNAL void mpishmem_quirk_settings_warn(const char *routine);
#endif
