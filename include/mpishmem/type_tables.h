/* mpishmem: the type tables of the OpenSHMEM specification as X-macros.
 *
 * Every typed entry point (declarations in shmem.h/pshmem.h, definitions in src/api, the C11
 * generic selections and the tests) is expanded from these lists, so a type is added in one
 * place. TABLE(X, A) calls X(TYPE, TYPENAME, A) once per row; A is passed through untouched
 * (generic selections pass the operation name there, most other users pass `_`).
 *
 * Each table is split in two: the BASE rows are distinct C types (usable as _Generic
 * associations), the ALIAS rows are <stdint.h>/<stddef.h> typedefs that may name the same C
 * type as a BASE row and so must stay out of _Generic lists. */
#ifndef MPISHMEM_TYPE_TABLES_H
#define MPISHMEM_TYPE_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Standard RMA types (spec table "stdrmatypes", 24 rows). */
#define MPISHMEM_RMA_TYPES_BASE(X, A)                                                     \
    X(float, float, A) X(double, double, A) X(long double, longdouble, A)                 \
    X(char, char, A) X(signed char, schar, A) X(short, short, A) X(int, int, A)           \
    X(long, long, A) X(long long, longlong, A) X(unsigned char, uchar, A)                 \
    X(unsigned short, ushort, A) X(unsigned int, uint, A) X(unsigned long, ulong, A)      \
    X(unsigned long long, ulonglong, A)
#define MPISHMEM_RMA_TYPES_ALIAS(X, A)                                                    \
    X(int8_t, int8, A) X(int16_t, int16, A) X(int32_t, int32, A) X(int64_t, int64, A)     \
    X(uint8_t, uint8, A) X(uint16_t, uint16, A) X(uint32_t, uint32, A)                    \
    X(uint64_t, uint64, A) X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)
#define MPISHMEM_RMA_TYPES(X, A) MPISHMEM_RMA_TYPES_BASE(X, A) MPISHMEM_RMA_TYPES_ALIAS(X, A)

/* Standard AMO types (spec table "stdamotypes", 12 rows): compare_swap, fetch_inc, inc,
 * fetch_add, add and every point-to-point synchronization routine. */
#define MPISHMEM_AMO_STD_TYPES_BASE(X, A)                                                 \
    X(int, int, A) X(long, long, A) X(long long, longlong, A) X(unsigned int, uint, A)    \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define MPISHMEM_AMO_STD_TYPES_ALIAS(X, A)                                                \
    X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A) X(uint64_t, uint64, A) \
    X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)
#define MPISHMEM_AMO_STD_TYPES(X, A)                                                      \
    MPISHMEM_AMO_STD_TYPES_BASE(X, A) MPISHMEM_AMO_STD_TYPES_ALIAS(X, A)

/* Extended AMO types ("extamotypes", 14 rows): fetch, set, swap. */
#define MPISHMEM_AMO_EXT_TYPES_BASE(X, A)                                                 \
    X(float, float, A) X(double, double, A) MPISHMEM_AMO_STD_TYPES_BASE(X, A)
#define MPISHMEM_AMO_EXT_TYPES(X, A)                                                      \
    X(float, float, A) X(double, double, A) MPISHMEM_AMO_STD_TYPES(X, A)

/* Bitwise AMO types ("bitwiseamotypes", 7 rows): and, or, xor and their fetching forms. The
 * generic selections use the BASE rows plus int32_t and int64_t, which are signed and so never
 * the same C type as a BASE row; uint32_t/uint64_t are the unsigned BASE types. */
#define MPISHMEM_AMO_BIT_TYPES_BASE(X, A)                                                 \
    X(unsigned int, uint, A) X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define MPISHMEM_AMO_BIT_TYPES_GENERIC(X, A)                                              \
    MPISHMEM_AMO_BIT_TYPES_BASE(X, A) X(int32_t, int32, A) X(int64_t, int64, A)
#define MPISHMEM_AMO_BIT_TYPES(X, A)                                                      \
    MPISHMEM_AMO_BIT_TYPES_GENERIC(X, A) X(uint32_t, uint32, A) X(uint64_t, uint64, A)

/* Point-to-point synchronization types deprecated in 1.5 (wait_until and test only). */
#define MPISHMEM_P2P_OLD_TYPES(X, A) X(short, short, A) X(unsigned short, ushort, A)

/* Deprecated (pre-1.4) AMO names: shmem_<N>_fetch/set/swap and shmem_<N>_cswap/finc/inc/fadd/
 * add, and shmem_<N>_wait. */
#define MPISHMEM_OLD_AMO_EXT_TYPES(X, A)                                                  \
    X(float, float, A) X(double, double, A) MPISHMEM_OLD_AMO_STD_TYPES(X, A)
#define MPISHMEM_OLD_AMO_STD_TYPES(X, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)
#define MPISHMEM_OLD_WAIT_TYPES(X, A) X(short, short, A) MPISHMEM_OLD_AMO_STD_TYPES(X, A)

/* Team reduction types (spec table "teamreducetypes"; the 1.6 scans use the SUM column).
 * AND/OR/XOR: 14 rows; MAX/MIN: 24 rows; SUM/PROD: 26 rows. BASE rows are distinct C types,
 * ALIAS rows <stdint.h>/<stddef.h> typedefs (see above). */
#define MPISHMEM_REDUCE_BIT_TYPES_BASE(X, A)                                              \
    X(unsigned char, uchar, A) X(unsigned short, ushort, A) X(unsigned int, uint, A)      \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define MPISHMEM_REDUCE_BIT_TYPES_ALIAS(X, A)                                             \
    X(int8_t, int8, A) X(int16_t, int16, A) X(int32_t, int32, A) X(int64_t, int64, A)     \
    X(uint8_t, uint8, A) X(uint16_t, uint16, A) X(uint32_t, uint32, A)                    \
    X(uint64_t, uint64, A) X(size_t, size, A)
#define MPISHMEM_REDUCE_BIT_TYPES(X, A)                                                   \
    MPISHMEM_REDUCE_BIT_TYPES_BASE(X, A) MPISHMEM_REDUCE_BIT_TYPES_ALIAS(X, A)
#define MPISHMEM_REDUCE_MINMAX_TYPES_BASE(X, A)                                           \
    X(char, char, A) X(signed char, schar, A) X(short, short, A) X(int, int, A)           \
    X(long, long, A) X(long long, longlong, A) MPISHMEM_REDUCE_BIT_TYPES_BASE(X, A)       \
    X(float, float, A) X(double, double, A) X(long double, longdouble, A)
#define MPISHMEM_REDUCE_MINMAX_TYPES(X, A)                                                \
    MPISHMEM_REDUCE_MINMAX_TYPES_BASE(X, A) X(ptrdiff_t, ptrdiff, A)                      \
    MPISHMEM_REDUCE_BIT_TYPES_ALIAS(X, A)
#define MPISHMEM_REDUCE_SUM_TYPES_BASE(X, A)                                              \
    MPISHMEM_REDUCE_MINMAX_TYPES_BASE(X, A) X(double _Complex, complexd, A)               \
    X(float _Complex, complexf, A)
#define MPISHMEM_REDUCE_SUM_TYPES(X, A)                                                   \
    MPISHMEM_REDUCE_MINMAX_TYPES(X, A) X(double _Complex, complexd, A)                    \
    X(float _Complex, complexf, A)

/* Deprecated active-set reductions (shmem_<N>_<op>_to_all). */
#define MPISHMEM_TO_ALL_BIT_TYPES(X, A)                                                   \
    X(short, short, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)
#define MPISHMEM_TO_ALL_MINMAX_TYPES(X, A)                                                \
    MPISHMEM_TO_ALL_BIT_TYPES(X, A) X(float, float, A) X(double, double, A)               \
    X(long double, longdouble, A)
#define MPISHMEM_TO_ALL_SUM_TYPES(X, A)                                                   \
    MPISHMEM_TO_ALL_MINMAX_TYPES(X, A) X(double _Complex, complexd, A)                    \
    X(float _Complex, complexf, A)

/* Sized RMA forms: X(BITS, BYTES, A). */
#define MPISHMEM_SIZES(X, A) X(8, 1, A) X(16, 2, A) X(32, 4, A) X(64, 8, A) X(128, 16, A)

#endif
