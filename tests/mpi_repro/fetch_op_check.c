/* Plain MPI (no OpenSHMEM): do the one-element accumulate operations an OpenSHMEM AMO maps to
 * (MPI_Fetch_and_op, MPI_Get_accumulate, MPI_Accumulate, MPI_Compare_and_swap) on 32- and
 * 64-bit unsigned integers apply the operation and fetch the old value? Rank 1 updates one word
 * of rank 0's window per case, alone (no contention), and both sides check: the fetched value
 * against the word's known old value, the word afterwards against old OP operand.
 * ARGS: the window kind, "create" (MPI_Win_create over malloc'd memory, what mpishmem does for
 * globals reached through MPI) or "allocate". Exit status 1 if any case is wrong.
 * Open MPI 5.0.x's osc/rdma, through its BTL atomics (osc_rdma_acc_use_amo, on by default),
 * applies 64-bit MPI_BAND, MPI_BOR and MPI_BXOR as old OP old: the word stays unchanged (and,
 * or) or becomes 0 (xor), whichever the operand; 32-bit ones and the other operations are
 * right, and so is everything with OMPI_MCA_osc_rdma_acc_use_amo=0. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum call { FETCH_AND_OP, GET_ACCUMULATE, ACCUMULATE, CALLS };
static const char *const call_name[CALLS] = {"MPI_Fetch_and_op", "MPI_Get_accumulate",
                                             "MPI_Accumulate"};

struct opdef {
    MPI_Op op;
    const char *name;
};
static const struct opdef ops[] = {{MPI_SUM, "MPI_SUM"},         {MPI_BAND, "MPI_BAND"},
                                   {MPI_BOR, "MPI_BOR"},         {MPI_BXOR, "MPI_BXOR"},
                                   {MPI_REPLACE, "MPI_REPLACE"}, {MPI_NO_OP, "MPI_NO_OP"}};
#define NOPS (int)(sizeof ops / sizeof *ops)
#define CSWAP NOPS /* one more case after the reduce operations */

static uint64_t apply(MPI_Op op, uint64_t old, uint64_t x, uint64_t mask)
{
    uint64_t r = old;
    if (op == MPI_SUM) r = old + x;
    else if (op == MPI_BAND) r = old & x;
    else if (op == MPI_BOR) r = old | x;
    else if (op == MPI_BXOR) r = old ^ x;
    else if (op == MPI_REPLACE) r = x;
    return r & mask;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n < 2) {
        if (me == 0) fprintf(stderr, "fetch_op_check: needs 2 ranks or more\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int create = argc < 2 || strcmp(argv[1], "allocate") != 0;
    uint64_t *word;
    MPI_Win win;
    if (create) {
        word = calloc(1, sizeof *word);
        MPI_Win_create(word, sizeof *word, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    } else {
        MPI_Win_allocate(sizeof *word, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &word, &win);
    }
    /* Distinct bits in the old value and the operand, so that every operation changes it. */
    const uint64_t old64 = 0x5a5a00005a5a0000ull, x64 = 0x0f0f0f0f0f0f0f0full;
    int wrong = 0, cases = 0;
    MPI_Win_lock_all(0, win);
    for (int bits = 32; bits <= 64; bits += 32) {
        MPI_Datatype t = bits == 32 ? MPI_UINT32_T : MPI_UINT64_T;
        uint64_t mask = bits == 32 ? 0xffffffffull : ~0ull;
        for (int call = 0; call < CALLS; call++) {
            for (int o = 0; o <= CSWAP; o++) {
                if (o == CSWAP && call != FETCH_AND_OP) continue;
                if (o < CSWAP && call == ACCUMULATE && ops[o].op == MPI_NO_OP) continue;
                uint64_t old = old64 & mask, x = x64 & mask;
                if (me == 0) word[0] = 0, memcpy(word, &old, (size_t)bits / 8);
                MPI_Win_sync(win);
                MPI_Barrier(MPI_COMM_WORLD);
                uint64_t in[2] = {0, 0}, got = 0, expect = old;
                const char *name = o == CSWAP ? "MPI_Compare_and_swap" : call_name[call];
                const char *opname = o == CSWAP ? "" : ops[o].name;
                if (me == 1) {
                    memcpy(&in[0], &x, (size_t)bits / 8);
                    memcpy(&in[1], &old, (size_t)bits / 8);
                    if (o == CSWAP)
                        MPI_Compare_and_swap(&in[0], &in[1], &got, t, 0, 0, win);
                    else if (call == FETCH_AND_OP)
                        MPI_Fetch_and_op(&in[0], &got, t, 0, 0, ops[o].op, win);
                    else if (call == GET_ACCUMULATE)
                        MPI_Get_accumulate(&in[0], 1, t, &got, 1, t, 0, 0, 1, t, ops[o].op, win);
                    else
                        MPI_Accumulate(&in[0], 1, t, 0, 0, 1, t, ops[o].op, win);
                    MPI_Win_flush(0, win);
                    if (call != ACCUMULATE && got != old) {
                        printf("fetch_op_check: %s %s %d-bit fetched 0x%llx, expected 0x%llx\n",
                               name, opname, bits, (unsigned long long)got,
                               (unsigned long long)old);
                        wrong++;
                    }
                }
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Win_sync(win);
                if (me == 0) {
                    uint64_t now = 0;
                    memcpy(&now, word, (size_t)bits / 8);
                    expect = o == CSWAP ? x : apply(ops[o].op, old, x, mask);
                    if (now != expect) {
                        printf("fetch_op_check: %s %s %d-bit left 0x%llx at the target, "
                               "expected 0x%llx\n", name, opname, bits,
                               (unsigned long long)now, (unsigned long long)expect);
                        wrong++;
                    }
                }
                cases++;
            }
        }
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    if (create) free(word);
    int all = 0;
    MPI_Allreduce(&wrong, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("fetch_op_check: %d cases on a window from MPI_Win_%s, %d wrong\n", cases,
               create ? "create" : "allocate", all);
    MPI_Finalize();
    return all != 0;
}
