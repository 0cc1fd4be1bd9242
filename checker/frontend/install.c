/* install.c - see install.h. */
#include "frontend/frontend.h"
#include "frontend/install.h"
#include "util/fileio.h"

#include <clang-c/Index.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *frontend_libclang_version(void)
{
    static char buf[128];
    if (!buf[0]) {
        CXString s = clang_getClangVersion();
        snprintf(buf, sizeof buf, "%s", clang_getCString(s));
        clang_disposeString(s);
    }
    return buf;
}

int frontend_libclang_major(void)
{
    const char *v = strstr(frontend_libclang_version(), "version ");
    return v ? atoi(v + 8) : 0;
}

/* clang's resource directory for the driver.  libclang's driver has no
 * executable path, so it looks for the CUDA wrappers of the C++ headers
 * (<resource>/include/cuda_wrappers: device placement new, cmath, complex)
 * under "/../lib/clang/N" and silently drops them: cub's
 * `new (&items[i]) T(...)` then has no device operator new, an error
 * clang++ does not give.  The directory next to the loaded libclang as the
 * driver would compute it, else the usual install locations; "" if none has
 * the wrappers. */
void frontend_describe_install(FILE *out)
{
    Dl_info info;
    bool found = dladdr((void *)clang_createIndex, &info) && info.dli_fname;
    fprintf(out, "libclang: %s\n", found ? info.dli_fname : "(unknown path)");
    char dir[PATH_MAX], probe[PATH_MAX + 32];
    frontend_find_resource_dir(dir, sizeof dir);
    snprintf(probe, sizeof probe, "%s/include/stddef.h", dir);
    if (dir[0] && is_regular_file(probe)) {
        fprintf(out, "clang resource headers: %s\n", dir);
    } else {
        int major = frontend_libclang_major();
        fprintf(out, "clang resource headers: not found (install libclang-common-%d-dev): without them clang's "
                     "builtin headers such as stddef.h are missing and files that include them are reported degraded\n",
                major);
    }
}

void frontend_find_resource_dir(char *out, size_t n)
{
    out[0] = 0;
    int major = frontend_libclang_major();
    char cands[3][PATH_MAX];
    int ncands = 0;
    Dl_info info;
    if (dladdr((void *)clang_createIndex, &info) && info.dli_fname) {
        char lib[PATH_MAX];
        snprintf(lib, sizeof lib, "%s", info.dli_fname);
        char *slash = strrchr(lib, '/');
        if (slash) {
            *slash = 0;
            snprintf(cands[ncands++], PATH_MAX, "%.*s/clang/%d", PATH_MAX - 32, lib, major);
        }
    }
    snprintf(cands[ncands++], PATH_MAX, "/usr/lib/llvm-%d/lib/clang/%d", major, major);
    snprintf(cands[ncands++], PATH_MAX, "/usr/lib/clang/%d", major);
    for (int i = 0; i < ncands; i++) {
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%.*s/include/cuda_wrappers/new", PATH_MAX - 32, cands[i]);
        if (is_regular_file(probe)) {
            snprintf(out, n, "%.*s", PATH_MAX - 32, cands[i]);
            return;
        }
    }
}

/* The newest GPU architecture this libclang knows (notes 1.3: sm_90 fails on
 * 14, sm_100+ on 19). */
const char *frontend_gpu_arch(void)
{
    return frontend_libclang_major() >= 16 ? "sm_90" : "sm_80";
}

/* HIP_VERSION_MAJOR of ROCm's include/hip/hip_version.h, 0 when unread. */
static int rocm_major(const char *root)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/include/hip/hip_version.h", root);
    long size = 0;
    char *text = read_file(path, &size);
    const char *p = text ? strstr(text, "#define HIP_VERSION_MAJOR") : NULL;
    int major = p ? atoi(p + strlen("#define HIP_VERSION_MAJOR")) : 0;
    free(text);
    return major;
}

void frontend_find_rocm(char *out, size_t n, int *major)
{
    /* Debian's libamdhip64-dev puts hip/ in /usr/include */
    const char *cands[] = {getenv("ROCM_PATH"), getenv("HIP_PATH"), "/opt/rocm", "/usr"};
    out[0] = 0;
    for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
        char inc[PATH_MAX];
        if (!cands[i] || !cands[i][0]) continue;
        snprintf(inc, sizeof inc, "%s/include/hip/hip_runtime.h", cands[i]);
        if (is_regular_file(inc)) {
            snprintf(out, n, "%s", cands[i]);
            *major = rocm_major(cands[i]);
            return;
        }
    }
}

void frontend_find_cuda(const char *preferred, char *out, size_t n)
{
    const char *cands[] = {preferred, getenv("CUDA_PATH"), getenv("CUDA_HOME"), "/usr/local/cuda", "/opt/cuda"};
    out[0] = 0;
    for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
        char inc[PATH_MAX];
        if (!cands[i]) continue;
        snprintf(inc, sizeof inc, "%s/include/cuda_runtime.h", cands[i]);
        if (is_regular_file(inc)) {
            snprintf(out, n, "%s", cands[i]);
            return;
        }
    }
}
