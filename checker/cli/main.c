/* main.c - the gpulint command line: each command's options are read
 * through the option table (options.c), then the command runs; the lint
 * run itself is here. */
#include "audit/audit.h"
#include "lsp/lsp.h"
#include "cli/options.h"
#include "cli/output_guard.h"
#include "bench/bench.h"
#include "engine/engine.h"
#include "report/filter.h"
#include "util/repo.h"
#include "cli/fix.h"
#include "engine/run_registry.h"
#include "report/owner_status.h"
#include "isolate/worker.h"
#include "output/emitter.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/vec.h"
#include "util/clock.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef GPULINT_SOURCE_DIR
#define GPULINT_SOURCE_DIR ""
#endif

static bool has_shim(const char *dir)
{
    char p[PATH_MAX + 64];
    struct stat st;
    int n = snprintf(p, sizeof p, "%s/include/shim/gpulint_cuda_shim.h", dir);
    return n > 0 && (size_t)n < sizeof p && stat(p, &st) == 0;
}

static void copy_path(char *dst, size_t n, const char *src)
{
    int r = snprintf(dst, n, "%s", src);
    if (r < 0 || (size_t)r >= n) dst[0] = 0;
}

/* Data (shim headers) where GPULINT_DATA_DIR says, next to an installed
 * binary, in the source tree of a build, or where an install puts it (when
 * /proc/self/exe cannot be read: a chroot or a container without /proc). */
static void find_data_dir(char *out, size_t n, char *pch, size_t npch)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    pch[0] = 0;
    const char *env = getenv("GPULINT_DATA_DIR");
    char cand[PATH_MAX + 32];
    if (env && has_shim(env)) copy_path(out, n, env);
    else if (snprintf(cand, sizeof cand, "%s/../share/gpulint", exe) > 0 && has_shim(cand)) copy_path(out, n, cand);
    else if (GPULINT_SOURCE_DIR[0] && has_shim(GPULINT_SOURCE_DIR)) copy_path(out, n, GPULINT_SOURCE_DIR);
    else if (has_shim(GPULINT_INSTALL_DATA_DIR)) copy_path(out, n, GPULINT_INSTALL_DATA_DIR);
    else if (has_shim(GPULINT_PACKAGE_DATA_DIR)) copy_path(out, n, GPULINT_PACKAGE_DATA_DIR);
    else {
        copy_path(out, n, exe);
        fprintf(stderr,
                "gpulint: warning: gpulint's data (include/shim/gpulint_cuda_shim.h) is not in GPULINT_DATA_DIR, "
                "next to the binary (%s), in %s or in %s: CUDA files are analysed without the shim; set "
                "GPULINT_DATA_DIR to the directory that holds include/shim\n",
                exe[0] ? exe : "unknown: /proc/self/exe cannot be read", GPULINT_INSTALL_DATA_DIR,
                GPULINT_PACKAGE_DATA_DIR);
    }
    struct stat st;
    if (snprintf(cand, sizeof cand, "%s/gpulint-shim.pch", exe) > 0 && stat(cand, &st) == 0) copy_path(pch, npch, cand);
    else if (snprintf(cand, sizeof cand, "%s/gpulint-shim.pch", out) > 0 && stat(cand, &st) == 0) copy_path(pch, npch, cand);
}

/* --show-config FILE: the effective config, or 2 when a config file that
 * applies has an error. */
static int print_config(const FilterOptions *fo, const char *path)
{
    Diagnostics d;
    memset(&d, 0, sizeof d);
    d.echo = stderr;
    Filter *f = filter_new(fo, &d);
    const EffectiveConfig *cfg = f ? filter_config_for(f, path, &d) : NULL;
    if (cfg) config_print(stdout, cfg);
    filter_free(f);
    diagnostics_free(&d);
    return cfg ? 0 : 2;
}

static void report_write_error(Diagnostics *problems, const char *output)
{
    diag_error(problems, output, 0, 0, "cannot write the report: %s", strerror(errno));
}

/* What a run has produced so far, file by file. */
typedef struct {
    const CliRun *cli;
    bool verbose;                 /* every note, not one line per degraded file */
    Filter *filter;               /* selection, NOLINT, config, diff, baseline, fingerprints */
    EmitterStream *stream;
    Diagnostics *problems;
    ImpactResults *impact;
    RunRegistry registry;
    RunSummary summary;
    bool keep_results;            /* for --fix and --emit-bench */
    int stand_in_files;           /* files parsed with the PyTorch stand-ins: one line at the end */
    char *first_stand_in;
    FileResult *kept; int nkept;
} RunProgress;

/* One file's result, in file order (a header analysed through its owner
 * after the owner: owner_status.h): run-wide ids -> impact -> emitter. */
static void report_file(void *ctx, FileResult *r)
{
    RunProgress *p = ctx;
    engine_filter_result(p->filter, r, NULL, 0);
    run_registry_add(&p->registry, &r->findings);
    if (p->impact) bench_attach_impact(p->impact, &r->findings);
    /* every output, --fix and --emit-bench see only what is reported */
    /* the command line's threshold, else the file's config's (lower or higher), else the default */
    Severity min = filter_min_severity(p->filter, r->path, p->cli->min_severity, &r->problems);
    p->summary.below_threshold += findings_filter_min_severity(&r->findings, min);
    p->cli->emitter->file(p->stream, r);
    if (!p->cli->output) report_stdout_check();
    /* every note with -v; otherwise one line per degraded file */
    p->problems->echo = p->verbose ? stderr : NULL;
    diagnostics_append(p->problems, &r->problems);
    if (!p->verbose) file_status_print(stderr, r);
    for (int i = 0; i < r->problems.nnotes; i++)
        if (strncmp(r->problems.notes[i].message, FRAMEWORK_STAND_IN_NOTE, strlen(FRAMEWORK_STAND_IN_NOTE)) == 0) {
            if (!p->stand_in_files++) p->first_stand_in = xstrdup(r->path);
            break;
        }
    p->problems->echo = stderr;
    p->summary.files += r->read;
    p->summary.kernels += r->kernels;
    p->summary.findings += r->findings.n;
    for (int j = 0; j < r->findings.n; j++) p->summary.by_severity[r->findings.items[j].severity]++;
    if (p->keep_results) *VEC_PUSH(p->kept, p->nkept) = *r;
    else file_result_free(r);
}

static void file_done(void *ctx, FileResult *r)
{
    owner_status_add(ctx, r);
}

/* The headers whose owner failed, analysed again through another
 * translation unit that reaches them (owner_status.h). */
static bool retry_failed_owners(const EngineOptions *run_eo, const PoolOptions *pool, OwnerStatus *owners,
                                char *err, int errsize)
{
    char **paths, **failed;
    int nfailed, n = owner_status_retries(owners, &paths, &failed, &nfailed);
    bool ok = true;
    if (n) {
        EngineOptions eo = *run_eo;
        eo.run_files = paths;
        eo.nrun_files = n;
        eo.failed_owners = failed;
        eo.nfailed_owners = nfailed;
        ok = lint_files(&eo, pool, paths, n, file_done, owners, err, errsize);
    }
    for (int i = 0; i < n; i++) free(paths[i]);
    free(paths);
    for (int i = 0; i < nfailed; i++) free(failed[i]);
    free(failed);
    return ok;
}

/* --show-project: the workers found each file's project; the parent, which
 * must not hold an Engine while workers are forked, looks again once they
 * are done (reading includes, not parsing). */
static void describe_projects(const EngineOptions *eo, const FileList *files)
{
    char err[512];
    Engine *e = engine_new(eo, err, sizeof err);
    if (!e) return;
    engine_discover_projects(e, (const char *const *)files->paths, files->n);
    engine_describe_projects(e, stderr);
    engine_free(e);
}

/* collect files -> for each file: engine -> run-wide ids -> impact ->
 * emitter -> keep what --fix/--emit-bench need; then those, and the
 * emitter's end.  Every problem goes to one sink, echoed on stderr. */
static int lint_run(const EngineOptions *eo, const char *const *paths, int npaths, const CliRun *c)
{
    run_signals_install();
    Diagnostics problems;
    memset(&problems, 0, sizeof problems);
    problems.echo = stderr;
    Filter *filter = filter_new(&c->filter, &problems);
    if (!filter) {
        diagnostics_free(&problems);
        return 2;
    }
    FILE *out = NULL;
    char tmp[PATH_MAX + 64] = "", target[PATH_MAX];
    double t0 = monotonic_seconds();
    FileList files;
    engine_collect_files(paths, npaths, &files, &problems);
    /* Nothing is analysed when an output would replace what the run reads. */
    const FilterOptions *fo = &c->filter;
    const ReadFile reads[] = {{fo->diff_file, "the --diff-file patch"}, {c->impact, "the --impact results"},
                              {fo->baseline, "the --baseline file"}, {fo->write_baseline, "the --write-baseline file"}};
    /* the baseline may replace --baseline (an update); the report neither */
    bool safe = (!c->output || output_target_safe(c->output, "report", &files, reads, 4, &problems)) &&
                (!fo->write_baseline || output_target_safe(fo->write_baseline, "baseline", &files, reads, 2, &problems));
    if (safe && c->output && !(out = output_open(c->output, tmp, sizeof tmp, target, sizeof target)))
        report_write_error(&problems, c->output);
    if (!safe || (c->output && !out)) {
        file_list_free(&files);
        diagnostics_free(&problems);
        filter_free(filter);
        return 2;
    }
    if (!out) out = report_stdout();
    engine_filter_files(filter, &files, &problems);
    ImpactResults *impact = c->impact ? bench_load_impact(c->impact, &problems) : NULL;

    EmitterStream stream = {out, 0, false, NULL};
    char *source_root = report_root(c->filter.repo_root, paths, npaths);
    RunInfo info = {GPULINT_VERSION, source_root};
    c->emitter->begin(&stream, &info);
    RunProgress progress;
    memset(&progress, 0, sizeof progress);
    progress.cli = c;
    progress.verbose = eo->verbose;
    progress.filter = filter;
    progress.stream = &stream;
    progress.problems = &problems;
    progress.impact = impact;
    progress.keep_results = c->fix || c->emit_bench;
    progress.summary.min_severity = c->min_severity;
    char err[512];
    EngineOptions run_eo = *eo; /* fragments whose owner is in the run are reported through it */
    run_eo.run_files = files.paths;
    run_eo.nrun_files = files.n;
    run_eo.named_paths = paths;
    run_eo.nnamed_paths = npaths;
    run_eo.replay_facts = c->emit_bench != NULL; /* what a replay of each finding's kernel needs */
    OwnerStatus *owners = owner_status_new(report_file, &progress);
    owner_status_hold_for_retry(owners);
    bool linted = lint_files(&run_eo, &c->pool, files.paths, files.n, file_done, owners, err, sizeof err);
    if (linted) linted = retry_failed_owners(&run_eo, &c->pool, owners, err, sizeof err);
    owner_status_finish(owners);
    if (!linted)
        diag_error(&problems, NULL, 0, 0, "%s", err);
    RunSummary summary = progress.summary;
    summary.seconds = monotonic_seconds() - t0;
    if (progress.stand_in_files && !progress.verbose) /* each file's note is a detail: -v prints them */
        fprintf(stderr,
                "gpulint: note: %s (docs/projects.md) in %d file%s (%s%s); code that uses more of them is reported as "
                "parse errors\n",
                FRAMEWORK_STAND_IN_NOTE, progress.stand_in_files, progress.stand_in_files == 1 ? "" : "s",
                progress.first_stand_in, progress.stand_in_files > 1 ? " and others: -v names each" : "");
    free(progress.first_stand_in);
    if (eo->show_project) describe_projects(eo, &files);
    run_registry_free(&progress.registry);
    bench_free_impact(impact);
    file_list_free(&files);
    bool keep_results = progress.keep_results;
    FileResult *kept = progress.kept;
    int nkept = progress.nkept;

    int status = 0;
    if (keep_results) {
        const Finding **findings = xcalloc(summary.findings > 0 ? (size_t)summary.findings : 1, sizeof *findings);
        int n = 0;
        for (int i = 0; i < nkept; i++)
            for (int j = 0; j < kept[i].findings.n; j++) findings[n++] = &kept[i].findings.items[j];
        if (c->emit_bench) {
            BuildFlags *flags = engine_build_flags_new(eo);
            if (bench_emit(findings, n, c->emit_bench, c->data_dir, engine_build_flags_for, flags, &problems) != 0)
                status = 2;
            engine_build_flags_free(flags);
        }
        if (c->fix && gpulint_apply_fixes(findings, n, &problems, stderr) != 0) status = 2;
        free(findings);
        for (int i = 0; i < nkept; i++) file_result_free(&kept[i]);
        free(kept);
    }

    filter_finish(filter, &problems);
    filter_free(filter);
    summary.problems = &problems;
    bool ok = c->emitter->end(&stream, &summary);
    free(source_root);
    if (c->output) {
        /* ferror too: a write that failed when a file's findings were
         * flushed leaves nothing for fclose to fail on */
        bool written = !ferror(out);
        if (fclose(out) != 0 || !written || !ok || (tmp[0] && rename(tmp, target) != 0)) {
            report_write_error(&problems, c->output);
            if (tmp[0]) unlink(tmp);
            ok = false;
        }
        if (tmp[0]) cleanup_forget(tmp);
    } else if (!report_stdout_close()) {
        diag_error(&problems, NULL, 0, 0, "cannot write the report to standard output: %s", strerror(errno));
        ok = false;
    }
    if (!c->emitter->machine_readable || c->output) print_run_summary(stderr, &summary);

    if (!ok || problems.nerrors > 0) status = 2;
    else if (status == 0 && summary.findings > 0 && !c->exit_zero && !c->filter.write_baseline) status = 1;
    diagnostics_free(&problems);
    return status;
}

/* --build-pch FILE: the build precompiles the shim with this libclang. */
static int build_pch(FrontendOptions *fo, const char *out)
{
    fo->use_pch = false;
    char err[512];
    Frontend *fe = frontend_new(fo, err, sizeof err);
    bool ok = fe && frontend_build_pch(fe, out, err, sizeof err);
    frontend_free(fe);
    if (!ok) {
        fprintf(stderr, "gpulint: error: %s\n", err);
        return 2;
    }
    return 0;
}

/* The engine's rules from --rules, or 2 after naming an unknown one. */
static int select_rules(EngineOptions *o, char *rules)
{
    for (char *tok = rules ? strtok(rules, ",") : NULL; tok; tok = strtok(NULL, ",")) {
        if (!*tok) continue;
        if (!rule_by_id(tok)) {
            fprintf(stderr, "gpulint: error: unknown rule '%s'; known rules:\n", tok);
            for (int i = 0; i < gpulint_nrules; i++) fprintf(stderr, "  %s\n", gpulint_rules[i]->id);
            return 2;
        }
        *VEC_PUSH(o->rules, o->nrules) = tok;
    }
    return 0;
}

/* gpulint [options] PATH... once parsed. */
static int lint_command(CliArgs *a)
{
    char data_dir[PATH_MAX], pch[PATH_MAX];
    find_data_dir(data_dir, sizeof data_dir, pch, sizeof pch);
    EngineOptions *o = &a->engine;
    o->frontend.data_dir = data_dir;
    o->frontend.pch_path = pch[0] ? pch : NULL;
    a->run.data_dir = data_dir;
    if (a->build_pch) return build_pch(&o->frontend, a->build_pch);

    FilterOptions *fo = &a->run.filter;
    fo->select = a->select;
    fo->nselect = a->nselect;
    fo->ignore = a->ignore;
    fo->nignore = a->nignore;
    fo->exclude = a->exclude;
    fo->nexclude = a->nexclude;
    if (fo->diff_ref && fo->diff_file) cli_usage_error(cli_command(CMD_LINT), "%s", "--diff and --diff-file exclude each other");
    if (a->show_config) return print_config(fo, a->show_config);
    if (select_rules(o, a->rules) != 0) return 2;
    if (a->npaths == 0) {
        fprintf(stderr, "gpulint: error: no input files (give .cu, .hip or .cl files or directories)\n(run 'gpulint --help' for usage)\n");
        return 2;
    }
    return lint_run(o, a->paths, a->npaths, &a->run);
}

/* gpulint audit, audit report DIR, audit merge --out DIR SHARD_DIR... */
static int audit_command(int argc, char **argv, CliArgs *a)
{
    const char *sub = argc >= 2 ? argv[1] : "";
    unsigned id = strcmp(sub, "report") == 0 ? CMD_AUDIT_REPORT : strcmp(sub, "merge") == 0 ? CMD_AUDIT_MERGE : CMD_AUDIT;
    const CliCommand *cmd = cli_command(id);
    if (id != CMD_AUDIT) argc--, argv++;
    int status = cli_parse(cmd, argc, argv, a);
    if (status >= 0) return status;
    if (id == CMD_AUDIT_MERGE) return audit_merge(a->audit.run.out_dir, a->paths, a->npaths);
    if (id == CMD_AUDIT_REPORT) {
        if (a->npaths != 1) cli_usage_error(cmd, "%s", "usage: gpulint audit report DIR");
        return audit_report_build(a->paths[0], a->audit.run.source_url);
    }
    return audit_main(&a->audit, find_data_dir);
}

int main(int argc, char **argv)
{
    standard_fds_open();
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return bench_main(argc - 1, argv + 1);
    CliArgs args;
    cli_args_init(&args);
    int status;
    if (argc >= 2 && strcmp(argv[1], "lsp") == 0) {
        status = cli_parse(cli_command(CMD_LSP), argc - 1, argv + 1, &args);
        if (status < 0) status = lsp_main(&args.lsp, find_data_dir);
    } else if (argc >= 2 && strcmp(argv[1], "audit") == 0) {
        status = audit_command(argc - 1, argv + 1, &args);
    } else {
        status = cli_parse(cli_command(CMD_LINT), argc, argv, &args);
        if (status < 0) status = lint_command(&args);
    }
    cli_args_free(&args);
    return status;
}
