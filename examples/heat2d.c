/* 2-D heat diffusion on an NX x NY grid, rows split across PEs. Each step a PE sends its first
 * and last rows into its neighbours' halo rows with shmem_putmem_signal and waits for the
 * neighbours' rows by signal (no barrier per step). Halos are double-buffered by step parity:
 * a neighbour can be at most one step ahead. At the end PE 0 gathers the grid and compares it
 * with a serial run of the same steps: the result must be bit-identical.
 *   usage: heat2d [NX] [NY] [STEPS]  (defaults 64 64 200) */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double step_cell(const double *up, const double *row, const double *down, int x, int nx)
{
    double left = x > 0 ? row[x - 1] : 0.0, right = x < nx - 1 ? row[x + 1] : 0.0;
    return row[x] + 0.2 * (up[x] + down[x] + left + right - 4.0 * row[x]);
}

/* Initial state: a hot square in the middle, and a hot top edge kept by the boundary. */
static double initial(int x, int y, int nx, int ny)
{
    return (x > nx / 3 && x < 2 * nx / 3 && y > ny / 3 && y < 2 * ny / 3) ? 100.0 : 0.0;
}

static void serial(double *g, int nx, int ny, int steps)
{
    double *next = malloc(sizeof(double) * (size_t)nx * ny), *zero = calloc((size_t)nx, 8);
    for (int s = 0; s < steps; s++) {
        for (int y = 0; y < ny; y++) {
            const double *up = y ? g + (size_t)(y - 1) * nx : zero;
            const double *down = y < ny - 1 ? g + (size_t)(y + 1) * nx : zero;
            for (int x = 0; x < nx; x++)
                next[(size_t)y * nx + x] = step_cell(up, g + (size_t)y * nx, down, x, nx);
        }
        memcpy(g, next, sizeof(double) * (size_t)nx * ny);
    }
    free(next);
    free(zero);
}

int main(int argc, char **argv)
{
    int nx = argc > 1 ? atoi(argv[1]) : 64, ny = argc > 2 ? atoi(argv[2]) : 64;
    int steps = argc > 3 ? atoi(argv[3]) : 200;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (ny < n) {
        if (me == 0) fprintf(stderr, "heat2d: need at least one row per PE\n");
        shmem_global_exit(1);
    }
    /* Rows [y0, y0 + rows) are mine; every PE allocates the largest share (symmetric). */
    int base = ny / n, extra = ny % n, rows = base + (me < extra);
    int y0 = me * base + (me < extra ? me : extra), maxrows = base + (extra > 0);
    double *grid = shmem_calloc((size_t)maxrows * nx, sizeof(double));
    double *halo = shmem_calloc((size_t)4 * nx, sizeof(double)); /* [parity][top/bottom][nx] */
    uint64_t *sig = shmem_calloc(4, sizeof(uint64_t));           /* [parity][top/bottom] */
    double *next = malloc(sizeof(double) * (size_t)rows * nx), *zero = calloc((size_t)nx, 8);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < nx; x++) grid[(size_t)y * nx + x] = initial(x, y0 + y, nx, ny);

    for (int s = 0; s < steps; s++) {
        int p = s & 1;
        size_t row_bytes = sizeof(double) * (size_t)nx;
        /* My first row is the bottom halo of the PE above; my last row the top halo below. */
        if (me > 0)
            shmem_putmem_signal(halo + (size_t)(2 * p + 1) * nx, grid, row_bytes,
                                &sig[2 * p + 1], (uint64_t)s + 1, SHMEM_SIGNAL_SET, me - 1);
        if (me < n - 1)
            shmem_putmem_signal(halo + (size_t)(2 * p) * nx, grid + (size_t)(rows - 1) * nx,
                                row_bytes, &sig[2 * p], (uint64_t)s + 1, SHMEM_SIGNAL_SET,
                                me + 1);
        if (me > 0) shmem_signal_wait_until(&sig[2 * p], SHMEM_CMP_GE, (uint64_t)s + 1);
        if (me < n - 1) shmem_signal_wait_until(&sig[2 * p + 1], SHMEM_CMP_GE, (uint64_t)s + 1);
        const double *top = me > 0 ? halo + (size_t)(2 * p) * nx : zero;
        const double *bottom = me < n - 1 ? halo + (size_t)(2 * p + 1) * nx : zero;
        for (int y = 0; y < rows; y++) {
            const double *up = y ? grid + (size_t)(y - 1) * nx : top;
            const double *down = y < rows - 1 ? grid + (size_t)(y + 1) * nx : bottom;
            for (int x = 0; x < nx; x++)
                next[(size_t)y * nx + x] = step_cell(up, grid + (size_t)y * nx, down, x, nx);
        }
        memcpy(grid, next, sizeof(double) * (size_t)rows * nx);
    }
    shmem_barrier_all();

    int ok = 1;
    if (me == 0) {
        double *all = malloc(sizeof(double) * (size_t)nx * ny), *ref = malloc(sizeof(double) * (size_t)nx * ny);
        for (int pe = 0, y = 0; pe < n; pe++) {
            int r = base + (pe < extra);
            shmem_getmem(all + (size_t)y * nx, grid, sizeof(double) * (size_t)r * nx, pe);
            y += r;
        }
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) ref[(size_t)y * nx + x] = initial(x, y, nx, ny);
        serial(ref, nx, ny, steps);
        double sum = 0;
        for (size_t i = 0; i < (size_t)nx * ny; i++) {
            sum += all[i];
            if (all[i] != ref[i]) ok = 0;
        }
        printf("heat2d: %dx%d grid, %d steps on %d PEs, heat %.6f, matches serial: %s\n", nx, ny,
               steps, n, sum, ok ? "yes" : "NO");
        free(all);
        free(ref);
    }
    shmem_barrier_all();
    free(next);
    free(zero);
    shmem_free(grid);
    shmem_free(halo);
    shmem_free(sig);
    shmem_finalize();
    return ok ? 0 : 1;
}
