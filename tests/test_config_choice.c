/* test_config_choice.c - which alternative gpulint defines for an #error
 * that ends a set of alternatives (variants/config_choice.h), and which
 * #errors it leaves alone. */
#include "check.h"
#include "variants/config_choice.h"

#include <string.h>

static bool chosen(const char *text, unsigned error_line, const char *want, unsigned want_if)
{
    char name[64] = "";
    unsigned if_line = 0;
    bool found = config_choice_in_text(text, strlen(text), error_line, name, sizeof name, &if_line);
    if (!want) return !found;
    if (!found || strcmp(name, want) != 0 || if_line != want_if) {
        fprintf(stderr, "chose '%s' (line %u), expected '%s' (line %u)\n", found ? name : "(none)", if_line, want,
                want_if);
        return false;
    }
    return true;
}

static bool defines_block_stride(void *ctx, const char *name)
{
    (void)ctx;
    return strcmp(name, "BLOCK_STRIDE") == 0;
}

static bool defines_nothing(void *ctx, const char *name)
{
    (void)ctx;
    (void)name;
    return false;
}

int main(void)
{
    /* before the parse: top-level chains only, none of whose alternatives
     * the flags or the closure define */
    const char *two = "#if defined(GRID_STRIDE)\n#elif defined(BLOCK_STRIDE)\n#else\n#error pick a loop\n#endif\n"
                      "#ifdef GPU\n#if defined(X1)\n#else\n#error nested\n#endif\n#endif\n"
                      "#if !defined(USE_A) && !defined(USE_B)\n#  error  one of them\n#endif\n";
    ConfigChoice pre[4];
    int n = config_choice_prescan("f.cu", two, strlen(two), defines_nothing, NULL, pre, 4);
    CHECK_EQ_LL(n, 2);
    CHECK(n == 2 && strcmp(pre[0].name, "GRID_STRIDE") == 0 && pre[0].error_line == 4 && pre[0].if_line == 1 &&
          strcmp(pre[0].message, "pick a loop") == 0);
    CHECK(n == 2 && strcmp(pre[1].name, "USE_A") == 0 && pre[1].error_line == 13 && strcmp(pre[1].message, "one of them") == 0);
    n = config_choice_prescan("f.cu", two, strlen(two), defines_block_stride, NULL, pre, 4);
    CHECK(n == 1 && strcmp(pre[0].name, "USE_A") == 0);
    CHECK_EQ_LL(config_choice_prescan("f.cu", two, strlen(two), defines_nothing, NULL, pre, 1), 1);

    /* the #else of an #if/#elif chain of defined() tests */
    CHECK(chosen("#if defined(GRID_STRIDE)\nA\n#elif defined(BLOCK_STRIDE)\nB\n#else\n#error pick one\n#endif\n", 6,
                 "GRID_STRIDE", 1));
    /* #ifdef, and `defined X` without parentheses, comments in directives */
    CHECK(chosen("#ifdef MODE_A // fast\n#elif defined MODE_B /* slow */\n#else\n#  error none\n#endif\n", 4, "MODE_A",
                 1));
    /* a CUDA-named alternative beats an earlier one, another platform's name loses */
    CHECK(chosen("#if defined(__HIP_PLATFORM_AMD__)\n#elif defined(__NVCC__) || defined(__NVCOMPILER_CUDA__)\n#else\n"
                 "#error Unsupported compiler\n#endif\n",
                 4, "__NVCC__", 1));
    CHECK(chosen("#if defined(USE_HIP) || defined(USE_SYCL)\n#else\n#error no backend\n#endif\n", 3, NULL, 0));
    /* !defined(A) && !defined(B), continued over two lines */
    CHECK(chosen("// header\n#if !defined(USE_FLOAT4) && \\\n    !defined(USE_SCALAR)\n#error \"define one\"\n#endif\n", 4,
                 "USE_FLOAT4", 2));
    /* nested groups: the innermost one counts */
    CHECK(chosen("#ifdef OUTER\n#if defined(X1)\n#elif defined(X2)\n#else\n#error inner\n#endif\n#endif\n", 5, "X1", 2));
    /* left alone: a lone #ifndef (its value may matter), a value test, an
     * #error outside any #if, a line that is not the #error */
    CHECK(chosen("#ifndef TILE\n#error TILE must be set\n#endif\n", 2, NULL, 0));
    CHECK(chosen("#if !defined(TILE)\n#error TILE must be set\n#endif\n", 2, NULL, 0));
    CHECK(chosen("#if __CUDA_ARCH__ >= 700\n#else\n#error too old\n#endif\n", 3, NULL, 0));
    CHECK(chosen("#if defined(A) && defined(B)\n#else\n#error both\n#endif\n", 3, NULL, 0));
    CHECK(chosen("#error always\n", 1, NULL, 0));
    CHECK(chosen("#if defined(A)\n#else\n#error none\n#endif\n", 2, NULL, 0));
    /* an unbalanced #endif before does not break the scan */
    CHECK(chosen("#endif\n#if defined(A)\n#else\n#error none\n#endif\n", 4, "A", 2));
    return check_summary();
}
