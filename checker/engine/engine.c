/* engine.c - see engine.h.  Bad input never stops a run: each problem is
 * recorded with its file and reason, and the other files are analysed. */
#include "engine/engine.h"
#include "report/config.h"
#include "engine/context.h"
#include "engine/documents.h"
#include "project/fragments.h"
#include "project/project.h"
#include "variants/config_choice.h"
#include "project/jit_names.h"
#include "variants/flag_kernels.h"
#include "project/instantiation_decls.h"
#include "model/dump.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/utf8.h"
#include "util/vec.h"
#include "util/clock.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FILE_BYTES (64L * 1024 * 1024)
#define MAX_CONFIG_CHOICES 4

struct Engine {
    EngineOptions options;
    Frontend *frontend;
    ProjectSet *projects;        /* NULL with --no-project */
    FragmentSet *fragments;      /* the projects' include graphs; NULL with --no-project */
    StrMap run;                  /* real paths of the run's files */
    bool have_run;
    ConfigSet *configs;          /* .gpulint.yaml flags and rule options; NULL with --no-config */
    EngineProjects *own_projects; /* projects and fragments, unless the options share the parent's */
    char device_default_header[PATH_MAX]; /* include/toolkit/gpulint_nvrtc_device_default.h */
    DocumentCache *documents;    /* engine_lint_document's kept parses (made on first use) */
    FrontendDocument *document;  /* the one being analysed now, or NULL */
    const FrontendBuffer *open; int nopen;
    DocumentInfo *info;          /* where the analysis of `document` reports */
    JitIndex *jit;               /* which project files refer to run-time compiled kernel files (made on first use) */
    FlagPlan *flag_plan;         /* lint_parsed records there the kernels a build flag selects */
    const FlagConfig *flag_config; /* lint_parsed parses with these flags, and counts its kernels in flag_found */
    int flag_found;
};


/* -------------------------------------------------------------- one file */

static bool check_head(Diagnostics *d, const char *path, const unsigned char *head, size_t n, long size,
                       bool *empty)
{
    if (size > MAX_FILE_BYTES) {
        diag_error(d, path, 0, 0, "file too large to analyse (%ld MiB; the limit is %ld MiB)", size >> 20,
                   MAX_FILE_BYTES >> 20);
        return false;
    }
    if (n == 0) {
        *empty = true;
        return true;
    }
    const char *not_text = text_problem(head, n);
    if (not_text) {
        diag_error(d, path, 0, 0, "%s, not CUDA source", not_text);
        return false;
    }
    return true;
}

/* Reads the head of the file (or buffer) to reject what is not source text. */
static bool check_readable(Diagnostics *d, const char *path, const char *contents, size_t size, bool *empty)
{
    *empty = false;
    if (contents) {
        size_t n = size < 8192 ? size : 8192;
        return check_head(d, path, (const unsigned char *)contents, n, (long)(size > LONG_MAX ? LONG_MAX : size),
                          empty);
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_error(d, path, 0, 0, "cannot read: %s", strerror(errno));
        return false;
    }
    unsigned char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    bool err = ferror(f) != 0;
    fseek(f, 0, SEEK_END);
    long fsize = ftell(f);
    fclose(f);
    if (err) {
        diag_error(d, path, 0, 0, "cannot read: I/O error");
        return false;
    }
    return check_head(d, path, buf, n, fsize, empty);
}

static bool rule_selected(const EngineOptions *o, const char *id)
{
    if (o->nrules == 0) return true;
    for (int i = 0; i < o->nrules; i++)
        if (strcmp(o->rules[i], id) == 0) return true;
    return false;
}

/* The one place rules are invoked. */
/* A rule's option values: its defaults, with what the config sets
 * (`options: {rule-id: {name: value}}`); NULL when it sets nothing. */
static const long long *rule_option_values(const Rule *r, const EffectiveConfig *cfg, long long values[RULE_MAX_OPTIONS])
{
    bool any = false;
    for (int j = 0; j < r->noptions && j < RULE_MAX_OPTIONS; j++) values[j] = r->options[j].default_value;
    for (int k = 0; cfg && k < cfg->noptions; k++) {
        if (strcmp(cfg->options[k].rule, r->id) != 0) continue;
        int idx = rule_option_index(r, cfg->options[k].option);
        if (idx < 0 || idx >= RULE_MAX_OPTIONS) continue;
        values[idx] = cfg->options[k].value;
        any = true;
    }
    return any ? values : NULL;
}

static void run_rules(const EngineOptions *o, const Model *m, const EffectiveConfig *cfg, FindingList *out)
{
    for (int i = 0; i < gpulint_nrules; i++) {
        if (!rule_selected(o, gpulint_rules[i]->id)) continue;
        long long values[RULE_MAX_OPTIONS];
        rule_run(gpulint_rules[i], m, rule_option_values(gpulint_rules[i], cfg, values), out);
    }
    /* OpenCL findings say so (benchmarks of them are CUDA: --emit-bench notes it) */
    for (int i = 0; m->language == LANG_OPENCL && i < out->n; i++) finding_str(out, &out->items[i], "language", "opencl");
}

/* Kernels in host strings: a fix edits the host file, so it is offered
 * only where the kernel text is the host text byte for byte; otherwise it
 * stays a suggestion that says why. */
static void guard_host_string_fixes(const FrontendReport *pr, FindingList *l)
{
    for (int i = 0; i < l->n; i++)
        for (int j = 0; j < l->items[i].nfixes; j++) {
            Fix *x = &l->items[i].fixes[j];
            const char *why = NULL;
            for (int k = 0; k < x->nreplacements && !why; k++)
                if (frontend_host_edit_ok(pr, x->replacements[k].range, x->replacements[k].text, &why)) why = NULL;
            if (!why) continue;
            x->nreplacements = 0;
            x->description = arena_printf(&l->arena, "%s (not offered as an edit: %s)", x->description, why);
        }
}

/* Parse diagnostics become problems; after a missing include, the errors
 * that follow from it are notes.  When none of them touches GPU code (the
 * front end judges it: errors in host class members after a missing
 * third-party header, say), they are all notes marked HOST_ONLY_NOTE and
 * the file's analysis is complete (file_status.c). */
static void add_parse_problems(const FrontendReport *pr, const char *path, Diagnostics *d)
{
    bool missing_include = false, gpu_touched = false;
    for (int i = 0; i < pr->ndiags; i++) {
        bool missing = strstr(pr->diags[i].message, "file not found") != NULL;
        missing_include |= missing;
        gpu_touched |= !missing && pr->diags[i].level != DIAG_INFO && pr->diags[i].in_gpu_code;
    }
    for (int i = 0; i < pr->ndiags; i++) {
        const Diag *g = &pr->diags[i];
        const char *file = g->file ? g->file : path;
        if (strstr(g->message, "file not found")) {
            diag_note(d, file, g->line, g->col, "%s (analysis continues without it%s)", g->message,
                      gpu_touched ? "" : "; " HOST_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->level == DIAG_INFO) {
            diag_note(d, file, g->line, g->col, "%s", g->message);
            d->notes[d->nnotes - 1].informational = true;
        } else if (g->level == DIAG_NOTE) { /* the front end judged it (OpenCL names set by -D) */
            diag_note(d, file, g->line, g->col, "%s", g->message);
        } else if (g->nvcc_dialect) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, NVCC_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (!gpu_touched) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, HOST_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (missing_include) {
            diag_note(d, file, g->line, g->col, "%s (%sprobably caused by the missing include)", g->message,
                      g->in_gpu_code ? "in GPU code; " : "");
            d->notes[d->nnotes - 1].parse_detail = true;
        } else
            diag_error(d, file, g->line, g->col, "%s", g->message);
    }
}

static bool same_file(const char *name, const char *real)
{
    char buf[PATH_MAX];
    return realpath(name, buf) && strcmp(buf, real) == 0;
}

/* __device__ functions no kernel calls were analysed on their own: the
 * file's context says which (not a reason: nothing was left out). */
static void note_device_roots(const Model *m, const FileContext *ctx, FileResult *r)
{
    int n = 0;
    const char *first = NULL;
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *k = &m->kernels[i];
        if (!k->device_root || (ctx->focus && (!k->range.file || !same_file(k->range.file, ctx->focus)))) continue;
        if (!n++) first = k->name;
    }
    if (!n) return;
    const char *roots = n == 1 ? arena_printf(&r->problems.arena, "device function %s analysed on its own (no kernel "
                                                                  "calls it)", first)
                               : arena_printf(&r->problems.arena, "%d device functions (%s, ...) analysed on their own "
                                                                  "(no kernel calls them)", n, first);
    r->context = r->context ? arena_printf(&r->problems.arena, "%s; %s", r->context, roots) : roots;
}

static bool lint_parsed(Engine *e, const char *path, const char *contents, size_t size, const FileContext *ctx,
                        FileResult *r);

/* Does the host code that compiles the kernel file name the flag?  Had
 * the parse it already (its flags, the user's, the closure's #defines)? */
typedef struct {
    Engine *e;
    const char *root, *path;
    const char *const *args;
    int nargs;
    const Model *m;          /* the first parse's */
} FileFlagsCtx;

static bool kernel_modelled(void *ctx, const char *name, unsigned line)
{
    return flag_model_has_kernel(((FileFlagsCtx *)ctx)->m, name, line);
}

static bool host_sets_flag(void *ctx, const char *flag)
{
    FileFlagsCtx *h = ctx;
    if (!h->e->jit) h->e->jit = jit_index_new();
    return jit_host_mentions(h->e->jit, h->e->projects, h->root, h->path, flag);
}

static bool flag_defined(void *ctx, const char *flag)
{
    FileFlagsCtx *h = ctx;
    const FrontendOptions *fo = &h->e->options.frontend;
    return projects_args_define(h->args, h->nargs, flag) || projects_args_define(fo->extra, fo->nextra, flag) ||
           (h->e->projects && projects_closure_defines(h->e->projects, flag));
}

/* The file linted again for each selection of `plan`, with its flags; the
 * findings of the kernels it selects join r's, and a note says which flags
 * compiled which kernels, or why they were not analysed (flag_kernels.h). */
static void lint_flag_configs(Engine *e, const char *path, const char *contents, size_t size, const FileContext *ctx,
                              const FlagPlan *plan, FileResult *r)
{
    for (int c = 0; c < plan->nconfigs; c++) {
        const FlagConfig *fc = &plan->configs[c];
        FileResult scratch;
        memset(&scratch, 0, sizeof scratch);
        findings_init(&scratch.findings);
        e->flag_config = fc;
        e->flag_found = 0;
        bool ok = lint_parsed(e, path, contents, size, ctx, &scratch);
        e->flag_config = NULL;
        char *flags = flag_config_text(fc);
        /* what it selects: kernels, or lines of a kernel the first parse has */
        char what[256];
        unsigned at = fc->nkernels ? fc->kernels[0].line : fc->regions[0].first;
        int more = fc->nkernels ? fc->nkernels - 1 + fc->nregions : fc->nregions - 1;
        if (fc->nkernels)
            snprintf(what, sizeof what, "%s%s", fc->kernels[0].name, more ? " and the code beside it" : "");
        else
            snprintf(what, sizeof what, "lines %u-%u of %s%s", fc->regions[0].first, fc->regions[0].last,
                     fc->regions[0].kernel, more ? " and the code beside them" : "");
        const Problem *bad = ok ? flag_config_error(fc, &scratch.problems, path) : NULL;
        if (bad) {
            diag_note(&r->problems, path, at, 1, "%s, which the preprocessor skips without %s: not analysed (with it, "
                      "line %u: %s)", what, flags, bad->line, bad->message);
        } else if (!ok || (fc->nkernels && !e->flag_found)) {
            diag_note(&r->problems, path, at, 1, "%s, which the preprocessor skips without %s: not analysed (%s)", what,
                      flags, !ok ? "the parse failed" : "not found with it");
        } else {
            for (int i = 0; i < scratch.findings.n; i++) {
                const Finding *f = &scratch.findings.items[i];
                if (flag_finding_selected(fc, f->kernel, f->range.line)) finding_copy(&r->findings, f);
            }
            r->kernels += e->flag_found;
            diag_note(&r->problems, path, at, 1, "%s analysed with %s%s: without %s the preprocessor skips %s", what,
                      flags, fc->nkernels ? "" : ", a flag its host code sets for some builds",
                      fc->ndefines > 1 ? "them" : "it", more || !fc->nkernels ? "them" : "it");
        }
        r->problems.notes[r->problems.nnotes - 1].informational = true;
        free(flags);
        file_result_free(&scratch);
    }
    if (plan->over_limit) {
        diag_note(&r->problems, path, 0, 0, "%d kernel%s or branch%s behind build flags not analysed: gpulint parses a "
                  "file at most %d more times", plan->over_limit, plan->over_limit == 1 ? "" : "s",
                  plan->over_limit == 1 ? "" : "es", FLAG_MAX_CONFIGS);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    findings_finish(&r->findings);
}

static bool lint(Engine *e, const char *path, const char *contents, size_t size, FileResult *r)
{
    const EngineOptions *o = &e->options;
    FILE *log = o->log ? o->log : stderr;
    if (o->verbose) fprintf(log, "gpulint: %s\n", path);
    bool empty;
    if (!check_readable(&r->problems, path, contents, size, &empty)) return false;
    r->read = true;
    if (empty) {
        diag_note(&r->problems, path, 0, 0, "empty file: nothing to analyse");
        return true;
    }
    FileContext ctx;
    file_context_plan(e->fragments, e->have_run ? &e->run : NULL, path, contents, size, &ctx);
    if (ctx.through) {
        r->through = arena_strdup(&r->problems.arena, ctx.through);
        r->context = arena_printf(&r->problems.arena, "analysed through %s", ctx.through);
    } else if (ctx.alone_reason) {
        r->context = arena_strdup(&r->problems.arena, ctx.alone_reason);
    }
    if (ctx.owner_in_run) { /* the owner's result reports this fragment's findings */
        if (o->verbose) fprintf(log, "gpulint: %s: analysed through %s\n", path, ctx.through);
        file_context_free(&ctx);
        return true;
    }
    FlagPlan plan;
    memset(&plan, 0, sizeof plan);
    e->flag_plan = ctx.focus ? NULL : &plan;
    bool ok = lint_parsed(e, path, ctx.focus ? NULL : contents, size, &ctx, r);
    e->flag_plan = NULL;
    if (ok && plan.nconfigs) lint_flag_configs(e, path, contents, size, &ctx, &plan, r);
    flag_plan_free(&plan);
    file_context_free(&ctx);
    return ok;
}

typedef struct {
    Engine *e;
    const char *const *args;
    int nargs;
} DefinedCtx;

/* Defined for the parse to come: by its flags, the user's, or a #define of
 * its include closure (read by projects_flags_for). */
static bool defined_for_parse(void *ctx, const char *name)
{
    DefinedCtx *d = ctx;
    const FrontendOptions *fo = &d->e->options.frontend;
    return projects_args_define(d->args, d->nargs, name) || projects_args_define(fo->extra, fo->nextra, name) ||
           projects_closure_defines(d->e->projects, name);
}

/* The choices config_choice_prescan makes for the file's own text, added
 * to the flags before its one parse. */
static int prechoose_configuration(Engine *e, const char *tu, const char *contents, size_t size, const char ***args,
                                   int *nargs, ConfigChoice *chosen)
{
    long n = 0;
    char *owned = NULL;
    const char *text = contents ? contents : (owned = read_file(tu, &n));
    size_t len = contents ? size : (size_t)n;
    if (!text) return 0;
    DefinedCtx d = {e, *args, *nargs};
    int k = config_choice_prescan(tu, text, len, defined_for_parse, &d, chosen, MAX_CONFIG_CHOICES);
    free(owned);
    for (int i = 0; i < k; i++) {
        *VEC_PUSH(*args, *nargs) = "-D";
        *VEC_PUSH(*args, *nargs) = chosen[i].name;
    }
    return k;
}

/* Parses the file again with one more -D for each #error that ends a set
 * of alternatives, while the choice removes that #error (at most
 * MAX_CONFIG_CHOICES); *m and *pr become the last good parse's.  Returns
 * how many were chosen. */
static int choose_configuration(Engine *e, const char *tu, const char *contents, size_t size, FileArgs *fa,
                                const char ***args, int *nargs, ConfigChoice *chosen, int max, Model *m,
                                FrontendReport *pr)
{
    int n = 0;
    while (n < max &&
           config_choice_for(pr, tu, contents, size, fa->project_root, &chosen[n])) {
        *VEC_PUSH(*args, *nargs) = "-D";
        *VEC_PUSH(*args, *nargs) = chosen[n].name;
        fa->args = *args;
        fa->nargs = *nargs;
        Model m2;
        model_init(&m2, tu);
        FrontendReport pr2;
        bool ok = frontend_analyse_with(e->frontend, tu, contents, size, fa, &m2, &pr2);
        if (!ok || config_choice_still_fails(&pr2, &chosen[n])) {
            frontend_report_free(&pr2);
            model_free(&m2);
            break;
        }
        frontend_report_free(pr);
        model_free(m);
        *m = m2;
        *pr = pr2;
        n++;
    }
    return n;
}

/* Parses ctx->parse_path (the file, or a fragment's owner) with its flags,
 * models it and runs the rules. */
static bool lint_parsed(Engine *e, const char *path, const char *contents, size_t size, const FileContext *ctx,
                        FileResult *r)
{
    const EngineOptions *o = &e->options;
    FILE *log = o->log ? o->log : stderr;
    const char *tu = ctx->parse_path;
    Model m;
    model_init(&m, tu);
    FrontendReport pr;
    FileArgs fa = {NULL, 0, false, false, NULL, NULL, PRELUDE_RUNTIME, 0, false, ctx->model_files, ctx->nmodel_files,
                   !engine_forced_language() && is_cuda_kernel_header(tu), NULL, 0};
    bool may_prechoose = false; /* the file has an #error of its own (read as text) */
    /* explicit instantiations given to clang as declarations (instantiation_decls.h) */
    DeclaredTexts declared;
    memset(&declared, 0, sizeof declared);
    if (e->projects) {
        FileFlags ff;
        projects_flags_for(e->projects, tu, contents, size, &ff);
        char main_abs[PATH_MAX];
        bool in_editor = e->document && !ctx->focus;
        /* no kernel, device function or launch in the file or its project
         * headers (a test or benchmark program), or none in the file while
         * its headers' are analysed through other files (their owners), and
         * no macro of its closure makes GPU code: its parse would model
         * nothing, so it is not parsed, and says so */
        const char *why =
            !ff.gpu_code ? "no GPU code in the file or the project headers it includes (no kernel, device function or "
                           "launch): not parsed"
            : !ff.own_gpu_code && !ff.gpu_macros && e->fragments && !ctx->nmodel_files && !ctx->focus
                ? "no GPU code of its own, and that of the project headers it includes is analysed through other files: "
                  "not parsed"
                : NULL;
        if (why && !e->document && !frontend_parses_as_opencl(e->frontend, tu)) {
            r->context = r->context ? arena_printf(&r->problems.arena, "%s; %s", r->context, why) : why;
            if (o->verbose) fprintf(log, "gpulint: %s: %s\n", tu, why);
            model_free(&m);
            return true;
        }
        if (ff.template_text && !contents) { /* a CMake source template: its first generated source */
            contents = ff.template_text;
            size = ff.template_size;
            diag_note(&r->problems, tu, 0, 0, "%s", ff.template_note);
            r->problems.notes[r->problems.nnotes - 1].informational = true;
        }
        if (ff.ninstantiating && realpath(tu, main_abs)) {
            declared_texts_build(ff.instantiating, ff.ninstantiating, main_abs, contents, size,
                                 in_editor ? e->open : NULL, in_editor ? e->nopen : 0, &declared);
            if (!in_editor) frontend_set_other_buffers(e->frontend, declared.items, declared.n);
            if (declared.main_text) {
                contents = declared.main_text;
                size = declared.main_size;
            }
        }
        fa.args = ff.args;
        fa.nargs = ff.nargs;
        fa.real_headers = ff.real_headers;
        fa.no_pch = ff.changes_pch;
        fa.project_root = ff.root;
        fa.prelude = ff.prelude;
        fa.shim_pch = ff.shim_pch;
        fa.no_prelude = ff.defines_toolkit_config;
        may_prechoose = ff.has_error_directive && !frontend_parses_as_opencl(e->frontend, tu);
        if (ff.build_option) r->build_option = arena_strdup(&r->problems.arena, ff.build_option);
        if (o->show_project && o->verbose) {
            fprintf(log, "gpulint: %s: project %s%s%s%s", tu, ff.root, ff.compile_db ? ", database " : "",
                    ff.compile_db ? ff.compile_db : "", ff.compile_db && !ff.from_database ? " (a neighbour's entry)" : "");
            fprintf(log, "%s%s; flags:", ff.real_headers ? ", CUDA toolkit headers" : "",
                    ff.fast_math ? ", --use_fast_math" : "");
            for (int i = 0; i < ff.nargs; i++) fprintf(log, " %s", ff.args[i]);
            fputc('\n', log);
        }
    }
    /* .gpulint.yaml: include-paths and defines after the project's flags
     * (the command line's -D still wins, parse.c), headers, rule options.
     * A broken config file is reported by the filter, not here. */
    const EffectiveConfig *cfg = NULL;
    if (e->configs) {
        Diagnostics scratch;
        memset(&scratch, 0, sizeof scratch);
        cfg = config_for_file(e->configs, tu, &scratch);
        diagnostics_free(&scratch);
    }
    const char **args = NULL;
    int nargs = 0;
    for (int i = 0; i < fa.nargs; i++) *VEC_PUSH(args, nargs) = fa.args[i];
    if (cfg) {
        for (int i = 0; i < cfg->ninclude_paths; i++) {
            *VEC_PUSH(args, nargs) = "-I";
            *VEC_PUSH(args, nargs) = cfg->include_paths[i];
        }
        for (int i = 0; i < cfg->ndefines; i++) {
            *VEC_PUSH(args, nargs) = "-D";
            *VEC_PUSH(args, nargs) = cfg->defines[i];
        }
        if (cfg->headers && strcmp(cfg->headers, "cuda") == 0) fa.real_headers = true;
        else if (cfg->headers && strcmp(cfg->headers, "shim") == 0) fa.real_headers = false;
        fa.cl_std = cfg->cl_std;
    }
    for (int i = 0; e->flag_config && i < e->flag_config->ndefines; i++) {
        *VEC_PUSH(args, nargs) = "-D";
        *VEC_PUSH(args, nargs) = e->flag_config->defines[i];
    }
    /* #error unless the build defines an alternative that no flag and no
     * #define of the closure defines: chosen before the parse (config_choice.h) */
    ConfigChoice chosen[MAX_CONFIG_CHOICES];
    int nchosen = 0;
    if (may_prechoose && !(e->document && !ctx->focus))
        nchosen = prechoose_configuration(e, tu, ctx->focus ? NULL : contents, size, &args, &nargs, chosen);
    fa.args = args;
    fa.nargs = nargs;
    bool with_args = e->projects || (cfg && (nargs || cfg->headers || cfg->cl_std)) || fa.nmodel_files || e->flag_config;
    /* an editor's kept parse is of the document itself, not of a fragment's owner */
    /* an editor's document is kept as one parse: a flag set's parse is apart */
    bool analysed = e->document && !ctx->focus && !e->flag_config
                        ? frontend_document_analyse(e->document, contents, size, with_args ? &fa : NULL,
                                                    declared.n ? declared.items : e->open,
                                                    declared.n ? declared.n : e->nopen, &m, &pr)
                        : frontend_analyse_with(e->frontend, tu, contents, size, with_args ? &fa : NULL, &m, &pr);
    /* a kernel file compiled at run time: its undeclared sizes from the
     * host code that compiles it, then one more parse (jit_names.h) */
    JitDefines jit;
    memset(&jit, 0, sizeof jit);
    bool opencl = m.language == LANG_OPENCL;
    if (analysed && e->projects && !(e->document && !ctx->focus) && fa.project_root &&
        jit_defines_for(e->jit ? e->jit : (e->jit = jit_index_new()), e->projects, fa.project_root, tu, opencl, &pr,
                        &jit)) {
        int nargs_before = nargs;
        for (int i = 0; i < jit.ndefines; i++) {
            *VEC_PUSH(args, nargs) = "-D";
            *VEC_PUSH(args, nargs) = jit.defines[i];
        }
        if (jit.device_default) {
            *VEC_PUSH(args, nargs) = "-include";
            *VEC_PUSH(args, nargs) = e->device_default_header;
        }
        fa.args = args;
        fa.nargs = nargs;
        fa.run_time_names = (const char *const *)jit.run_time_names;
        fa.nrun_time_names = jit.nrun_time_names;
        /* NVRTC has no standard library, and a header may declare its own
         * std:: then: the precompiled shim of the file's own includes only */
        fa.shim_pch = 0;
        Model m2;
        model_init(&m2, tu);
        FrontendReport pr2;
        /* an OpenCL name can be a function-like macro or a type the
         * placeholder does not fit: that parse is kept only when better */
        if (frontend_analyse_with(e->frontend, tu, contents, size, &fa, &m2, &pr2) &&
            (!opencl || frontend_report_errors(&pr2) < frontend_report_errors(&pr))) {
            frontend_report_free(&pr);
            model_free(&m);
            m = m2;
            pr = pr2;
        } else {
            frontend_report_free(&pr2);
            model_free(&m2);
            jit_defines_free(&jit); /* and the flags that point into it */
            nargs = nargs_before;
            fa.nargs = nargs;
            fa.run_time_names = NULL;
            fa.nrun_time_names = 0;
        }
    }
    /* a file that stops on #error unless its build picks one of its
     * alternatives: parsed again with one picked (config_choice.h) */
    if (analysed && !(e->document && !ctx->focus) && m.language == LANG_CUDA) {
        if (!with_args) fa.real_headers = pr.used_real_headers;
        nchosen += choose_configuration(e, tu, contents, size, &fa, &args, &nargs, chosen + nchosen,
                                        MAX_CONFIG_CHOICES - nchosen, &m, &pr);
    }
    if (declared.n && !(e->document && !ctx->focus)) frontend_set_other_buffers(e->frontend, NULL, 0);
    int ndeclared = declared.n + (declared.main_text != NULL);
    declared_texts_free(&declared); /* libclang copied the buffers; the model keeps no pointer to them */
    if (e->info && !e->flag_config) {
        e->info->reused = pr.reused;
        e->info->declared_files = ndeclared;
        e->info->included = pr.included;
        e->info->nincluded = pr.nincluded;
        pr.included = NULL;
        pr.nincluded = 0;
    }
    if (!analysed) {
        diag_error(&r->problems, tu, 0, 0, "%s", pr.fatal_message);
        frontend_report_free(&pr);
        model_free(&m);
        free(args);
        jit_defines_free(&jit);
        return false;
    }
    add_parse_problems(&pr, tu, &r->problems);
    if (jit.ndefines) {
        char *described = jit_describe(&jit);
        diag_note(&r->problems, tu, 0, 0, "%s", described);
        free(described);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    for (int i = 0; i < nchosen; i++) {
        bool here = strcmp(chosen[i].file, tu) == 0;
        diag_note(&r->problems, tu, 0, 0,
                  "configuration chosen: -D%s, one of the alternatives the #if at %s%sline %u offers before "
                  "`#error %s`; pass -D to analyse another",
                  chosen[i].name, here ? "" : chosen[i].file, here ? "" : ", ", chosen[i].if_line, chosen[i].message);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    for (int i = 0; i < m.nnotes; i++) { /* parts of the file the model builder had to skip */
        const char *file = m.notes[i].range.file ? m.notes[i].range.file : tu;
        if (ctx->focus && !same_file(file, ctx->focus)) continue; /* the owner's own */
        diag_note(&r->problems, file, m.notes[i].range.line, m.notes[i].range.col, "%s", m.notes[i].message);
    }
    if (o->verbose)
        fprintf(log, "gpulint: %s: parse %.1f ms, model %.1f ms%s%s%s%s%s", tu, pr.parse_seconds * 1e3,
                pr.model_seconds * 1e3, pr.used_real_headers ? " (real CUDA headers)" : "",
                pr.toolkit_prelude ? ", precompiled toolkit prelude " : "", pr.toolkit_prelude ? pr.toolkit_prelude : "",
                pr.shim_pch ? ", precompiled " : "", pr.shim_pch ? pr.shim_pch : "");
    if (o->verbose && ndeclared)
        fprintf(log, " (explicit instantiations read as declarations in %d file%s)", ndeclared, ndeclared == 1 ? "" : "s");
    if (o->verbose && m.language == LANG_OPENCL)
        fprintf(log, " (OpenCL host files: %d read as text, %d parsed, %.1f ms)", pr.host_sources_read,
                pr.host_files_scanned, pr.host_seconds * 1e3);
    if (o->verbose) fputc('\n', log);
    if (o->dump_model) model_dump(log, &m);
    run_rules(o, &m, cfg, &r->findings);
    if (pr.host_strings) guard_host_string_fixes(&pr, &r->findings);
    /* kernels the preprocessor skipped that a build flag selects (flag_kernels.h) */
    if (e->flag_plan && !ndeclared) {
        FileFlagsCtx fc = {e, fa.project_root, tu, args, nargs, &m};
        FlagQueries q = {kernel_modelled, e->projects && fa.project_root ? host_sets_flag : NULL, flag_defined, &fc};
        flag_kernels_plan_for(tu, contents, size, m.language == LANG_OPENCL, &q, e->flag_plan);
    }
    if (e->flag_config) e->flag_found = flag_kernels_found(e->flag_config, &m);
    free(args);
    jit_defines_free(&jit); /* after the parses whose flags point into it */
    r->kernels = file_context_finish(e->fragments, ctx, path, &m, &r->findings);
    note_device_roots(&m, ctx, r);
    findings_finish(&r->findings);
    model_free(&m);
    frontend_report_free(&pr);
    return true;
}

bool engine_lint_file(Engine *e, const char *path, const char *contents, size_t size, FileResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    double t0 = monotonic_seconds(), c0 = process_cpu_seconds();
    r->path = xstrdup(path);
    bool ok = lint(e, path, contents, size, r);
    r->seconds = monotonic_seconds() - t0;
    r->cpu_seconds = process_cpu_seconds() - c0;
    file_status_compute(r, ok);
    return ok;
}

bool engine_lint_document(Engine *e, const char *path, const char *contents, size_t size, const FrontendBuffer *open,
                          int nopen, FileResult *out, DocumentInfo *info)
{
    memset(info, 0, sizeof *info);
    if (!e->documents) e->documents = document_cache_new(ENGINE_MAX_DOCUMENTS);
    e->document = document_cache_get(e->documents, e->frontend, path);
    e->open = open;
    e->nopen = nopen;
    e->info = info;
    bool ok = engine_lint_file(e, path, contents, size, out);
    e->document = NULL;
    e->open = NULL;
    e->nopen = 0;
    e->info = NULL;
    info->kept = document_cache_count(e->documents);
    return ok;
}

void engine_close_document(Engine *e, const char *path)
{
    if (e->documents) document_cache_close(e->documents, path);
}

int engine_documents_kept(const Engine *e)
{
    return document_cache_count(e->documents);
}

void document_info_free(DocumentInfo *info)
{
    for (int i = 0; i < info->nincluded; i++) free(info->included[i]);
    free(info->included);
    memset(info, 0, sizeof *info);
}

/* --------------------------------------------------------------- session */

/* Project discovery and the include graphs: per run, not per file.  Built in
 * each engine, or once by the parent before its workers start
 * (engine_projects_new), which they then inherit through fork: a worker
 * replaced after a timeout does not build them again. */
struct EngineProjects {
    ProjectSet *projects;
    FragmentSet *fragments;
    const char **user_include_dirs; int nuser_include_dirs;
    char shim_dir[PATH_MAX];
};

static EngineProjects *projects_setup(const EngineOptions *o, const char *cuda_path)
{
    EngineProjects *p = xcalloc(1, sizeof *p);
    const FrontendOptions *fo = &o->frontend;
    for (int i = 0; i < fo->nextra; i++) {
        if (strcmp(fo->extra[i], "-I") == 0 && i + 1 < fo->nextra)
            *VEC_PUSH(p->user_include_dirs, p->nuser_include_dirs) = fo->extra[++i];
        else if (strncmp(fo->extra[i], "-I", 2) == 0 && fo->extra[i][2])
            *VEC_PUSH(p->user_include_dirs, p->nuser_include_dirs) = fo->extra[i] + 2;
    }
    snprintf(p->shim_dir, sizeof p->shim_dir, "%s/include/shim", fo->data_dir ? fo->data_dir : ".");
    ProjectOptions po = {o->compile_db_dir, p->user_include_dirs, p->nuser_include_dirs, p->shim_dir,
                         cuda_path, fo->headers == HEADERS_SHIM, fo->extra, fo->nextra};
    p->projects = projects_new(&po);
    p->fragments = fragments_new(p->projects);
    /* the graphs are read now: in the parent, before workers or an audit's
     * children are forked */
    for (int i = 0; i < o->nrun_files; i++) {
        char real[PATH_MAX];
        if (realpath(o->run_files[i], real)) fragments_info(p->fragments, real);
    }
    return p;
}

EngineProjects *engine_projects_new(const EngineOptions *o)
{
    if (o->no_project) return NULL;
    char cuda_path[PATH_MAX];
    frontend_options_cuda_path(&o->frontend, cuda_path, sizeof cuda_path);
    return projects_setup(o, cuda_path);
}

void engine_projects_free(EngineProjects *p)
{
    if (!p) return;
    fragments_free(p->fragments);
    projects_free(p->projects);
    free(p->user_include_dirs);
    free(p);
}

Engine *engine_new(const EngineOptions *o, char *err, int errsize)
{
    Frontend *fe = frontend_new(&o->frontend, err, errsize);
    if (!fe) return NULL;
    Engine *e = xcalloc(1, sizeof *e);
    e->options = *o;
    e->frontend = fe;
    if (!o->no_project) {
        snprintf(e->device_default_header, sizeof e->device_default_header,
                 "%s/include/toolkit/gpulint_nvrtc_device_default.h",
                 o->frontend.data_dir ? o->frontend.data_dir : ".");
        EngineProjects *p = o->shared_projects;
        if (!p) p = e->own_projects = projects_setup(o, frontend_cuda_path(fe));
        e->projects = p->projects;
        e->fragments = p->fragments;
        engine_add_run_files(e, o->run_files, o->nrun_files);
    }
    if (!o->no_config) e->configs = config_set_new();
    return e;
}

void engine_add_run_files(Engine *e, char *const *paths, int n)
{
    for (int i = 0; e->fragments && i < n; i++) {
        char real[PATH_MAX];
        if (!realpath(paths[i], real)) continue;
        *strmap_get(&e->run, real) = 1;
        e->have_run = true;
        /* the graph is read now, before an audit forks a child per file */
        fragments_info(e->fragments, real);
    }
}

void engine_discover_projects(Engine *e, const char *const *paths, int n)
{
    if (!e->projects) return;
    for (int i = 0; i < n; i++) {
        FileFlags ff;
        projects_flags_for(e->projects, paths[i], NULL, 0, &ff);
    }
}

void engine_describe_projects(const Engine *e, FILE *out)
{
    if (e && e->projects) projects_describe(e->projects, out);
}

void engine_free(Engine *e)
{
    if (!e) return;
    engine_projects_free(e->own_projects);
    jit_index_free(e->jit);
    strmap_free(&e->run);
    document_cache_free(e->documents);
    config_set_free(e->configs);
    frontend_free(e->frontend);
    free(e);
}
