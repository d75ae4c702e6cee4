/* The UCX calls mpishmem interposes (src/transport/mpi/quirks/ucx_close_grace.c and
 * ucx_yield_idle.c, switched on by the quirk table for MPICH 4.0; ompi_ucx_pooled_ep.c, for
 * Open MPI 5 over UCX), and Open MPI 5's own osc/ucx calls (ompi_ucx_thread_exit.c), reach the
 * MPI only if the dynamic linker finds libmpishmem's definitions before libucp's (and
 * libopen-pal's). Checks that each name, looked up the way the MPI's calls are bound, lands in
 * the object that holds shmem_init, and, when a libucp (a libopen-pal.so.80) is loaded, that it
 * defines the real one that the interposed call forwards to. An MPI without UCX (Intel MPI)
 * never calls them. The C library's sched_yield, interposed for MPICH 5's blocking waits
 * (mpich_mt_poll_yield.c), must land in libmpishmem too. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static const char *object_of(void *addr)
{
    Dl_info info;
    return addr && dladdr(addr, &info) && info.dli_fname ? info.dli_fname : "(none)";
}

/* Each of `names` resolves to `lib` first and, when `real_lib` (a loaded library's handle) is
 * given, that library defines it too (with `real_name` in its file name). */
static int check(const char *const *names, size_t n, const char *lib, void *real_lib,
                 const char *real_name)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        const char *first = object_of(dlsym(RTLD_DEFAULT, names[i]));
        void *real = real_lib ? dlsym(real_lib, names[i]) : NULL;
        if (strcmp(first, lib) != 0) {
            printf("FAIL: %s resolves to %s, not to %s\n", names[i], first, lib);
            bad = 1;
        }
        if (real_lib && (!real || strstr(object_of(real), real_name) == NULL)) {
            printf("FAIL: the loaded %s does not define %s\n", real_name, names[i]);
            bad = 1;
        }
    }
    return bad;
}

int main(void)
{
    shmem_init();
    static const char *const ucx_names[] = {"ucp_worker_progress", "ucp_disconnect_nb",
                                            "ucp_request_is_completed", "ucp_ep_create",
                                            "ucp_ep_destroy", "ucp_worker_destroy"};
    /* Open MPI 5's osc/ucx entry points (ompi_ucx_thread_exit.c), in libopen-pal.so.80. */
    static const char *const ompi_names[] = {"opal_common_ucx_ctx_flush",
                                             "opal_common_ucx_wpmem_fence",
                                             "opal_common_ucx_wpctx_release"};
    const char *lib = object_of((void *)&shmem_init);
    void *ucp = dlopen("libucp.so.0", RTLD_LAZY | RTLD_NOLOAD); /* loaded by the MPI already */
    void *pal = dlopen("libopen-pal.so.80", RTLD_LAZY | RTLD_NOLOAD);
    /* Open MPI's names only where Open MPI runs: elsewhere nothing calls them (and a static
     * link exports them only for a shared library that refers to them). UCX's names likewise
     * in a static link: without a libucp (Intel MPI) nothing refers to them, so the program
     * does not export them (setup_ucx_interposed_static failed there on "(none)"). */
    int is_static = strcmp(lib, object_of((void *)&main)) == 0;
    int bad = (ucp || !is_static
                   ? check(ucx_names, sizeof ucx_names / sizeof *ucx_names, lib, ucp, "libucp")
                   : 0) |
              (pal ? check(ompi_names, sizeof ompi_names / sizeof *ompi_names, lib, pal,
                           "libopen-pal")
                   : 0);
    /* sched_yield (mpich_mt_poll_yield.c), on every MPI: MPICH 5 calls it inside its blocking
     * waits. A static link exports the program's copy only for a shared library that refers
     * to it, which not every MPI does: checked where libmpishmem is a shared object. */
    static const char *const libc_names[] = {"sched_yield"};
    if (!is_static) bad |= check(libc_names, 1, lib, NULL, NULL);
    if (ucp) dlclose(ucp);
    if (pal) dlclose(pal);
    if (shmem_my_pe() == 0 && !bad)
        printf("interposed in %s; libucp %s, libopen-pal.so.80 %s\n", lib,
               ucp ? "loaded" : "not loaded", pal ? "loaded" : "not loaded");
    shmem_finalize();
    return bad;
}
