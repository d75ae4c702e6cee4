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
#define MPISHMEM_PICK6(_1, _2, _3, _4, _5, _6, NAME, ...) NAME
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

/* ---- Atomic memory operations ----------------------------------------------------------- */
#define MPISHMEM_AMO_EXT_GENERIC MPISHMEM_AMO_EXT_TYPES_BASE
#define MPISHMEM_AMO_STD_GENERIC MPISHMEM_AMO_STD_TYPES_BASE
#define MPISHMEM_AMO_BIT_GENERIC MPISHMEM_AMO_BIT_TYPES_GENERIC
#define shmem_atomic_fetch(...) MPISHMEM_GENERIC(3, atomic_fetch, MPISHMEM_AMO_EXT_GENERIC, __VA_ARGS__)
#define shmem_atomic_set(...) MPISHMEM_GENERIC(4, atomic_set, MPISHMEM_AMO_EXT_GENERIC, __VA_ARGS__)
#define shmem_atomic_swap(...) MPISHMEM_GENERIC(4, atomic_swap, MPISHMEM_AMO_EXT_GENERIC, __VA_ARGS__)
#define shmem_atomic_compare_swap(...)                                                    \
    MPISHMEM_GENERIC(5, atomic_compare_swap, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...)                                                       \
    MPISHMEM_GENERIC(3, atomic_fetch_inc, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_inc(...) MPISHMEM_GENERIC(3, atomic_inc, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_add(...)                                                       \
    MPISHMEM_GENERIC(4, atomic_fetch_add, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_add(...) MPISHMEM_GENERIC(4, atomic_add, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_and(...)                                                       \
    MPISHMEM_GENERIC(4, atomic_fetch_and, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_and(...) MPISHMEM_GENERIC(4, atomic_and, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_or(...)                                                        \
    MPISHMEM_GENERIC(4, atomic_fetch_or, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_or(...) MPISHMEM_GENERIC(4, atomic_or, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...)                                                       \
    MPISHMEM_GENERIC(4, atomic_fetch_xor, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_xor(...) MPISHMEM_GENERIC(4, atomic_xor, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)

/* Nonblocking fetching AMOs: the routine is chosen by the type `fetch` points to. */
#define shmem_atomic_fetch_nbi(...)                                                       \
    MPISHMEM_GENERIC(4, atomic_fetch_nbi, MPISHMEM_AMO_EXT_GENERIC, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...)                                                        \
    MPISHMEM_GENERIC(5, atomic_swap_nbi, MPISHMEM_AMO_EXT_GENERIC, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                                \
    MPISHMEM_GENERIC(6, atomic_compare_swap_nbi, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...)                                                   \
    MPISHMEM_GENERIC(4, atomic_fetch_inc_nbi, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                                   \
    MPISHMEM_GENERIC(5, atomic_fetch_add_nbi, MPISHMEM_AMO_STD_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                                   \
    MPISHMEM_GENERIC(5, atomic_fetch_and_nbi, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                                    \
    MPISHMEM_GENERIC(5, atomic_fetch_or_nbi, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                                   \
    MPISHMEM_GENERIC(5, atomic_fetch_xor_nbi, MPISHMEM_AMO_BIT_GENERIC, __VA_ARGS__)

/* Deprecated AMO generics (no ctx forms). */
#define MPISHMEM_OLD_GENERIC(op, table, a, ...) MPISHMEM_SELECT(a, op, table)(a, __VA_ARGS__)
#define shmem_fetch(...) MPISHMEM_OLD_GENERIC(fetch, MPISHMEM_OLD_AMO_EXT_TYPES, __VA_ARGS__)
#define shmem_set(...) MPISHMEM_OLD_GENERIC(set, MPISHMEM_OLD_AMO_EXT_TYPES, __VA_ARGS__)
#define shmem_swap(...) MPISHMEM_OLD_GENERIC(swap, MPISHMEM_OLD_AMO_EXT_TYPES, __VA_ARGS__)
#define shmem_cswap(...) MPISHMEM_OLD_GENERIC(cswap, MPISHMEM_OLD_AMO_STD_TYPES, __VA_ARGS__)
#define shmem_finc(...) MPISHMEM_OLD_GENERIC(finc, MPISHMEM_OLD_AMO_STD_TYPES, __VA_ARGS__)
#define shmem_inc(...) MPISHMEM_OLD_GENERIC(inc, MPISHMEM_OLD_AMO_STD_TYPES, __VA_ARGS__)
#define shmem_fadd(...) MPISHMEM_OLD_GENERIC(fadd, MPISHMEM_OLD_AMO_STD_TYPES, __VA_ARGS__)
#define shmem_add(...) MPISHMEM_OLD_GENERIC(add, MPISHMEM_OLD_AMO_STD_TYPES, __VA_ARGS__)

/* ---- Signaling -------------------------------------------------------------------------- */
#define shmem_put_signal(...) MPISHMEM_GENERIC(8, put_signal, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
#define shmem_put_signal_nbi(...)                                                         \
    MPISHMEM_GENERIC(8, put_signal_nbi, MPISHMEM_RMA_TYPES_BASE, __VA_ARGS__)
/* 1.6 defines only the ctx overload as a generic; with three arguments the plain routine of
 * the same name is called (a macro does not expand inside itself). */
#define shmem_signal_add(...)                                                             \
    MPISHMEM_PICK4(__VA_ARGS__, shmem_ctx_signal_add, shmem_signal_add, ~, ~)(__VA_ARGS__)
#define shmem_signal_set(...)                                                             \
    MPISHMEM_PICK4(__VA_ARGS__, shmem_ctx_signal_set, shmem_signal_set, ~, ~)(__VA_ARGS__)

/* ---- Point-to-point synchronization (with the short/ushort forms deprecated in 1.5) ----- */
#define MPISHMEM_P2P_GENERIC_TYPES(X, A) MPISHMEM_AMO_STD_TYPES_BASE(X, A) MPISHMEM_P2P_OLD_TYPES(X, A)
#define MPISHMEM_P2P(op, a, ...) MPISHMEM_SELECT(a, op, MPISHMEM_P2P_GENERIC_TYPES)(a, __VA_ARGS__)
#define MPISHMEM_P2P_SET(op, a, ...) MPISHMEM_SELECT(a, op, MPISHMEM_AMO_STD_GENERIC)(a, __VA_ARGS__)
#define shmem_wait_until(...) MPISHMEM_P2P(wait_until, __VA_ARGS__)
#define shmem_test(...) MPISHMEM_P2P(test, __VA_ARGS__)
#define shmem_wait_until_all(...) MPISHMEM_P2P_SET(wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) MPISHMEM_P2P_SET(wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) MPISHMEM_P2P_SET(wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) MPISHMEM_P2P_SET(wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) MPISHMEM_P2P_SET(wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) MPISHMEM_P2P_SET(wait_until_some_vector, __VA_ARGS__)
#define shmem_test_all(...) MPISHMEM_P2P_SET(test_all, __VA_ARGS__)
#define shmem_test_any(...) MPISHMEM_P2P_SET(test_any, __VA_ARGS__)
#define shmem_test_some(...) MPISHMEM_P2P_SET(test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) MPISHMEM_P2P_SET(test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) MPISHMEM_P2P_SET(test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) MPISHMEM_P2P_SET(test_some_vector, __VA_ARGS__)

#endif
