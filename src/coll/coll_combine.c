/* mpishmem: local combination of reduction operands (coll_combine.h). Integer sums and
 * products wrap modulo the type's width as MPI's do; they are computed in uint64_t, so no
 * signed overflow (undefined in C) and no promotion to int of narrow types occurs. */
#include "coll_combine.h"

#include <complex.h>
#include <stdint.h>

/* The representations a datatype of the tables may have. */
enum rep { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, FLD, C32, C64, NREP };

/* One function per (representation, operator). */
#define LOOP(NAME, CT, EXPR)                                                              \
    static void NAME(const void *in_, void *io_, size_t n)                                \
    {                                                                                     \
        const CT *in = in_;                                                               \
        CT *io = io_;                                                                     \
        for (size_t i = 0; i < n; i++) {                                                  \
            CT a = in[i], b = io[i];                                                      \
            io[i] = (EXPR);                                                               \
        }                                                                                 \
    }
#define WRAP(CT, UT, E) ((CT)(UT)(E))
#define INT_OPS(R, CT, UT)                                                                \
    LOOP(sum_##R, CT, WRAP(CT, UT, (uint64_t)(UT)a + (uint64_t)(UT)b))                    \
    LOOP(prod_##R, CT, WRAP(CT, UT, (uint64_t)(UT)a * (uint64_t)(UT)b))                   \
    LOOP(max_##R, CT, a > b ? a : b)                                                      \
    LOOP(min_##R, CT, a < b ? a : b)                                                      \
    LOOP(band_##R, CT, (CT)(a & b))                                                       \
    LOOP(bor_##R, CT, (CT)(a | b))                                                        \
    LOOP(bxor_##R, CT, (CT)(a ^ b))
#define REAL_OPS(R, CT)                                                                   \
    LOOP(sum_##R, CT, a + b)                                                              \
    LOOP(prod_##R, CT, a * b)                                                             \
    LOOP(max_##R, CT, a > b ? a : b)                                                      \
    LOOP(min_##R, CT, a < b ? a : b)
#define COMPLEX_OPS(R, CT)                                                                \
    LOOP(sum_##R, CT, a + b)                                                              \
    LOOP(prod_##R, CT, a * b)

INT_OPS(I8, int8_t, uint8_t)
INT_OPS(U8, uint8_t, uint8_t)
INT_OPS(I16, int16_t, uint16_t)
INT_OPS(U16, uint16_t, uint16_t)
INT_OPS(I32, int32_t, uint32_t)
INT_OPS(U32, uint32_t, uint32_t)
INT_OPS(I64, int64_t, uint64_t)
INT_OPS(U64, uint64_t, uint64_t)
REAL_OPS(F32, float)
REAL_OPS(F64, double)
REAL_OPS(FLD, long double)
COMPLEX_OPS(C32, float complex)
COMPLEX_OPS(C64, double complex)

enum op { SUM, PROD, MAX, MIN, BAND, BOR, BXOR, NOP };

#define INT_ROW(R) {sum_##R, prod_##R, max_##R, min_##R, band_##R, bor_##R, bxor_##R}
static const mpishmem_combine_fn table[NREP][NOP] = {
    [I8] = INT_ROW(I8),   [U8] = INT_ROW(U8),   [I16] = INT_ROW(I16), [U16] = INT_ROW(U16),
    [I32] = INT_ROW(I32), [U32] = INT_ROW(U32), [I64] = INT_ROW(I64), [U64] = INT_ROW(U64),
    [F32] = {sum_F32, prod_F32, max_F32, min_F32},
    [F64] = {sum_F64, prod_F64, max_F64, min_F64},
    [FLD] = {sum_FLD, prod_FLD, max_FLD, min_FLD},
    [C32] = {sum_C32, prod_C32},
    [C64] = {sum_C64, prod_C64},
};

/* The representation of a signed or unsigned integer type of `size` bytes. */
static int int_rep(size_t size, int is_signed)
{
    int r = size == 1 ? I8 : size == 2 ? I16 : size == 4 ? I32 : size == 8 ? I64 : -1;
    return r < 0 ? -1 : r + !is_signed;
}

/* The datatypes of the OpenSHMEM tables (src/coll/coll_types.h). MPI's handles are not
 * constant expressions everywhere (Open MPI's are addresses), hence a function. */
static int rep_of(MPI_Datatype t)
{
#define INT(MT, CT, SIGNED)                                                               \
    if (t == MT) return int_rep(sizeof(CT), SIGNED);
    INT(MPI_LONG, long, 1)
    INT(MPI_INT, int, 1)
    INT(MPI_INT64_T, int64_t, 1)
    INT(MPI_UINT64_T, uint64_t, 0)
    INT(MPI_UNSIGNED_LONG, unsigned long, 0)
    INT(MPI_UNSIGNED, unsigned, 0)
    INT(MPI_INT32_T, int32_t, 1)
    INT(MPI_UINT32_T, uint32_t, 0)
    INT(MPI_LONG_LONG, long long, 1)
    INT(MPI_UNSIGNED_LONG_LONG, unsigned long long, 0)
    INT(MPI_SHORT, short, 1)
    INT(MPI_UNSIGNED_SHORT, unsigned short, 0)
    INT(MPI_INT16_T, int16_t, 1)
    INT(MPI_UINT16_T, uint16_t, 0)
    INT(MPI_SIGNED_CHAR, signed char, 1)
    INT(MPI_UNSIGNED_CHAR, unsigned char, 0)
    INT(MPI_INT8_T, int8_t, 1)
    INT(MPI_UINT8_T, uint8_t, 0)
#undef INT
    if (t == MPI_DOUBLE) return F64;
    if (t == MPI_FLOAT) return F32;
    if (t == MPI_LONG_DOUBLE) return FLD;
    if (t == MPI_C_DOUBLE_COMPLEX) return C64;
    if (t == MPI_C_FLOAT_COMPLEX) return C32;
    return -1;
}

static int op_of(MPI_Op op)
{
    if (op == MPI_SUM) return SUM;
    if (op == MPI_PROD) return PROD;
    if (op == MPI_MAX) return MAX;
    if (op == MPI_MIN) return MIN;
    if (op == MPI_BAND) return BAND;
    if (op == MPI_BOR) return BOR;
    if (op == MPI_BXOR) return BXOR;
    return -1;
}

struct mpishmem_combiner mpishmem_coll_combiner(MPI_Datatype type, MPI_Op op)
{
    int r = rep_of(type), o = op_of(op);
    return (struct mpishmem_combiner){r < 0 || o < 0 ? NULL : table[r][o], type, op};
}
