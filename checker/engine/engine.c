/* engine.c - see engine.h.  Bad input never stops a run: each problem is
 * recorded with its file and reason, and the other files are analysed. */
#include "engine/engine.h"
#include "report/config.h"
#include "engine/context.h"
#include "engine/documents.h"
#include "engine/file_problems.h"
#include "project/fragments.h"
#include "project/project.h"
#include "project/jit_names.h"
#include "variants/flag_relint.h"
#include "variants/variant.h"
#include "project/instantiation_decls.h"
#include "model/dump.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/clock.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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
    JitIndex *jit;               /* which project files refer to run-time compiled kernel files (made on first use) */
};

/* -------------------------------------------------------------- one file */

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
    rules_note_language_and_target(m, out);
    if (o->replay_facts) rules_add_replay_facts(m, out);
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

/* How a file is being linted: for the command line, as an editor's kept
 * document, or again with the flags of a build (flag_relint.h). */
typedef struct {
    FrontendDocument *document;              /* an editor's kept parse of the file, or NULL */
    VariantMemory *memory;                   /* ... and what the variants learned of it */
    const FrontendBuffer *open; int nopen;   /* the other documents open in the editor */
    DocumentInfo *info;                      /* where the document's analysis reports */
    FlagPlan *flag_plan;                     /* the first lint records there the kernels a build flag selects */
    const FlagConfig *flag_config;           /* a lint again with these flags ... */
    int flag_found;                          /* ... and how many of the kernels they select it modelled */
    const char *reduced;                     /* a second parse after a first that ended so: leaner */
    int dropped_dirs;                        /* ... the discovered include directories it left out (0: none,
                                                it would have been the first parse again, and was not made) */
} LintMode;

static bool lint_parsed(Engine *e, LintMode *mode, const char *path, const char *contents, size_t size,
                        const FileContext *ctx, FileResult *r);

typedef struct {
    Engine *e;
    const LintMode *mode;
    const char *path, *contents;
    size_t size;
    const FileContext *ctx;
} FlagLint;

static bool lint_with_flags(void *ctx, const FlagConfig *fc, FileResult *scratch, int *kernels_found)
{
    FlagLint *fl = ctx;
    LintMode mode = *fl->mode;
    mode.flag_plan = NULL;
    mode.flag_config = fc;
    mode.flag_found = 0;
    bool ok = lint_parsed(fl->e, &mode, fl->path, fl->contents, fl->size, fl->ctx, scratch);
    *kernels_found = mode.flag_found;
    return ok;
}

/* What a reduced second parse left out, or why there was none: a note
 * that degrades the file, or its error. */
static bool report_reduced(const LintMode *mode, const char *path, FileResult *r)
{
    if (!mode->dropped_dirs) {
        diag_error(&r->problems, path, 0, 0, "%s; a second parse had nothing to leave out (no include directory "
                   "found by discovery)", mode->reduced);
        return false;
    }
    diag_note(&r->problems, path, 0, 0, "the first analysis %s: parsed again without the %d include director%s "
              "project discovery added (headers found only there are missing) and without relints for build flags",
              mode->reduced, mode->dropped_dirs, mode->dropped_dirs == 1 ? "y" : "ies");
    r->problems.notes[r->problems.nnotes - 1].parse_detail = true; /* in the file's one summary line */
    return true;
}

static bool lint(Engine *e, LintMode *mode, const char *path, const char *contents, size_t size, FileResult *r)
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
    mode->flag_plan = ctx.focus || mode->reduced ? NULL : &plan;
    bool ok = lint_parsed(e, mode, path, ctx.focus ? NULL : contents, size, &ctx, r);
    mode->flag_plan = NULL;
    if (mode->reduced) ok = report_reduced(mode, path, r) && ok;
    if (ok && plan.nconfigs) {
        FlagLint fl = {e, mode, path, contents, size, &ctx};
        flag_relint_run(&plan, path, lint_with_flags, &fl, r);
    }
    flag_plan_free(&plan);
    file_context_free(&ctx);
    return ok;
}

/* The project's flags for the file (project.h), and what they change of
 * its text: a CMake source template's first generated source, explicit
 * instantiations read as declarations.  False when the file is not worth
 * a parse (no GPU code): r says why. */
static bool apply_project_flags(Engine *e, LintMode *mode, const FileContext *ctx, FileParse *p,
                                DeclaredTexts *declared, FileResult *r)
{
    const EngineOptions *o = &e->options;
    FILE *log = o->log ? o->log : stderr;
    FileFlags ff;
    projects_flags_for(e->projects, p->tu, p->contents, p->size, &ff);
    if (mode->reduced) {
        if (!ff.discovered_dirs) return false;
        ff.nargs -= 2 * ff.discovered_dirs; /* the trailing -idirafter DIR pairs (project.c) */
        mode->dropped_dirs = ff.discovered_dirs;
    }
    char main_abs[PATH_MAX];
    /* no kernel, device function or launch in the file or its project
     * headers (a test or benchmark program), or none in the file while
     * its headers' are analysed through other files (their owners), and
     * no macro of its closure makes GPU code: its parse would model
     * nothing, so it is not parsed, and says so */
    const char *why =
        !ff.gpu_code ? "no GPU code in the file or the project headers it includes (no kernel, device function or "
                       "launch): " ENGINE_NOT_PARSED
        : !ff.own_gpu_code && !ff.gpu_macros && e->fragments && !ctx->nmodel_files && !ctx->focus
            ? "no GPU code of its own, and that of the project headers it includes is analysed through other files: "
              ENGINE_NOT_PARSED
            : NULL;
    if (why && !frontend_parses_as_opencl(e->frontend, p->tu)) {
        r->context = r->context ? arena_printf(&r->problems.arena, "%s; %s", r->context, why) : why;
        if (o->verbose) fprintf(log, "gpulint: %s: %s\n", p->tu, why);
        return false;
    }
    if (ff.template_text && !p->contents) { /* a CMake source template: its first generated source */
        p->contents = ff.template_text;
        p->size = ff.template_size;
        diag_note(&r->problems, p->tu, 0, 0, "%s", ff.template_note);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    if (ff.ninstantiating && realpath(p->tu, main_abs)) {
        p->instantiations_declared = true; /* the text as written, for clang_instances_variant.c */
        p->written_contents = p->contents, p->written_size = p->size;
        declared_texts_build(ff.instantiating, ff.ninstantiating, main_abs, p->contents, p->size,
                             p->editor ? mode->open : NULL, p->editor ? mode->nopen : 0, declared);
        if (!p->editor) frontend_set_other_buffers(e->frontend, declared->items, declared->n);
        if (declared->main_text) {
            p->contents = declared->main_text;
            p->size = declared->main_size;
        }
    }
    p->fa.args = ff.args;
    p->fa.nargs = ff.nargs;
    p->fa.real_headers = ff.real_headers;
    p->fa.no_pch = ff.changes_pch;
    p->fa.project_root = ff.root;
    p->fa.offload_arch = ff.offload_arch, p->fa.hip = ff.hip;
    for (int v = 0; v < 2; v++) /* the -D of a build for one vendor's GPUs: the frontend picks by target */
        p->fa.vendor_args[v] = (const char *const *)ff.vendor_args[v], p->fa.nvendor_args[v] = ff.nvendor_args[v];
    p->fa.prelude = ff.prelude;
    p->fa.shim_pch = ff.shim_pch;
    p->fa.no_prelude = ff.defines_toolkit_config;
    p->may_prechoose = ff.has_error_directive && !frontend_parses_as_opencl(e->frontend, p->tu);
    if (ff.build_option) r->build_option = arena_strdup(&r->problems.arena, ff.build_option);
    if (o->show_project && o->verbose) {
        fprintf(log, "gpulint: %s: project %s%s%s%s", p->tu, ff.root, ff.compile_db ? ", database " : "",
                ff.compile_db ? ff.compile_db : "", ff.compile_db && !ff.from_database ? " (a neighbour's entry)" : "");
        fprintf(log, "%s%s; flags:", ff.real_headers ? ", CUDA toolkit headers" : "",
                ff.fast_math ? ", --use_fast_math" : "");
        for (int i = 0; i < ff.nargs; i++) fprintf(log, " %s", ff.args[i]);
        fputc('\n', log);
    }
    return true;
}

/* .gpulint.yaml: include-paths and defines after the project's flags (the
 * command line's -D still wins, parse.c), headers, rule options.  A broken
 * config file is reported by the filter, not here. */
static const EffectiveConfig *apply_config(Engine *e, FileParse *p)
{
    for (int i = 0; i < p->fa.nargs; i++) *VEC_PUSH(p->args, p->nargs) = p->fa.args[i];
    p->fa.args = p->args;
    p->fa.nargs = p->nargs;
    if (!e->configs) return NULL;
    Diagnostics scratch;
    memset(&scratch, 0, sizeof scratch);
    const EffectiveConfig *cfg = config_for_file(e->configs, p->tu, &scratch);
    diagnostics_free(&scratch);
    if (!cfg) return NULL;
    for (int i = 0; i < cfg->ninclude_paths; i++) file_parse_add(p, "-I", cfg->include_paths[i]);
    for (int i = 0; i < cfg->ndefines; i++) file_parse_add(p, "-D", cfg->defines[i]);
    if (cfg->headers && strcmp(cfg->headers, "cuda") == 0) p->fa.real_headers = true;
    else if (cfg->headers && strcmp(cfg->headers, "shim") == 0) p->fa.real_headers = false;
    p->fa.cl_std = cfg->cl_std;
    if (cfg->offload_arch) p->fa.offload_arch = cfg->offload_arch; /* the config's over the database's */
    return cfg;
}

/* What the parse found and could not do, as the file's problems. */
static void report_parse(const FileParse *p, const FileContext *ctx, void *const *states, FileResult *r)
{
    add_parse_problems(&p->pr, p->tu, &r->problems);
    if (p->pr.framework_stand_ins) {
        diag_note(&r->problems, p->tu, 0, 0,
                  FRAMEWORK_STAND_IN_NOTE " (docs/projects.md); code that uses more of them is reported as parse errors");
        r->problems.notes[r->problems.nnotes - 1].informational = true;
        r->problems.notes[r->problems.nnotes - 1].parse_detail = true; /* one line for the run (cli/main.c) */
    }
    for (int v = 0; v < nparse_variants; v++)
        if (parse_variants[v]->report) parse_variants[v]->report(states[v], p, &r->problems);
    for (int i = 0; i < p->m.nnotes; i++) { /* parts of the file the model builder had to skip */
        const char *file = p->m.notes[i].range.file ? p->m.notes[i].range.file : p->tu;
        if (ctx->focus && !same_file(file, ctx->focus)) continue; /* the owner's own */
        diag_note(&r->problems, file, p->m.notes[i].range.line, p->m.notes[i].range.col, "%s", p->m.notes[i].message);
    }
}

static void log_parse(const EngineOptions *o, const FileParse *p, int ndeclared)
{
    FILE *log = o->log ? o->log : stderr;
    const FrontendReport *pr = &p->pr;
    if (o->verbose)
        fprintf(log, "gpulint: %s: parse %.1f ms, model %.1f ms%s%s%s%s%s", p->tu, pr->parse_seconds * 1e3,
                pr->model_seconds * 1e3, pr->used_real_headers ? " (real CUDA headers)" : pr->rocm_headers ? " (ROCm's HIP headers)" : "",
                pr->toolkit_prelude ? ", precompiled toolkit prelude " : "", pr->toolkit_prelude ? pr->toolkit_prelude : "",
                pr->shim_pch ? ", precompiled " : "", pr->shim_pch ? pr->shim_pch : "");
    if (o->verbose && ndeclared)
        fprintf(log, " (explicit instantiations read as declarations in %d file%s)", ndeclared, ndeclared == 1 ? "" : "s");
    if (o->verbose && !model_language(&p->m)->host_code_in_gpu_files) /* its launches are in host files */
        fprintf(log, " (%s host files: %d read as text, %d parsed, %.1f ms)", model_language(&p->m)->title,
                pr->host_sources_read, pr->host_files_scanned, pr->host_seconds * 1e3);
    if (o->verbose) fputc('\n', log);
    if (o->dump_model) model_dump(log, &p->m);
}

/* Parses ctx->parse_path (the file, or a fragment's owner) with its flags
 * and the parse variants (variant.h), models it and runs the rules. */
static bool lint_parsed(Engine *e, LintMode *mode, const char *path, const char *contents, size_t size,
                        const FileContext *ctx, FileResult *r)
{
    const EngineOptions *o = &e->options;
    VariantEnv env = {e->frontend, e->projects, &e->jit, &o->frontend, e->device_default_header};
    FileParse p;
    memset(&p, 0, sizeof p);
    p.tu = ctx->parse_path;
    p.contents = contents, p.size = size;
    p.editor = mode->document && !ctx->focus; /* an editor's kept parse is of the document itself */
    p.memory = p.editor ? mode->memory : NULL;
    p.fa = (FileArgs){.prelude = PRELUDE_RUNTIME, .model_files = ctx->model_files, .nmodel_files = ctx->nmodel_files,
                      .nlauncher_files = ctx->nlauncher_files,
                      .cuda_header = !engine_forced_language() && (is_cuda_kernel_header(p.tu) || is_hip_source(p.tu))};
    /* explicit instantiations given to clang as declarations (instantiation_decls.h) */
    DeclaredTexts declared;
    memset(&declared, 0, sizeof declared);
    if (e->projects && !apply_project_flags(e, mode, ctx, &p, &declared, r)) return true;
    const EffectiveConfig *cfg = apply_config(e, &p);
    for (int i = 0; mode->flag_config && i < mode->flag_config->ndefines; i++)
        file_parse_add(&p, "-D", mode->flag_config->defines[i]);
    p.prescan_contents = ctx->focus ? NULL : p.contents;
    void **states = xcalloc((size_t)nparse_variants, sizeof *states);
    for (int v = 0; v < nparse_variants; v++) {
        states[v] = xcalloc(1, parse_variants[v]->state_size ? parse_variants[v]->state_size : 1);
        if (parse_variants[v]->before_parse) parse_variants[v]->before_parse(states[v], &env, &p);
    }
    p.fa.args = p.args;
    p.fa.nargs = p.nargs;
    p.with_args = e->projects || (cfg && (p.nargs || cfg->headers || cfg->cl_std || cfg->offload_arch)) ||
                  p.fa.nmodel_files ||
                  mode->flag_config;
    model_init(&p.m, p.tu);
    /* an editor's document is kept as one parse: a flag set's parse is apart */
    p.analysed = p.editor && !mode->flag_config
                     ? frontend_document_analyse(mode->document, p.contents, p.size, p.with_args ? &p.fa : NULL,
                                                 declared.n ? declared.items : mode->open,
                                                 declared.n ? declared.n : mode->nopen, &p.m, &p.pr)
                     : frontend_analyse_with(e->frontend, p.tu, p.contents, p.size, p.with_args ? &p.fa : NULL, &p.m,
                                             &p.pr);
    for (int v = 0; v < nparse_variants; v++)
        if (parse_variants[v]->after_parse) parse_variants[v]->after_parse(states[v], &env, &p);
    if (declared.n && !p.editor) frontend_set_other_buffers(e->frontend, NULL, 0);
    int ndeclared = p.instantiations_declared ? declared.n + (declared.main_text != NULL) : 0;
    if (mode->info && !mode->flag_config) document_info_take(mode->info, &p.pr, ndeclared);
    if (p.analysed) {
        report_parse(&p, ctx, states, r);
        log_parse(o, &p, ndeclared);
        run_rules(o, &p.m, cfg, &r->findings);
        if (p.pr.host_strings) guard_host_string_fixes(&p.pr, &r->findings);
        /* kernels the preprocessor skipped that a build flag selects (flag_relint.h) */
        if (mode->flag_plan) flag_relint_plan(&env, &p, mode->flag_plan);
        if (mode->flag_config) mode->flag_found = flag_kernels_found(mode->flag_config, &p.m);
        r->kernels = file_context_finish(e->fragments, ctx, path, &p.m, &r->findings);
        note_device_roots(&p.m, ctx, r);
        findings_finish(&r->findings);
        if (p.editor && !mode->flag_config && mode->info) /* done with it: a slice may be checked */
            document_check_slice(mode->document, mode->memory, &p, declared.n ? declared.items : mode->open,
                                 declared.n ? declared.n : mode->nopen, mode->info);
    } else {
        diag_error(&r->problems, p.tu, 0, 0, "%s", p.pr.fatal_message);
    }
    declared_texts_free(&declared); /* after the flag plan, which reads p.contents: its main text may be one */
    for (int v = 0; v < nparse_variants; v++) { /* after the parses and the plan whose flags point into them */
        if (parse_variants[v]->finish) parse_variants[v]->finish(states[v]);
        free(states[v]);
    }
    free(states);
    free(p.args);
    model_free(&p.m);
    frontend_report_free(&p.pr);
    return p.analysed;
}

static bool lint_file(Engine *e, LintMode *mode, const char *path, const char *contents, size_t size, FileResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    double t0 = monotonic_seconds(), c0 = process_cpu_seconds();
    r->path = xstrdup(path);
    bool ok = lint(e, mode, path, contents, size, r);
    r->seconds = monotonic_seconds() - t0;
    r->cpu_seconds = process_cpu_seconds() - c0;
    problems_relative_paths(path, &r->problems);
    file_status_compute(r, ok);
    return ok;
}

bool engine_lint_file(Engine *e, const char *path, const char *contents, size_t size, FileResult *r)
{
    LintMode mode;
    memset(&mode, 0, sizeof mode);
    return lint_file(e, &mode, path, contents, size, r);
}

bool engine_lint_file_reduced(Engine *e, const char *path, const char *first_failure, FileResult *r)
{
    LintMode mode;
    memset(&mode, 0, sizeof mode);
    mode.reduced = first_failure && *first_failure ? first_failure : "ran out of time or memory";
    return lint_file(e, &mode, path, NULL, 0, r);
}

bool engine_lint_document(Engine *e, const char *path, const char *contents, size_t size, const FrontendBuffer *open,
                          int nopen, FileResult *out, DocumentInfo *info)
{
    memset(info, 0, sizeof *info);
    if (!e->documents) e->documents = document_cache_new(ENGINE_MAX_DOCUMENTS);
    LintMode mode = {.document = document_cache_get(e->documents, e->frontend, path), .open = open, .nopen = nopen,
                     .info = info};
    mode.memory = document_cache_memory(e->documents, mode.document);
    bool ok = lint_file(e, &mode, path, contents, size, out);
    if (document_memory_changed(mode.document, mode.memory, out, info))
        ok = lint_file(e, &mode, path, contents, size, out);
    info->kept = document_cache_count(e->documents);
    return ok;
}

void engine_document_without_preamble(Engine *e, const char *path)
{
    if (!e->documents) e->documents = document_cache_new(ENGINE_MAX_DOCUMENTS);
    frontend_document_without_preamble(document_cache_get(e->documents, e->frontend, path));
}

void engine_close_document(Engine *e, const char *path)
{
    if (e->documents) document_cache_close(e->documents, path);
}

int engine_documents_kept(const Engine *e)
{
    return document_cache_count(e->documents);
}

/* ---------------------------------------------------------------- engine */

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
                         cuda_path, fo->headers == HEADERS_SHIM, fo->extra, fo->nextra,
                         o->named_paths, o->nnamed_paths};
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
        e->projects = p->projects, e->fragments = p->fragments;
        engine_add_run_files(e, o->run_files, o->nrun_files);
        e->have_run |= file_context_mark_failed(&e->run, o->failed_owners, o->nfailed_owners);
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
