/* The UCX calls mpishmem interposes (src/transport/mpi/mpich_ucx_finalize.c and
 * mpich_ucx_yield.c, switched on by the quirk table for MPICH 4.0) reach the MPI only if the
 * dynamic linker finds libmpishmem's definitions before libucp's. Checks that each name,
 * looked up the way the MPI's calls are bound, lands in the object that holds shmem_init, and,
 * when a libucp is loaded (an MPI over UCX), that it defines the real one that the interposed
 * call forwards to. An MPI without UCX (Intel MPI) never calls them. */
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

int main(void)
{
    shmem_init();
    static const char *const names[] = {"ucp_worker_progress", "ucp_disconnect_nb",
                                        "ucp_request_is_completed"};
    const char *lib = object_of((void *)&shmem_init);
    int bad = 0;
    void *ucp = dlopen("libucp.so.0", RTLD_LAZY | RTLD_NOLOAD); /* loaded by MPICH already */
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *first = object_of(dlsym(RTLD_DEFAULT, names[i]));
        void *real = ucp ? dlsym(ucp, names[i]) : NULL;
        if (strcmp(first, lib) != 0) {
            printf("FAIL: %s resolves to %s, not to %s\n", names[i], first, lib);
            bad = 1;
        }
        if (ucp && (!real || strstr(object_of(real), "libucp") == NULL)) {
            printf("FAIL: the loaded libucp does not define %s\n", names[i]);
            bad = 1;
        }
    }
    if (ucp) dlclose(ucp);
    if (shmem_my_pe() == 0 && !bad)
        printf("interposed in %s; libucp %s\n", lib, ucp ? "loaded" : "not loaded");
    shmem_finalize();
    return bad;
}
