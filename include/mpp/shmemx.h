/* Deprecated header path, kept by the specification. */
#include <shmemx.h>
