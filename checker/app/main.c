/* main.c - the gpulint command line. */
#include "bench/bench.h"
#include "engine/engine.h"
#include "output/report.h"
#include "util/vec.h"
#include "rules/rules.h"

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

static const char usage_text[] =
    "usage: gpulint [options] PATH...\n"
    "       gpulint bench DIR [--arch=ARCH] [--build-only]\n"
    "\n"
    "Static performance linter for CUDA kernels. PATH is a .cu/.cuh file or a\n"
    "directory (searched recursively for .cu and .cuh files).\n"
    "\n"
    "options:\n"
    "  --format=text|json     output format (default text)\n"
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
    "  --no-pch               do not use the precompiled shim header\n"
    "  -v, --verbose          print each file as it is analysed\n"
    "  --dump-model           print the kernel model gpulint built (to stderr)\n"
    "  --version, --help\n"
    "  -- ARGS                pass ARGS to clang as they are\n"
    "\n"
    "exit status: 0 no findings, 1 findings, 2 error (usage, unreadable file, parse error)\n";

static void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "gpulint: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'gpulint --help' for usage)\n");
    exit(2);
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

int gpulint_apply_fixes(const RunResult *r, FILE *log);

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "bench") == 0) return bench_main(argc - 1, argv + 1);

    RunOptions o;
    memset(&o, 0, sizeof o);
    o.fe.headers = HEADERS_AUTO;
    o.fe.use_pch = true;
    const char *format = "text", *output = NULL, *emit_bench = NULL, *impact = NULL, *build_pch = NULL;
    bool fix = false;
    char *rules_arg = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (int j = i + 1; j < argc; j++) *VEC_PUSH(o.fe.extra, o.fe.nextra) = argv[j];
            break;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("gpulint %s (%s)\n", GPULINT_VERSION, frontend_libclang_version());
            return 0;
        } else if (strcmp(a, "--list-rules") == 0) {
            list_rules(o.verbose || (i + 1 < argc && (strcmp(argv[i + 1], "-v") == 0 || strcmp(argv[i + 1], "--verbose") == 0)));
            return 0;
        } else if (strncmp(a, "--format=", 9) == 0) {
            format = a + 9;
            if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
                usage_error("unknown format '%s' (expected text or json)", format);
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (++i >= argc) usage_error("%s needs a file name", a);
            output = argv[i];
        } else if (strncmp(a, "--output=", 9) == 0) {
            output = a + 9;
        } else if (strncmp(a, "--rules=", 8) == 0) {
            rules_arg = strdup(a + 8);
        } else if (strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 || strcmp(a, "-include") == 0) {
            if (++i >= argc) usage_error("%s needs an argument", a);
            *VEC_PUSH(o.fe.extra, o.fe.nextra) = a;
            *VEC_PUSH(o.fe.extra, o.fe.nextra) = argv[i];
        } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) {
            *VEC_PUSH(o.fe.extra, o.fe.nextra) = a;
        } else if (strncmp(a, "-std=", 5) == 0) {
            o.fe.std = a + 5;
        } else if (strncmp(a, "--cuda-path=", 12) == 0) {
            o.fe.cuda_path = a + 12;
        } else if (strncmp(a, "--headers=", 10) == 0) {
            const char *h = a + 10;
            if (strcmp(h, "auto") == 0) o.fe.headers = HEADERS_AUTO;
            else if (strcmp(h, "shim") == 0) o.fe.headers = HEADERS_SHIM;
            else if (strcmp(h, "cuda") == 0) o.fe.headers = HEADERS_CUDA;
            else usage_error("unknown --headers value '%s' (expected auto, shim or cuda)", h);
        } else if (strcmp(a, "--fix") == 0) {
            fix = true;
        } else if (strcmp(a, "--emit-bench") == 0) {
            if (++i >= argc) usage_error("%s needs a directory", a);
            emit_bench = argv[i];
        } else if (strncmp(a, "--emit-bench=", 13) == 0) {
            emit_bench = a + 13;
        } else if (strcmp(a, "--impact") == 0) {
            if (++i >= argc) usage_error("%s needs a results file", a);
            impact = argv[i];
        } else if (strncmp(a, "--impact=", 9) == 0) {
            impact = a + 9;
        } else if (strcmp(a, "--no-pch") == 0) {
            o.fe.use_pch = false;
        } else if (strcmp(a, "--build-pch") == 0) {
            if (++i >= argc) usage_error("%s needs an output file", a);
            build_pch = argv[i];
        } else if (strcmp(a, "--dump-model") == 0) {
            o.dump_model = true;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            o.verbose = true;
            o.fe.verbose = true;
        } else if (a[0] == '-' && a[1]) {
            usage_error("unknown option '%s'", a);
        } else {
            *VEC_PUSH(o.paths, o.npaths) = a;
        }
    }

    char data_dir[PATH_MAX], pch[PATH_MAX];
    find_data_dir(data_dir, sizeof data_dir, pch, sizeof pch);
    o.fe.data_dir = data_dir;
    o.fe.pch_path = pch[0] ? pch : NULL;

    if (build_pch) {
        o.fe.use_pch = false;
        char err[512];
        Frontend *fe = frontend_new(&o.fe, err, sizeof err);
        bool ok = fe && frontend_build_pch(fe, build_pch, err, sizeof err);
        frontend_free(fe);
        if (!ok) {
            fprintf(stderr, "gpulint: error: %s\n", err);
            return 2;
        }
        return 0;
    }

    int status = 0;
    RunResult r;
    memset(&r, 0, sizeof r);
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
    if (o.npaths == 0) {
        fprintf(stderr, "gpulint: error: no input files (give .cu/.cuh files or directories)\n(run 'gpulint --help' for usage)\n");
        status = 2;
        goto done;
    }

    run_lint(&o, &r);

    if (impact && bench_load_impact(&r, impact) != 0) status = 2;

    FILE *out = stdout;
    char tmp[PATH_MAX + 64], target[PATH_MAX];
    if (output) {
        out = open_output(output, tmp, sizeof tmp, target, sizeof target);
        if (!out) {
            fprintf(stderr, "gpulint: error: cannot write %s: %s\n", output, strerror(errno));
            report_problems_text(stderr, &r);
            status = 2;
            goto done;
        }
    }
    bool ok = true;
    if (strcmp(format, "json") == 0) ok = report_json(out, &r);
    else report_text(out, &r);
    if (output) {
        if (fclose(out) != 0 || !ok || (tmp[0] && rename(tmp, target) != 0)) {
            fprintf(stderr, "gpulint: error: cannot write %s: %s\n", output, strerror(errno));
            if (tmp[0]) unlink(tmp);
            ok = false;
        }
    } else {
        fflush(stdout);
    }
    report_problems_text(stderr, &r);
    if (emit_bench && bench_emit(&r, emit_bench, data_dir) != 0) status = 2;
    if (fix && gpulint_apply_fixes(&r, stderr) != 0) status = 2;
    if (strcmp(format, "text") == 0 || output) report_summary(stderr, &r);

    if (!ok || r.nerrors > 0) status = 2;
    else if (status == 0 && r.findings.n > 0) status = 1;
done:
    run_result_free(&r);
    free(o.paths);
    free(o.rules);
    free(o.fe.extra);
    free(rules_arg);
    return status;
}
