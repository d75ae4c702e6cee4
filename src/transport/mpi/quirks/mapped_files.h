/* mpishmem: the files this process maps by name, read from /proc/self/maps, for the quirks that
 * remove the names of an MPI's shared-memory objects (mpich_named_node_shm.c,
 * ompi_named_sm_segments.c). */
#ifndef MPISHMEM_MAPPED_FILES_H
#define MPISHMEM_MAPPED_FILES_H

#define MPISHMEM_MAPPED_PATH_CHARS 1024

/* Fills `paths` with up to `max` distinct paths of mapped files that contain `part` and still
 * have their name (not "(deleted)"); returns how many. A file mapped in several pieces counts
 * once. */
int mpishmem_mapped_files(const char *part, char (*paths)[MPISHMEM_MAPPED_PATH_CHARS], int max);

#endif
