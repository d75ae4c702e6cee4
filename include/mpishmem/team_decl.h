/* mpishmem: declarations included by shmem.h and pshmem.h (MPISHMEM_FN names each routine).
 * No include guard: expanded once for shmem_ names and once for pshmem_ names. */
#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
