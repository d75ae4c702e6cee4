/* rma_flush_check [COUNT [ROUNDS [allocate|create|shared]]]: plain MPI, no OpenSHMEM. Checks that data put with
 * MPI_Put under MPI_Win_lock_all is in the target's window once the origin's
 * MPI_Win_flush_all has returned and a barrier has passed (MPI-3 guarantees it).
 * The window is MPI_Win_allocate'd memory (allocate, the default), or MPI_Win_create over
 * malloc'd memory (create) or over a MAP_SHARED mapping, like mpishmem's heap (shared).
 *
 * Every rank puts COUNT longs (default 4096: past 2048 longs the bug this reproduces shows)
 * into a slice of every other rank's window, each round with new values; after
 * flush_all + barrier every target checks every element of its window. Prints the number of
 * wrong elements and exits 1 if there are any. docs/multinode.md explains why it exists:
 * MPICH ch4:ucx with MPIR_CVAR_NUM_CLIQUES=2 and UCX's shared-memory transports loses data. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The value origin `from` puts at index i of its slice in round r: distinct per round. */
static long expected(int from, int round, long i) {
  return ((long)round << 40) ^ ((long)from << 28) ^ i;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long count = argc > 1 ? atol(argv[1]) : 4096;
  int rounds = argc > 2 ? atoi(argv[2]) : 20;
  if (count < 1 || rounds < 1) {
    if (rank == 0) fprintf(stderr, "usage: rma_flush_check [COUNT>0 [ROUNDS>0]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  const char *kind = argc > 3 ? argv[3] : "allocate";
  size_t bytes = (size_t)count * (size_t)size * sizeof(long);
  long *win_mem = NULL;
  MPI_Win win;
  if (strcmp(kind, "allocate") == 0) {
    MPI_Win_allocate((MPI_Aint)bytes, sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &win_mem,
                     &win);
  } else {
    if (strcmp(kind, "create") == 0) {
      win_mem = malloc(bytes);
    } else if (strcmp(kind, "shared") == 0) {
      win_mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
      if (win_mem == MAP_FAILED) win_mem = NULL;
    } else {
      if (rank == 0) fprintf(stderr, "rma_flush_check: unknown window kind %s\n", kind);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (!win_mem) MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Win_create(win_mem, (MPI_Aint)bytes, sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &win);
  }
  long *src = malloc((size_t)count * sizeof(long));
  if (!src) MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Win_lock_all(0, win);

  long wrong = 0, first_bad = -1;
  for (int r = 0; r < rounds; r++) {
    for (long i = 0; i < count; i++) src[i] = expected(rank, r, i);
    for (int k = 1; k < size; k++) {
      int target = (rank + k) % size;
      MPI_Put(src, (int)count, MPI_LONG, target, (MPI_Aint)(rank * count), (int)count,
              MPI_LONG, win);
    }
    MPI_Win_flush_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win); /* the local view of the window after the others' puts */
    for (int from = 0; from < size; from++) {
      if (from == rank) continue;
      for (long i = 0; i < count; i++) {
        if (win_mem[from * count + i] != expected(from, r, i)) {
          if (first_bad < 0) {
            first_bad = i;
            printf("rank %d round %d: element %ld from rank %d is %#lx, expected %#lx\n", rank,
                   r, i, from, (unsigned long)win_mem[from * count + i],
                   (unsigned long)expected(from, r, i));
          }
          wrong++;
        }
      }
    }
    MPI_Barrier(MPI_COMM_WORLD); /* nobody puts the next round before all have checked */
  }

  long total = 0;
  MPI_Reduce(&wrong, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("rma_flush_check: %d ranks, %ld longs per put, %d rounds, %s window: %ld wrong "
           "elements\n", size, count, rounds, kind, total);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  free(src);
  if (strcmp(kind, "create") == 0) free(win_mem);
  if (strcmp(kind, "shared") == 0) munmap(win_mem, bytes);
  MPI_Finalize();
  return total ? 1 : 0;
}
