/* impact.c - --impact: the measured results of a results file (gpulint bench
 * DIR writes DIR/results.json) attached to the findings they measured. */
#include "bench/bench.h"
#include "bench/result.h"
#include "finding/fingerprint.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "rules/rules.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

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
    const char *measured; /* "your kernel", "your kernel (upper bound)" (a replay), or "pattern" */
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
    } else if (!bench_json_absent_or(doc, "gpu", cJSON_IsString, false)) {
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
        else if (!bench_json_absent_or(e, "rule", cJSON_IsString, false)) problem = "\"rule\" is not a string";
        else if (!bench_json_absent_or(e, "params", cJSON_IsObject, false)) problem = "\"params\" is not an object";
        else if (!bench_json_absent_or(e, "fingerprint", cJSON_IsString, false)) problem = "\"fingerprint\" is not a string";
        else if (cJSON_GetObjectItem(e, "result") && bench_result_problem(cJSON_GetObjectItem(e, "result"), why, sizeof why))
            problem = why;
        if (problem) {
            char *id = bench_clean_text(bench_json_str(e, "id", "?"));
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
    results->gpu = bench_clean_text(bench_json_str(doc, "gpu", "GPU"));
    results->entries = xcalloc((size_t)j + 1, sizeof *results->entries);
    /* Results without fingerprints (older gpulint) cannot be tied to code. */
    int unmatched = 0, order = 0;
    cJSON_ArrayForEach(e, list)
    {
        const char *fp = bench_json_str(e, "fingerprint", NULL);
        const cJSON *res = cJSON_GetObjectItem(e, "result");
        order++;
        if (!fp) unmatched++;
        if (!fp || !res) continue;
        results->entries[results->n++] =
            (ImpactEntry){fp, bench_json_str(e, "rule", ""), bench_json_str(e, "measured", "pattern"),
                          cJSON_GetObjectItem(e, "params"), res, order};
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
    char *c = bench_clean_text(s);
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
        /* The finding that was benchmarked, and only it: same fingerprint
         * (rule, file, the line's code, kernel) and rule; a pattern result
         * also the same benchmark parameters (else it measured another
         * shape).  A replay of the finding's own kernel wins over the
         * pattern. */
        const ImpactEntry *x = NULL;
        for (int j = lo; j < results->n && strcmp(results->entries[j].fingerprint, fp) == 0; j++) {
            const ImpactEntry *y = &results->entries[j];
            bool replay = strncmp(y->measured, "your kernel", 11) == 0;
            if (strcmp(y->rule, f->rule) != 0 || (!replay && !params_match(&bp, y->params))) continue;
            if (!x || (replay && strncmp(x->measured, "your kernel", 11) != 0)) x = y;
        }
        if (x) {
            const cJSON *res = x->result, *spread = cJSON_GetObjectItem(res, "best_spread");
            f->measured.present = true;
            f->measured.gpu = cJSON_IsString(cJSON_GetObjectItem(res, "gpu"))
                                  ? arena_clean(&findings->arena, bench_json_str(res, "gpu", ""))
                                  : arena_strdup(&findings->arena, results->gpu);
            /* validated: a finite positive number, or 0 for "not measured" */
            f->measured.speedup = bench_json_num(res, "best_speedup", 0);
            f->measured.spread_lo = bench_spread_at(spread, 0);
            f->measured.spread_hi = bench_spread_at(spread, 1);
            f->measured.variant =
                strcmp(x->measured, "your kernel") == 0 ? "the fix applied to your kernel"
                : strncmp(x->measured, "your kernel", 11) == 0
                    ? "your kernel with the access made coalesced (an upper bound)"
                    : arena_clean(&findings->arena, bench_json_str(res, "best_fix", "fix"));
            f->measured.verdict = arena_strdup(&findings->arena, bench_verdict_name(res));
        }
    }
}
