/* mpishmem: declarations included by shmem.h and pshmem.h (MPISHMEM_FN names each routine).
 * No include guard: expanded once for shmem_ names and once for pshmem_ names.
 *
 * The team-based collectives of OpenSHMEM 1.6: each returns 0 on success and nonzero when the
 * team is SHMEM_TEAM_INVALID. Data collectives take the 24 standard RMA types and a `mem` form
 * (bytes); reductions the types of the spec's teamreducetypes table for each operator; the
 * scans its SUM column. */
#ifdef __cplusplus
extern "C" {
#endif

int MPISHMEM_FN(team_sync)(shmem_team_t team);

#define MPISHMEM_DECL_COLL_TYPED(T, N, A)                                                 \
    int MPISHMEM_FN(N##_alltoall)(shmem_team_t team, T *dest, const T *source,            \
                                  size_t nelems);                                         \
    int MPISHMEM_FN(N##_alltoalls)(shmem_team_t team, T *dest, const T *source,           \
                                   ptrdiff_t dst, ptrdiff_t sst, size_t nelems);          \
    int MPISHMEM_FN(N##_broadcast)(shmem_team_t team, T *dest, const T *source,           \
                                   size_t nelems, int PE_root);                           \
    int MPISHMEM_FN(N##_collect)(shmem_team_t team, T *dest, const T *source,             \
                                 size_t nelems);                                          \
    int MPISHMEM_FN(N##_fcollect)(shmem_team_t team, T *dest, const T *source,            \
                                  size_t nelems);
MPISHMEM_RMA_TYPES(MPISHMEM_DECL_COLL_TYPED, _)
int MPISHMEM_FN(alltoallmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);
int MPISHMEM_FN(alltoallsmem)(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                              ptrdiff_t sst, size_t nelems);
int MPISHMEM_FN(broadcastmem)(shmem_team_t team, void *dest, const void *source, size_t nelems,
                              int PE_root);
int MPISHMEM_FN(collectmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);
int MPISHMEM_FN(fcollectmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);

#define MPISHMEM_DECL_REDUCE(T, N, OP)                                                    \
    int MPISHMEM_FN(N##_##OP##_reduce)(shmem_team_t team, T *dest, const T *source,       \
                                       size_t nreduce);
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DECL_REDUCE, and)
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DECL_REDUCE, or)
MPISHMEM_REDUCE_BIT_TYPES(MPISHMEM_DECL_REDUCE, xor)
MPISHMEM_REDUCE_MINMAX_TYPES(MPISHMEM_DECL_REDUCE, max)
MPISHMEM_REDUCE_MINMAX_TYPES(MPISHMEM_DECL_REDUCE, min)
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DECL_REDUCE, sum)
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DECL_REDUCE, prod)

/* Prefix sums (new in 1.6): inclusive, and exclusive with zeros on team PE 0. */
#define MPISHMEM_DECL_SCAN(T, N, _)                                                       \
    int MPISHMEM_FN(N##_sum_inscan)(shmem_team_t team, T *dest, const T *source,          \
                                    size_t nelems);                                       \
    int MPISHMEM_FN(N##_sum_exscan)(shmem_team_t team, T *dest, const T *source,          \
                                    size_t nelems);
MPISHMEM_REDUCE_SUM_TYPES(MPISHMEM_DECL_SCAN, _)

#undef MPISHMEM_DECL_SCAN
#undef MPISHMEM_DECL_REDUCE
#undef MPISHMEM_DECL_COLL_TYPED

#ifdef __cplusplus
}
#endif
