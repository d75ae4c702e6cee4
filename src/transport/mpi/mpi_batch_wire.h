/* mpishmem: what a batch looks like on the wire, shared by its sender (mpi_batch.c) and its
 * server (mpi_batch_serve.c).
 *
 * A batch is one MPI message with tag MPISHMEM_BATCH_TAG on mpishmem_batch_comm: an 8-byte
 * header (bit 0: the sender asks for an acknowledgement, a zero-byte message with tag
 * MPISHMEM_BATCH_ACK_TAG + the sender's slot number, bits 1-63) and then records (none in a
 * batch that only asks), each an 8-byte word
 *   bits  0-11  put: its length in bytes; AMO: the operand's size (4 or 8)
 *   bits 12-15  MPISHMEM_BATCH_PUT, or MPISHMEM_BATCH_AMO0 + the AMO's op (base/amo_op.h)
 *   bits 16-19  segment id
 *   bits 20-63  offset in the segment
 * followed by the put's bytes padded to 8, or the AMO's operand in 8 bytes (a 4-byte operand
 * in the first 4). */
#ifndef MPISHMEM_MPI_BATCH_WIRE_H
#define MPISHMEM_MPI_BATCH_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "../../base/state.h"

#define MPISHMEM_BATCH_TAG 0
#define MPISHMEM_BATCH_ACK_TAG 1
#define MPISHMEM_BATCH_PUT 0
#define MPISHMEM_BATCH_AMO0 1
#define MPISHMEM_BATCH_HEADER 8
#define MPISHMEM_BATCH_MAX_LEN 4095 /* bits 0-11 */

static inline uint64_t mpishmem_batch_record(size_t len, int kind, int seg, size_t off)
{
    return (uint64_t)len | (uint64_t)kind << 12 | (uint64_t)seg << 16 | (uint64_t)off << 20;
}

static inline size_t mpishmem_batch_padded(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

#endif
