/* mpishmem: declarations included by shmem.h and pshmem.h (MPISHMEM_FN names each routine).
 * No include guard: expanded once for shmem_ names and once for pshmem_ names.
 *
 * The active-set collectives, deprecated since OpenSHMEM 1.5: the active set is the PEs
 * PE_start + k * 2^logPE_stride, k < PE_size. pSync (and pWrk) are accepted and never written:
 * the library keeps its own synchronization state. */
#ifdef __cplusplus
extern "C" {
#endif

#define MPISHMEM_ASET int PE_start, int logPE_stride, int PE_size, long *pSync

void MPISHMEM_FN(barrier)(MPISHMEM_ASET);
/* In C11 the name shmem_sync is also the generic shmem_sync(team) (coll_generics.h); a call with
 * an active set's four arguments reaches this function. */
void MPISHMEM_FN(sync)(MPISHMEM_ASET);

#define MPISHMEM_DECL_COLL_OLD_SIZED(BITS)                                                \
    void MPISHMEM_FN(broadcast##BITS)(void *dest, const void *source, size_t nelems,      \
                                      int PE_root, MPISHMEM_ASET);                         \
    void MPISHMEM_FN(collect##BITS)(void *dest, const void *source, size_t nelems,        \
                                    MPISHMEM_ASET);                                       \
    void MPISHMEM_FN(fcollect##BITS)(void *dest, const void *source, size_t nelems,       \
                                     MPISHMEM_ASET);                                      \
    void MPISHMEM_FN(alltoall##BITS)(void *dest, const void *source, size_t nelems,       \
                                     MPISHMEM_ASET);                                      \
    void MPISHMEM_FN(alltoalls##BITS)(void *dest, const void *source, ptrdiff_t dst,      \
                                      ptrdiff_t sst, size_t nelems, MPISHMEM_ASET);
MPISHMEM_DECL_COLL_OLD_SIZED(32)
MPISHMEM_DECL_COLL_OLD_SIZED(64)

/* shmem_<N>_<op>_to_all: `nreduce` elements; pWrk is a symmetric work array the library does
 * not need. */
#define MPISHMEM_DECL_TO_ALL(T, N, OP)                                                    \
    void MPISHMEM_FN(N##_##OP##_to_all)(T *dest, const T *source, int nreduce,            \
                                        int PE_start, int logPE_stride, int PE_size,      \
                                        T *pWrk, long *pSync);
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DECL_TO_ALL, and)
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DECL_TO_ALL, or)
MPISHMEM_TO_ALL_BIT_TYPES(MPISHMEM_DECL_TO_ALL, xor)
MPISHMEM_TO_ALL_MINMAX_TYPES(MPISHMEM_DECL_TO_ALL, max)
MPISHMEM_TO_ALL_MINMAX_TYPES(MPISHMEM_DECL_TO_ALL, min)
MPISHMEM_TO_ALL_SUM_TYPES(MPISHMEM_DECL_TO_ALL, sum)
MPISHMEM_TO_ALL_SUM_TYPES(MPISHMEM_DECL_TO_ALL, prod)

#undef MPISHMEM_DECL_TO_ALL
#undef MPISHMEM_DECL_COLL_OLD_SIZED
#undef MPISHMEM_ASET

#ifdef __cplusplus
}
#endif
