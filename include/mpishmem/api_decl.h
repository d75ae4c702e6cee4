/* mpishmem: prototypes of the OpenSHMEM routines, written once and included twice: by shmem.h
 * with MPISHMEM_FN(x) = shmem_##x and by pshmem.h with MPISHMEM_FN(x) = pshmem_##x (the
 * profiling names). MPISHMEM_OLD(x) names the pre-"shmem_" routines (start_pes, shmalloc, ...),
 * whose profiling names carry a leading "p". No include guard on purpose. */
#if !defined(MPISHMEM_FN) || !defined(MPISHMEM_OLD)
#error "include <shmem.h> or <pshmem.h>, not this file"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A routine and its shmem_ctx_ twin. */
#define MPISHMEM_DECL_CTX(ret, op, ...)                                                   \
    ret MPISHMEM_FN(op)(__VA_ARGS__);                                                     \
    ret MPISHMEM_FN(ctx_##op)(shmem_ctx_t ctx, __VA_ARGS__);

/* ---- Setup, exit and query ---------------------------------------------------------------- */
void MPISHMEM_FN(init)(void);
int MPISHMEM_FN(init_thread)(int requested, int *provided);
void MPISHMEM_FN(query_thread)(int *provided);
void MPISHMEM_FN(finalize)(void);
void MPISHMEM_FN(query_initialized)(int *initialized);
int MPISHMEM_FN(my_pe)(void);
int MPISHMEM_FN(n_pes)(void);
MPISHMEM_NORETURN void MPISHMEM_FN(global_exit)(int status);
int MPISHMEM_FN(pe_accessible)(int pe);
int MPISHMEM_FN(addr_accessible)(const void *addr, int pe);
void *MPISHMEM_FN(ptr)(const void *dest, int pe);
void MPISHMEM_FN(info_get_version)(int *major, int *minor);
void MPISHMEM_FN(info_get_name)(char *name);
void MPISHMEM_FN(pcontrol)(int level, ...);
void MPISHMEM_OLD(start_pes)(int npes);
int MPISHMEM_OLD(_my_pe)(void);
int MPISHMEM_OLD(_num_pes)(void);

/* ---- Memory management ------------------------------------------------------------------ */
void *MPISHMEM_FN(malloc)(size_t size);
void *MPISHMEM_FN(calloc)(size_t count, size_t size);
void *MPISHMEM_FN(align)(size_t alignment, size_t size);
void *MPISHMEM_FN(realloc)(void *ptr, size_t size);
void MPISHMEM_FN(free)(void *ptr);
void *MPISHMEM_FN(malloc_with_hints)(size_t size, long hints);
void *MPISHMEM_OLD(shmalloc)(size_t size);
void MPISHMEM_OLD(shfree)(void *ptr);
void *MPISHMEM_OLD(shrealloc)(void *ptr, size_t size);
void *MPISHMEM_OLD(shmemalign)(size_t alignment, size_t size);

/* ---- RMA -------------------------------------------------------------------------------- */
#define MPISHMEM_DECL_RMA_TYPED(T, N, _)                                                   \
    MPISHMEM_DECL_CTX(void, N##_put, T *dest, const T *source, size_t nelems, int pe)     \
    MPISHMEM_DECL_CTX(void, N##_get, T *dest, const T *source, size_t nelems, int pe)     \
    MPISHMEM_DECL_CTX(void, N##_put_nbi, T *dest, const T *source, size_t nelems, int pe) \
    MPISHMEM_DECL_CTX(void, N##_get_nbi, T *dest, const T *source, size_t nelems, int pe) \
    MPISHMEM_DECL_CTX(void, N##_p, T *dest, T value, int pe)                              \
    MPISHMEM_DECL_CTX(T, N##_g, const T *source, int pe)                                  \
    MPISHMEM_DECL_CTX(void, N##_iput, T *dest, const T *source, ptrdiff_t dst,            \
                      ptrdiff_t sst, size_t nelems, int pe)                               \
    MPISHMEM_DECL_CTX(void, N##_iget, T *dest, const T *source, ptrdiff_t dst,            \
                      ptrdiff_t sst, size_t nelems, int pe)                               \
    MPISHMEM_DECL_CTX(void, N##_ibput, T *dest, const T *source, ptrdiff_t dst,           \
                      ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)                \
    MPISHMEM_DECL_CTX(void, N##_ibget, T *dest, const T *source, ptrdiff_t dst,           \
                      ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
MPISHMEM_RMA_TYPES(MPISHMEM_DECL_RMA_TYPED, _)

#define MPISHMEM_DECL_RMA_SIZED(BITS, BYTES, _)                                             \
    MPISHMEM_DECL_CTX(void, put##BITS, void *dest, const void *source, size_t nelems,     \
                      int pe)                                                             \
    MPISHMEM_DECL_CTX(void, get##BITS, void *dest, const void *source, size_t nelems,     \
                      int pe)                                                             \
    MPISHMEM_DECL_CTX(void, put##BITS##_nbi, void *dest, const void *source,              \
                      size_t nelems, int pe)                                              \
    MPISHMEM_DECL_CTX(void, get##BITS##_nbi, void *dest, const void *source,              \
                      size_t nelems, int pe)                                              \
    MPISHMEM_DECL_CTX(void, iput##BITS, void *dest, const void *source, ptrdiff_t dst,    \
                      ptrdiff_t sst, size_t nelems, int pe)                               \
    MPISHMEM_DECL_CTX(void, iget##BITS, void *dest, const void *source, ptrdiff_t dst,    \
                      ptrdiff_t sst, size_t nelems, int pe)                               \
    MPISHMEM_DECL_CTX(void, ibput##BITS, void *dest, const void *source, ptrdiff_t dst,   \
                      ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)                \
    MPISHMEM_DECL_CTX(void, ibget##BITS, void *dest, const void *source, ptrdiff_t dst,   \
                      ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
MPISHMEM_SIZES(MPISHMEM_DECL_RMA_SIZED, _)

MPISHMEM_DECL_CTX(void, putmem, void *dest, const void *source, size_t nelems, int pe)
MPISHMEM_DECL_CTX(void, getmem, void *dest, const void *source, size_t nelems, int pe)
MPISHMEM_DECL_CTX(void, putmem_nbi, void *dest, const void *source, size_t nelems, int pe)
MPISHMEM_DECL_CTX(void, getmem_nbi, void *dest, const void *source, size_t nelems, int pe)

/* ---- Memory ordering and world synchronization ------------------------------------------ */
void MPISHMEM_FN(fence)(void);
void MPISHMEM_FN(ctx_fence)(shmem_ctx_t ctx);
void MPISHMEM_FN(quiet)(void);
void MPISHMEM_FN(ctx_quiet)(shmem_ctx_t ctx);
void MPISHMEM_FN(pe_quiet)(const int *target_pes, size_t npes);
void MPISHMEM_FN(ctx_pe_quiet)(shmem_ctx_t ctx, const int *target_pes, size_t npes);
void MPISHMEM_FN(barrier_all)(void);
void MPISHMEM_FN(sync_all)(void);

#undef MPISHMEM_DECL_RMA_TYPED
#undef MPISHMEM_DECL_RMA_SIZED
#undef MPISHMEM_DECL_CTX

#ifdef __cplusplus
}
#endif
