/* mpishmem: the MPI datatype of each OpenSHMEM TYPENAME, for collectives mapped onto MPI
 * (MPISHMEM_MPI_TYPE(N) with N the TYPENAME of the type tables, e.g. MPISHMEM_MPI_TYPE(ulong)).
 * Also the MPI reduction operators of the OpenSHMEM ones. */
#ifndef MPISHMEM_COLL_TYPES_H
#define MPISHMEM_COLL_TYPES_H

#include <mpi.h>

#define MPISHMEM_MPI_TYPE(N) MPISHMEM_MPI_TYPE_##N
#define MPISHMEM_MPI_TYPE_float MPI_FLOAT
#define MPISHMEM_MPI_TYPE_double MPI_DOUBLE
#define MPISHMEM_MPI_TYPE_longdouble MPI_LONG_DOUBLE
/* MPI_CHAR is for text and not valid in reductions: plain char as the signed or unsigned char
 * it is on this platform. */
#define MPISHMEM_MPI_TYPE_char ((char)-1 < 0 ? MPI_SIGNED_CHAR : MPI_UNSIGNED_CHAR)
#define MPISHMEM_MPI_TYPE_schar MPI_SIGNED_CHAR
#define MPISHMEM_MPI_TYPE_short MPI_SHORT
#define MPISHMEM_MPI_TYPE_int MPI_INT
#define MPISHMEM_MPI_TYPE_long MPI_LONG
#define MPISHMEM_MPI_TYPE_longlong MPI_LONG_LONG
#define MPISHMEM_MPI_TYPE_uchar MPI_UNSIGNED_CHAR
#define MPISHMEM_MPI_TYPE_ushort MPI_UNSIGNED_SHORT
#define MPISHMEM_MPI_TYPE_uint MPI_UNSIGNED
#define MPISHMEM_MPI_TYPE_ulong MPI_UNSIGNED_LONG
#define MPISHMEM_MPI_TYPE_ulonglong MPI_UNSIGNED_LONG_LONG
#define MPISHMEM_MPI_TYPE_int8 MPI_INT8_T
#define MPISHMEM_MPI_TYPE_int16 MPI_INT16_T
#define MPISHMEM_MPI_TYPE_int32 MPI_INT32_T
#define MPISHMEM_MPI_TYPE_int64 MPI_INT64_T
#define MPISHMEM_MPI_TYPE_uint8 MPI_UINT8_T
#define MPISHMEM_MPI_TYPE_uint16 MPI_UINT16_T
#define MPISHMEM_MPI_TYPE_uint32 MPI_UINT32_T
#define MPISHMEM_MPI_TYPE_uint64 MPI_UINT64_T
/* size_t and ptrdiff_t have no MPI type of their own: the fixed-width type of their size. */
#define MPISHMEM_MPI_TYPE_size (sizeof(size_t) == 8 ? MPI_UINT64_T : MPI_UINT32_T)
#define MPISHMEM_MPI_TYPE_ptrdiff (sizeof(ptrdiff_t) == 8 ? MPI_INT64_T : MPI_INT32_T)
#define MPISHMEM_MPI_TYPE_complexd MPI_C_DOUBLE_COMPLEX
#define MPISHMEM_MPI_TYPE_complexf MPI_C_FLOAT_COMPLEX

/* OpenSHMEM reduction name -> MPI operator (MPISHMEM_MPI_OP(sum) is MPI_SUM). */
#define MPISHMEM_MPI_OP(op) MPISHMEM_MPI_OP_##op
#define MPISHMEM_MPI_OP_and MPI_BAND
#define MPISHMEM_MPI_OP_or MPI_BOR
#define MPISHMEM_MPI_OP_xor MPI_BXOR
#define MPISHMEM_MPI_OP_max MPI_MAX
#define MPISHMEM_MPI_OP_min MPI_MIN
#define MPISHMEM_MPI_OP_sum MPI_SUM
#define MPISHMEM_MPI_OP_prod MPI_PROD

#endif
