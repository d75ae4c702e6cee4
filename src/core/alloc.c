#include "alloc.h"

#include <stdlib.h>
#include <string.h>

static void ext_insert(struct mpishmem_extents *e, size_t at, struct mpishmem_extent x)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        struct mpishmem_extent *v = realloc(e->v, cap * sizeof *v);
        if (!v) abort();
        e->v = v;
        e->cap = cap;
    }
    memmove(&e->v[at + 1], &e->v[at], (e->n - at) * sizeof *e->v);
    e->v[at] = x;
    e->n++;
}

static void ext_remove(struct mpishmem_extents *e, size_t at)
{
    memmove(&e->v[at], &e->v[at + 1], (e->n - at - 1) * sizeof *e->v);
    e->n--;
}

/* Index of the first extent with off >= `off`. */
static size_t ext_lower_bound(const struct mpishmem_extents *e, size_t off)
{
    size_t lo = 0, hi = e->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->v[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void release(struct mpishmem_extents *fl, struct mpishmem_extent x)
{
    size_t i = ext_lower_bound(fl, x.off);
    int join_prev = i > 0 && fl->v[i - 1].off + fl->v[i - 1].len == x.off;
    int join_next = i < fl->n && x.off + x.len == fl->v[i].off;
    if (join_prev && join_next) {
        fl->v[i - 1].len += x.len + fl->v[i].len;
        ext_remove(fl, i);
    } else if (join_prev) {
        fl->v[i - 1].len += x.len;
    } else if (join_next) {
        fl->v[i].off = x.off;
        fl->v[i].len += x.len;
    } else {
        ext_insert(fl, i, x);
    }
}

void mpishmem_arena_init(struct mpishmem_arena *a, size_t size)
{
    a->free_list.n = a->used_list.n = 0;
    if (size) release(&a->free_list, (struct mpishmem_extent){0, size});
}

void mpishmem_arena_fini(struct mpishmem_arena *a)
{
    free(a->free_list.v);
    free(a->used_list.v);
    memset(a, 0, sizeof *a);
}

static size_t round_len(size_t size)
{
    if (size == 0) size = 1;
    if (size > SIZE_MAX - MPISHMEM_ALLOC_MIN_ALIGN) return MPISHMEM_ALLOC_FAILED;
    return (size + MPISHMEM_ALLOC_MIN_ALIGN - 1) & ~(size_t)(MPISHMEM_ALLOC_MIN_ALIGN - 1);
}

size_t mpishmem_arena_alloc_at(struct mpishmem_arena *a, uintptr_t base, size_t size,
                               size_t align)
{
    size_t len = round_len(size);
    if (len == MPISHMEM_ALLOC_FAILED) return len;
    if (align < MPISHMEM_ALLOC_MIN_ALIGN) align = MPISHMEM_ALLOC_MIN_ALIGN;
    /* Offsets o with (base + o) % align == 0: o = k * align - skew. */
    size_t skew = (size_t)(base & (align - 1));
    struct mpishmem_extents *fl = &a->free_list;
    for (size_t i = 0; i < fl->n; i++) {
        struct mpishmem_extent f = fl->v[i];
        if (f.off > SIZE_MAX - skew - align) continue;
        size_t start = ((f.off + skew + align - 1) & ~(align - 1)) - skew;
        if (start < f.off || start - f.off > f.len || f.len - (start - f.off) < len) continue;
        /* Carve [start, start + len) out of f, keeping the pieces before and after. */
        size_t before = start - f.off, after = f.len - before - len;
        ext_remove(fl, i);
        if (after) ext_insert(fl, i, (struct mpishmem_extent){start + len, after});
        if (before) ext_insert(fl, i, (struct mpishmem_extent){f.off, before});
        ext_insert(&a->used_list, ext_lower_bound(&a->used_list, start),
                   (struct mpishmem_extent){start, len});
        return start;
    }
    return MPISHMEM_ALLOC_FAILED;
}

size_t mpishmem_arena_alloc(struct mpishmem_arena *a, size_t size, size_t align)
{
    return mpishmem_arena_alloc_at(a, 0, size, align);
}

static size_t find_used(const struct mpishmem_arena *a, size_t offset)
{
    size_t i = ext_lower_bound(&a->used_list, offset);
    return i < a->used_list.n && a->used_list.v[i].off == offset ? i : MPISHMEM_ALLOC_FAILED;
}

int mpishmem_arena_free(struct mpishmem_arena *a, size_t offset)
{
    size_t i = find_used(a, offset);
    if (i == MPISHMEM_ALLOC_FAILED) return -1;
    struct mpishmem_extent x = a->used_list.v[i];
    ext_remove(&a->used_list, i);
    release(&a->free_list, x);
    return 0;
}

size_t mpishmem_arena_block_size(const struct mpishmem_arena *a, size_t offset)
{
    size_t i = find_used(a, offset);
    return i == MPISHMEM_ALLOC_FAILED ? i : a->used_list.v[i].len;
}

int mpishmem_arena_resize_in_place(struct mpishmem_arena *a, size_t offset, size_t size)
{
    size_t i = find_used(a, offset), len = round_len(size);
    if (i == MPISHMEM_ALLOC_FAILED || len == MPISHMEM_ALLOC_FAILED) return -1;
    struct mpishmem_extent *u = &a->used_list.v[i];
    struct mpishmem_extents *fl = &a->free_list;
    if (len <= u->len) {
        if (len < u->len) release(fl, (struct mpishmem_extent){u->off + len, u->len - len});
        u->len = len;
        return 0;
    }
    size_t need = len - u->len, end = u->off + u->len;
    size_t j = ext_lower_bound(fl, end);
    if (j == fl->n || fl->v[j].off != end || fl->v[j].len < need) return -1;
    fl->v[j].off += need;
    fl->v[j].len -= need;
    if (fl->v[j].len == 0) ext_remove(fl, j);
    u->len = len;
    return 0;
}

/* The symmetric heap. */
static struct mpishmem_arena heap_arena;

void mpishmem_alloc_init(size_t heap_size)
{
    mpishmem_arena_init(&heap_arena, heap_size);
}

void mpishmem_alloc_fini(void)
{
    mpishmem_arena_fini(&heap_arena);
}

size_t mpishmem_alloc(size_t size, size_t align)
{
    return mpishmem_arena_alloc(&heap_arena, size, align);
}

int mpishmem_alloc_free(size_t offset)
{
    return mpishmem_arena_free(&heap_arena, offset);
}

size_t mpishmem_alloc_block_size(size_t offset)
{
    return mpishmem_arena_block_size(&heap_arena, offset);
}

int mpishmem_alloc_resize_in_place(size_t offset, size_t size)
{
    return mpishmem_arena_resize_in_place(&heap_arena, offset, size);
}
