/* audit_run.c - see audit.h ("a run"): discover every project's files,
 * skip those already recorded with the same content hash and gpulint
 * version, analyse the rest in the worker pool (isolate/worker.h), append
 * each file's lines to results.jsonl in the files' order as they finish,
 * show progress, then the benchmarks (--emit-bench) and the reports.
 *
 * Test hook: GPULINT_TEST_STOP_AFTER=K kills the run (SIGKILL, as an
 * interruption would) once K files have been recorded. */
#include "audit/audit.h"
#include "bench/bench.h"
#include "isolate/worker.h"
#include "report/owner_status.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"
#include "util/clock.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    int project;             /* index in the options' projects */
    char *path, *rel;
    char hash[17];
} Queued;

typedef struct {
    const AuditRunOptions *o;
    FILE *results;
    bool write_failed;
    /* progress */
    double start, last_shown;
    int total, done, failed, findings, projects_done;
    int *left;               /* files still to analyse, per project */
    bool tty;
    long stop_after;
    const Queued *queue;     /* the files analysed */
    StrMap queued;           /* path -> index in queue + 1 */
    Filter **filters;        /* per project */
    const char *longest;     /* while waiting: the file analysed longest, */
    double longest_seconds;  /* and for how long */
} Run;

static void progress(Run *run, bool final)
{
    if (!run->o->progress && !final) return;
    double t = monotonic_seconds(), elapsed = t - run->start;
    if (!final && t - run->last_shown < (run->tty ? 0.2 : run->o->progress_interval)) return;
    run->last_shown = t;
    double rate = elapsed > 0 ? run->done / elapsed : 0;
    char eta[32] = "-";
    if (rate > 0 && run->done < run->total) snprintf(eta, sizeof eta, "%.0f s", (run->total - run->done) / rate);
    char line[PATH_MAX + 300];
    snprintf(line, sizeof line, "gpulint audit: %d/%d projects, %d/%d files (%d failed), %.1f files/s, %d findings, %s %s",
             run->projects_done, run->o->nprojects, run->done, run->total, run->failed, rate, run->findings,
             final ? "done in" : "ETA", final ? "" : eta);
    if (final) snprintf(line + strlen(line), sizeof line - strlen(line), "%.1f s", elapsed);
    else if (run->longest && run->longest_seconds >= 5) /* which file holds the run up */
        snprintf(line + strlen(line), sizeof line - strlen(line), "; analysing %s for %.0f s", run->longest,
                 run->longest_seconds);
    if (run->tty) fprintf(stderr, "\r\033[K%s%s", line, final ? "\n" : "");
    else fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

static cJSON *base_record(const char *type, const char *project, const char *file, const char *hash)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", type);
    cJSON_AddStringToObject(o, "project", project);
    if (file) cJSON_AddStringToObject(o, "file", file);
    if (hash) cJSON_AddStringToObject(o, "hash", hash);
    return o;
}

static void append(char **buf, size_t *n, size_t *cap, cJSON *o)
{
    char *s = cJSON_PrintUnformatted(o);
    if (!s) gpulint_out_of_memory();
    size_t len = strlen(s);
    if (*n + len + 2 > *cap) {
        *cap = (*n + len + 2) * 2;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *n, s, len);
    (*buf)[*n + len] = '\n';
    *n += len + 1;
    cJSON_free(s);
    cJSON_Delete(o);
}

/* One file's finding lines, then its file line, in one write.  Results come
 * in the queue's order, but a header analysed through its owner after the
 * owner (owner_status.h). */
static void file_done(void *ctx, FileResult *r)
{
    Run *run = ctx;
    const Queued *q = &run->queue[*strmap_get(&run->queued, r->path) - 1];
    const AuditProjectSpec *p = &run->o->projects[q->project];
    /* the command line's threshold, else the project's config for the file */
    const AuditLimits *lim = &run->o->limits;
    Filter *filter = run->filters[q->project];
    Severity min = lim->has_min_severity || !filter
                       ? lim->min_severity
                       : filter_min_severity(filter, r->path, lim->min_severity, &r->problems);
    cJSON *analysis = audit_analysis(r, filter, min);
    char *buf = NULL;
    size_t n = 0, cap = 0;
    cJSON *findings = cJSON_GetObjectItem(analysis, "findings");
    int nfindings = cJSON_GetArraySize(findings);
    for (int i = 0; i < nfindings; i++) {
        cJSON *o = base_record("finding", p->name, q->rel, q->hash);
        cJSON_AddItemToObject(o, "finding", cJSON_DetachItemFromArray(findings, 0));
        append(&buf, &n, &cap, o);
    }
    cJSON *o = base_record("file", p->name, q->rel, q->hash);
    cJSON_AddStringToObject(o, "path", q->path);
    cJSON_AddStringToObject(o, "gpulint", GPULINT_VERSION);
    const char *status = audit_str(analysis, "status", "failed");
    cJSON_AddStringToObject(o, "status", status);
    cJSON_AddStringToObject(o, "reason", audit_str(analysis, "reason", ""));
    cJSON_AddNumberToObject(o, "seconds", (double)(long)(r->seconds * 1000 + 0.5) / 1000);
    cJSON_AddNumberToObject(o, "kernels", audit_num(analysis, "kernels", 0));
    cJSON_AddNumberToObject(o, "findings", nfindings);
    cJSON_AddNumberToObject(o, "below_threshold", audit_num(analysis, "below_threshold", 0));
    static const char *const lists[] = {"errors", "notes"};
    for (int i = 0; i < 2; i++) {
        cJSON *l = cJSON_DetachItemFromObject(analysis, lists[i]);
        cJSON_AddItemToObject(o, lists[i], l ? l : cJSON_CreateArray());
    }
    if (strcmp(status, "failed") == 0) run->failed++;
    append(&buf, &n, &cap, o);
    if (fwrite(buf, 1, n, run->results) != n || fflush(run->results) != 0) run->write_failed = true;
    free(buf);

    run->done++;
    run->findings += nfindings;
    cJSON_Delete(analysis);
    file_result_free(r);
    if (--run->left[q->project] == 0) run->projects_done++;
    progress(run, false);
    if (run->stop_after > 0 && run->done >= run->stop_after) raise(SIGKILL);
}

/* What the pool hands its callbacks. */
typedef struct {
    OwnerStatus *owners;
    Run *run;
} Delivery;

static void delivered(void *ctx, FileResult *r)
{
    owner_status_add(((Delivery *)ctx)->owners, r);
}

static void still_waiting(void *ctx, const char *longest, double seconds)
{
    Run *run = ((Delivery *)ctx)->run;
    run->longest = longest;
    run->longest_seconds = seconds;
    progress(run, false);
    run->longest = NULL;
}

/* The files recorded as complete, by audit_done_key. */
static void load_done(const char *dir, StrMap *done)
{
    AuditResults r;
    memset(&r, 0, sizeof r);
    audit_results_load(&r, dir);
    for (int i = 0; i < r.nprojects; i++)
        for (int j = 0; j < r.projects[i].nfiles; j++) {
            const cJSON *f = r.projects[i].files[j].record;
            char *k = audit_done_key(audit_str(f, "project", ""), audit_str(f, "file", ""), audit_str(f, "hash", ""),
                                     audit_str(f, "gpulint", ""));
            strmap_increment(done, k);
            free(k);
        }
    audit_results_free(&r);
}

static Filter *project_filter(const AuditProjectSpec *p, Diagnostics *d)
{
    FilterOptions fo;
    memset(&fo, 0, sizeof fo);
    /* paths and fingerprints relative to the project: the same on any
     * machine that runs a shard */
    fo.repo_root = p->path;
    return filter_new(&fo, d);
}

static cJSON *problem_list(const Problem *p, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        char line[1200];
        snprintf(line, sizeof line, "%s%s%s", p[i].file ? p[i].file : "", p[i].file ? ": " : "", p[i].message);
        cJSON_AddItemToArray(a, cJSON_CreateString(line));
    }
    return a;
}

static int emit_benchmarks(const AuditRunOptions *o, const EngineOptions *eo);

int audit_run(const AuditRunOptions *o)
{
    if (!audit_make_dirs(o->out_dir)) {
        fprintf(stderr, "gpulint: error: %s: cannot create the directory: %s\n", o->out_dir, strerror(errno));
        return 2;
    }
    StrMap done;
    memset(&done, 0, sizeof done);
    if (!o->force) load_done(o->out_dir, &done);
    size_t plen = strlen(o->out_dir) + 32;
    char *path = xmalloc(plen);
    snprintf(path, plen, "%s/results.jsonl", o->out_dir);
    FILE *results = fopen(path, o->force ? "w" : "a+");
    if (!results) {
        fprintf(stderr, "gpulint: error: %s: %s\n", path, strerror(errno));
        free(path);
        strmap_free(&done);
        return 2;
    }
    /* a run killed mid-line: start on a line of our own */
    if (fseek(results, 0, SEEK_END) == 0 && ftell(results) > 0 && fseek(results, -1, SEEK_END) == 0 && fgetc(results) != '\n')
        fputc('\n', results);
    fseek(results, 0, SEEK_END);
    Run run;
    memset(&run, 0, sizeof run);
    run.o = o;
    run.results = results;
    run.tty = o->progress < 0 ? isatty(2) : false;
    const char *stop = getenv("GPULINT_TEST_STOP_AFTER");
    run.stop_after = stop ? atol(stop) : 0;
    run.left = xcalloc((size_t)o->nprojects + 1, sizeof *run.left);
    Filter **filters = xcalloc((size_t)o->nprojects + 1, sizeof *filters);
    Queued *queue = NULL;
    int nqueue = 0, skipped = 0;
    char **every = NULL; /* every project's files: fragments are reported through their owners */
    int nevery = 0;
    for (int i = 0; i < o->nprojects; i++) {
        const AuditProjectSpec *p = &o->projects[i];
        Diagnostics d;
        memset(&d, 0, sizeof d);
        filters[i] = project_filter(p, &d);
        FileList files = {NULL, 0};
        const char *one = p->path;
        engine_collect_files(&one, 1, &files, &d);
        if (filters[i]) engine_filter_files(filters[i], &files, &d);
        for (int j = 0; j < files.n; j++) *VEC_PUSH(every, nevery) = xstrdup(files.paths[j]);
        cJSON *rec = base_record("project", p->name, NULL, NULL);
        cJSON_AddStringToObject(rec, "path", p->path);
        cJSON_AddNumberToObject(rec, "files", files.n);
        cJSON_AddItemToObject(rec, "errors", problem_list(d.errors, d.nerrors));
        char *buf = NULL;
        size_t n = 0, cap = 0;
        append(&buf, &n, &cap, rec);
        if (fwrite(buf, 1, n, results) != n) run.write_failed = true;
        free(buf);
        size_t plen2 = strlen(p->path);
        for (int j = 0; filters[i] && j < files.n; j++) {
            long size = 0;
            char *text = read_file(files.paths[j], &size);
            char hash[17];
            snprintf(hash, sizeof hash, "%016llx", text ? audit_hash_bytes(text, (size_t)size) : 0ULL);
            free(text);
            const char *rel = files.paths[j];
            if (strncmp(rel, p->path, plen2) == 0 && rel[plen2] == '/') rel += plen2 + 1;
            char *key = audit_done_key(p->name, rel, hash, GPULINT_VERSION);
            bool recorded = *strmap_get(&done, key) > 0;
            free(key);
            if (recorded) {
                skipped++;
                continue;
            }
            Queued *q = VEC_PUSH(queue, nqueue);
            q->project = i;
            q->path = xstrdup(files.paths[j]);
            q->rel = xstrdup(rel);
            memcpy(q->hash, hash, sizeof hash);
            run.left[i]++;
        }
        if (run.left[i] == 0) run.projects_done++;
        file_list_free(&files);
        diagnostics_free(&d);
    }
    fflush(results);
    run.total = nqueue;
    run.queue = queue;
    for (int i = 0; i < nqueue; i++) *strmap_get(&run.queued, queue[i].path) = i + 1;
    run.filters = filters;
    if (skipped) fprintf(stderr, "gpulint audit: %d files already recorded in %s (unchanged; --force redoes them)\n", skipped, path);
    run.start = monotonic_seconds();

    EngineOptions eo = o->engine;
    eo.run_files = every;
    eo.nrun_files = nevery;
    /* each project's directory is at least its files' root */
    const char **named = xcalloc((size_t)o->nprojects + 1, sizeof *named);
    for (int i = 0; i < o->nprojects; i++) named[i] = o->projects[i].path;
    eo.named_paths = named;
    eo.nnamed_paths = o->nprojects;
    PoolOptions po = {o->limits.jobs, o->limits.timeout_s > 0 ? o->limits.timeout_s : 0,
                      o->limits.memory_mb > 0 ? (unsigned long long)o->limits.memory_mb << 20 : 0, false,
                      still_waiting};
    char **paths = xcalloc((size_t)nqueue + 1, sizeof *paths);
    for (int i = 0; i < nqueue; i++) paths[i] = queue[i].path;
    char err[512] = "";
    int status = 0;
    Delivery delivery = {owner_status_new(file_done, &run), &run};
    bool linted = lint_files(&eo, &po, paths, nqueue, delivered, &delivery, err, (int)sizeof err);
    owner_status_finish(delivery.owners);
    strmap_free(&run.queued);
    if (!linted) {
        fprintf(stderr, "gpulint: error: %s\n", err);
        status = 2;
    }
    free(paths);
    progress(&run, true);
    if (fclose(results) != 0) run.write_failed = true;
    if (run.write_failed) {
        fprintf(stderr, "gpulint: error: %s: cannot write the results: %s\n", path, strerror(errno));
        status = 2;
    }
    for (int i = 0; i < nqueue; i++) {
        free(queue[i].path);
        free(queue[i].rel);
    }
    free(queue);
    for (int i = 0; i < o->nprojects; i++) filter_free(filters[i]);
    free(filters);
    free(run.left);
    free(path);
    strmap_free(&done);
    if (status == 0 && o->emit_bench > 0 && emit_benchmarks(o, &eo) != 0) status = 2;
    for (int i = 0; i < nevery; i++) free(every[i]);
    free(every);
    free(named);
    if (status == 0) status = audit_report_build(o->out_dir, o->source_url);
    return status;
}

/* ------------------------------------------------------------ --emit-bench */

typedef struct {
    const cJSON *finding;
    const char *file;        /* the path analysed */
    int project;
} Pick;

static int by_predicted(const void *a, const void *b)
{
    const cJSON *x = ((const Pick *)a)->finding, *y = ((const Pick *)b)->finding;
    double sx = audit_num(cJSON_GetObjectItem(x, "predicted"), "speedup", 0);
    double sy = audit_num(cJSON_GetObjectItem(y, "predicted"), "speedup", 0);
    if (sx != sy) return sx > sy ? -1 : 1;
    return strcmp(audit_str(x, "fingerprint", ""), audit_str(y, "fingerprint", ""));
}

/* The top N findings of each project (by predicted speedup) are analysed
 * again in this process to get them as findings with typed evidence, then
 * written by bench_emit into DIR/bench with ids unique over the audit. */
static int emit_benchmarks(const AuditRunOptions *o, const EngineOptions *eo)
{
    char err[512];
    EngineOptions replay_eo = *eo;
    replay_eo.replay_facts = true; /* what a replay of each finding's kernel needs */
    eo = &replay_eo;
    Engine *engine = engine_new(eo, err, sizeof err);
    if (!engine) {
        fprintf(stderr, "gpulint: error: cannot set up the parser: %s\n", err);
        return 2;
    }
    AuditResults r;
    memset(&r, 0, sizeof r);
    audit_results_load(&r, o->out_dir);
    audit_results_finish(&r);
    Pick *picks = NULL;
    int npicks = 0;
    for (int i = 0; i < o->nprojects; i++) {
        const AuditProject *p = NULL;
        for (int k = 0; k < r.nprojects && !p; k++)
            if (strcmp(audit_str(r.projects[k].record, "project", ""), o->projects[i].name) == 0) p = &r.projects[k];
        if (!p) continue;
        Pick *mine = NULL;
        int nmine = 0;
        for (int j = 0; j < p->nfiles; j++)
            for (int k = 0; k < p->files[j].nfindings; k++)
                *VEC_PUSH(mine, nmine) = (Pick){cJSON_GetObjectItem(p->files[j].findings[k], "finding"),
                                                audit_str(p->files[j].record, "path", ""), i};
        if (nmine) qsort(mine, (size_t)nmine, sizeof *mine, by_predicted);
        for (int k = 0; k < nmine && k < o->emit_bench; k++) *VEC_PUSH(picks, npicks) = mine[k];
        free(mine);
    }
    Diagnostics d;
    memset(&d, 0, sizeof d);
    d.echo = stderr;
    FileResult *kept = NULL;
    int nkept = 0;
    const Finding **chosen = NULL;
    int nchosen = 0;
    StrMap ids;
    memset(&ids, 0, sizeof ids);
    for (int i = 0; i < npicks; i++) {
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = strcmp(picks[k].file, picks[i].file) == 0;
        if (seen) continue;
        Filter *filter = project_filter(&o->projects[picks[i].project], &d);
        FileResult *fr = VEC_PUSH(kept, nkept);
        engine_lint_file(engine, picks[i].file, NULL, 0, fr);
        if (filter) engine_filter_result(filter, fr, NULL, 0);
        filter_free(filter);
        findings_assign_ids(&fr->findings, &ids);
        for (int j = 0; j < fr->findings.n; j++)
            for (int k = i; k < npicks; k++)
                if (strcmp(picks[k].file, picks[i].file) == 0 && fr->findings.items[j].fingerprint &&
                    strcmp(fr->findings.items[j].fingerprint, audit_str(picks[k].finding, "fingerprint", "")) == 0)
                    *VEC_PUSH(chosen, nchosen) = &fr->findings.items[j];
    }
    size_t n = strlen(o->out_dir) + 16;
    char *dir = xmalloc(n);
    snprintf(dir, n, "%s/bench", o->out_dir);
    BuildFlags *flags = engine_build_flags_new(eo);
    int status = nchosen ? bench_emit(chosen, nchosen, dir, o->data_dir, engine_build_flags_for, flags, &d) : 0;
    engine_build_flags_free(flags);
    fprintf(stderr, "gpulint audit: %d benchmarks in %s (run 'gpulint bench %s' on a GPU machine, then 'gpulint audit report %s')\n",
            nchosen, dir, dir, o->out_dir);
    free(dir);
    free(chosen);
    for (int i = 0; i < nkept; i++) file_result_free(&kept[i]);
    free(kept);
    strmap_free(&ids);
    free(picks);
    diagnostics_free(&d);
    audit_results_free(&r);
    engine_free(engine);
    return status;
}
