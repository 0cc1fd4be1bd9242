/* test_include_scan.c - the #include/#define lines of a file read as text
 * (project/include_scan.h), and the #ifdef guard each include remembers. */
#include "check.h"
#include "project/include_scan.h"

#include <stdlib.h>
#include <string.h>

static const char *guard_of(const IncludeList *l, const char *spelling)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].spelling, spelling) == 0) return l->items[i].guard ? l->items[i].guard : "";
    return NULL;
}

int main(void)
{
    char text[] = "#include <plain.h>\n"
                  "#ifdef USE_CUDNN\n"
                  "#  include \"cudnn_layer.hpp\"\n"
                  "#if defined(USE_THRUST) // optional\n"
                  "#include <thrust/sort.h>\n"
                  "#endif\n"
                  "#else\n"
                  "#include <fallback.h>\n"
                  "#endif\n"
                  "#if defined USE_CUB\n#include <cub/cub.cuh>\n#endif\n"
                  "#ifdef __CUDACC__\n#include <compiler.h>\n#endif\n"
                  "#ifndef NO_HALF\n#include <cuda_fp16.h>\n#endif\n"
                  "#if defined(A) && defined(B)\n#include <both.h>\n#endif\n"
                  "#if VERSION > 3\n#include <valued.h>\n#endif\n"
                  "#define TILE 16\n#  define USE_THRUST\n";
    Arena a;
    memset(&a, 0, sizeof a);
    IncludeList l;
    scan_includes(&a, text, &l);
    CHECK_EQ_LL(l.n, 9);
    CHECK(strcmp(guard_of(&l, "plain.h"), "") == 0);
    CHECK(strcmp(guard_of(&l, "cudnn_layer.hpp"), "USE_CUDNN") == 0);
    CHECK(strcmp(guard_of(&l, "thrust/sort.h"), "USE_CUDNN") == 0); /* the outermost guard */
    CHECK(strcmp(guard_of(&l, "fallback.h"), "") == 0);             /* #else: read when USE_CUDNN is not */
    CHECK(strcmp(guard_of(&l, "cub/cub.cuh"), "USE_CUB") == 0);
    CHECK(strcmp(guard_of(&l, "compiler.h"), "") == 0);  /* the compiler's own names are not guards */
    CHECK(strcmp(guard_of(&l, "cuda_fp16.h"), "") == 0); /* #ifndef */
    CHECK(strcmp(guard_of(&l, "both.h"), "") == 0);      /* more than one test */
    CHECK(strcmp(guard_of(&l, "valued.h"), "") == 0);
    CHECK(l.ndefines == 2 && strcmp(l.defines[0], "TILE") == 0 && strcmp(l.defines[1], "USE_THRUST") == 0);
    CHECK(!l.has_error);
    CHECK(!l.gpu_code && !l.kernel_code); /* includes and defines only */
    free(l.items);
    free(l.defines);
    free(l.gpu_macros);
    char with_error[] = "#if defined(A)\n#elif defined(B)\n#else\n#  error pick one\n#endif\n";
    scan_includes(&a, with_error, &l);
    CHECK(l.has_error && l.n == 0);
    CHECK(!l.gpu_code && !l.kernel_code);
    free(l.items);
    free(l.defines);
    free(l.gpu_macros);
    /* signs of GPU code: a device function is GPU code, not a kernel; a
     * kernel or a launch is both */
    bool kernels;
    CHECK(gpu_markers("__host__ __device__ T &operator[](int i);", &kernels) && !kernels);
    CHECK(gpu_markers("__global__ void k(float *p);", &kernels) && kernels);
    CHECK(gpu_markers("void run() { k<<<1, 32>>>(p); }", &kernels) && kernels);
    CHECK(gpu_markers("cudaLaunchKernel((void *)k, g, b, args, 0, s);", &kernels) && kernels);
    CHECK(!gpu_markers("int main() { return cudaMalloc(&p, 4); }", &kernels) && !kernels);
    /* macros whose body makes GPU code, over continuation lines; not one
     * that names a marker itself (a host build's `#define __device__`) */
    char macros[] = "#define KERNEL extern \"C\" __global__\n"
                    "#ifndef __CUDACC__\n#define __device__\n#endif\n"
                    "#define LAUNCH(k, n) \\\n    k<<<(n + 255) / 256, 256>>>\n"
                    "#define TILE 16\n"
                    "__global__ void not_a_macro(float *p);\n";
    scan_includes(&a, macros, &l);
    CHECK_EQ_LL(l.ngpu_macros, 2);
    CHECK(l.ngpu_macros == 2 && strcmp(l.gpu_macros[0], "KERNEL") == 0 && strcmp(l.gpu_macros[1], "LAUNCH") == 0);
    const char *const names[] = {"LAUNCH", "KERNEL"};
    CHECK(text_uses_words(NULL, "void run() { LAUNCH(k, n)(p); }", 31, names, 2));
    CHECK(!text_uses_words(NULL, "int RELAUNCH_COUNT = 2; // KERNELS", 34, names, 2));
    free(l.items);
    free(l.defines);
    free(l.gpu_macros);
    arena_free(&a);
    return check_summary();
}
