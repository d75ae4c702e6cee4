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

/* A switch's words, in any case: 1, 0 or -1 when `v` is not one of them. */
static int switch_word(const char *v)
{
    static const char *const on[] = {"1", "yes", "on", "true"};
    static const char *const off[] = {"0", "no", "off", "false"};
    for (size_t i = 0; i < sizeof on / sizeof *on; i++) {
        if (strcasecmp(v, on[i]) == 0) return 1;
        if (strcasecmp(v, off[i]) == 0) return 0;
    }
    return -1;
}

#define SWITCH_WORDS "1/yes/on/true or 0/no/off/false, in any case"

static int parse_bool(const char *routine, const char *name, const char *v)
{
    int x = switch_word(v);
    if (x < 0)
        mpishmem_error(routine, "invalid %s=\"%s\" (expected a switch: " SWITCH_WORDS ")", name,
                       v);
    return x;
}

/* A TRI: a switch, or -1/auto for the library's own choice. */
static long parse_tri(const char *routine, const char *name, const char *v)
{
    int x = switch_word(v);
    if (x >= 0) return x;
    if (strcmp(v, "-1") == 0 || strcasecmp(v, "auto") == 0) return -1;
    mpishmem_error(routine,
                   "invalid %s=\"%s\" (expected a switch: " SWITCH_WORDS
                   "; or -1/auto for the library's choice)",
                   name, v);
    return -1;
}

/* SHMEM_DEBUG is read once more when the library is loaded: its checks must also catch calls
 * made before shmem_init (which reads every variable), e.g. shmem_malloc or shmem_my_pe. An
 * invalid value is left for shmem_init to report (no error from a constructor). */
__attribute__((constructor)) static void read_debug_early(void)
{
    const char *v = lookup("SHMEM_DEBUG", "SMA_DEBUG");
    if (v && switch_word(v) == 1) mpishmem_g.debug = 1;
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

#define MPISHMEM_ENV_PARSE_BOOL(field, name, v, lo, hi, help)                             \
    mpishmem_env.field = parse_bool(routine, name, v);
#define MPISHMEM_ENV_PARSE_TRI(field, name, v, lo, hi, help)                              \
    mpishmem_env.field = parse_tri(routine, name, v);
#define MPISHMEM_ENV_PARSE_SIZE(field, name, v, lo, hi, help)                             \
    if (mpishmem_parse_size(v, &mpishmem_env.field) != 0)                                 \
        mpishmem_error(routine,                                                           \
                       "invalid %s=\"%s\" (expected a non-negative number with an optional " \
                       "k/m/g/t suffix, e.g. 512M or 1.5G)",                              \
                       name, v);
#define MPISHMEM_ENV_PARSE_INT(field, name, v, lo, hi, help)                              \
    mpishmem_env.field = parse_int(routine, name, v, lo, hi, help);
#define MPISHMEM_ENV_PARSE_STRING(field, name, v, lo, hi, help) mpishmem_env.field = ((void)name, v);
#define MPISHMEM_ENV_READ(field, kind, name, old, def, lo, hi, help)                      \
    {                                                                                     \
        const char *v = lookup(name, old);                                                \
        const char *used = getenv(name) ? name : old; /* the spelling set, for errors */   \
        mpishmem_env.field = def;                                                         \
        if (v) MPISHMEM_ENV_PARSE_##kind(field, used, v, lo, hi, help)                     \
    }

void mpishmem_env_read(const char *routine)
{
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_READ)
}

#define MPISHMEM_ENV_SHOW_BOOL(x) printf("%-12s", (x) ? "yes" : "no")
#define MPISHMEM_ENV_SHOW_SIZE(x) printf("%-12zu", (size_t)(x))
#define MPISHMEM_ENV_SHOW_INT(x) printf("%-12ld", (long)(x))
#define MPISHMEM_ENV_SHOW_TRI(x) printf("%-12s", tri_word(x))
#define MPISHMEM_ENV_SHOW_STRING(x) printf("%-12s", (x))
#define MPISHMEM_ENV_INFO(field, kind, name, old, def, lo, hi, help)                              \
    printf("  %-28s ", name);                                                             \
    MPISHMEM_ENV_SHOW_##kind(mpishmem_env.field);                                         \
    printf(" (default ");                                                                 \
    MPISHMEM_ENV_SHOW_##kind(def);                                                        \
    printf(")\n      %s%s%s\n", help, old ? "; deprecated spelling: " : "", old ? old : "");

static const char *tri_word(long x)
{
    return x < 0 ? "auto" : x ? "yes" : "no";
}

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
#define MPISHMEM_ENV_KV_TRI(x) printf("%ld", (long)(x))
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

/* The documentation's table: one row a variable, its deprecated spelling beside it. */
#define MPISHMEM_ENV_MD_BOOL(x) printf("%s", (x) ? "yes" : "no")
#define MPISHMEM_ENV_MD_SIZE(x) printf("%zu", (size_t)(x))
#define MPISHMEM_ENV_MD_INT(x) printf("%ld", (long)(x))
#define MPISHMEM_ENV_MD_TRI(x) printf("%s", tri_word(x))
#define MPISHMEM_ENV_MD_STRING(x) printf("%s", *(x) ? (x) : "unset")
#define MPISHMEM_ENV_MARKDOWN(field, kind, name, old, def, lo, hi, help)                  \
    printf("| `%s`%s%s%s | ", name, old ? " (`" : "", old ? old : "", old ? "`)" : "");  \
    MPISHMEM_ENV_MD_##kind(def);                                                          \
    printf(" | %s |\n", help);

void mpishmem_env_print_markdown(void)
{
    printf("| variable | default | meaning |\n|---|---|---|\n");
    MPISHMEM_ENV_TABLE(MPISHMEM_ENV_MARKDOWN)
    fflush(stdout);
}
