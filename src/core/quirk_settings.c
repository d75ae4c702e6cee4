/* Which of the user's settings an entry of the MPI quirk table
 * (src/transport/mpi/quirks/mpi_quirks_table.h) concerns: where the library works around a quirk
 * only while a variable is unset, setting that variable to the value the workaround avoids
 * brings the misbehaviour back. One row per such pair; the rows are checked at shmem_init
 * against the quirks active for the MPI loaded (MPISHMEM_MPI_QUIRKS included). */
#include "quirk_settings.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/error.h"
#include "../base/state.h"
#include "../transport/mpi/quirks/mpi_quirks.h"

struct quirk_setting {
    enum mpishmem_quirk quirk;
    const char *variable, *values; /* the forced setting: its values, '|'-separated, any case */
    const char *consequence;      /* what may happen, and what to do instead */
};

static const struct quirk_setting quirk_settings[] = {
    {MPISHMEM_QUIRK_OMPI_UCX_ACC_HANG, "MPISHMEM_AMO", "mpi",
     "on Open MPI 5 with osc/ucx across hosts accumulates can hang; unset it to use "
     "active-message AMOs"},
    {MPISHMEM_QUIRK_OMPI_UCX_TCP_PUT, "UCX_TCP_PUT_ENABLE", "y|yes|on|1|true",
     "on Open MPI 5 over UCX's TCP transport large puts mixed with messages can crash inside "
     "UCX or arrive wrong; unset it (the library then sets UCX_TCP_PUT_ENABLE=n)"},
};

/* Whether `v` is one of the '|'-separated `values`, in any case. */
static int is_one_of(const char *v, const char *values)
{
    size_t len = strlen(v);
    for (const char *p = values; *p; p += strcspn(p, "|"), p += *p == '|') {
        size_t n = strcspn(p, "|");
        if (n == len && strncasecmp(p, v, n) == 0) return 1;
    }
    return 0;
}

void mpishmem_quirk_settings_warn(const char *routine)
{
    if (mpishmem_g.my_pe != 0) return;
    for (size_t i = 0; i < sizeof quirk_settings / sizeof *quirk_settings; i++) {
        const struct quirk_setting *s = &quirk_settings[i];
        const char *v = getenv(s->variable);
        if (!mpishmem_quirk_on[s->quirk] || !v || !is_one_of(v, s->values)) continue;
        mpishmem_warn(routine, "%s=%s is forced, but %s (quirk %s)", s->variable, v,
                      s->consequence, mpishmem_quirks[s->quirk].name);
    }
}
