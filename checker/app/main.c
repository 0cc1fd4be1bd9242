/* main.c - the gpulint command line. */
#include "bench/bench.h"
#include "engine/engine.h"
#include "engine/fix.h"
#include "engine/run_registry.h"
#include "engine/worker.h"
#include "output/emitter.h"
#include "rules/rules.h"
#include "util/vec.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef GPULINT_SOURCE_DIR
#define GPULINT_SOURCE_DIR ""
#endif

static const char usage_head[] =
    "usage: gpulint [options] PATH...\n"
    "       gpulint bench DIR [--arch=ARCH] [--build-only]\n"
    "\n"
    "Static performance linter for CUDA kernels. PATH is a .cu/.cuh file or a\n"
    "directory (searched recursively for .cu and .cuh files).\n"
    "\n"
    "options:\n";
/* then the --format line, made from the registered formats */
static const char usage_tail[] =
    "  -o FILE, --output=FILE write the report to FILE instead of stdout\n"
    "  --rules=ID[,ID...]     run only these rules (see --list-rules)\n"
    "  --list-rules [-v]      list the rules and exit (-v: severity, options, --fix)\n"
    "  -I DIR, -D NAME[=VAL]  include directory / macro for parsing\n"
    "  -std=STD               C++ standard for parsing (default c++17)\n"
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
    "  -v, --verbose          print each file as it is analysed\n"
    "  --dump-model           print the kernel model gpulint built (to stderr)\n"
    "  --version, --help\n"
    "  -- ARGS                pass ARGS to clang as they are\n"
    "\n"
    "exit status: 0 no findings, 1 findings, 2 error (usage, unreadable file, parse error,\n"
    "a file whose analysis crashed, timed out or ran out of memory)\n";

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

/* The value of "--name=VALUE" or of "--name VALUE" (the next argument). */
static const char *option_value(const char *a, const char *name, int *i, int argc, char **argv)
{
    size_t n = strlen(name);
    if (a[n] == '=') return a + n + 1;
    if (++*i >= argc) usage_error("%s needs a value", name);
    return argv[*i];
}

static bool has_shim(const char *dir)
{
    char p[PATH_MAX + 64];
    struct stat st;
    snprintf(p, sizeof p, "%s/include/shim/gpulint_cuda_shim.h", dir);
    return stat(p, &st) == 0;
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
        printf("%-22s %s\n", r->id, r->summary);
        if (!verbose) continue;
        printf("    default severity %s; --fix %s\n", severity_name(r->default_severity),
               r->fixes_are_safe ? "applies its fix-its" : "leaves it alone (suggestions only)");
        for (int j = 0; j < r->noptions; j++)
            printf("    option %s = %lld: %s\n", r->options[j].name, r->options[j].default_value, r->options[j].description);
    }
}

/* Writes through a temporary file so a failed run never leaves half a
 * report; devices and pipes (-o /dev/null, -o /dev/stdout) are written
 * directly (tmp is then empty). */
static FILE *open_output(const char *path, char *tmp, size_t n, char *target, size_t ntarget)
{
    struct stat st;
    tmp[0] = 0;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return fopen(path, "w");
    /* -o through a symlink writes the file it points to */
    char resolved[PATH_MAX];
    copy_path(target, ntarget, realpath(path, resolved) ? resolved : path);
    snprintf(tmp, n, "%s.gpulint-tmp-XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) return NULL;
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, stat(target, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
    return fdopen(fd, "w");
}

/* -o must not replace one of the files analysed, nor a dangling symbolic
 * link (whose target could be anywhere): both are refused before any
 * analysis. */
static bool output_is_safe(const char *path, const FileList *files, Diagnostics *problems)
{
    struct stat out_st, st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &out_st) != 0) {
        diag_error(problems, path, 0, 0,
                   "cannot write the report: a symbolic link to a missing file (remove the link or name its target)");
        return false;
    }
    if (stat(path, &out_st) != 0) return true;
    for (int i = 0; i < files->n; i++) {
        if (stat(files->paths[i], &st) == 0 && st.st_dev == out_st.st_dev && st.st_ino == out_st.st_ino) {
            diag_error(problems, path, 0, 0, "cannot write the report: it is the input file %s", files->paths[i]);
            return false;
        }
    }
    return true;
}

/* The report is written while files are analysed: an interrupted run must
 * not leave its temporary file behind. */
static char pending_tmp[PATH_MAX + 64];

static void remove_pending_tmp(int sig)
{
    if (pending_tmp[0]) unlink(pending_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void set_pending_tmp(const char *tmp)
{
    snprintf(pending_tmp, sizeof pending_tmp, "%s", tmp);
    signal(SIGINT, remove_pending_tmp);
    signal(SIGTERM, remove_pending_tmp);
    signal(SIGHUP, remove_pending_tmp);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What the command line asks of a lint run besides the engine's options. */
typedef struct {
    const Emitter *emitter;
    const char *output;      /* -o FILE, or NULL for stdout */
    const char *impact;      /* --impact FILE */
    const char *emit_bench;  /* --emit-bench DIR */
    bool fix;
    const char *data_dir;
    PoolOptions pool;        /* -j, --file-timeout, --file-memory, --no-isolation */
} CliRun;

static void report_write_error(Diagnostics *problems, const char *output)
{
    diag_error(problems, output, 0, 0, "cannot write the report: %s", strerror(errno));
}

/* What a run has produced so far, file by file. */
typedef struct {
    const CliRun *cli;
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
    run_registry_add(&p->registry, &r->findings);
    if (p->impact) bench_attach_impact(p->impact, &r->findings);
    p->cli->emitter->file(p->stream, r);
    diagnostics_append(p->problems, &r->problems);
    p->summary.files += r->read;
    p->summary.kernels += r->kernels;
    p->summary.findings += r->findings.n;
    for (int j = 0; j < r->findings.n; j++) p->summary.by_severity[r->findings.items[j].severity]++;
    if (p->keep_results) *VEC_PUSH(p->kept, p->nkept) = *r;
    else file_result_free(r);
}

/* collect files -> for each file: engine -> run-wide ids -> impact ->
 * emitter -> keep what --fix/--emit-bench need; then those, and the
 * emitter's end.  Every problem goes to one sink, echoed on stderr. */
static int lint_run(const EngineOptions *eo, const char *const *paths, int npaths, const CliRun *c)
{
    Diagnostics problems;
    memset(&problems, 0, sizeof problems);
    problems.echo = stderr;
    FILE *out = stdout;
    char tmp[PATH_MAX + 64], target[PATH_MAX];
    double t0 = now_seconds();
    FileList files;
    engine_collect_files(paths, npaths, &files, &problems);
    if (c->output) {
        /* Nothing is analysed for a report that cannot be written. */
        bool safe = output_is_safe(c->output, &files, &problems);
        out = safe ? open_output(c->output, tmp, sizeof tmp, target, sizeof target) : NULL;
        if (!out) {
            if (safe) report_write_error(&problems, c->output);
            file_list_free(&files);
            diagnostics_free(&problems);
            return 2;
        }
        if (tmp[0]) set_pending_tmp(tmp);
    }
    ImpactResults *impact = c->impact ? bench_load_impact(c->impact, &problems) : NULL;

    EmitterStream stream = {out, 0, false, NULL};
    RunInfo info = {GPULINT_VERSION};
    c->emitter->begin(&stream, &info);
    RunProgress progress;
    memset(&progress, 0, sizeof progress);
    progress.cli = c;
    progress.stream = &stream;
    progress.problems = &problems;
    progress.impact = impact;
    progress.keep_results = c->fix || c->emit_bench;
    char err[512];
    if (!lint_files(eo, &c->pool, files.paths, files.n, file_done, &progress, err, sizeof err))
        diag_error(&problems, NULL, 0, 0, "%s", err);
    RunSummary summary = progress.summary;
    summary.seconds = now_seconds() - t0;
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

    summary.problems = &problems;
    bool ok = c->emitter->end(&stream, &summary);
    if (c->output) {
        /* ferror too: a write that failed when a file's findings were
         * flushed leaves nothing for fclose to fail on */
        bool written = !ferror(out);
        if (fclose(out) != 0 || !written || !ok || (tmp[0] && rename(tmp, target) != 0)) {
            report_write_error(&problems, c->output);
            if (tmp[0]) unlink(tmp);
            ok = false;
        }
        pending_tmp[0] = 0;
    } else {
        fflush(stdout);
    }
    if (!c->emitter->machine_readable || c->output) print_run_summary(stderr, &summary);

    if (!ok || problems.nerrors > 0) status = 2;
    else if (status == 0 && summary.findings > 0) status = 1;
    diagnostics_free(&problems);
    return status;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return bench_main(argc - 1, argv + 1);

    EngineOptions o;
    memset(&o, 0, sizeof o);
    o.frontend.headers = HEADERS_AUTO;
    o.frontend.use_pch = true;
    CliRun run;
    memset(&run, 0, sizeof run);
    run.emitter = gpulint_emitters[0];
    run.pool.jobs = pool_default_jobs();
    run.pool.timeout_seconds = 60;
    run.pool.memory_bytes = 2ull << 30;
    const char **paths = NULL;
    int npaths = 0;
    const char *build_pch = NULL;
    char *rules_arg = NULL;

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
        } else if (strncmp(a, "--rules=", 8) == 0) {
            rules_arg = strdup(a + 8);
        } else if (strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 || strcmp(a, "-include") == 0) {
            if (++i >= argc) usage_error("%s needs an argument", a);
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = a;
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = argv[i];
        } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) {
            *VEC_PUSH(o.frontend.extra, o.frontend.nextra) = a;
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
            const char *v = option_value(a, "--file-timeout", &i, argc, argv);
            char *end;
            double t = strtod(v, &end);
            if (end == v || *end || !(t >= 0 && t <= 1e6)) usage_error("--file-timeout: '%s' is not a number of seconds", v);
            run.pool.timeout_seconds = t;
        } else if (strcmp(a, "--file-memory") == 0 || strncmp(a, "--file-memory=", 14) == 0) {
            const char *v = option_value(a, "--file-memory", &i, argc, argv);
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

    int status = 0;
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
    free(paths);
    free(o.rules);
    free(o.frontend.extra);
    free(rules_arg);
    return status;
}
