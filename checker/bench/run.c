/* bench_run.c - gpulint bench DIR: builds the emitted benchmarks with one
 * parallel make, runs them when a GPU is present, and writes
 * DIR/results.json and a table.  Also --impact: measured results onto
 * findings. */
#include "bench/bench.h"
#include "finding/fingerprint.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/version.h"
#include "rules/rules.h"
#include "util/utf8.h"
/* the harness's statistics and verdict rule (the repository's bench/, not
 * checker/bench/), so that --impact judges a verdict as the harness made it */
#include "bench/gpulint_bench_stats.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

static bool find_program(const char *name, char *out, size_t n)
{
    const char *path = getenv("PATH");
    if (!path) return false;
    char *copy = strdup(path);
    bool found = false;
    for (char *d = strtok(copy, ":"); d && !found; d = strtok(NULL, ":")) {
        snprintf(out, n, "%s/%s", d, name);
        found = access(out, X_OK) == 0;
    }
    free(copy);
    return found;
}

static bool find_nvcc(const char *given, char *out, size_t n)
{
    if (given) {
        snprintf(out, n, "%s", given);
        return access(out, X_OK) == 0;
    }
    const char *env = getenv("NVCC");
    if (env && access(env, X_OK) == 0) {
        snprintf(out, n, "%s", env);
        return true;
    }
    if (find_program("nvcc", out, n)) return true;
    const char *roots[] = {getenv("CUDA_PATH"), getenv("CUDA_HOME"), "/usr/local/cuda"};
    for (size_t i = 0; i < 3; i++) {
        if (!roots[i]) continue;
        snprintf(out, n, "%s/bin/nvcc", roots[i]);
        if (access(out, X_OK) == 0) return true;
    }
    return false;
}

static bool gpu_present(void)
{
    if (exists("/dev/nvidia0")) return true;
    return system("nvidia-smi -L > /dev/null 2>&1") == 0;
}

static void shell_quote(char *out, size_t n, const char *s)
{
    size_t k = 0;
    if (k + 1 < n) out[k++] = '\'';
    for (; *s && k + 5 < n; s++) {
        if (*s == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *s;
        }
    }
    if (k + 1 < n) out[k++] = '\'';
    out[k] = 0;
}

static double num(const cJSON *o, const char *key, double fallback)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : fallback;
}

static const char *str(const cJSON *o, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

/* Results files and benchmark outputs come from other machines and may be
 * truncated or hand-edited, so every field gpulint reads is checked before
 * use.  A field may be absent (its fallback is used) but one that is there
 * must have the right type; null stands for "not measured" where the
 * harness writes it (no correct fix, NaN). */
static bool absent_or(const cJSON *o, const char *key, cJSON_bool (*is)(const cJSON *), bool null_ok)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return !v || is(v) || (null_ok && cJSON_IsNull(v));
}

/* A measured number: a speedup, a ratio or a time.  Only a finite positive
 * value means something; cJSON reads 1e999 as infinity, and a negative or
 * zero time is a hand edit or a broken harness. */
static bool measured_number(const cJSON *v)
{
    return cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble > 0;
}

/* NULL when the [p10, p90] pair of a result is absent or two measured
 * numbers or nulls (null: not measured, read as 0), else what is wrong. */
static const char *spread_problem(const cJSON *spread)
{
    if (!spread) return NULL;
    if (!cJSON_IsArray(spread) || cJSON_GetArraySize(spread) != 2) return "\"best_spread\" is not an array of two numbers";
    for (int i = 0; i < 2; i++) {
        const cJSON *v = cJSON_GetArrayItem(spread, i);
        if (!cJSON_IsNumber(v) && !cJSON_IsNull(v)) return "\"best_spread\" is not an array of two numbers";
        if (cJSON_IsNumber(v) && !measured_number(v)) return "\"best_spread\" holds a number that is not finite and positive";
    }
    return NULL;
}

static double spread_at(const cJSON *spread, int i)
{
    const cJSON *v = cJSON_GetArrayItem(spread, i); /* NULL when spread is absent */
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* Text from a results file or a benchmark's output on its way to a terminal
 * or a report: control characters (newlines, ESC and the C1 set, whose CSI
 * starts a terminal sequence too), bidirectional overrides, line separators
 * and bytes that are not UTF-8 become '?', so that a hostile file cannot
 * forge report lines or drive the terminal.  malloc'd. */
static char *clean_text(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    char *out = xmalloc(n + 1), *o = out;
    while (n > 0) {
        size_t k = utf8_sequence_length(p, n);
        unsigned cp = 0;
        if (k == 1) cp = p[0];
        else if (k == 2) cp = (p[0] & 0x1Fu) << 6 | (p[1] & 0x3Fu);
        else if (k == 3) cp = (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
        else if (k == 4) cp = 0x10000; /* above every code point refused here */
        bool bad = k == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x2028 && cp <= 0x202E) ||
                   (cp >= 0x2066 && cp <= 0x2069);
        if (bad) {
            *o++ = '?';
            k = k ? k : 1;
        } else {
            memcpy(o, p, k);
            o += k;
        }
        p += k;
        n -= k;
    }
    *o = 0;
    return out;
}

/* The verdict rule of the harness (bench/gpulint_bench_stats.h, shared so
 * that both read the numbers alike) over a result's numbers, each scaled
 * by `scale`; null or absent numbers are NaN, which never confirm and never
 * count as slower. */
static gl_verdict verdict_of_numbers(const cJSON *res, double scale)
{
    const cJSON *sp = cJSON_GetObjectItem(res, "best_speedup"), *spread = cJSON_GetObjectItem(res, "best_spread");
    const cJSON *p10 = cJSON_GetArrayItem(spread, 0), *p90 = cJSON_GetArrayItem(spread, 1);
    double s = cJSON_IsNumber(sp) ? sp->valuedouble * scale : NAN;
    double lo = cJSON_IsNumber(p10) ? p10->valuedouble * scale : NAN;
    double hi = cJSON_IsNumber(p90) ? p90->valuedouble * scale : NAN;
    return gl_verdict_of(1, s, lo, hi);
}

static const gl_verdict known_verdicts[] = {GL_VERDICT_CONFIRMED, GL_VERDICT_NO_IMPACT, GL_VERDICT_SLOWER,
                                            GL_VERDICT_INCORRECT};

/* The verdict a result states, or the one its numbers give when it states
 * none (after result_problem: a stated one is a known name). */
static const char *verdict_name(const cJSON *res)
{
    const cJSON *v = cJSON_GetObjectItem(res, "verdict");
    return cJSON_IsString(v) ? v->valuestring : gl_verdict_name(verdict_of_numbers(res, 1));
}

/* Whether a result's stated verdict may follow from its numbers.  The
 * harness prints them with 6 significant digits, so a verdict the numbers
 * reach within that rounding stands.  "variant incorrect" is about the
 * correctness checks, which the numbers do not show. */
static bool verdict_consistent(const cJSON *res, gl_verdict stated)
{
    if (stated == GL_VERDICT_INCORRECT) return true;
    const double rounding = 1e-5;
    return verdict_of_numbers(res, 1) == stated || verdict_of_numbers(res, 1 - rounding) == stated ||
           verdict_of_numbers(res, 1 + rounding) == stated;
}

/* What is wrong with a benchmark result's fields, or NULL (the verdict
 * aside). */
static const char *field_problem(const cJSON *res)
{
    if (!cJSON_IsObject(res)) return "the result is not a JSON object";
    const char *p = spread_problem(cJSON_GetObjectItem(res, "best_spread"));
    if (p) return p;
    if (!absent_or(res, "best_speedup", cJSON_IsNumber, true)) return "\"best_speedup\" is not a number";
    if (!absent_or(res, "best_fix", cJSON_IsString, true)) return "\"best_fix\" is not a string";
    if (!absent_or(res, "verdict", cJSON_IsString, false)) return "\"verdict\" is not a string";
    if (!absent_or(res, "gpu", cJSON_IsString, false)) return "\"gpu\" is not a string";
    const cJSON *vars = cJSON_GetObjectItem(res, "variants");
    if (vars && !cJSON_IsArray(vars)) return "\"variants\" is not an array";
    const cJSON *first = cJSON_GetArrayItem(vars, 0);
    if (first && !cJSON_IsObject(first)) return "\"variants\"[0] is not an object";
    if (first && !absent_or(first, "median_ms", cJSON_IsNumber, true)) return "\"variants\"[0].median_ms is not a number";
    const cJSON *base_ms = cJSON_GetObjectItem(first, "median_ms");
    if (cJSON_IsNumber(base_ms) && !measured_number(base_ms)) return "\"variants\"[0].median_ms is not a finite positive time";
    return NULL;
}

/* Whether a benchmark result (the object of a GPULINT_RESULT line) is
 * unusable; if so, what is wrong with it goes to `why`. */
static bool result_problem(const cJSON *res, char *why, size_t n)
{
    const char *p = field_problem(res);
    if (p) {
        snprintf(why, n, "%s", p);
        return true;
    }
    const cJSON *speedup = cJSON_GetObjectItem(res, "best_speedup"), *spread = cJSON_GetObjectItem(res, "best_spread");
    if (cJSON_IsNumber(speedup) && !measured_number(speedup)) {
        snprintf(why, n, "\"best_speedup\" is not a finite positive number (%g)", speedup->valuedouble);
        return true;
    }
    const cJSON *verdict = cJSON_GetObjectItem(res, "verdict");
    if (!verdict) return false;
    for (size_t i = 0; i < sizeof known_verdicts / sizeof known_verdicts[0]; i++) {
        if (strcmp(verdict->valuestring, gl_verdict_name(known_verdicts[i])) != 0) continue;
        if (verdict_consistent(res, known_verdicts[i])) return false;
        snprintf(why, n, "\"verdict\" \"%s\" does not follow from best_speedup %g and best_spread [%g, %g] (the "
                         "benchmarks' rule gives \"%s\")",
                 verdict->valuestring, cJSON_IsNumber(speedup) ? speedup->valuedouble : 0, spread_at(spread, 0),
                 spread_at(spread, 1), gl_verdict_name(verdict_of_numbers(res, 1)));
        return true;
    }
    snprintf(why, n, "\"verdict\" is not one of \"confirmed\", \"no measurable impact\", \"slower\", "
                     "\"variant incorrect\"");
    return true;
}

/* A line number read from JSON, as an int (0 when absent or out of range:
 * converting an out-of-range double to int is undefined behaviour). */
static int line_of(const cJSON *finding)
{
    double line = num(finding, "line", 0);
    return line >= 0 && line <= 1e9 ? (int)line : 0;
}

/* Ids name directories (DIR/<id>/bench is run): same alphabet as emitted. */
static bool safe_id(const char *s)
{
    if (!s[0] || strcmp(s, ".") == 0 || strcmp(s, "..") == 0) return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-' || *p == '.'))
            return false;
    return true;
}

/* NULL when index.json has the shape gpulint bench reads, else what is wrong
 * (`bad` gets the index of the entry at fault, -1 for the whole file). */
static const char *index_problem(const cJSON *index, int *bad)
{
    *bad = -1;
    const cJSON *list = cJSON_GetObjectItem(index, "benchmarks");
    if (!cJSON_IsArray(list)) return "no \"benchmarks\" array";
    for (int i = 0; i < cJSON_GetArraySize(list); i++) {
        const cJSON *e = cJSON_GetArrayItem(list, i);
        *bad = i;
        if (!cJSON_IsObject(e)) return "not an object";
        const cJSON *id = cJSON_GetObjectItem(e, "id");
        if (!cJSON_IsString(id) || !safe_id(id->valuestring))
            return "\"id\" is not a benchmark name ([A-Za-z0-9_.-])";
        if (!absent_or(e, "finding", cJSON_IsObject, false)) return "\"finding\" is not an object";
        if (!absent_or(e, "fingerprint", cJSON_IsString, false)) return "\"fingerprint\" is not a string";
        if (!absent_or(e, "assumed", cJSON_IsString, false)) return "\"assumed\" is not a string";
    }
    *bad = -1;
    return NULL;
}

int bench_main(int argc, char **argv)
{
    const char *dir = NULL, *arch = NULL, *nvcc_arg = NULL, *samples = NULL;
    bool build_only = false, quick = false, collect = false;
    int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--arch=", 7) == 0) arch = argv[i] + 7;
        else if (strcmp(argv[i], "--build-only") == 0) build_only = true;
        else if (strcmp(argv[i], "--quick") == 0) quick = true;
        else if (strcmp(argv[i], "--collect") == 0) collect = true;
        else if (strncmp(argv[i], "--nvcc=", 7) == 0) nvcc_arg = argv[i] + 7;
        else if (strncmp(argv[i], "--samples=", 10) == 0) samples = argv[i] + 10;
        else if (strncmp(argv[i], "--jobs=", 7) == 0) jobs = atoi(argv[i] + 7);
        else if (strcmp(argv[i], "--help") == 0) {
            puts("usage: gpulint bench DIR [--arch=ARCH] [--build-only] [--nvcc=PATH] [--jobs=N] [--samples=N] [--quick]\n"
                 "       gpulint bench DIR --collect   (tabulate DIR/<id>/output.txt of runs made elsewhere)");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "gpulint bench: error: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!dir) dir = argv[i];
        else {
            fprintf(stderr, "gpulint bench: error: one directory only ('%s')\n", argv[i]);
            return 2;
        }
    }
    if (!dir) {
        fprintf(stderr, "gpulint bench: error: no directory (usage: gpulint bench DIR [--arch=ARCH] [--build-only])\n");
        return 2;
    }
    if (jobs < 1) jobs = 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/index.json", dir);
    char *text = read_file(path, NULL);
    cJSON *index = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!index) {
        fprintf(stderr, "gpulint bench: error: %s: %s\n", path, exists(path) ? "not a gpulint benchmark index" : "not found (make one with gpulint --emit-bench DIR FILES)");
        cJSON_Delete(index);
        return 2;
    }
    int bad_entry;
    const char *problem = index_problem(index, &bad_entry);
    if (problem) {
        if (bad_entry < 0) fprintf(stderr, "gpulint bench: error: %s: %s\n", path, problem);
        else fprintf(stderr, "gpulint bench: error: %s: benchmarks[%d]: %s\n", path, bad_entry, problem);
        cJSON_Delete(index);
        return 2;
    }
    cJSON *list = cJSON_GetObjectItem(index, "benchmarks");
    int total = cJSON_GetArraySize(list);
    char nvcc[4096], make[4096];
    int built = 0, failed = 0;
    bool *is_built = NULL; /* per benchmark, when not --collect */
    bool gpu = true;
    if (collect) goto run;
    if (!find_nvcc(nvcc_arg, nvcc, sizeof nvcc)) {
        fprintf(stderr, "gpulint bench: error: nvcc not found (install the CUDA toolkit, or give --nvcc=PATH)\n");
        cJSON_Delete(index);
        return 2;
    }
    if (!find_program("make", make, sizeof make)) {
        fprintf(stderr, "gpulint bench: error: make not found (apt-get install make)\n");
        cJSON_Delete(index);
        return 2;
    }
    gpu = gpu_present();
    if (!arch) arch = gpu ? "native" : "sm_90";
    char qdir[4200], qnvcc[4200], qarch[256], cmd[20000];
    shell_quote(qdir, sizeof qdir, dir);
    shell_quote(qnvcc, sizeof qnvcc, nvcc);
    shell_quote(qarch, sizeof qarch, arch);
    snprintf(cmd, sizeof cmd, "make -k -s -C %s -j%d NVCC=%s ARCH=%s > %s/build.log 2>&1", qdir, jobs, qnvcc, qarch, qdir);
    fprintf(stderr, "gpulint bench: building %d benchmark%s with %s (-arch=%s, %d jobs)\n", total, total == 1 ? "" : "s",
            nvcc, arch, jobs);
    int rc = system(cmd);
    /* A benchmark is built when its binary exists and is up to date: after a
     * failed make, a binary older than its sources (an earlier build, or a
     * Makefile emitted before failed builds removed it) is stale and must not
     * be timed.  `make -q` answers that per target. */
    is_built = calloc((size_t)total + 1, sizeof *is_built);
    if (!is_built) gpulint_out_of_memory();
    for (int i = 0; i < total; i++) {
        const char *id = str(cJSON_GetArrayItem(list, i), "id", "");
        snprintf(path, sizeof path, "%s/%s/bench", dir, id);
        bool ok = exists(path);
        if (ok && rc != 0) {
            char target[4200], qtarget[4400];
            snprintf(target, sizeof target, "%s/bench", id);
            shell_quote(qtarget, sizeof qtarget, target);
            snprintf(cmd, sizeof cmd, "make -q -C %s %s > /dev/null 2>&1", qdir, qtarget);
            ok = system(cmd) == 0;
        }
        is_built[i] = ok;
        if (ok) built++;
        else {
            failed++;
            fprintf(stderr, "gpulint bench: %s: build failed (see %s/build.log)\n", id, dir);
        }
    }
    if (rc != 0 && failed == 0) failed = 1;
    if (build_only || !gpu) {
        fprintf(stderr, "gpulint bench: built %d of %d benchmarks; %s\n", built, total,
                build_only ? "not run (--build-only)" : "no GPU found, benchmarks not run");
        free(is_built);
        cJSON_Delete(index);
        return failed ? 2 : 0;
    }

run:;
    cJSON *results = cJSON_CreateObject();
    cJSON_AddNumberToObject(results, "version", 1);
    cJSON_AddStringToObject(results, "tool", "gpulint " GPULINT_VERSION);
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    cJSON_AddStringToObject(results, "date", date);
    cJSON *rlist = cJSON_AddArrayToObject(results, "results");
    printf("%-44s %-22s %-28s %10s %-16s %18s  %s\n", "finding", "rule", "location", "base ms", "best fix",
           "speedup (p10-p90)", "verdict");
    int run_errors = 0;
    for (int i = 0; i < total; i++) {
        cJSON *e = cJSON_GetArrayItem(list, i);
        const char *id = str(e, "id", "");
        /* Each run's output is kept in DIR/<id>/output.txt; --collect reads
         * outputs of runs made on another machine. */
        char outpath[4200];
        snprintf(outpath, sizeof outpath, "%s/%s/output.txt", dir, id);
        int st = 0;
        if (!collect) {
            snprintf(path, sizeof path, "%s/%s/bench", dir, id);
            if (!is_built[i]) continue;
            char qpath[4200], qout[4400];
            shell_quote(qpath, sizeof qpath, path);
            shell_quote(qout, sizeof qout, outpath);
            char extra[128] = "";
            if (samples) snprintf(extra, sizeof extra, " --samples %d", atoi(samples));
            if (quick) strcat(extra, " --quick");
            snprintf(cmd, sizeof cmd, "%s%s > %s 2>&1", qpath, extra, qout);
            st = system(cmd);
        } else if (!exists(outpath)) {
            continue;
        }
        char *output = read_file(outpath, NULL);
        cJSON *res = NULL;
        for (char *line = output ? strtok(output, "\n") : NULL; line; line = strtok(NULL, "\n"))
            if (strncmp(line, "GPULINT_RESULT ", 15) == 0) {
                cJSON_Delete(res);
                res = cJSON_Parse(line + 15);
            }
        free(output);
        char why[512];
        bool bad_result = res && result_problem(res, why, sizeof why);
        if (bad_result) fprintf(stderr, "gpulint bench: error: %s: GPULINT_RESULT of %s: %s\n", outpath, id, why);
        const cJSON *finding = cJSON_GetObjectItem(e, "finding");
        cJSON *out = cJSON_CreateObject();
        cJSON_AddStringToObject(out, "id", id);
        /* what --impact matches on; assumptions travel with the result */
        const char *fingerprint = str(e, "fingerprint", NULL);
        if (fingerprint) cJSON_AddStringToObject(out, "fingerprint", fingerprint);
        if (str(e, "assumed", NULL)) cJSON_AddStringToObject(out, "assumed", str(e, "assumed", ""));
        cJSON_AddStringToObject(out, "rule", str(finding, "rule", ""));
        cJSON_AddStringToObject(out, "file", str(finding, "file", ""));
        cJSON_AddNumberToObject(out, "line", line_of(finding));
        cJSON_AddStringToObject(out, "kernel", str(finding, "kernel", ""));
        cJSON_AddItemToObject(out, "params", cJSON_Duplicate(cJSON_GetObjectItem(e, "params"), 1));
        cJSON_AddItemToObject(out, "evidence", cJSON_Duplicate(cJSON_GetObjectItem(finding, "evidence"), 1));
        /* the table is for a terminal: nothing from the files raw */
        char loc[512];
        const char *file = str(finding, "file", "");
        const char *base = strrchr(file, '/');
        snprintf(loc, sizeof loc, "%s:%d", base ? base + 1 : file, line_of(finding));
        char *rule = clean_text(str(finding, "rule", "")), *where = clean_text(loc);
        if (!res || bad_result || (!collect && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))) {
            run_errors++;
            cJSON_AddStringToObject(out, "error", !res        ? "no GPULINT_RESULT line"
                                                  : bad_result ? "malformed GPULINT_RESULT line"
                                                               : "benchmark exited with an error");
            printf("%-44.44s %-22s %-28.28s %10s %-16s %18s  %s\n", id, rule, where, "-", "-", "-", "run failed");
            cJSON_Delete(res);
        } else {
            const cJSON *vars = cJSON_GetObjectItem(res, "variants");
            double base_ms = num(cJSON_GetArrayItem(vars, 0), "median_ms", 0);
            const cJSON *spread = cJSON_GetObjectItem(res, "best_spread");
            char sp[64] = "-";
            if (num(res, "best_speedup", 0) > 0)
                snprintf(sp, sizeof sp, "%.2fx (%.2f-%.2f)", num(res, "best_speedup", 0), spread_at(spread, 0),
                         spread_at(spread, 1));
            char *fix = clean_text(str(res, "best_fix", "-"));
            printf("%-44.44s %-22s %-28.28s %10.3f %-16.16s %18s  %s\n", id, rule, where, base_ms, fix, sp,
                   verdict_name(res));
            free(fix);
            if (!cJSON_GetObjectItem(results, "gpu")) {
                cJSON_AddStringToObject(results, "gpu", str(res, "gpu", "?"));
                cJSON_AddItemToObject(results, "driver", cJSON_Duplicate(cJSON_GetObjectItem(res, "driver"), 1));
                cJSON_AddItemToObject(results, "runtime", cJSON_Duplicate(cJSON_GetObjectItem(res, "runtime"), 1));
            }
            cJSON_AddItemToObject(out, "result", res);
        }
        free(rule);
        free(where);
        cJSON_AddItemToArray(rlist, out);
        fflush(stdout);
    }
    char *json = cJSON_Print(results);
    snprintf(path, sizeof path, "%s/results.json", dir);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    bool ok = f && json && fputs(json, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) fprintf(stderr, "gpulint bench: error: cannot write %s\n", path);
    else fprintf(stderr, "gpulint bench: results in %s\n", path);
    cJSON_free(json);
    cJSON_Delete(results);
    cJSON_Delete(index);
    free(is_built);
    return (!ok || failed || run_errors) ? 2 : 0;
}

/* ---------------------------------------------------------------- --impact */

static bool params_match(const BenchParams *bp, const cJSON *params)
{
    if (!cJSON_IsObject(params) || cJSON_GetArraySize(params) != bp->n) return false;
    for (int i = 0; i < bp->n; i++) {
        const cJSON *v = cJSON_GetObjectItem(params, bp->defs[i].name);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, bp->defs[i].value) != 0) return false;
    }
    return true;
}

/* One entry of the results array that can attach (it has a fingerprint
 * and a result), its fields looked up once. */
typedef struct {
    const char *fingerprint, *rule;
    const cJSON *params, *result;
    int order; /* its place in the file: the first matching entry wins */
} ImpactEntry;

/* A results file can hold every finding of a large audit (tens of
 * thousands): the entries are sorted by fingerprint once and each finding
 * binary-searches its own, and every pass over the array walks cJSON's
 * linked list once (cJSON_GetArrayItem and cJSON_GetArraySize walk it from
 * the start on each call). */
struct ImpactResults {
    cJSON *doc;
    char *gpu; /* the file's GPU, cleaned: the fallback for results without one */
    ImpactEntry *entries; /* by fingerprint, then file order */
    int n;
};

static int by_fingerprint(const void *a, const void *b)
{
    const ImpactEntry *x = a, *y = b;
    int c = strcmp(x->fingerprint, y->fingerprint);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

ImpactResults *bench_load_impact(const char *results_file, Diagnostics *diags)
{
    char *text = read_file(results_file, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!doc) {
        diag_error(diags, results_file, 0, 0, "--impact: %s",
                   exists(results_file) ? "not a gpulint results file" : "cannot open");
        return NULL;
    }
    /* The whole file is checked first: a file with a malformed entry attaches
     * nothing (every bad entry is reported). */
    const cJSON *list = cJSON_GetObjectItem(doc, "results");
    int bad = 0;
    if (!cJSON_IsObject(doc) || !cJSON_IsArray(list)) {
        diag_error(diags, results_file, 0, 0, "--impact: not a gpulint results file (no \"results\" array)");
        bad++;
    } else if (!absent_or(doc, "gpu", cJSON_IsString, false)) {
        diag_error(diags, results_file, 0, 0, "--impact: \"gpu\" is not a string");
        bad++;
    }
    int j = 0;
    const cJSON *e, *entries = bad ? NULL : list;
    cJSON_ArrayForEach(e, entries)
    {
        char why[512];
        const char *problem = NULL;
        if (!cJSON_IsObject(e)) problem = "not an object";
        else if (!absent_or(e, "rule", cJSON_IsString, false)) problem = "\"rule\" is not a string";
        else if (!absent_or(e, "params", cJSON_IsObject, false)) problem = "\"params\" is not an object";
        else if (!absent_or(e, "fingerprint", cJSON_IsString, false)) problem = "\"fingerprint\" is not a string";
        else if (cJSON_GetObjectItem(e, "result") && result_problem(cJSON_GetObjectItem(e, "result"), why, sizeof why))
            problem = why;
        if (problem) {
            char *id = clean_text(str(e, "id", "?"));
            diag_error(diags, results_file, 0, 0, "--impact: results[%d] (%.200s): %s", j, id, problem);
            free(id);
            bad++;
        }
        j++;
    }
    if (bad) {
        cJSON_Delete(doc);
        return NULL;
    }
    ImpactResults *results = xcalloc(1, sizeof *results);
    results->doc = doc;
    results->gpu = clean_text(str(doc, "gpu", "GPU"));
    results->entries = xcalloc((size_t)j + 1, sizeof *results->entries);
    /* Results without fingerprints (older gpulint) cannot be tied to code. */
    int unmatched = 0, order = 0;
    cJSON_ArrayForEach(e, list)
    {
        const char *fp = str(e, "fingerprint", NULL);
        const cJSON *res = cJSON_GetObjectItem(e, "result");
        order++;
        if (!fp) unmatched++;
        if (!fp || !res) continue;
        results->entries[results->n++] =
            (ImpactEntry){fp, str(e, "rule", ""), cJSON_GetObjectItem(e, "params"), res, order};
    }
    if (results->n > 1) qsort(results->entries, (size_t)results->n, sizeof *results->entries, by_fingerprint);
    if (unmatched)
        diag_note(diags, results_file, 0, 0,
                  "--impact: %d result%s carr%s no finding fingerprint (written by an older gpulint) and attach%s to nothing",
                  unmatched, unmatched == 1 ? "" : "s", unmatched == 1 ? "ies" : "y", unmatched == 1 ? "es" : "");
    return results;
}

void bench_free_impact(ImpactResults *results)
{
    if (!results) return;
    cJSON_Delete(results->doc);
    free(results->gpu);
    free(results->entries);
    free(results);
}

static const char *arena_clean(Arena *a, const char *s)
{
    char *c = clean_text(s);
    const char *kept = arena_strdup(a, c);
    free(c);
    return kept;
}

void bench_attach_impact(const ImpactResults *results, FindingList *findings)
{
    for (int i = 0; i < findings->n; i++) {
        Finding *f = &findings->items[i];
        const Rule *rule = rule_by_id(f->rule);
        const char *fp = finding_fingerprint(f);
        BenchParams bp;
        memset(&bp, 0, sizeof bp);
        if (!fp || !rule || !rule->bench || !rule->bench(f, &bp)) continue;
        /* the first entry of this fingerprint: a lower bound */
        int lo = 0, hi = results->n;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (strcmp(results->entries[mid].fingerprint, fp) < 0) lo = mid + 1;
            else hi = mid;
        }
        for (int j = lo; j < results->n && strcmp(results->entries[j].fingerprint, fp) == 0; j++) {
            const ImpactEntry *x = &results->entries[j];
            /* The finding that was benchmarked, and only it: same fingerprint
             * (rule, file, the line's code, kernel), and still the same
             * benchmark parameters (else the measurement is of another shape). */
            if (strcmp(x->rule, f->rule) != 0 || !params_match(&bp, x->params)) continue;
            const cJSON *res = x->result, *spread = cJSON_GetObjectItem(res, "best_spread");
            f->measured.present = true;
            f->measured.gpu = cJSON_IsString(cJSON_GetObjectItem(res, "gpu"))
                                  ? arena_clean(&findings->arena, str(res, "gpu", ""))
                                  : arena_strdup(&findings->arena, results->gpu);
            /* validated: a finite positive number, or 0 for "not measured" */
            f->measured.speedup = num(res, "best_speedup", 0);
            f->measured.spread_lo = spread_at(spread, 0);
            f->measured.spread_hi = spread_at(spread, 1);
            f->measured.variant = arena_clean(&findings->arena, str(res, "best_fix", "fix"));
            f->measured.verdict = arena_strdup(&findings->arena, verdict_name(res));
            break;
        }
    }
}
