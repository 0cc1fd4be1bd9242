/* audit_analysis.c - see audit.h ("analysis"): one file's result, as the
 * worker pool (isolate/worker.h) delivered it, becomes the object its
 * results.jsonl lines are made from.  This runs in the audit's own process,
 * so the project's filter, the threshold and the report's code excerpts
 * need nothing from the workers but the result. */
#include "audit/audit.h"
#include "output/finding_json.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Lines [first, last] of the file, for the report's code excerpt. */
static char *excerpt(const char *text, long size, unsigned first, unsigned last)
{
    if (!text || first == 0) return NULL;
    unsigned line = 1;
    long i = 0, start = -1, end = size;
    for (; i < size; i++) {
        if (line == first && start < 0) start = i;
        if (text[i] == '\n') {
            if (line == last) {
                end = i;
                break;
            }
            line++;
        }
    }
    if (start < 0) return NULL;
    if (end - start > 2000) end = start + 2000;
    char *s = xmalloc((size_t)(end - start) + 1);
    memcpy(s, text + start, (size_t)(end - start));
    s[end - start] = 0;
    return s;
}

static cJSON *problems_json(const Problem *p, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        if (p[i].line) cJSON_AddNumberToObject(o, "line", p[i].line);
        cJSON_AddStringToObject(o, "message", p[i].message);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

cJSON *audit_analysis(FileResult *r, Filter *filter, Severity min)
{
    if (filter) engine_filter_result(filter, r, NULL, 0);
    int below = findings_filter_min_severity(&r->findings, min);
    long size = 0;
    char *text = read_file(r->path, &size);
    cJSON *o = cJSON_CreateObject();
    /* the engine's own status (missing headers, parse errors; engine.h),
     * the same the command line's JSON `files` shows */
    FileStatus st = r->status;
    cJSON_AddStringToObject(o, "status", file_status_name(st));
    if (st != FILE_OK) {
        const Problem *why = r->problems.nerrors ? &r->problems.errors[0] : r->problems.nnotes ? &r->problems.notes[0] : NULL;
        cJSON_AddStringToObject(o, "reason", r->nreasons ? r->reasons[0] : why ? why->message : "not analysed");
    }
    cJSON_AddNumberToObject(o, "kernels", r->kernels);
    cJSON_AddNumberToObject(o, "below_threshold", below);
    cJSON_AddItemToObject(o, "errors", problems_json(r->problems.errors, r->problems.nerrors));
    cJSON_AddItemToObject(o, "notes", problems_json(r->problems.notes, r->problems.nnotes));
    cJSON *list = cJSON_AddArrayToObject(o, "findings");
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        cJSON *j = finding_to_json(f);
        if (f->repo_path) cJSON_AddStringToObject(j, "repo_path", f->repo_path);
        unsigned first = f->range.line > 2 ? f->range.line - 2 : 1;
        unsigned last = (f->range.end_line > f->range.line ? f->range.end_line : f->range.line) + 2;
        if (last > first + 8) last = first + 8;
        char *ex = f->range.file && strcmp(f->range.file, r->path) == 0 ? excerpt(text, size, first, last) : NULL;
        if (ex) {
            cJSON_AddStringToObject(j, "excerpt", ex);
            cJSON_AddNumberToObject(j, "excerpt_line", first);
        }
        free(ex);
        cJSON_AddItemToArray(list, j);
    }
    free(text);
    return o;
}

