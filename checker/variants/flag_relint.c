/* flag_relint.c - see flag_relint.h. */
#include "variants/flag_relint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does the host code that compiles the kernel file name the flag?  Had
 * the parse it already (its flags, the user's, the closure's #defines)? */
typedef struct {
    const VariantEnv *env;
    const FileParse *p;
} PlanQuery;

static bool kernel_modelled(void *ctx, const char *name, unsigned line)
{
    return flag_model_has_kernel(&((PlanQuery *)ctx)->p->m, name, line);
}

static bool host_sets_flag(void *ctx, const char *flag)
{
    PlanQuery *q = ctx;
    return jit_host_mentions(variant_jit_index(q->env), q->env->projects, q->p->fa.project_root, q->p->tu, flag);
}

static bool flag_defined(void *ctx, const char *flag)
{
    PlanQuery *q = ctx;
    return variant_defined(q->env, q->p->args, q->p->nargs, flag);
}

void flag_relint_plan(const VariantEnv *env, const FileParse *p, FlagPlan *plan)
{
    PlanQuery pq = {env, p};
    FlagQueries q = {kernel_modelled, env->projects && p->fa.project_root ? host_sets_flag : NULL, flag_defined, &pq};
    flag_kernels_plan_for(p->tu, p->contents, p->size, p->m.language == LANG_OPENCL, &q, plan);
}

/* What a flag set selects, for its note: kernels, or lines of a kernel the
 * first parse has. */
static void describe_selection(const FlagConfig *fc, char *what, size_t n, unsigned *at, int *more)
{
    *at = fc->nkernels ? fc->kernels[0].line : fc->regions[0].first;
    *more = fc->nkernels ? fc->nkernels - 1 + fc->nregions : fc->nregions - 1;
    if (fc->nkernels)
        snprintf(what, n, "%s%s", fc->kernels[0].name, *more ? " and the code beside it" : "");
    else
        snprintf(what, n, "lines %u-%u of %s%s", fc->regions[0].first, fc->regions[0].last, fc->regions[0].kernel,
                 *more ? " and the code beside them" : "");
}

static void relint_one(const FlagConfig *fc, const char *path, FlagLintFn lint, void *ctx, FileResult *r)
{
    FileResult scratch;
    memset(&scratch, 0, sizeof scratch);
    findings_init(&scratch.findings);
    int found = 0;
    bool ok = lint(ctx, fc, &scratch, &found);
    char *flags = flag_config_text(fc);
    char what[256];
    unsigned at;
    int more;
    describe_selection(fc, what, sizeof what, &at, &more);
    const Problem *bad = ok ? flag_config_error(fc, &scratch.problems, path) : NULL;
    if (bad) {
        diag_note(&r->problems, path, at, 1, "%s, which the preprocessor skips without %s: not analysed (with it, "
                  "line %u: %s)", what, flags, bad->line, bad->message);
    } else if (!ok || (fc->nkernels && !found)) {
        diag_note(&r->problems, path, at, 1, "%s, which the preprocessor skips without %s: not analysed (%s)", what,
                  flags, !ok ? "the parse failed" : "not found with it");
    } else {
        for (int i = 0; i < scratch.findings.n; i++) {
            const Finding *f = &scratch.findings.items[i];
            if (flag_finding_selected(fc, f->kernel, f->range.line)) finding_copy(&r->findings, f);
        }
        r->kernels += found;
        diag_note(&r->problems, path, at, 1, "%s analysed with %s%s: without %s the preprocessor skips %s", what,
                  flags, fc->nkernels ? "" : ", a flag its host code sets for some builds",
                  fc->ndefines > 1 ? "them" : "it", more || !fc->nkernels ? "them" : "it");
    }
    r->problems.notes[r->problems.nnotes - 1].informational = true;
    free(flags);
    file_result_free(&scratch);
}

void flag_relint_run(const FlagPlan *plan, const char *path, FlagLintFn lint, void *ctx, FileResult *r)
{
    for (int c = 0; c < plan->nconfigs; c++) relint_one(&plan->configs[c], path, lint, ctx, r);
    if (plan->over_limit) {
        diag_note(&r->problems, path, 0, 0, "%d kernel%s or branch%s behind build flags not analysed: gpulint parses a "
                  "file at most %d more times", plan->over_limit, plan->over_limit == 1 ? "" : "s",
                  plan->over_limit == 1 ? "" : "es", FLAG_MAX_CONFIGS);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    findings_finish(&r->findings);
}
