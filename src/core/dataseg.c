#define _GNU_SOURCE
#include "dataseg.h"

#include <link.h>
#include <stdint.h>
#include <sys/mman.h>

#include "shm.h"

struct found {
    uintptr_t start, end;
    int done;
};

static int find_in_executable(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct found *f = arg;
    if (f->done) return 1;
    f->done = 1; /* the first object reported is the executable */
    uintptr_t relro_end = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_GNU_RELRO) relro_end = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
    }
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W)) continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;
        /* glibc makes RELRO read-only rounding its end down to a page: the page holding
         * relro_end stays writable, so start there. */
        if (relro_end > start && relro_end <= end) start = relro_end;
        f->start = start;
        f->end = end;
        return 1;
    }
    return 1;
}

int mpishmem_dataseg_find(char **start, size_t *len)
{
    struct found f = {0, 0, 0};
    dl_iterate_phdr(find_in_executable, &f);
    if (f.end <= f.start) return -1;
    size_t page = mpishmem_page_size();
    uintptr_t s = f.start / page * page, e = MPISHMEM_ROUND_UP(f.end, page);
    *start = (char *)s;
    *len = e - s;
    return 0;
}

/* Copies whole pages of the data segment. Not memcpy: sanitizers would see the copy read the
 * redzones they keep between globals; this loop is left uninstrumented and is not turned back
 * into a memcpy call (each compiler has its own way of saying so). */
#if defined(__clang__)
#define NO_MEMCPY_IDIOM no_builtin("memcpy")
#else
#define NO_MEMCPY_IDIOM optimize("no-tree-loop-distribute-patterns")
#endif
__attribute__((no_sanitize("address"), NO_MEMCPY_IDIOM)) static void
copy_pages(char *dst, const char *src, size_t len)
{
    uint64_t *d = (uint64_t *)(void *)dst;
    const uint64_t *s = (const uint64_t *)(const void *)src;
    for (size_t i = 0; i < len / sizeof *d; i++) d[i] = s[i];
}

int mpishmem_dataseg_share(char *start, size_t len, char *copy, int fd, size_t offset)
{
    /* Copy first, then swap the mapping in one mmap call: the data is never absent. */
    copy_pages(copy, start, len);
    void *p = mmap(start, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, (off_t)offset);
    return p == (void *)start ? 0 : -1;
}

int mpishmem_dataseg_unshare(char *start, size_t len, const char *copy)
{
    /* `copy` is another mapping of the same shared pages: replace the shared mapping with
     * private memory and fill it from there. */
    void *p = mmap(start, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                   -1, 0);
    if (p != (void *)start) return -1;
    copy_pages(start, copy, len);
    return 0;
}
