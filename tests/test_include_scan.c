/* test_include_scan.c - the #include/#define lines of a file read as text
 * (project/include_scan.h), the #ifdef guard each include remembers, and the
 * memo of settled headers' closures. */
#include "check.h"
#include "project/include_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *guard_of(const IncludeList *l, const char *spelling)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].spelling, spelling) == 0) return l->items[i].guard ? l->items[i].guard : "";
    return NULL;
}

/* A made-up project for the memo: "aN" -> "aN+1" up to a chain's end,
 * and a few named headers:
 *   top -> mid -> low -> mid (a cycle), top -> lib (<cub/cub.cuh> under
 *   #ifdef USE_CUB); low has a kernel and #defines LOW_DONE;
 *   loose -> top, loose -> unsettled (found only by discovery). */
typedef struct {
    Arena *arena;
    int expanded; /* calls of the expand function */
    int chain;    /* headers in the chain */
} FakeProject;

static const char *const no_defines[] = {NULL};
static const char *const low_defines[] = {"LOW_DONE"};
static const GuardedNeed cub_guarded = {PRELUDE_CCCL, "USE_CUB"};

static void child(const FakeProject *fp, HeaderLocal *out, const char *name)
{
    out->children = realloc(out->children, (size_t)(out->nchildren + 1) * sizeof *out->children);
    out->children[out->nchildren++] = arena_strdup(fp->arena, name);
}

static void fake_expand(void *env, const char *path, HeaderLocal *out)
{
    FakeProject *fp = env;
    fp->expanded++;
    out->settled = strcmp(path, "unsettled") != 0;
    out->text.defines = (const char **)no_defines;
    if (path[0] == 'a') {
        int i = atoi(path + 1);
        char next[32];
        snprintf(next, sizeof next, "a%d", i + 1);
        if (i + 1 < fp->chain) child(fp, out, next);
        else out->text.kernel_code = true; /* the chain's end */
    } else if (strcmp(path, "top") == 0) {
        child(fp, out, "mid");
        child(fp, out, "lib");
    } else if (strcmp(path, "mid") == 0) {
        child(fp, out, "low");
    } else if (strcmp(path, "low") == 0) {
        child(fp, out, "mid");
        out->text.kernel_code = true;
        out->text.defines = (const char **)low_defines;
        out->text.ndefines = 1;
    } else if (strcmp(path, "lib") == 0) {
        out->needs.guarded = malloc(sizeof *out->needs.guarded);
        out->needs.guarded[0] = cub_guarded;
        out->needs.nguarded = 1;
        out->needs.shim_pch = 2;
    } else if (strcmp(path, "loose") == 0) {
        child(fp, out, "top");
        child(fp, out, "unsettled");
    }
}

static void count_header(void *env, const HeaderLocal *h)
{
    (void)h;
    ++*(int *)env;
}

static void closure_memo_tests(void)
{
    Arena a;
    memset(&a, 0, sizeof a);
    FakeProject fp = {&a, 0, 100000};
    ClosureMemo *m = closure_memo_new();
    int top, mid, loose, a0, a50;
    const ClosureFacts *f = closure_memo_facts(m, "", "top", fake_expand, &fp, &top);
    CHECK(f->settled && f->kernel_code && !f->real_headers);
    CHECK(f->guarded_need == PRELUDE_CCCL && f->prelude == PRELUDE_RUNTIME && f->shim_pch == 2);
    CHECK_EQ_LL(fp.expanded, 4); /* top, mid, low, lib */
    f = closure_memo_facts(m, "", "mid", fake_expand, &fp, &mid);
    CHECK(f->settled && f->kernel_code && f->guarded_need == PRELUDE_RUNTIME); /* the cycle: low's facts */
    CHECK_EQ_LL(fp.expanded, 4);                                               /* each header once */
    CHECK(closure_memo_defines(m, top, "LOW_DONE") && closure_memo_defines(m, mid, "LOW_DONE"));
    CHECK(!closure_memo_defines(m, top, "USE_CUB"));
    f = closure_memo_facts(m, "", "loose", fake_expand, &fp, &loose);
    CHECK(!f->settled); /* a header of its closure is not */
    /* another context (other include directories) is another memo */
    closure_memo_facts(m, "-I/x\n", "top", fake_expand, &fp, &top);
    CHECK_EQ_LL(fp.expanded, 4 + 2 + 4);
    int n = 0;
    closure_memo_visit(m, &top, 1, count_header, &n);
    CHECK_EQ_LL(n, 4);
    /* a chain of 100,000 headers: no recursion, each header expanded once,
     * and a header met later answers at once */
    fp.expanded = 0;
    f = closure_memo_facts(m, "", "a0", fake_expand, &fp, &a0);
    CHECK(f->settled && f->kernel_code);
    CHECK_EQ_LL(fp.expanded, 100000);
    f = closure_memo_facts(m, "", "a50", fake_expand, &fp, &a50);
    CHECK(f->settled && f->kernel_code);
    CHECK_EQ_LL(fp.expanded, 100000);
    CHECK(!closure_memo_defines(m, a0, "LOW_DONE"));
    n = 0;
    closure_memo_visit(m, (int[]){a50, a0}, 2, count_header, &n);
    CHECK_EQ_LL(n, 100000);
    closure_memo_free(m);
    arena_free(&a);
}

int main(void)
{
    closure_memo_tests();
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
