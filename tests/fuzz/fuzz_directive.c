/* fuzz_directive.c - libFuzzer target over the text readers of #if
 * directives (variants/directive_lexer.h) and their users, which read a
 * source file as text before or beside its parse: the configuration a file
 * must choose (variants/config_choice.c: config_choice_prescan, and
 * config_choice_in_text for each line that holds "#error"), and the kernels
 * only a build flag compiles (variants/flag_kernels.c: flag_kernels_plan, as
 * CUDA, or as OpenCL C for an input whose last byte is odd).  The callbacks
 * answer from the names themselves, so that inputs reach both answers.
 * Also where a constructor's member initializer lies around an offset
 * (variants/member_init_text.h), at up to 64 offsets of the input.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "variants/config_choice.h"
#include "variants/flag_kernels.h"
#include "variants/member_init_text.h"
#include "fuzz_common.h"

#define MAX_ERROR_LINES 4

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* A name "is defined" (a -D, say) when it starts with 'D'. */
static bool is_defined(void *ctx, const char *name)
{
    (void)ctx;
    return name[0] == 'D';
}

/* The first parse modelled a kernel when its line is even. */
static bool modelled(void *ctx, const char *name, unsigned line)
{
    (void)ctx;
    (void)name;
    return line % 2 == 0;
}

/* The host code names a flag in capitals. */
static bool host_sets(void *ctx, const char *flag)
{
    (void)ctx;
    return flag[0] >= 'A' && flag[0] <= 'Z';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size); /* as read_file gives it: a NUL after size bytes */

    ConfigChoice choices[4];
    int n = config_choice_prescan("fuzz/input.cu", text, size, is_defined, NULL, choices, 4);
    for (int i = 0; i < n; i++)
        if (!choices[i].name[0] || choices[i].error_line == 0) abort();
    unsigned line = 1;
    int tried = 0;
    for (const char *p = text; p < text + size && tried < MAX_ERROR_LINES; p++) {
        if (*p == '\n') line++;
        else if (*p == '#' && strncmp(p + 1, "error", 5) == 0) {
            char name[64];
            unsigned if_line = 0;
            if (config_choice_in_text(text, size, line, name, sizeof name, &if_line) && if_line > line) abort();
            tried++;
        }
    }

    size_t every = size / 64 + 1;
    for (size_t at = 0; at <= size; at += every) {
        size_t open, close;
        if (!member_initializer_span(text, size, at, &open, &close)) continue;
        if (open >= close || close >= size || (text[open] != '(' && text[open] != '{') ||
            (text[close] != ')' && text[close] != '}'))
            abort();
    }

    bool opencl = size && (data[size - 1] & 1);
    FlagQueries q = {modelled, host_sets, is_defined, NULL};
    for (int pass = 0; pass < 2; pass++) {
        FlagPlan plan;
        if (flag_kernels_plan(text, size, opencl, &q, &plan)) {
            if (plan.nconfigs > FLAG_MAX_CONFIGS) abort();
            for (int c = 0; c < plan.nconfigs; c++) {
                free(flag_config_text(&plan.configs[c]));
                for (int k = 0; k < plan.configs[c].nkernels; k++)
                    flag_finding_selected(&plan.configs[c], plan.configs[c].kernels[k].name,
                                          plan.configs[c].kernels[k].line);
                flag_finding_selected(&plan.configs[c], "k<int>", 1);
            }
        }
        flag_plan_free(&plan);
        q.defined = NULL; /* once more with no flag set before */
    }
    free(text);
    return 0;
}
