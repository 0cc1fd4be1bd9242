/* test_flag_kernels.c - which flags select the kernels a build flag
 * compiles (variants/flag_kernels.h): the text scan, the conditions it
 * follows, and those it leaves alone. */
#include "check.h"
#include "variants/flag_kernels.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *modelled; /* "name@line,...": the kernels the first parse modelled */
    const char *host;     /* "NAME,...": the flags the host code names */
} Known;

static bool modelled(void *ctx, const char *name, unsigned line)
{
    const Known *k = ctx;
    char want[160];
    snprintf(want, sizeof want, "%s@%u,", name, line);
    return k->modelled && strstr(k->modelled, want) != NULL;
}

static bool host_sets(void *ctx, const char *flag)
{
    const Known *k = ctx;
    char want[160];
    snprintf(want, sizeof want, "%s,", flag);
    return k->host && strstr(k->host, want) != NULL;
}

/* The plan as one line: "FLAGS: kernel@line-end kernel@line-end | ...". */
static void describe(const FlagPlan *p, char *out, size_t n)
{
    size_t o = 0;
    out[0] = '\0';
    for (int c = 0; c < p->nconfigs && o < n; c++) {
        char *flags = flag_config_text(&p->configs[c]);
        o += (size_t)snprintf(out + o, n - o, "%s%s:", c ? " | " : "", flags);
        free(flags);
        for (int k = 0; k < p->configs[c].nkernels && o < n; k++)
            o += (size_t)snprintf(out + o, n - o, " %s@%u-%u", p->configs[c].kernels[k].name, p->configs[c].kernels[k].line,
                                  p->configs[c].kernels[k].end);
        for (int k = 0; k < p->configs[c].nregions && o < n; k++)
            o += (size_t)snprintf(out + o, n - o, " [%s %u-%u]", p->configs[c].regions[k].kernel,
                                  p->configs[c].regions[k].first, p->configs[c].regions[k].last);
    }
}

static bool plans(const char *text, bool opencl, const char *modelled_kernels, const char *host, const char *want,
                  int want_unselectable)
{
    FlagPlan p;
    Known k = {modelled_kernels, host};
    FlagQueries q = {modelled, host_sets, NULL, &k};
    flag_kernels_plan(text, strlen(text), opencl, &q, &p);
    char got[1024];
    describe(&p, got, sizeof got);
    bool ok = strcmp(got, want) == 0 && p.unselectable == want_unselectable;
    if (!ok) fprintf(stderr, "plan '%s' (%d unselectable), expected '%s' (%d)\n", got, p.unselectable, want, want_unselectable);
    flag_plan_free(&p);
    return ok;
}

static const struct {
    const char *text;
    bool opencl;
    const char *modelled; /* "name@line," of the kernels the first parse modelled */
    const char *host;     /* "NAME," of the flags the host code names */
    const char *want;     /* the plan, as describe() writes it */
    int unselectable;
} cases[] = {
    /* one kernel per flag (a host that builds each kernel on its own) */
    {"#ifdef RESPONSE\nkernel void responses(global float *o) {\n  o[0] = 1;\n}\n#endif\n"
     "#if defined(NONMAX)\n__kernel void nonmax(global float *o)\n{\n}\n#endif\n",
     true, NULL, NULL, "-D RESPONSE: responses@2-4 | -D NONMAX: nonmax@7-9", 0},
    /* a value per kernel: #if RANK == 1 / 2, and the #elif of a chain */
    {"#if RANK == 1\nkernel void conv(global float *o) { }\n#elif RANK >= 2\nkernel void conv(global float *o) { }\n"
     "#endif\n",
     true, NULL, NULL, "-D RANK=1: conv@2-2 | -D RANK=2: conv@4-4", 0},
    /* the kernel the first parse modelled is left alone */
    {"#if RANK == 1\nkernel void conv(global float *o) { }\n#else\nkernel void conv(global float *o) { }\n#endif\n",
     true, "conv@4,", NULL, "-D RANK=1: conv@2-2", 0},
    /* attributes between keyword and name, an #if around the keyword only
     * (the name's own branches count), comments and a raw string's R"( */
    {"R\"(\n#if defined(ROUTINE_X) // batched\n#if RELAX == 1\n  __kernel\n#else\n"
     "  __kernel __attribute__((reqd_work_group_size(8, 8, 1)))\n#endif\nvoid XBatched(const int n) {\n"
     "  /* { */ if (n) { }\n}\n#endif\n)\"\n",
     true, NULL, NULL, "-D ROUTINE_X: XBatched@8-10", 0},
    /* && needs both, || the first alternative that can be; kernels that
     * need the same flags share one parse */
    {"#if defined(A) && B == 3\nkernel void k1() { }\nkernel void k2() { }\n#endif\n"
     "#if defined(__OPENCL_VERSION__) || defined(C)\nkernel void k3() { }\n#endif\n",
     true, NULL, NULL, "-D A -D B=3: k1@2-2 k2@3-3 | -D C: k3@6-6", 0},
    /* nested branches add up; #else and #ifndef need nothing more */
    {"#ifdef OUTER\n#ifndef SLOW\n#if MODE\nkernel void fast() { }\n#endif\n#else\nkernel void slow() { }\n#endif\n#endif\n",
     true, NULL, NULL, "-D OUTER -D MODE=1: fast@4-4 | -D OUTER: slow@7-7", 0},
    /* no flag selects #if 0, a compiler's own name or a comparison with a
     * name; a prototype is no kernel */
    {"#if 0\n__global__ void dead() { }\n#endif\n#if __CUDA_ARCH__ >= 800\n__global__ void sm80() { }\n#endif\n"
     "#if A > B\n__global__ void cmp() { }\n#endif\n#ifdef P\n__global__ void proto(int);\n#endif\n",
     false, NULL, NULL, "", 3},
    /* CUDA: __global__ after a template head and __launch_bounds__ */
    {"#ifdef USE_FAST\ntemplate <int N> __global__ void __launch_bounds__(256) fast(float *x) {\n  x[0] = N;\n}\n#endif\n",
     false, NULL, NULL, "-D USE_FAST: fast@2-4", 0},
    /* OpenCL keywords are not CUDA's and the other way round */
    {"#ifdef X\n__kernel void k() { }\n#endif\n", false, NULL, NULL, "", 0},
    /* a kernel outside any #if that the first parse did not model (a
     * parse error, say) is nobody's to select */
    {"kernel void plain() { }\n", true, NULL, NULL, "", 1},
    /* a branch inside a kernel the first parse modelled: only when the host
     * names its flag (LMEDS; DEBUG is not a build of the kernel); the
     * branch's lines without the directives, #elif as its own branch */
    {"kernel void eval(global float *e, int n) {\n  int i = 0;\n#ifdef LMEDS\n  e[i] = 1;\n  e[i + 1] = 2;\n"
     "#elif defined(RANSAC)\n  e[i] = 3;\n#else\n  e[i] = 4;\n#endif\n#ifdef DEBUG\n  e[0] = 0;\n#endif\n}\n",
     true, "eval@1,", "LMEDS,RANSAC,", "-D LMEDS: [eval 4-5] | -D RANSAC: [eval 7-7]", 0},
    /* a kernel's own flag comes with its branch's: outer selection first */
    {"#if defined(OUTER)\nkernel void k(global float *e) {\n#if MODE == 2\n  e[0] = 1;\n#endif\n}\n#endif\n",
     true, "k@2,", "MODE,", "-D OUTER -D MODE=2: [k 4-4]", 0},
    /* no branch of a kernel the first parse did not model (its own flag selects it whole) */
    {"#ifdef K\nkernel void k(global float *e) {\n#ifdef LMEDS\n  e[0] = 1;\n#endif\n}\n#endif\n",
     true, NULL, "LMEDS,", "-D K: k@2-6", 0},
};

/* The first parse had RANK defined (a -D of the user's, say). */
static bool rank_defined(void *ctx, const char *flag)
{
    (void)ctx;
    return strcmp(flag, "RANK") == 0;
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(plans(cases[i].text, cases[i].opencl, cases[i].modelled, cases[i].host, cases[i].want,
                    cases[i].unselectable));
    /* a flag the first parse had already selects nothing new */
    const char *ranks = "#if RANK == 1\nkernel void a() { }\n#endif\n#ifdef OTHER\nkernel void b() {\n#if RANK\n int x;\n#endif\n}\n"
                        "#endif\n";
    Known none = {NULL, "RANK,"};
    FlagQueries q = {modelled, host_sets, rank_defined, &none};
    FlagPlan p;
    flag_kernels_plan(ranks, strlen(ranks), true, &q, &p);
    CHECK(p.nconfigs == 1 && p.unselectable == 1 && p.configs[0].nkernels == 1 && p.configs[0].nregions == 0 &&
          strcmp(p.configs[0].kernels[0].name, "b") == 0);
    flag_plan_free(&p);
    return check_summary();
}
