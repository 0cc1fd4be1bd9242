/* audit_report.c - see audit.h ("reports"): everything is rebuilt from
 * DIR/results.jsonl (and DIR/bench/results.json when a GPU run measured
 * the emitted benchmarks): summary.csv, one SARIF file per project through
 * the sarif emitter (findings are turned back into Finding structs), and
 * report.html (audit_html.c). */
#include "audit/audit.h"
#include "output/emitter.h"
#include "util/oom.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static SrcRange range_of(FindingList *l, const cJSON *j)
{
    SrcRange r;
    r.file = arena_strdup(&l->arena, audit_str(j, "file", ""));
    r.line = audit_uint(j, "line", 0);
    r.col = audit_uint(j, "column", 0);
    r.end_line = audit_uint(j, "end_line", r.line);
    r.end_col = audit_uint(j, "end_column", r.col);
    return r;
}

/* A finding line's finding back as a Finding (evidence lists stay the
 * comma-joined strings JSON has). */
static void finding_from_json(FindingList *l, const cJSON *j)
{
    Severity sev = SEV_LOW;
    severity_parse(audit_str(j, "severity", "low"), &sev);
    const char *rule = arena_strdup(&l->arena, audit_str(j, "rule", ""));
    Finding *f = finding_new(l, rule, sev, range_of(l, j), audit_str(j, "kernel", ""), "%s", audit_str(j, "message", ""));
    if (!f) return;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(j, "evidence"))
    {
        const char *key = arena_strdup(&l->arena, e->string);
        if (cJSON_IsBool(e)) finding_bool(l, f, key, cJSON_IsTrue(e));
        else if (cJSON_IsNumber(e)) finding_int(l, f, key, (long long)e->valuedouble);
        else if (cJSON_IsString(e)) finding_str(l, f, key, e->valuestring);
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(j, "related"))
        finding_related(l, f, range_of(l, e), "%s", audit_str(e, "message", ""));
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(j, "fixes"))
    {
        Fix *fix = finding_fix(l, f, "%s", audit_str(e, "description", ""));
        const cJSON *rp;
        cJSON_ArrayForEach(rp, cJSON_GetObjectItem(e, "replacements"))
            finding_replacement(l, fix, range_of(l, rp), audit_str(rp, "text", ""), NULL);
    }
    f->id = arena_strdup(&l->arena, audit_str(j, "id", ""));
    const char *fp = audit_str(j, "fingerprint", NULL);
    if (fp) f->fingerprint = arena_strdup(&l->arena, fp);
    const char *rp = audit_str(j, "repo_path", NULL);
    if (rp) f->repo_path = arena_strdup(&l->arena, rp);
}

static bool write_sarif(const AuditProject *p, const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) return false;
    char root[PATH_MAX];
    const char *given = audit_str(p->record, "path", ".");
    RunInfo info = {GPULINT_VERSION, realpath(given, root) ? root : given};
    EmitterStream s = {out, 0, false, NULL};
    sarif_emitter.begin(&s, &info);
    Diagnostics d;
    memset(&d, 0, sizeof d);
    RunSummary sum;
    memset(&sum, 0, sizeof sum);
    for (int i = 0; i < p->nfiles; i++) {
        const AuditFile *af = &p->files[i];
        FileResult r;
        memset(&r, 0, sizeof r);
        findings_init(&r.findings);
        r.path = audit_str(af->record, "path", "");
        for (int k = 0; k < af->nfindings; k++) finding_from_json(&r.findings, cJSON_GetObjectItem(af->findings[k], "finding"));
        sarif_emitter.file(&s, &r);
        sum.findings += r.findings.n;
        findings_free(&r.findings);
        if (strcmp(audit_str(af->record, "status", ""), "failed") == 0)
            diag_error(&d, r.path, 0, 0, "not analysed: %s", audit_str(af->record, "reason", ""));
    }
    sum.problems = &d;
    bool ok = sarif_emitter.end(&s, &sum);
    diagnostics_free(&d);
    return fclose(out) == 0 && ok;
}

/* Counts of one project, for the CSV (the page counts the same way). */
static void csv_row(FILE *f, const AuditProject *p)
{
    int status[3] = {0, 0, 0}, sev[SEV_COUNT] = {0}, findings = 0;
    double kernels = 0, seconds = 0, below = 0, best = 0;
    for (int i = 0; i < p->nfiles; i++) {
        const cJSON *r = p->files[i].record;
        const char *st = audit_str(r, "status", "failed");
        status[strcmp(st, "ok") == 0 ? 0 : strcmp(st, "degraded") == 0 ? 1 : 2]++;
        kernels += audit_num(r, "kernels", 0);
        seconds += audit_num(r, "seconds", 0);
        below += audit_num(r, "below_threshold", 0);
        for (int k = 0; k < p->files[i].nfindings; k++) {
            const cJSON *x = cJSON_GetObjectItem(p->files[i].findings[k], "finding");
            Severity s = SEV_LOW;
            severity_parse(audit_str(x, "severity", "low"), &s);
            sev[s]++;
            findings++;
            double sp = audit_num(cJSON_GetObjectItem(x, "predicted"), "speedup", 0);
            if (sp > best) best = sp;
        }
    }
    const char *name = audit_str(p->record, "project", "");
    fputc('"', f);
    for (const char *c = name; *c; c++) {
        if (*c == '"') fputc('"', f);
        fputc(*c, f);
    }
    fprintf(f, "\",%d,%d,%d,%d,%.0f,%d,%d,%d,%d,%d,%.0f,%.2f,%.2f\n", p->nfiles, status[0], status[1], status[2], kernels,
            findings, sev[SEV_HIGH], sev[SEV_MEDIUM], sev[SEV_LOW], sev[SEV_INFO], below, best, seconds);
}

/* fingerprint -> the measured result of DIR/bench/results.json. */
static cJSON *load_measured(const char *dir)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/bench/results.json", dir);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *text = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&text, &n);
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, k, mem);
    fclose(f);
    fclose(mem);
    cJSON *doc = cJSON_Parse(text);
    free(text);
    if (!doc) {
        fprintf(stderr, "gpulint audit: note: %s is not JSON; measured results left out\n", path);
        return NULL;
    }
    cJSON *map = cJSON_CreateObject();
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(doc, "results"))
    {
        const char *fp = audit_str(e, "fingerprint", NULL);
        const cJSON *res = cJSON_GetObjectItem(e, "result");
        if (!fp || !res || cJSON_GetObjectItem(map, fp)) continue;
        cJSON *m = cJSON_AddObjectToObject(map, fp);
        cJSON_AddNumberToObject(m, "speedup", audit_num(res, "best_speedup", 0));
        cJSON_AddStringToObject(m, "verdict", audit_str(res, "verdict", ""));
        cJSON_AddStringToObject(m, "gpu", audit_str(res, "gpu", audit_str(doc, "gpu", "")));
    }
    cJSON_Delete(doc);
    fprintf(stderr, "gpulint audit: %d measured results from %s\n", cJSON_GetArraySize(map), path);
    return map;
}

/* The file name of a project's SARIF report: its name with '/' and control
 * bytes as '_', and no leading '.': a name read from results.jsonl (a
 * shard's from another machine, say) must not reach outside DIR/sarif
 * ("../../x" wrote DIR/../x.sarif). */
static void sarif_file_name(const char *project, char *out, size_t n)
{
    size_t k = 0;
    if (project[0] == '.' || !project[0]) out[k++] = '_';
    for (const char *p = project; *p && k + 1 < n; p++) {
        unsigned char c = (unsigned char)*p;
        out[k++] = c == '/' || c < 0x20 || c == 0x7f ? '_' : (char)c;
    }
    out[k] = 0;
}

int audit_report_build(const char *dir, const char *source_url)
{
    AuditResults r;
    memset(&r, 0, sizeof r);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/results.jsonl", dir);
    struct stat st;
    if (stat(path, &st) != 0 || !audit_results_load(&r, dir)) {
        fprintf(stderr, "gpulint audit: error: %s: cannot read the results\n", path);
        return 2;
    }
    audit_results_finish(&r);
    int status = 0;

    snprintf(path, sizeof path, "%s/summary.csv", dir);
    char *csv = NULL;
    size_t ncsv = 0;
    FILE *mem = open_memstream(&csv, &ncsv);
    fputs("project,files,ok,degraded,failed,kernels,findings,high,medium,low,info,below_threshold,max_predicted_speedup,seconds\n", mem);
    for (int i = 0; i < r.nprojects; i++) csv_row(mem, &r.projects[i]);
    fclose(mem);
    if (!audit_write_atomic(path, csv, ncsv)) status = 2;
    free(csv);

    snprintf(path, sizeof path, "%s/sarif", dir);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) status = 2;
    for (int i = 0; i < r.nprojects; i++) {
        char name[240]; /* with ".sarif", within NAME_MAX */
        sarif_file_name(audit_str(r.projects[i].record, "project", "project"), name, sizeof name);
        snprintf(path, sizeof path, "%s/sarif/%s.sarif", dir, name);
        if (!write_sarif(&r.projects[i], path)) {
            fprintf(stderr, "gpulint audit: error: %s: cannot write\n", path);
            status = 2;
        }
    }

    cJSON *measured = load_measured(dir);
    snprintf(path, sizeof path, "%s/report.html", dir);
    if (!audit_html_write(&r, measured, source_url, path)) status = 2;
    cJSON_Delete(measured);
    if (status != 0) fprintf(stderr, "gpulint audit: error: some reports in %s could not be written\n", dir);
    else fprintf(stderr, "gpulint audit: reports: %s/report.html, %s/summary.csv, %s/sarif/\n", dir, dir, dir);
    int expected, missing = audit_results_missing(&r, &expected);
    if (missing)
        fprintf(stderr, "gpulint audit: note: partial report: %d of %d files have no result yet (the audit stopped "
                        "before it finished); run the same audit command again to finish it\n", missing, expected);
    if (r.malformed_lines)
        fprintf(stderr, "gpulint audit: note: %d lines of %s/results.jsonl were not records (an interrupted write)\n",
                r.malformed_lines, dir);
    audit_results_free(&r);
    return status;
}
