/* Deprecated header path, kept by the specification. */
#include <shmem.h>
