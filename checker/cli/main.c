/* main.c - the gpulint command line. */
#include "audit/audit.h"
#include "lsp/lsp.h"
#include "cli/output_guard.h"
#include "bench/bench.h"
#include "engine/engine.h"
#include "report/filter.h"
#include "util/repo.h"
#include "cli/fix.h"
#include "engine/run_registry.h"
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

static const char usage_head[] =
    "usage: gpulint [options] PATH...\n"
    "       gpulint bench DIR [--arch=ARCH] [--build-only]\n"
    "       gpulint lsp [--log FILE]    a language server for editors (docs/editors.md)\n"
    "       gpulint audit --out DIR PROJECT...   audit many projects (gpulint audit --help)\n"
    "\n"
    "Static performance linter for CUDA and OpenCL kernels. PATH is a .cu/.cuh\n"
    "or .cl/.clh/.opencl file or a directory (searched recursively for them).\n"
    "\n"
    "options:\n";
/* then the --format line, made from the registered formats */
static const char usage_tail[] =
    "  -o FILE, --output=FILE write the report to FILE instead of stdout\n"
    "  --rules=ID[,ID...]     run only these rules (see --list-rules)\n"
    "  --select=LIST          report only these rules (ids or globs, 'all'; -ID drops)\n"
    "  --ignore=LIST          do not report these rules (ids or globs)\n"
    "  --exclude=GLOB         do not analyse files matching GLOB (repeatable)\n"
    "  --min-severity=info|low|medium|high\n"
    "                         report only findings at or above this severity\n"
    "                         (default low; severity follows the predicted speedup)\n"
    "  --diff=REF             report only findings on lines changed since REF (git)\n"
    "  --diff-file=PATCH      report only findings on lines a unified diff adds\n"
    "  --baseline=FILE        do not report the findings recorded in FILE\n"
    "  --write-baseline=FILE  record the reported findings in FILE (exit 0)\n"
    "  --report-unused-suppressions  note NOLINT comments that matched nothing\n"
    "  --show-config=FILE     print the .gpulint.yaml settings that apply to FILE\n"
    "  --no-config            do not read .gpulint.yaml files\n"
    "  --repo-root=DIR        repository root for paths and fingerprints (default:\n"
    "                         each file's git repository, else the current directory)\n"
    "  --exit-zero            exit 0 even when there are findings (2 still on errors)\n"
    "  --list-rules [-v]      list the rules and exit (-v: severity, options, --fix)\n"
    "  -I DIR, -D NAME[=VAL]  include directory / macro for parsing\n"
    "  -std=STD               C++ standard for parsing (default c++17)\n"
    "  -x cl|cuda             read every named file as OpenCL C / CUDA\n"
    "  -cl-std=VER            OpenCL C version for .cl files (default CL1.2)\n"
    "  --opencl-fp64=auto|on|off  double precision on the OpenCL device (auto: on\n"
    "                         when the file enables cl_khr_fp64 or uses double)\n"
    "  --cuda-path=DIR        CUDA toolkit for --headers=cuda|auto\n"
    "  --headers=auto|shim|cuda  CUDA headers: the bundled shim (default: auto,\n"
    "                         the shim, falling back to the toolkit's headers when\n"
    "                         a CUDA library header is missing and a toolkit exists)\n"
    "  --fix                  apply the fix-its of double-literal in place\n"
    "  --emit-bench DIR       write a microbenchmark per finding into DIR\n"
    "  --impact FILE          add measured results (results.json) to findings\n"
    "  -j N, --jobs=N         analyse N files at once (default: one per CPU)\n"
    "  --file-timeout=SECONDS stop analysing a file after SECONDS (default 60; 0: none)\n"
    "  --file-memory=SIZE     memory limit per file, e.g. 512M, 2G (default 2G; 0: none)\n"
    "  --no-isolation         analyse in this process: no limits, one file at a time,\n"
    "                         and a crash ends the run (for debugging)\n"
    "  --no-pch               do not use the precompiled shim header\n"
    "  -p DIR                 read compile_commands.json from DIR (default: the\n"
    "                         nearest one above each file, or its build/)\n"
    "  --show-project         print each project found, its compile database and\n"
    "                         the include directories added (-v: each file's flags)\n"
    "  --no-project           no compile database, no include discovery\n"
    "  -v, --verbose          print each file as it is analysed\n"
    "  --dump-model           print the kernel model gpulint built (to stderr)\n"
    "  --version, --help\n"
    "  -- ARGS                pass ARGS to clang as they are\n"
    "\n"
    "exit status: 0 nothing reported at or above --min-severity, 1 findings reported,\n"
    "             2 error (usage, unreadable file, parse error, bad config, a file whose\n"
    "             analysis crashed, timed out or ran out of memory, a report that\n"
    "             could not be written)\n";

/* The registered formats' names joined: "text|json", "text or json". */
static void format_names(char *buf, size_t n, const char *sep, const char *last_sep)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < gpulint_nemitters && len < n; i++) {
        const char *s = i == 0 ? "" : i == gpulint_nemitters - 1 ? last_sep : sep;
        len += (size_t)snprintf(buf + len, n - len, "%s%s", s, gpulint_emitters[i]->name);
    }
}

static void print_usage(FILE *out)
{
    char names[256], option[300];
    format_names(names, sizeof names, "|", "|");
    snprintf(option, sizeof option, "--format=%s", names);
    fputs(usage_head, out);
    fprintf(out, "  %-22s output format (default %s)\n", option, gpulint_emitters[0]->name);
    fputs(usage_tail, out);
    if (strcmp(pool_memory_limit_kind(), "address space") != 0)
        fprintf(out, "\nthis is a sanitizer build: --file-memory limits %s (checked every 20 ms),\n"
                     "not the address space\n", pool_memory_limit_kind());
}

static void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "gpulint: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'gpulint --help' for usage)\n");
    exit(2);
}

/* A decimal number in [min, max], or -1. */
static long parse_long(const char *s, long min, long max)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    return end == s || *end || errno || v < min || v > max ? -1 : v;
}

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

/* Data (shim headers) next to an installed binary, in the source tree of a
 * build, or where GPULINT_DATA_DIR says. */
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
    else copy_path(out, n, exe);
    struct stat st;
    if (snprintf(cand, sizeof cand, "%s/gpulint-shim.pch", exe) > 0 && stat(cand, &st) == 0) copy_path(pch, npch, cand);
    else if (snprintf(cand, sizeof cand, "%s/gpulint-shim.pch", out) > 0 && stat(cand, &st) == 0) copy_path(pch, npch, cand);
}

static void list_rules(bool verbose)
{
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        printf("%-22s %s%s%s\n", r->id, r->summary, r->opencl ? "; OpenCL: " : "", r->opencl ? r->opencl : "");
        if (!verbose) continue;
        printf("    default severity %s; --fix %s\n", severity_name(r->default_severity),
               r->fixes_are_safe ? "applies its fix-its" : "leaves it alone (suggestions only)");
        for (int j = 0; j < r->noptions; j++)
            printf("    option %s = %lld: %s\n", r->options[j].name, r->options[j].default_value, r->options[j].description);
    }
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

/* What the command line asks of a lint run besides the engine's options. */
typedef struct {
    const Emitter *emitter;
    const char *output;      /* -o FILE, or NULL for stdout */
    const char *impact;      /* --impact FILE */
    const char *emit_bench;  /* --emit-bench DIR */
    bool fix;
    const char *data_dir;
    FilterOptions filter;    /* selection, suppressions, config, diff, baseline */
    bool exit_zero;
    Severity min_severity;   /* --min-severity: findings below it are not reported */
    PoolOptions pool;        /* -j, --file-timeout, --file-memory, --no-isolation */
} CliRun;

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
    FileResult *kept; int nkept;
} RunProgress;

/* One file's result, in file order: run-wide ids -> impact -> emitter. */
static void file_done(void *ctx, FileResult *r)
{
    RunProgress *p = ctx;
    engine_filter_result(p->filter, r, NULL, 0);
    run_registry_add(&p->registry, &r->findings);
    if (p->impact) bench_attach_impact(p->impact, &r->findings);
    /* every output, --fix and --emit-bench see only what is reported */
    p->summary.below_threshold += findings_filter_min_severity(&r->findings, p->cli->min_severity);
    p->cli->emitter->file(p->stream, r);
    if (!p->cli->output) report_stdout_check();
    /* every note with -v; otherwise one line per degraded file */
    p->problems->echo = p->verbose ? stderr : NULL;
    diagnostics_append(p->problems, &r->problems);
    if (!p->verbose) file_status_print(stderr, r);
    p->problems->echo = stderr;
    p->summary.files += r->read;
    p->summary.kernels += r->kernels;
    p->summary.findings += r->findings.n;
    for (int j = 0; j < r->findings.n; j++) p->summary.by_severity[r->findings.items[j].severity]++;
    if (p->keep_results) *VEC_PUSH(p->kept, p->nkept) = *r;
    else file_result_free(r);
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
    char *source_root = run_repo_root(c->filter.repo_root);
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
    if (!lint_files(&run_eo, &c->pool, files.paths, files.n, file_done, &progress, err, sizeof err))
        diag_error(&problems, NULL, 0, 0, "%s", err);
    RunSummary summary = progress.summary;
    summary.seconds = monotonic_seconds() - t0;
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
        if (c->emit_bench && bench_emit(findings, n, c->emit_bench, c->data_dir, &problems) != 0) status = 2;
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

/* The value of an option written "--name VALUE" or "--name=VALUE"; NULL
 * when argv[*i] is not that option. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0) return NULL;
    if (a[n] == '=') return a + n + 1;
    if (a[n] != 0) return NULL;
    if (++*i >= argc) usage_error("%s needs a value", name);
    return argv[*i];
}

/* Splits a comma-separated rule list onto *items (copies kept in *owned). */
static void add_rule_list(const char *list, const char ***items, int *n, char ***owned, int *nowned)
{
    char *copy = xstrdup(list);
    *VEC_PUSH(*owned, *nowned) = copy;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (!*tok) continue;
        char err[200];
        if (!selection_item_valid(tok, err, sizeof err)) usage_error("%s", err);
        *VEC_PUSH(*items, *n) = tok;
    }
}

int main(int argc, char **argv)
{
    standard_fds_open();
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return bench_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "lsp") == 0) return lsp_main(argc - 1, argv + 1, find_data_dir);
    if (argc >= 2 && strcmp(argv[1], "audit") == 0) return audit_main(argc - 1, argv + 1, find_data_dir);

    EngineOptions o;
    memset(&o, 0, sizeof o);
    o.frontend.headers = HEADERS_AUTO;
    o.frontend.use_pch = true;
    CliRun run;
    memset(&run, 0, sizeof run);
    run.emitter = gpulint_emitters[0];
    run.min_severity = SEV_LOW;
    run.pool.jobs = pool_default_jobs();
    run.pool.timeout_seconds = 60;
    run.pool.memory_bytes = 2ull << 30;
    const char **paths = NULL;
    int npaths = 0;
    const char *build_pch = NULL;
    char *rules_arg = NULL;
    const char **select = NULL, **ignore = NULL, **exclude = NULL;
    int nselect = 0, nignore = 0, nexclude = 0;
    char **owned = NULL;
    int nowned = 0;
    const char *show_config = NULL, *v;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (int j = i + 1; j < argc; j++) *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = argv[j];
            break;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            print_usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("gpulint %s (%s)\n", GPULINT_VERSION, frontend_libclang_version());
            return 0;
        } else if (strcmp(a, "--list-rules") == 0) {
            list_rules(o.verbose || (i + 1 < argc && (strcmp(argv[i + 1], "-v") == 0 || strcmp(argv[i + 1], "--verbose") == 0)));
            return 0;
        } else if (strncmp(a, "--format=", 9) == 0) {
            run.emitter = emitter_by_name(a + 9);
            if (!run.emitter) {
                char names[256], fmt[320];
                format_names(names, sizeof names, ", ", " or ");
                snprintf(fmt, sizeof fmt, "unknown format '%%s' (expected %s)", names);
                usage_error(fmt, a + 9);
            }
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (++i >= argc) usage_error("%s needs a file name", a);
            run.output = argv[i];
        } else if (strncmp(a, "--output=", 9) == 0) {
            run.output = a + 9;
        } else if ((v = option_value(argc, argv, &i, "--select"))) {
            add_rule_list(v, &select, &nselect, &owned, &nowned);
        } else if ((v = option_value(argc, argv, &i, "--ignore"))) {
            add_rule_list(v, &ignore, &nignore, &owned, &nowned);
        } else if ((v = option_value(argc, argv, &i, "--exclude"))) {
            *VEC_PUSH(exclude, nexclude) = v;
        } else if ((v = option_value(argc, argv, &i, "--min-severity"))) {
            /* an explicit threshold applies to every file, over config files */
            if (!severity_parse(v, &run.filter.min_severity))
                usage_error("unknown severity '%s' (expected info, low, medium or high)", v);
            run.filter.has_min_severity = true;
            run.min_severity = run.filter.min_severity;
        } else if ((v = option_value(argc, argv, &i, "--diff"))) {
            run.filter.diff_ref = v;
        } else if ((v = option_value(argc, argv, &i, "--diff-file"))) {
            run.filter.diff_file = v;
        } else if ((v = option_value(argc, argv, &i, "--baseline"))) {
            run.filter.baseline = v;
        } else if ((v = option_value(argc, argv, &i, "--write-baseline"))) {
            run.filter.write_baseline = v;
        } else if ((v = option_value(argc, argv, &i, "--show-config"))) {
            show_config = v;
        } else if ((v = option_value(argc, argv, &i, "--repo-root"))) {
            run.filter.repo_root = v;
        } else if (strcmp(a, "--report-unused-suppressions") == 0) {
            run.filter.report_unused_suppressions = true;
        } else if (strcmp(a, "--no-config") == 0) {
            run.filter.no_config = true;
            o.no_config = true;
        } else if (strcmp(a, "--exit-zero") == 0) {
            run.exit_zero = true;
        } else if (strncmp(a, "--rules=", 8) == 0) {
            rules_arg = strdup(a + 8);
        } else if (strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 || strcmp(a, "-include") == 0) {
            if (++i >= argc) usage_error("%s needs an argument", a);
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = a;
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = argv[i];
        } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) {
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = a;
        } else if (strcmp(a, "-x") == 0 || strncmp(a, "-x", 2) == 0) {
            const char *x = a[2] ? a + 2 : (++i < argc ? argv[i] : NULL);
            if (!x) usage_error("%s needs a language (cl or cuda)", a);
            if (strcmp(x, "cl") == 0 || strcmp(x, "cuda") == 0) o.frontend.language = x;
            else usage_error("unknown language '%s' for -x (expected cl or cuda)", x);
            engine_force_language(o.frontend.language);
        } else if (strncmp(a, "-cl-std=", 8) == 0) {
            o.frontend.cl_std = a + 8;
        } else if (strncmp(a, "--opencl-fp64=", 14) == 0) {
            const char *v = a + 14;
            if (strcmp(v, "auto") == 0) o.frontend.opencl_fp64 = FP64_AUTO;
            else if (strcmp(v, "on") == 0) o.frontend.opencl_fp64 = FP64_ON;
            else if (strcmp(v, "off") == 0) o.frontend.opencl_fp64 = FP64_OFF;
            else usage_error("unknown --opencl-fp64 value '%s' (expected auto, on or off)", v);
        } else if (strncmp(a, "-std=", 5) == 0) {
            o.frontend.std = a + 5;
        } else if (strncmp(a, "--cuda-path=", 12) == 0) {
            o.frontend.cuda_path = a + 12;
        } else if (strncmp(a, "--headers=", 10) == 0) {
            const char *h = a + 10;
            if (strcmp(h, "auto") == 0) o.frontend.headers = HEADERS_AUTO;
            else if (strcmp(h, "shim") == 0) o.frontend.headers = HEADERS_SHIM;
            else if (strcmp(h, "cuda") == 0) o.frontend.headers = HEADERS_CUDA;
            else usage_error("unknown --headers value '%s' (expected auto, shim or cuda)", h);
        } else if (strcmp(a, "--fix") == 0) {
            run.fix = true;
        } else if (strcmp(a, "--emit-bench") == 0) {
            if (++i >= argc) usage_error("%s needs a directory", a);
            run.emit_bench = argv[i];
        } else if (strncmp(a, "--emit-bench=", 13) == 0) {
            run.emit_bench = a + 13;
        } else if (strcmp(a, "--impact") == 0) {
            if (++i >= argc) usage_error("%s needs a results file", a);
            run.impact = argv[i];
        } else if (strncmp(a, "--impact=", 9) == 0) {
            run.impact = a + 9;
        } else if (strcmp(a, "-p") == 0) {
            if (++i >= argc) usage_error("%s needs a directory", a);
            o.compile_db_dir = argv[i];
        } else if (strcmp(a, "--show-project") == 0) {
            o.show_project = true;
        } else if (strcmp(a, "--no-project") == 0) {
            o.no_project = true;
        } else if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0 || strncmp(a, "--jobs=", 7) == 0 ||
                   (strncmp(a, "-j", 2) == 0 && a[2])) {
            const char *v = a[1] == 'j' ? a + 2 : a[6] == '=' ? a + 7 : NULL;
            if (!v || !*v) {
                if (++i >= argc) usage_error("%s needs a number of jobs", a);
                v = argv[i];
            }
            long n = parse_long(v, 1, 4096);
            if (n < 0) usage_error("-j: '%s' is not a number of jobs from 1 to 4096", v);
            run.pool.jobs = (int)n;
        } else if (strcmp(a, "--file-timeout") == 0 || strncmp(a, "--file-timeout=", 15) == 0) {
            const char *v = option_value(argc, argv, &i, "--file-timeout");
            char *end;
            double t = strtod(v, &end);
            if (end == v || *end || !(t >= 0 && t <= 1e6)) usage_error("--file-timeout: '%s' is not a number of seconds", v);
            run.pool.timeout_seconds = t;
        } else if (strcmp(a, "--file-memory") == 0 || strncmp(a, "--file-memory=", 14) == 0) {
            const char *v = option_value(argc, argv, &i, "--file-memory");
            if (!pool_parse_size(v, &run.pool.memory_bytes) || (run.pool.memory_bytes && run.pool.memory_bytes < (64ull << 20)))
                usage_error("--file-memory: '%s' is not a size of at least 64M (e.g. 512M, 2G; 0: no limit)", v);
        } else if (strcmp(a, "--no-isolation") == 0) {
            run.pool.in_process = true;
        } else if (strcmp(a, "--no-pch") == 0) {
            o.frontend.use_pch = false;
        } else if (strcmp(a, "--build-pch") == 0) {
            if (++i >= argc) usage_error("%s needs an output file", a);
            build_pch = argv[i];
        } else if (strcmp(a, "--dump-model") == 0) {
            o.dump_model = true;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            o.verbose = true;
            o.frontend.verbose = true;
        } else if (a[0] == '-' && a[1]) {
            usage_error("unknown option '%s'", a);
        } else {
            *VEC_PUSH(paths, npaths) = a;
        }
    }

    char data_dir[PATH_MAX], pch[PATH_MAX];
    find_data_dir(data_dir, sizeof data_dir, pch, sizeof pch);
    o.frontend.data_dir = data_dir;
    o.frontend.pch_path = pch[0] ? pch : NULL;
    run.data_dir = data_dir;

    if (build_pch) {
        o.frontend.use_pch = false;
        char err[512];
        Frontend *fe = frontend_new(&o.frontend, err, sizeof err);
        bool ok = fe && frontend_build_pch(fe, build_pch, err, sizeof err);
        frontend_free(fe);
        if (!ok) {
            fprintf(stderr, "gpulint: error: %s\n", err);
            return 2;
        }
        return 0;
    }

    run.filter.select = select;
    run.filter.nselect = nselect;
    run.filter.ignore = ignore;
    run.filter.nignore = nignore;
    run.filter.exclude = exclude;
    run.filter.nexclude = nexclude;
    if (run.filter.diff_ref && run.filter.diff_file) usage_error("%s", "--diff and --diff-file exclude each other");

    int status = 0;
    if (show_config) {
        status = print_config(&run.filter, show_config);
        goto done;
    }
    if (rules_arg) {
        for (char *tok = strtok(rules_arg, ","); tok; tok = strtok(NULL, ",")) {
            if (!*tok) continue;
            if (!rule_by_id(tok)) {
                fprintf(stderr, "gpulint: error: unknown rule '%s'; known rules:\n", tok);
                for (int i = 0; i < gpulint_nrules; i++) fprintf(stderr, "  %s\n", gpulint_rules[i]->id);
                status = 2;
                goto done;
            }
            *VEC_PUSH(o.rules, o.nrules) = tok;
        }
    }
    if (npaths == 0) {
        fprintf(stderr, "gpulint: error: no input files (give .cu/.cuh files or directories)\n(run 'gpulint --help' for usage)\n");
        status = 2;
        goto done;
    }
    status = lint_run(&o, paths, npaths, &run);
done:
    for (int i = 0; i < nowned; i++) free(owned[i]);
    free(owned);
    free(select);
    free(ignore);
    free(exclude);
    free(paths);
    free(o.rules);
    free(o.frontend.extra);
    free(rules_arg);
    return status;
}
