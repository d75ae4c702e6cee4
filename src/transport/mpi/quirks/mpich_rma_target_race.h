/* MPICH's per-window table of RMA targets filled before threads share a window (quirk
 * mpich-rma-target-race, mpich_rma_target_race.c). Needs MPI only, so that the reproducer
 * (tests/mpi_repro/target_table_race.c) applies the very same remedy. */
#ifndef MPISHMEM_MPICH_RMA_TARGET_RACE_H
#define MPISHMEM_MPICH_RMA_TARGET_RACE_H

#include <mpi.h>

/* Where the quirk applies and MPI runs at MPI_THREAD_MULTIPLE with its runtime error checks
 * on: makes one MPI_NO_OP fetch-and-op of a byte at displacement 0 (so every rank's part of
 * `win` must hold a byte there) to every other rank of `comm` (win's group) and completes
 * them. Call in the passive-target epoch, before any other thread may use `win`; local. */
void mpishmem_mpich_target_table_fill(MPI_Win win, MPI_Comm comm);

#endif
