/* jit_variant.c - a kernel file compiled at run time: its undeclared sizes
 * from the host code that compiles it, then one more parse (jit_names.h). */
#include "variants/variant.h"

#include <stdlib.h>

typedef struct {
    JitDefines jit;
} JitState;

/* Errors that are not those of a name set at build time. */
static int real_errors(const FrontendReport *pr)
{
    int n = 0;
    for (int i = 0; i < pr->ndiags; i++) n += pr->diags[i].level == DIAG_ERROR && !pr->diags[i].build_time_error;
    return n;
}

/* Does m rest on fewer assumed types than `before` (the host gave some)? */
static bool fewer_assumed(const Model *m, const Model *before)
{
    int n = 0, n_before = 0;
    for (const char *c = m->assumed_types; c && *c; c++) n += *c == '=';
    for (const char *c = before->assumed_types; c && *c; c++) n_before += *c == '=';
    return n < n_before;
}

/* The run-time flags found for p's defines: -D each from `from_define` on,
 * -include each source the host builds before the file from `from_prefix`
 * on, NVRTC's default execution space (when `add_default`), the names only
 * known at run time. */
static void apply_defines(JitState *s, const VariantEnv *env, FileParse *p, int from_define, int from_prefix,
                          bool add_default)
{
    for (int i = from_define; i < s->jit.ndefines; i++) file_parse_add(p, "-D", s->jit.defines[i]);
    for (int i = from_prefix; i < s->jit.nprefix; i++) file_parse_add(p, "-include", s->jit.prefix[i]);
    if (add_default) file_parse_add(p, "-include", env->device_default_header);
    p->fa.run_time_names = s->jit.nrun_time_names ? (const char *const *)s->jit.run_time_names : NULL;
    p->fa.nrun_time_names = s->jit.nrun_time_names;
    /* NVRTC has no standard library, and a header may declare its own
     * std:: then: the precompiled shim of the file's own includes only */
    p->fa.shim_pch = 0;
}

/* p parsed again with its new flags, kept when better.  An OpenCL name can
 * be a function-like macro or a type the placeholder does not fit, so for
 * OpenCL: fewer errors (or as many, on fewer assumed types or with no project
 * files guessed for its names), and none of a
 * kind the values did not explain before (`#error HASH_LOOPS must divide
 * ITERATIONS`, a member the host's struct has only under another option). */
static bool parse_kept(const VariantEnv *env, FileParse *p, bool opencl, FrontendReport *rejected)
{
    Model m2;
    FrontendReport pr2;
    if (!file_parse_again(env, p, &m2, &pr2)) return false;
    int errors = frontend_report_errors(&pr2), errors_before = frontend_report_errors(&p->pr);
    bool fewer_guesses = fewer_assumed(&m2, &p->m) || (p->pr.guessed_parts && !pr2.guessed_parts);
    if (!opencl || ((errors < errors_before || (errors == errors_before && fewer_guesses)) &&
                    real_errors(&pr2) <= real_errors(&p->pr))) {
        file_parse_keep(p, &m2, &pr2);
        return true;
    }
    if (rejected) { /* what it says is the next look's start */
        *rejected = pr2;
        model_free(&m2);
    } else {
        file_parse_drop(&m2, &pr2);
    }
    return false;
}

/* One round: the values for the names p's last parse left undeclared, then
 * one more parse, kept when better.  A name can hide behind another's
 * error (an array size in a struct the first error dropped): the next
 * round finds it. */
static bool jit_round(JitState *s, const VariantEnv *env, FileParse *p, bool opencl)
{
    JitDefines more;
    if (!jit_defines_for(variant_jit_index(env), env->projects, p->fa.project_root, p->tu, opencl, &p->pr,
                         p->m.assumed_types, &more))
        return false;
    int nargs_before = p->nargs;
    int ndefines_before = s->jit.ndefines, nrun_before = s->jit.nrun_time_names, ncommon_before = s->jit.ncommon;
    int nprefix_before = s->jit.nprefix;
    bool device_default_before = s->jit.device_default;
    jit_defines_merge(&s->jit, &more);
    apply_defines(s, env, p, ndefines_before, nprefix_before, s->jit.device_default && !device_default_before);
    FrontendReport rejected = {0};
    if (parse_kept(env, p, opencl, &rejected)) return true;
    /* the sources built before the file use names of their own (a size the
     * host passes with the file's): one more look, at the parse with them */
    if (opencl && s->jit.nprefix > nprefix_before && rejected.ndiags) {
        JitDefines extra;
        bool found = jit_defines_for(variant_jit_index(env), env->projects, p->fa.project_root, p->tu, opencl,
                                     &rejected, p->m.assumed_types, &extra);
        int ndefines = s->jit.ndefines, nprefix = s->jit.nprefix;
        if (found) {
            jit_defines_merge(&s->jit, &extra);
            apply_defines(s, env, p, ndefines, nprefix, false);
        }
        if (found && parse_kept(env, p, opencl, NULL)) {
            frontend_report_free(&rejected);
            return true;
        }
    }
    frontend_report_free(&rejected);
    /* a kernel's own check can refuse the placeholder (`#error WORKSIZE has
     * to be a multiple of 4`): the first run-time names get a wider one */
    if (opencl && nrun_before == 0 && s->jit.nrun_time_names > 0) {
        file_parse_truncate(p, nargs_before);
        jit_defines_set_placeholder(&s->jit, ndefines_before, JIT_RUN_TIME_PLACEHOLDER_WIDE);
        apply_defines(s, env, p, ndefines_before, nprefix_before, false);
        if (parse_kept(env, p, opencl, NULL)) return true;
    }
    /* this round's values go (and the flags that point into them) */
    file_parse_truncate(p, nargs_before);
    jit_defines_truncate(&s->jit, ndefines_before, nrun_before, ncommon_before, nprefix_before);
    s->jit.device_default = device_default_before;
    p->fa.run_time_names = nrun_before ? (const char *const *)s->jit.run_time_names : NULL;
    p->fa.nrun_time_names = nrun_before;
    return false;
}

/* An editor's document starts with what its earlier analyses found: its
 * kept parse has the values, and an edit makes no second parse. */
static void jit_before_parse(void *state, const VariantEnv *env, FileParse *p)
{
    JitState *s = state;
    if (!p->editor || !p->memory || !p->memory->jit_learned || !(p->memory->jit.ndefines || p->memory->jit.nprefix)) return;
    jit_defines_copy(&s->jit, &p->memory->jit);
    apply_defines(s, env, p, 0, 0, s->jit.device_default);
}

static void jit_after_parse(void *state, const VariantEnv *env, FileParse *p)
{
    JitState *s = state;
    bool opencl = p->m.language == LANG_OPENCL;
    if (!p->analysed || !env->projects || !p->fa.project_root) return;
    if (p->editor && p->memory && p->memory->jit_learned) return; /* a document learns once: no second parse an edit */
    for (int round = 0; round < 3 && jit_round(s, env, p, opencl); round++) {
    }
    if (p->editor && p->memory) {
        jit_defines_copy(&p->memory->jit, &s->jit);
        p->memory->jit_learned = true;
        p->memory->changed |= s->jit.ndefines > 0 || s->jit.nprefix > 0;
    }
}

static void jit_report(void *state, const FileParse *p, Diagnostics *d)
{
    JitState *s = state;
    if (!s->jit.ndefines && !s->jit.nprefix) return;
    char *described = jit_describe(&s->jit);
    diag_note(d, p->tu, 0, 0, "%s", described);
    free(described);
    d->notes[d->nnotes - 1].informational = true;
}

static void jit_finish(void *state)
{
    jit_defines_free(&((JitState *)state)->jit);
}

const ParseVariant jit_variant = {
    .name = "run-time compiled kernel names",
    .state_size = sizeof(JitState),
    .before_parse = jit_before_parse,
    .after_parse = jit_after_parse,
    .report = jit_report,
    .finish = jit_finish,
};
