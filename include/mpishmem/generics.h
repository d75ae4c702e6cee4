/* mpishmem: the C11 generic selection macros of OpenSHMEM 1.6 (C only; they have no pshmem_
 * forms).
 *
 * The context form is chosen by argument count: MPISHMEM_PICKn(args..., CTX, PLAIN, ...)
 * yields CTX when the call has n arguments and PLAIN when it has n-1. The typed routine is
 * chosen by _Generic over `*(ptr)`, the object the destination (or source) points to, which
 * drops qualifiers, so `const int *` and `int *` select the same routine. Associations come
 * from the BASE rows of the type tables, which are distinct C types. */
#ifndef MPISHMEM_GENERICS_H
#define MPISHMEM_GENERICS_H

#define MPISHMEM_PICK3(_1, _2, _3, NAME, ...) NAME
#define MPISHMEM_PICK4(_1, _2, _3, _4, NAME, ...) NAME
#define MPISHMEM_PICK5(_1, _2, _3, _4, _5, NAME, ...) NAME
#define MPISHMEM_PICK7(_1, _2, _3, _4, _5, _6, _7, NAME, ...) NAME
#define MPISHMEM_PICK8(_1, _2, _3, _4, _5, _6, _7, _8, NAME, ...) NAME

#define MPISHMEM_ASSOC(T, N, op) T : shmem_##N##_##op,
#define MPISHMEM_ASSOC_CTX(T, N, op) T : shmem_ctx_##N##_##op,
/* An unsupported type selects this argument-less function, so the call fails to compile with
 * "too many arguments to function 'mpishmem_generic_unsupported_type'". Never defined. */
void mpishmem_generic_unsupported_type(void);
#define MPISHMEM_SELECT(ptr, op, table)                                                   \
    _Generic(*(ptr), table(MPISHMEM_ASSOC, op) default: mpishmem_generic_unsupported_type)
#define MPISHMEM_SELECT_CTX(ptr, op, table)                                               \
    _Generic(*(ptr), table(MPISHMEM_ASSOC_CTX, op) default: mpishmem_generic_unsupported_type)

/* Selection on the first non-ctx argument. */
#define MPISHMEM_SEL1(op, table, a, ...) MPISHMEM_SELECT(a, op, table)
#define MPISHMEM_SEL1_CTX(op, table, c, a, ...) MPISHMEM_SELECT_CTX(a, op, table)

/* A generic whose plain form takes n-1 arguments (n with the ctx). */
#define MPISHMEM_GENERIC(n, op, table, ...)                                               \
    MPISHMEM_PICK##n(__VA_ARGS__, MPISHMEM_SEL1_CTX(op, table, __VA_ARGS__),              \
                     MPISHMEM_SEL1(op, table, __VA_ARGS__), ~, ~, ~, ~, ~, ~, ~)(__VA_ARGS__)

/* ---- RMA -------------------------------------------------------------------------------- */
#define shmem_put(...) MPISHMEM_GENERIC(5, put, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_get(...) MPISHMEM_GENERIC(5, get, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_put_nbi(...) MPISHMEM_GENERIC(5, put_nbi, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_get_nbi(...) MPISHMEM_GENERIC(5, get_nbi, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_p(...) MPISHMEM_GENERIC(4, p, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_g(...) MPISHMEM_GENERIC(3, g, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_iput(...) MPISHMEM_GENERIC(7, iput, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_iget(...) MPISHMEM_GENERIC(7, iget, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_ibput(...) MPISHMEM_GENERIC(8, ibput, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_ibget(...) MPISHMEM_GENERIC(8, ibget, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)

#endif
