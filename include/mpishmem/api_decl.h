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

/* ---- Cache management: removed in OpenSHMEM 1.5 (last in 1.4); kept as no-ops for old
 * programs, since memory here is always coherent. ----------------------------------------- */
void MPISHMEM_FN(clear_cache_inv)(void);
void MPISHMEM_FN(set_cache_inv)(void);
void MPISHMEM_FN(set_cache_line_inv)(void *dest);
void MPISHMEM_FN(clear_cache_line_inv)(void *dest);
void MPISHMEM_FN(udcflush)(void);
void MPISHMEM_FN(udcflush_line)(void *dest);

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

/* ---- Atomic memory operations ----------------------------------------------------------- */
#define MPISHMEM_DECL_AMO_EXT(T, N, _)                                                     \
    MPISHMEM_DECL_CTX(T, N##_atomic_fetch, const T *source, int pe)                       \
    MPISHMEM_DECL_CTX(void, N##_atomic_set, T *dest, T value, int pe)                     \
    MPISHMEM_DECL_CTX(T, N##_atomic_swap, T *dest, T value, int pe)                       \
    MPISHMEM_DECL_CTX(void, N##_atomic_fetch_nbi, T *fetch, const T *source, int pe)      \
    MPISHMEM_DECL_CTX(void, N##_atomic_swap_nbi, T *fetch, T *dest, T value, int pe)
MPISHMEM_AMO_EXT_TYPES(MPISHMEM_DECL_AMO_EXT, _)

#define MPISHMEM_DECL_AMO_STD(T, N, _)                                                     \
    MPISHMEM_DECL_CTX(T, N##_atomic_compare_swap, T *dest, T cond, T value, int pe)       \
    MPISHMEM_DECL_CTX(T, N##_atomic_fetch_inc, T *dest, int pe)                           \
    MPISHMEM_DECL_CTX(void, N##_atomic_inc, T *dest, int pe)                              \
    MPISHMEM_DECL_CTX(T, N##_atomic_fetch_add, T *dest, T value, int pe)                  \
    MPISHMEM_DECL_CTX(void, N##_atomic_add, T *dest, T value, int pe)                     \
    MPISHMEM_DECL_CTX(void, N##_atomic_compare_swap_nbi, T *fetch, T *dest, T cond,       \
                      T value, int pe)                                                    \
    MPISHMEM_DECL_CTX(void, N##_atomic_fetch_inc_nbi, T *fetch, T *dest, int pe)          \
    MPISHMEM_DECL_CTX(void, N##_atomic_fetch_add_nbi, T *fetch, T *dest, T value, int pe)
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DECL_AMO_STD, _)

#define MPISHMEM_DECL_AMO_BIT1(T, N, OP)                                                   \
    MPISHMEM_DECL_CTX(T, N##_atomic_fetch_##OP, T *dest, T value, int pe)                 \
    MPISHMEM_DECL_CTX(void, N##_atomic_##OP, T *dest, T value, int pe)                    \
    MPISHMEM_DECL_CTX(void, N##_atomic_fetch_##OP##_nbi, T *fetch, T *dest, T value, int pe)
MPISHMEM_AMO_BIT_TYPES(MPISHMEM_DECL_AMO_BIT1, and)
MPISHMEM_AMO_BIT_TYPES(MPISHMEM_DECL_AMO_BIT1, or)
MPISHMEM_AMO_BIT_TYPES(MPISHMEM_DECL_AMO_BIT1, xor)

/* Deprecated AMO names (1.3 and earlier). */
#define MPISHMEM_DECL_OLD_AMO_EXT(T, N, _)                                                 \
    T MPISHMEM_FN(N##_fetch)(const T *target, int pe);                                    \
    void MPISHMEM_FN(N##_set)(T *target, T value, int pe);                                \
    T MPISHMEM_FN(N##_swap)(T *target, T value, int pe);
MPISHMEM_OLD_AMO_EXT_TYPES(MPISHMEM_DECL_OLD_AMO_EXT, _)
#define MPISHMEM_DECL_OLD_AMO_STD(T, N, _)                                                 \
    T MPISHMEM_FN(N##_cswap)(T *target, T cond, T value, int pe);                         \
    T MPISHMEM_FN(N##_finc)(T *target, int pe);                                           \
    void MPISHMEM_FN(N##_inc)(T *target, int pe);                                         \
    T MPISHMEM_FN(N##_fadd)(T *target, T value, int pe);                                  \
    void MPISHMEM_FN(N##_add)(T *target, T value, int pe);
MPISHMEM_OLD_AMO_STD_TYPES(MPISHMEM_DECL_OLD_AMO_STD, _)

/* ---- Signaling operations --------------------------------------------------------------- */
#define MPISHMEM_DECL_SIGNAL_PUT(op, T)                                                    \
    MPISHMEM_DECL_CTX(void, op, T *dest, const T *source, size_t nelems, uint64_t *sig_addr, \
                      uint64_t signal, int sig_op, int pe)
#define MPISHMEM_DECL_SIGNAL_TYPED(T, N, _)                                                \
    MPISHMEM_DECL_SIGNAL_PUT(N##_put_signal, T) MPISHMEM_DECL_SIGNAL_PUT(N##_put_signal_nbi, T)
MPISHMEM_RMA_TYPES(MPISHMEM_DECL_SIGNAL_TYPED, _)
#define MPISHMEM_DECL_SIGNAL_SIZED(BITS, BYTES, _)                                         \
    MPISHMEM_DECL_SIGNAL_PUT(put##BITS##_signal, void)                                    \
    MPISHMEM_DECL_SIGNAL_PUT(put##BITS##_signal_nbi, void)
MPISHMEM_SIZES(MPISHMEM_DECL_SIGNAL_SIZED, _)
MPISHMEM_DECL_SIGNAL_PUT(putmem_signal, void)
MPISHMEM_DECL_SIGNAL_PUT(putmem_signal_nbi, void)
uint64_t MPISHMEM_FN(signal_fetch)(const uint64_t *sig_addr);
MPISHMEM_DECL_CTX(void, signal_add, uint64_t *sig_addr, uint64_t signal, int pe)
MPISHMEM_DECL_CTX(void, signal_set, uint64_t *sig_addr, uint64_t signal, int pe)

/* ---- Point-to-point synchronization ----------------------------------------------------- */
#define MPISHMEM_DECL_P2P_SINGLE(T, N, _)                                                  \
    void MPISHMEM_FN(N##_wait_until)(T *ivar, int cmp, T cmp_value);                      \
    int MPISHMEM_FN(N##_test)(T *ivar, int cmp, T cmp_value);
#define MPISHMEM_DECL_P2P_SET(T, N, _)                                                     \
    void MPISHMEM_FN(N##_wait_until_all)(T *ivars, size_t nelems, const int *status,      \
                                         int cmp, T cmp_value);                           \
    size_t MPISHMEM_FN(N##_wait_until_any)(T *ivars, size_t nelems, const int *status,    \
                                           int cmp, T cmp_value);                         \
    size_t MPISHMEM_FN(N##_wait_until_some)(T *ivars, size_t nelems, size_t *indices,     \
                                            const int *status, int cmp, T cmp_value);     \
    void MPISHMEM_FN(N##_wait_until_all_vector)(T *ivars, size_t nelems, const int *status, \
                                                int cmp, const T *cmp_values);            \
    size_t MPISHMEM_FN(N##_wait_until_any_vector)(T *ivars, size_t nelems,                \
                                                  const int *status, int cmp,             \
                                                  const T *cmp_values);                   \
    size_t MPISHMEM_FN(N##_wait_until_some_vector)(T *ivars, size_t nelems,               \
                                                   size_t *indices, const int *status,    \
                                                   int cmp, const T *cmp_values);         \
    int MPISHMEM_FN(N##_test_all)(T *ivars, size_t nelems, const int *status, int cmp,    \
                                  T cmp_value);                                           \
    size_t MPISHMEM_FN(N##_test_any)(T *ivars, size_t nelems, const int *status, int cmp, \
                                     T cmp_value);                                        \
    size_t MPISHMEM_FN(N##_test_some)(T *ivars, size_t nelems, size_t *indices,           \
                                      const int *status, int cmp, T cmp_value);           \
    int MPISHMEM_FN(N##_test_all_vector)(T *ivars, size_t nelems, const int *status,      \
                                         int cmp, const T *cmp_values);                   \
    size_t MPISHMEM_FN(N##_test_any_vector)(T *ivars, size_t nelems, const int *status,   \
                                            int cmp, const T *cmp_values);                \
    size_t MPISHMEM_FN(N##_test_some_vector)(T *ivars, size_t nelems, size_t *indices,    \
                                             const int *status, int cmp,                  \
                                             const T *cmp_values);
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DECL_P2P_SINGLE, _)
MPISHMEM_AMO_STD_TYPES(MPISHMEM_DECL_P2P_SET, _)
MPISHMEM_P2P_OLD_TYPES(MPISHMEM_DECL_P2P_SINGLE, _) /* deprecated in 1.5 */
uint64_t MPISHMEM_FN(signal_wait_until)(uint64_t *sig_addr, int cmp, uint64_t cmp_value);
/* Deprecated in 1.4: shmem_wait, shmem_<N>_wait and the untyped (long) shmem_wait_until, whose
 * name the C11 generic macro shares (the parentheses keep the macro from expanding). */
void MPISHMEM_FN(wait)(long *ivar, long cmp_value);
#define MPISHMEM_DECL_OLD_WAIT(T, N, _) void MPISHMEM_FN(N##_wait)(T *ivar, T cmp_value);
MPISHMEM_OLD_WAIT_TYPES(MPISHMEM_DECL_OLD_WAIT, _)
void(MPISHMEM_FN(wait_until))(long *ivar, int cmp, long cmp_value);

/* ---- Distributed locks ------------------------------------------------------------------ */
void MPISHMEM_FN(set_lock)(long *lock);
void MPISHMEM_FN(clear_lock)(long *lock);
int MPISHMEM_FN(test_lock)(long *lock);

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
#undef MPISHMEM_DECL_AMO_EXT
#undef MPISHMEM_DECL_AMO_STD
#undef MPISHMEM_DECL_AMO_BIT1
#undef MPISHMEM_DECL_OLD_AMO_EXT
#undef MPISHMEM_DECL_OLD_AMO_STD
#undef MPISHMEM_DECL_SIGNAL_PUT
#undef MPISHMEM_DECL_SIGNAL_TYPED
#undef MPISHMEM_DECL_SIGNAL_SIZED
#undef MPISHMEM_DECL_P2P_SINGLE
#undef MPISHMEM_DECL_P2P_SET
#undef MPISHMEM_DECL_OLD_WAIT
#undef MPISHMEM_DECL_CTX

#ifdef __cplusplus
}
#endif
