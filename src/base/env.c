#include "env.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"

struct mpishmem_env mpishmem_env;

int mpishmem_parse_size(const char *text, size_t *out)
{
    /* A non-negative decimal number (".5" allowed), then optionally a scale letter; only the
     * first letter after the number counts ("20kk" is 20k). */
    if (!text || !(isdigit((unsigned char)text[0]) || text[0] == '.')) return -1;
    for (const char *c = text; *c; c++)
        if (*c == 'x' || *c == 'X') return -1; /* no hexadecimal */
    char *end = NULL;
    double value = strtod(text, &end);
    if (end == text || !isfinite(value) || value < 0) return -1;
    double scale = 1;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': scale = 0x1p10; break;
    case 'm': case 'M': scale = 0x1p20; break;
    case 'g': case 'G': scale = 0x1p30; break;
    case 't': case 'T': scale = 0x1p40; break;
    default: return -1;
    }
    double bytes = ceil(value * scale);
    if (bytes >= 0x1p63) return -1;
    *out = (size_t)bytes;
    return 0;
}

static const char *lookup(const char *name, const char *old)
{
    const char *v = getenv(name);
    if (!v && old) v = getenv(old);
    return v;
}

static int parse_bool(const char *v)
{
    return !(strcmp(v, "0") == 0 || strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0 ||
             strcasecmp(v, "off") == 0);
}

/* SHMEM_DEBUG is read once more when the library is loaded: its checks must also catch calls
 * made before shmem_init (which reads every variable), e.g. shmem_malloc or shmem_my_pe. */
__attribute__((constructor)) static void read_debug_early(void)
{
    const char *v = lookup("SHMEM_DEBUG", "SMA_DEBUG");
    if (v && parse_bool(v)) mpishmem_g.debug = 1;
}

/* An INT: a whole decimal number (sign allowed) inside [lo, hi]; anything else (letters,
 * exponents, values that overflow a long) is an error naming the variable, its range and its
 * purpose. */
static long parse_int(const char *routine, const char *name, const char *v, long lo, long hi,
                      const char *help)
{
    char *end = NULL;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno == ERANGE || x < lo || x > hi)
        mpishmem_error(routine, "invalid %s=\"%s\" (expected an integer from %ld to %ld: %s)",
                       name, v, lo, hi, help);
    return x;
}

#define MPISHMEM_ENV_PARSE_BOOL(field, name, v, lo, hi, help) mpishmem_env.field = parse_bool(v);
#define MPISHMEM_ENV_PARSE_SIZE(field, name, v, lo, hi, help)                             \
    if (mpishmem_parse_size(v, &mpishmem_env.field) != 0)                                 \
        mpishmem_error(routine,                                                           \
                       "invalid %s=\"%s\" (expected a non-negative number with an optional " \
                       "k/m/g/t suffix, e.g. 512M or 1.5G)",                              \
                       name, v);
#define MPISHMEM_ENV_PARSE_INT(field, name, v, lo, hi, help)                              \
    mpishmem_env.field = parse_int(routine, name, v, lo, hi, help);
#define MPISHMEM_ENV_PARSE_STRING(field, name, v, lo, hi, help) mpishmem_env.field = v;
#define MPISHMEM_ENV_READ(field, kind, name, old, def, lo, hi, help)                      \
    {                                                                                     \
        const char *v = lookup(name, old);                                                \
        mpishmem_env.field = def;                                                         \
        if (v) MPISHMEM_ENV_PARSE_##kind(field, name, v, lo, hi, help)                     \
    }

void mpishmem_env_read(const char *routine)
{
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_READ)
}

#define MPISHMEM_ENV_SHOW_BOOL(x) printf("%-12s", (x) ? "yes" : "no")
#define MPISHMEM_ENV_SHOW_SIZE(x) printf("%-12zu", (size_t)(x))
#define MPISHMEM_ENV_SHOW_INT(x) printf("%-12ld", (long)(x))
#define MPISHMEM_ENV_SHOW_STRING(x) printf("%-12s", (x))
#define MPISHMEM_ENV_INFO(field, kind, name, old, def, lo, hi, help)                              \
    printf("  %-28s ", name);                                                             \
    MPISHMEM_ENV_SHOW_##kind(mpishmem_env.field);                                         \
    printf(" (default ");                                                                 \
    MPISHMEM_ENV_SHOW_##kind(def);                                                        \
    printf(")\n      %s%s%s\n", help, old ? "; deprecated spelling: " : "", old ? old : "");

void mpishmem_env_print_info(void)
{
    printf("%s, OpenSHMEM %d.%d\nEnvironment variables (current value, default):\n",
           SHMEM_VENDOR_STRING, SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_INFO)
    fflush(stdout);
}

/* key=value lines for scripts (shmem-info --machine): env.NAME=current and env.NAME.default. */
#define MPISHMEM_ENV_KV_BOOL(x) printf("%d", (x) ? 1 : 0)
#define MPISHMEM_ENV_KV_SIZE(x) printf("%zu", (size_t)(x))
#define MPISHMEM_ENV_KV_INT(x) printf("%ld", (long)(x))
#define MPISHMEM_ENV_KV_STRING(x) printf("%s", (x))
#define MPISHMEM_ENV_MACHINE(field, kind, name, old, def, lo, hi, help)                           \
    printf("env.%s=", name);                                                              \
    MPISHMEM_ENV_KV_##kind(mpishmem_env.field);                                           \
    printf("\nenv.%s.default=", name);                                                    \
    MPISHMEM_ENV_KV_##kind(def);                                                          \
    printf("\nenv.%s.set=%d\n", name, lookup(name, old) != NULL);

void mpishmem_env_print_machine(void)
{
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_MACHINE)
    fflush(stdout);
}
