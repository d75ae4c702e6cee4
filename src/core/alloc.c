#include "alloc.h"

#include <stdlib.h>
#include <string.h>

struct extent {
    size_t off, len;
};

/* A growable array of extents sorted by offset. */
struct extents {
    struct extent *v;
    size_t n, cap;
};

static struct extents free_list, used_list;

static void ext_insert(struct extents *e, size_t at, struct extent x)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        struct extent *v = realloc(e->v, cap * sizeof *v);
        if (!v) abort();
        e->v = v;
        e->cap = cap;
    }
    memmove(&e->v[at + 1], &e->v[at], (e->n - at) * sizeof *e->v);
    e->v[at] = x;
    e->n++;
}

static void ext_remove(struct extents *e, size_t at)
{
    memmove(&e->v[at], &e->v[at + 1], (e->n - at - 1) * sizeof *e->v);
    e->n--;
}

/* Index of the first extent with off >= `off`. */
static size_t ext_lower_bound(const struct extents *e, size_t off)
{
    size_t lo = 0, hi = e->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->v[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void release(struct extent x)
{
    size_t i = ext_lower_bound(&free_list, x.off);
    int join_prev = i > 0 && free_list.v[i - 1].off + free_list.v[i - 1].len == x.off;
    int join_next = i < free_list.n && x.off + x.len == free_list.v[i].off;
    if (join_prev && join_next) {
        free_list.v[i - 1].len += x.len + free_list.v[i].len;
        ext_remove(&free_list, i);
    } else if (join_prev) {
        free_list.v[i - 1].len += x.len;
    } else if (join_next) {
        free_list.v[i].off = x.off;
        free_list.v[i].len += x.len;
    } else {
        ext_insert(&free_list, i, x);
    }
}

void mpishmem_alloc_init(size_t heap_size)
{
    free_list.n = used_list.n = 0;
    if (heap_size) release((struct extent){0, heap_size});
}

void mpishmem_alloc_fini(void)
{
    free(free_list.v);
    free(used_list.v);
    memset(&free_list, 0, sizeof free_list);
    memset(&used_list, 0, sizeof used_list);
}

static size_t round_len(size_t size)
{
    if (size == 0) size = 1;
    if (size > SIZE_MAX - MPISHMEM_ALLOC_MIN_ALIGN) return MPISHMEM_ALLOC_FAILED;
    return (size + MPISHMEM_ALLOC_MIN_ALIGN - 1) & ~(size_t)(MPISHMEM_ALLOC_MIN_ALIGN - 1);
}

size_t mpishmem_alloc(size_t size, size_t align)
{
    size_t len = round_len(size);
    if (len == MPISHMEM_ALLOC_FAILED) return len;
    if (align < MPISHMEM_ALLOC_MIN_ALIGN) align = MPISHMEM_ALLOC_MIN_ALIGN;
    for (size_t i = 0; i < free_list.n; i++) {
        struct extent f = free_list.v[i];
        size_t start = (f.off + align - 1) & ~(align - 1);
        if (start < f.off || start - f.off > f.len || f.len - (start - f.off) < len) continue;
        /* Carve [start, start + len) out of f, keeping the pieces before and after. */
        size_t before = start - f.off, after = f.len - before - len;
        ext_remove(&free_list, i);
        if (after) ext_insert(&free_list, i, (struct extent){start + len, after});
        if (before) ext_insert(&free_list, i, (struct extent){f.off, before});
        ext_insert(&used_list, ext_lower_bound(&used_list, start), (struct extent){start, len});
        return start;
    }
    return MPISHMEM_ALLOC_FAILED;
}

static size_t find_used(size_t offset)
{
    size_t i = ext_lower_bound(&used_list, offset);
    return i < used_list.n && used_list.v[i].off == offset ? i : MPISHMEM_ALLOC_FAILED;
}

int mpishmem_alloc_free(size_t offset)
{
    size_t i = find_used(offset);
    if (i == MPISHMEM_ALLOC_FAILED) return -1;
    struct extent x = used_list.v[i];
    ext_remove(&used_list, i);
    release(x);
    return 0;
}

size_t mpishmem_alloc_block_size(size_t offset)
{
    size_t i = find_used(offset);
    return i == MPISHMEM_ALLOC_FAILED ? i : used_list.v[i].len;
}

int mpishmem_alloc_resize_in_place(size_t offset, size_t size)
{
    size_t i = find_used(offset), len = round_len(size);
    if (i == MPISHMEM_ALLOC_FAILED || len == MPISHMEM_ALLOC_FAILED) return -1;
    struct extent *u = &used_list.v[i];
    if (len <= u->len) {
        if (len < u->len) release((struct extent){u->off + len, u->len - len});
        u->len = len;
        return 0;
    }
    size_t need = len - u->len, end = u->off + u->len;
    size_t j = ext_lower_bound(&free_list, end);
    if (j == free_list.n || free_list.v[j].off != end || free_list.v[j].len < need) return -1;
    free_list.v[j].off += need;
    free_list.v[j].len -= need;
    if (free_list.v[j].len == 0) ext_remove(&free_list, j);
    u->len = len;
    return 0;
}
