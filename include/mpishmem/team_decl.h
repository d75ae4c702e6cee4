/* mpishmem: declarations of the team and context management routines, included by shmem.h and
 * pshmem.h (MPISHMEM_FN names each routine). No include guard: expanded once for shmem_ names
 * and once for pshmem_ names. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---- Teams --------------------------------------------------------------------------------- */
int MPISHMEM_FN(team_my_pe)(shmem_team_t team);
int MPISHMEM_FN(team_n_pes)(shmem_team_t team);
int MPISHMEM_FN(team_get_config)(shmem_team_t team, long config_mask,
                                 shmem_team_config_t *config);
int MPISHMEM_FN(team_translate_pe)(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int MPISHMEM_FN(team_split_strided)(shmem_team_t parent_team, int start, int stride, int size,
                                    const shmem_team_config_t *config, long config_mask,
                                    shmem_team_t *new_team);
int MPISHMEM_FN(team_split_2d)(shmem_team_t parent_team, int xrange,
                               const shmem_team_config_t *xaxis_config, long xaxis_mask,
                               shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                               long yaxis_mask, shmem_team_t *yaxis_team);
void MPISHMEM_FN(team_destroy)(shmem_team_t team);
void *MPISHMEM_FN(team_ptr)(shmem_team_t team, const void *dest, int pe);

/* ---- Contexts ------------------------------------------------------------------------------ */
int MPISHMEM_FN(ctx_create)(long options, shmem_ctx_t *ctx);
int MPISHMEM_FN(team_create_ctx)(shmem_team_t team, long options, shmem_ctx_t *ctx);
void MPISHMEM_FN(ctx_destroy)(shmem_ctx_t ctx);
int MPISHMEM_FN(ctx_get_team)(shmem_ctx_t ctx, shmem_team_t *team);
void MPISHMEM_FN(ctx_session_start)(shmem_ctx_t ctx, long options,
                                    const shmem_ctx_session_config_t *config, long config_mask);
void MPISHMEM_FN(ctx_session_stop)(shmem_ctx_t ctx);

#ifdef __cplusplus
}
#endif
