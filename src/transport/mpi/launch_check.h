#ifndef MPISHMEM_LAUNCH_CHECK_H
#define MPISHMEM_LAUNCH_CHECK_H
/* A program built for one MPI and started with another MPI's launcher (on Debian, Open MPI's
 * /usr/bin/oshrun may come first in PATH) does not fail by itself: every process comes up as
 * a singleton job of 1 PE and the program runs N times alone. Called right after MPI is up
 * (whoever initialized it): stops the job with an error naming the launcher to use when the
 * launcher's environment says it started N > 1 processes but MPI_COMM_WORLD has 1. Not for
 * a job MPI_Comm_spawn started (its launcher variables may be its parent's). */
void mpishmem_mpi_launch_check(const char *routine);
#endif
