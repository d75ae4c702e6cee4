#define _GNU_SOURCE
#include "shm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "../base/env.h"
#include "../base/error.h"
#include "../transport/mpi/mpi_comm.h"

size_t mpishmem_page_size(void)
{
    static size_t page;
    if (!page) page = (size_t)sysconf(_SC_PAGESIZE);
    return page;
}

/* These run at shmem_init and when a memory space is attached (mid-run). */
static void bcast(void *buf, int bytes, int root, MPI_Comm comm)
{
    mpishmem_comm_bcast(buf, bytes, MPI_BYTE, root, comm);
}

static void random_name(char *name, size_t len)
{
    uint64_t r[2] = {0, 0};
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        /* No entropy source: fall back on values that still differ between jobs. */
        r[0] = (uint64_t)getpid() * 0x9e3779b97f4a7c15ull ^ (uint64_t)(uintptr_t)name;
        r[1] = (uint64_t)time(NULL);
    }
    snprintf(name, len, "/mpishmem-%u-%016llx%016llx", (unsigned)getuid(),
             (unsigned long long)r[0], (unsigned long long)r[1]);
}

int mpishmem_shm_open_node_object(size_t bytes, const char *routine)
{
    char name[96] = {0};
    int fd = -1, err = 0;
    if (mpishmem_g.node_rank == 0) {
        for (int attempt = 0; attempt < 8 && fd < 0; attempt++) {
            random_name(name, sizeof name);
            fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, S_IRUSR | S_IWUSR);
        }
        if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0) err = errno ? errno : EIO;
    }
    /* The object is sparse: ftruncate succeeds whatever /dev/shm holds, and a page touched
     * beyond its free space later kills the PE with SIGBUS and no word. One statvfs here
     * (microseconds, unlike posix_fallocate, which would zero every page) catches it. */
    unsigned long long avail = 0;
    if (mpishmem_g.node_rank == 0 && !err) {
        struct statvfs fs;
        if (fstatvfs(fd, &fs) == 0) {
            avail = (unsigned long long)fs.f_bavail * fs.f_frsize;
            if (bytes > avail) err = -1;
        }
    }
    bcast(&err, sizeof err, 0, mpishmem_g.node);
    if (err == -1) {
        bcast(&avail, sizeof avail, 0, mpishmem_g.node);
        if (fd >= 0) shm_unlink(name);
        mpishmem_error(routine,
                       "the node's shared memory needs %zu bytes (the symmetric heaps of its %d "
                       "PEs, SHMEM_SYMMETRIC_SIZE=%zu each, and their global data), but "
                       "/dev/shm has only %llu bytes free: lower SHMEM_SYMMETRIC_SIZE (or a "
                       "memory space's sheap_size), run fewer PEs per node, or enlarge /dev/shm",
                       bytes, mpishmem_g.node_size, mpishmem_env.symmetric_size, avail);
    }
    if (err) {
        if (fd >= 0) shm_unlink(name);
        mpishmem_error(routine,
                       "cannot create a shared-memory object of %zu bytes in /dev/shm: %s "
                       "(lower SHMEM_SYMMETRIC_SIZE or a memory space's sheap_size, or free "
                       "space in /dev/shm)",
                       bytes, strerror(err));
    }
    bcast(name, sizeof name, 0, mpishmem_g.node);
    if (mpishmem_g.node_rank != 0) {
        fd = shm_open(name, O_RDWR, 0);
        if (fd < 0) err = errno;
    }
    int any_err = 0;
    mpishmem_comm_allreduce(&err, &any_err, 1, MPI_INT, MPI_MAX, mpishmem_g.node);
    /* Every node PE has the object open (or failed): the name is no longer needed. */
    if (mpishmem_g.node_rank == 0) shm_unlink(name);
    if (any_err)
        mpishmem_error(routine, "cannot open the node's shared-memory object: %s",
                       strerror(any_err ? any_err : EIO));
    return fd;
}

/* Candidate addresses for the symmetric heap: a region of the address space that Linux leaves
 * empty in practice (above the brk heap of a PIE, below the mmap area), then holes that one PE
 * or another finds free. */
#if defined(__SANITIZE_THREAD__)
/* ThreadSanitizer keeps its shadow memory in that region and aborts on a mapping there: only
 * holes found by the kernel. */
#define FIXED_ROUNDS 0
#else
#define FIXED_ROUNDS 8
#endif

static uintptr_t candidate(int round, size_t size)
{
    if (round < FIXED_ROUNDS) return (uintptr_t)0x200000000000ull + (uintptr_t)round * 0x40000000000ull;
    void *hole = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (hole == MAP_FAILED) return 0;
    munmap(hole, size);
    return (uintptr_t)hole;
}

void *mpishmem_shm_map_symmetric(int fd, size_t offset, size_t size, const char *routine)
{
    int rounds = FIXED_ROUNDS + 2 * mpishmem_g.n_pes;
    for (int round = 0; round < rounds; round++) {
        uintptr_t want = 0;
        int proposer = round < FIXED_ROUNDS ? 0 : (round - FIXED_ROUNDS) % mpishmem_g.n_pes;
        if (mpishmem_g.my_pe == proposer) want = candidate(round, size);
        bcast(&want, sizeof want, proposer, mpishmem_g.world);
        void *got = MAP_FAILED;
        if (want)
            got = mmap((void *)want, size, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_FIXED_NOREPLACE | MAP_NORESERVE, fd, (off_t)offset);
        int ok = got != MAP_FAILED && (uintptr_t)got == want, all_ok = 0;
        if (got != MAP_FAILED && !ok) munmap(got, size); /* kernel without NOREPLACE */
        mpishmem_comm_allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, mpishmem_g.world);
        if (all_ok) return got;
        if (ok) munmap(got, size);
    }
    mpishmem_error(routine,
                   "found no virtual address range of %zu bytes free on every PE for "
                   "symmetric memory (lower SHMEM_SYMMETRIC_SIZE or a memory space's "
                   "sheap_size)",
                   size);
}
