/* run.c - gpulint bench DIR: builds the emitted benchmarks with one
 * parallel make, runs them when a GPU is present, and writes
 * DIR/results.json and a table.  What a run's result may hold is checked
 * by result.c; --impact, which reads results.json back, is impact.c. */
#include "bench/bench.h"
#include "bench/result.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/version.h"

#include <cjson/cJSON.h>
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

/* A line number read from JSON, as an int (0 when absent or out of range:
 * converting an out-of-range double to int is undefined behaviour). */
static int line_of(const cJSON *finding)
{
    double line = bench_json_num(finding, "line", 0);
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
        if (!bench_json_absent_or(e, "finding", cJSON_IsObject, false)) return "\"finding\" is not an object";
        if (!bench_json_absent_or(e, "fingerprint", cJSON_IsString, false)) return "\"fingerprint\" is not a string";
        if (!bench_json_absent_or(e, "assumed", cJSON_IsString, false)) return "\"assumed\" is not a string";
    }
    *bad = -1;
    return NULL;
}


/* gpulint bench's command line. */
typedef struct {
    const char *dir, *arch, *nvcc, *samples;
    bool build_only, quick, collect;
    int jobs;
} BenchOptions;

/* Reads the command line into o: -1 to go on, else the exit status (0
 * after --help, 2 after an error, which it reports). */
static int parse_options(int argc, char **argv, BenchOptions *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--arch=", 7) == 0) o->arch = argv[i] + 7;
        else if (strcmp(argv[i], "--build-only") == 0) o->build_only = true;
        else if (strcmp(argv[i], "--quick") == 0) o->quick = true;
        else if (strcmp(argv[i], "--collect") == 0) o->collect = true;
        else if (strncmp(argv[i], "--nvcc=", 7) == 0) o->nvcc = argv[i] + 7;
        else if (strncmp(argv[i], "--samples=", 10) == 0) o->samples = argv[i] + 10;
        else if (strncmp(argv[i], "--jobs=", 7) == 0) o->jobs = atoi(argv[i] + 7);
        else if (strcmp(argv[i], "--help") == 0) {
            puts("usage: gpulint bench DIR [--arch=ARCH] [--build-only] [--nvcc=PATH] [--jobs=N] [--samples=N] [--quick]\n"
                 "       gpulint bench DIR --collect   (tabulate DIR/<id>/output.txt of runs made elsewhere)");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "gpulint bench: error: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!o->dir) o->dir = argv[i];
        else {
            fprintf(stderr, "gpulint bench: error: one directory only ('%s')\n", argv[i]);
            return 2;
        }
    }
    if (!o->dir) {
        fprintf(stderr, "gpulint bench: error: no directory (usage: gpulint bench DIR [--arch=ARCH] [--build-only])\n");
        return 2;
    }
    if (o->jobs < 1) o->jobs = 1;
    return -1;
}

/* DIR/index.json, checked; NULL after reporting what is wrong with it. */
static cJSON *load_index(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/index.json", dir);
    char *text = read_file(path, NULL);
    cJSON *index = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!index) {
        fprintf(stderr, "gpulint bench: error: %s: %s\n", path, exists(path) ? "not a gpulint benchmark index" : "not found (make one with gpulint --emit-bench DIR FILES)");
        cJSON_Delete(index);
        return NULL;
    }
    int bad_entry;
    const char *problem = index_problem(index, &bad_entry);
    if (problem) {
        if (bad_entry < 0) fprintf(stderr, "gpulint bench: error: %s: %s\n", path, problem);
        else fprintf(stderr, "gpulint bench: error: %s: benchmarks[%d]: %s\n", path, bad_entry, problem);
        cJSON_Delete(index);
        return NULL;
    }
    return index;
}

/* One gpulint bench run: the index's benchmarks, what their build left
 * (all of them count as runnable with --collect, which builds nothing) and
 * the results gathered. */
typedef struct {
    BenchOptions o;
    cJSON *index;
    cJSON *list; /* the index's "benchmarks" */
    int total;
    bool *is_built; /* per benchmark, when not --collect */
    int built, failed;
    cJSON *results, *rlist; /* results.json and its "results" */
    int run_errors;
} BenchRun;

/* Which benchmarks the make of exit status `rc` (run in the quoted qdir)
 * built.  A benchmark is built when its binary exists and is up to date:
 * after a failed make, a binary older than its sources (an earlier build,
 * or a Makefile emitted before failed builds removed it) is stale and must
 * not be timed.  `make -q` answers that per target. */
static void check_builds(BenchRun *r, int rc, const char *qdir)
{
    r->is_built = calloc((size_t)r->total + 1, sizeof *r->is_built);
    if (!r->is_built) gpulint_out_of_memory();
    for (int i = 0; i < r->total; i++) {
        const char *id = bench_json_str(cJSON_GetArrayItem(r->list, i), "id", "");
        char path[4096];
        snprintf(path, sizeof path, "%s/%s/bench", r->o.dir, id);
        bool ok = exists(path);
        if (ok && rc != 0) {
            char target[4200], qtarget[4400], cmd[20000];
            snprintf(target, sizeof target, "%s/bench", id);
            shell_quote(qtarget, sizeof qtarget, target);
            snprintf(cmd, sizeof cmd, "make -q -C %s %s > /dev/null 2>&1", qdir, qtarget);
            ok = system(cmd) == 0;
        }
        r->is_built[i] = ok;
        if (ok) r->built++;
        else {
            r->failed++;
            fprintf(stderr, "gpulint bench: %s: build failed (see %s/build.log)\n", id, r->o.dir);
        }
    }
    if (rc != 0 && r->failed == 0) r->failed = 1;
}

/* Builds every benchmark with one parallel make.  -1 when they are to be
 * run next, else the exit status: a tool is missing, --build-only, or no
 * GPU to run them on. */
static int build_benchmarks(BenchRun *r)
{
    char nvcc[4096], make[4096];
    if (!find_nvcc(r->o.nvcc, nvcc, sizeof nvcc)) {
        fprintf(stderr, "gpulint bench: error: nvcc not found (install the CUDA toolkit, or give --nvcc=PATH)\n");
        return 2;
    }
    if (!find_program("make", make, sizeof make)) {
        fprintf(stderr, "gpulint bench: error: make not found (apt-get install make)\n");
        return 2;
    }
    bool gpu = gpu_present();
    const char *arch = r->o.arch ? r->o.arch : gpu ? "native" : "sm_90";
    char qdir[4200], qnvcc[4200], qarch[256], cmd[20000];
    shell_quote(qdir, sizeof qdir, r->o.dir);
    shell_quote(qnvcc, sizeof qnvcc, nvcc);
    shell_quote(qarch, sizeof qarch, arch);
    snprintf(cmd, sizeof cmd, "make -k -s -C %s -j%d NVCC=%s ARCH=%s > %s/build.log 2>&1", qdir, r->o.jobs, qnvcc, qarch,
             qdir);
    fprintf(stderr, "gpulint bench: building %d benchmark%s with %s (-arch=%s, %d jobs)\n", r->total,
            r->total == 1 ? "" : "s", nvcc, arch, r->o.jobs);
    check_builds(r, system(cmd), qdir);
    if (r->o.build_only || !gpu) {
        fprintf(stderr, "gpulint bench: built %d of %d benchmarks; %s\n", r->built, r->total,
                r->o.build_only ? "not run (--build-only)" : "no GPU found, benchmarks not run");
        return r->failed ? 2 : 0;
    }
    return -1;
}

/* Runs DIR/<id>/bench into outpath; its wait status. */
static int run_binary(const BenchRun *r, const char *id, const char *outpath)
{
    char path[4096], qpath[4200], qout[4400], cmd[20000];
    snprintf(path, sizeof path, "%s/%s/bench", r->o.dir, id);
    shell_quote(qpath, sizeof qpath, path);
    shell_quote(qout, sizeof qout, outpath);
    char extra[128] = "";
    if (r->o.samples) snprintf(extra, sizeof extra, " --samples %d", atoi(r->o.samples));
    if (r->o.quick) strcat(extra, " --quick");
    snprintf(cmd, sizeof cmd, "%s%s > %s 2>&1", qpath, extra, qout);
    return system(cmd);
}

/* A replay runs the user's kernel on inputs gpulint made up: once under
 * compute-sanitizer's memcheck first (where it is installed), and a replay
 * that reads or writes out of bounds is not timed: its output says why. */
static bool replay_in_bounds(const BenchRun *r, const char *id, const char *outpath)
{
    char sanitizer[4096];
    if (!find_program("compute-sanitizer", sanitizer, sizeof sanitizer)) {
        snprintf(sanitizer, sizeof sanitizer, "/usr/local/cuda/bin/compute-sanitizer");
        if (!exists(sanitizer)) return true;
    }
    char path[4096], log[4200], qs[4200], qpath[4200], qlog[4400], cmd[20000];
    snprintf(path, sizeof path, "%s/%s/bench", r->o.dir, id);
    snprintf(log, sizeof log, "%s/%s/memcheck.txt", r->o.dir, id);
    shell_quote(qs, sizeof qs, sanitizer);
    shell_quote(qpath, sizeof qpath, path);
    shell_quote(qlog, sizeof qlog, log);
    snprintf(cmd, sizeof cmd, "%s --tool memcheck --error-exitcode 86 %s --quick --samples 1 > %s 2>&1", qs, qpath, qlog);
    int st = system(cmd);
    if (!(WIFEXITED(st) && WEXITSTATUS(st) == 86)) return true;
    FILE *out = fopen(outpath, "w");
    if (out) {
        fprintf(out, "GPULINT_REPLAY_REFUSED out-of-bounds accesses under compute-sanitizer memcheck with the "
                     "synthesized inputs: not timed (see memcheck.txt)\n");
        fclose(out);
    }
    return false;
}

/* Why a replay was not timed (its output's GPULINT_REPLAY_REFUSED line),
 * malloc'd, or NULL. */
static char *replay_refusal(const char *outpath)
{
    char *output = read_file(outpath, NULL), *why = NULL;
    const char *at = output ? strstr(output, "GPULINT_REPLAY_REFUSED ") : NULL;
    if (at) {
        at += strlen("GPULINT_REPLAY_REFUSED ");
        size_t n = strcspn(at, "\n");
        why = malloc(n + 1);
        if (!why) gpulint_out_of_memory();
        memcpy(why, at, n);
        why[n] = 0;
    }
    free(output);
    return why;
}

/* The last GPULINT_RESULT line of a benchmark's output, parsed (NULL when
 * there is none, or it is not JSON). */
static cJSON *result_in_output(const char *outpath)
{
    char *output = read_file(outpath, NULL);
    cJSON *res = NULL;
    for (char *line = output ? strtok(output, "\n") : NULL; line; line = strtok(NULL, "\n"))
        if (strncmp(line, "GPULINT_RESULT ", 15) == 0) {
            cJSON_Delete(res);
            res = cJSON_Parse(line + 15);
        }
    free(output);
    return res;
}

/* The results.json entry of index entry e, before its result: what
 * --impact matches on, and the finding it measures. */
static cJSON *result_entry(const cJSON *e, const char *id)
{
    const cJSON *finding = cJSON_GetObjectItem(e, "finding");
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "id", id);
    /* what --impact matches on; assumptions travel with the result */
    const char *fingerprint = bench_json_str(e, "fingerprint", NULL);
    if (fingerprint) cJSON_AddStringToObject(out, "fingerprint", fingerprint);
    const char *assumed = bench_json_str(e, "assumed", NULL);
    if (assumed) cJSON_AddStringToObject(out, "assumed", assumed);
    cJSON_AddStringToObject(out, "rule", bench_json_str(finding, "rule", ""));
    cJSON_AddStringToObject(out, "file", bench_json_str(finding, "file", ""));
    cJSON_AddNumberToObject(out, "line", line_of(finding));
    cJSON_AddStringToObject(out, "kernel", bench_json_str(finding, "kernel", ""));
    /* what was timed: the user's kernel (a replay), an upper bound of it,
     * or the rule's pattern at the finding's parameters */
    const cJSON *replay = cJSON_GetObjectItem(e, "replay");
    cJSON_AddStringToObject(out, "measured",
                            !replay ? "pattern"
                            : strcmp(bench_json_str(replay, "measures", ""), "upper bound") == 0 ? "your kernel (upper bound)"
                                                                                                 : "your kernel");
    cJSON_AddItemToObject(out, "params", cJSON_Duplicate(cJSON_GetObjectItem(e, "params"), 1));
    cJSON_AddItemToObject(out, "evidence", cJSON_Duplicate(cJSON_GetObjectItem(finding, "evidence"), 1));
    return out;
}

/* One benchmark's outcome, res (taken) from its output at outpath and
 * wait status st: an entry of results.json and a row of the table. */
static void record_result(BenchRun *r, const cJSON *e, const char *id, const char *outpath, cJSON *res, int st)
{
    char why[512];
    bool bad_result = res && bench_result_problem(res, why, sizeof why);
    if (bad_result) fprintf(stderr, "gpulint bench: error: %s: GPULINT_RESULT of %s: %s\n", outpath, id, why);
    const cJSON *finding = cJSON_GetObjectItem(e, "finding");
    cJSON *out = result_entry(e, id);
    /* the table is for a terminal: nothing from the files raw */
    char loc[512];
    const char *file = bench_json_str(finding, "file", "");
    const char *base = strrchr(file, '/');
    snprintf(loc, sizeof loc, "%s:%d", base ? base + 1 : file, line_of(finding));
    char *rule = bench_clean_text(bench_json_str(finding, "rule", "")), *where = bench_clean_text(loc);
    char *refused = res ? NULL : replay_refusal(outpath);
    if (refused) { /* not timed, and said why: not a failed run */
        cJSON_AddStringToObject(out, "not_timed", refused);
        printf("%-44.44s %-22s %-28.28s %10s %-16s %18s  %s\n", id, rule, where, "-", "-", "-", "not timed (out of bounds)");
        free(refused);
    } else if (!res || bad_result || (!r->o.collect && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))) {
        r->run_errors++;
        cJSON_AddStringToObject(out, "error", !res        ? "no GPULINT_RESULT line"
                                              : bad_result ? "malformed GPULINT_RESULT line"
                                                           : "benchmark exited with an error");
        printf("%-44.44s %-22s %-28.28s %10s %-16s %18s  %s\n", id, rule, where, "-", "-", "-", "run failed");
        cJSON_Delete(res);
    } else {
        const cJSON *vars = cJSON_GetObjectItem(res, "variants");
        double base_ms = bench_json_num(cJSON_GetArrayItem(vars, 0), "median_ms", 0);
        const cJSON *spread = cJSON_GetObjectItem(res, "best_spread");
        char sp[64] = "-";
        if (bench_json_num(res, "best_speedup", 0) > 0)
            snprintf(sp, sizeof sp, "%.2fx (%.2f-%.2f)", bench_json_num(res, "best_speedup", 0),
                     bench_spread_at(spread, 0), bench_spread_at(spread, 1));
        char *fix = bench_clean_text(bench_json_str(res, "best_fix", "-"));
        printf("%-44.44s %-22s %-28.28s %10.3f %-16.16s %18s  %s\n", id, rule, where, base_ms, fix, sp,
               bench_verdict_name(res));
        free(fix);
        if (!cJSON_GetObjectItem(r->results, "gpu")) {
            cJSON_AddStringToObject(r->results, "gpu", bench_json_str(res, "gpu", "?"));
            cJSON_AddItemToObject(r->results, "driver", cJSON_Duplicate(cJSON_GetObjectItem(res, "driver"), 1));
            cJSON_AddItemToObject(r->results, "runtime", cJSON_Duplicate(cJSON_GetObjectItem(res, "runtime"), 1));
        }
        cJSON_AddItemToObject(out, "result", res);
    }
    free(rule);
    free(where);
    cJSON_AddItemToArray(r->rlist, out);
    fflush(stdout);
}

/* DIR/results.json, written whole or not at all (a temporary file renamed
 * over it); whether it was. */
static bool write_results(const char *dir, const cJSON *results)
{
    char *json = cJSON_Print(results);
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/results.json", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    bool ok = f && json && fputs(json, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) fprintf(stderr, "gpulint bench: error: cannot write %s\n", path);
    else fprintf(stderr, "gpulint bench: results in %s\n", path);
    cJSON_free(json);
    return ok;
}

/* Runs each built benchmark (or, with --collect, reads the output of a run
 * made elsewhere), prints the table and writes DIR/results.json; the exit
 * status. */
static int run_benchmarks(BenchRun *r)
{
    r->results = cJSON_CreateObject();
    cJSON_AddNumberToObject(r->results, "version", 1);
    cJSON_AddStringToObject(r->results, "tool", "gpulint " GPULINT_VERSION);
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    cJSON_AddStringToObject(r->results, "date", date);
    r->rlist = cJSON_AddArrayToObject(r->results, "results");
    printf("%-44s %-22s %-28s %10s %-16s %18s  %s\n", "finding", "rule", "location", "base ms", "best fix",
           "speedup (p10-p90)", "verdict");
    for (int i = 0; i < r->total; i++) {
        const cJSON *e = cJSON_GetArrayItem(r->list, i);
        const char *id = bench_json_str(e, "id", "");
        /* Each run's output is kept in DIR/<id>/output.txt; --collect reads
         * outputs of runs made on another machine. */
        char outpath[4200];
        snprintf(outpath, sizeof outpath, "%s/%s/output.txt", r->o.dir, id);
        int st = 0;
        if (!r->o.collect) {
            if (!r->is_built[i]) continue;
            bool replay = cJSON_GetObjectItem(e, "replay") != NULL;
            if (!replay || replay_in_bounds(r, id, outpath)) st = run_binary(r, id, outpath);
        } else if (!exists(outpath)) {
            continue;
        }
        record_result(r, e, id, outpath, result_in_output(outpath), st);
    }
    bool ok = write_results(r->o.dir, r->results);
    cJSON_Delete(r->results);
    return (!ok || r->failed || r->run_errors) ? 2 : 0;
}

int bench_main(int argc, char **argv)
{
    BenchRun r;
    memset(&r, 0, sizeof r);
    int status = parse_options(argc, argv, &r.o);
    if (status >= 0) return status;
    r.index = load_index(r.o.dir);
    if (!r.index) return 2;
    r.list = cJSON_GetObjectItem(r.index, "benchmarks");
    r.total = cJSON_GetArraySize(r.list);
    /* --collect tabulates outputs of runs made elsewhere: nothing to build */
    status = r.o.collect ? -1 : build_benchmarks(&r);
    if (status < 0) status = run_benchmarks(&r);
    free(r.is_built);
    cJSON_Delete(r.index);
    return status;
}
