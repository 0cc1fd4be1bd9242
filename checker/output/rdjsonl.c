/* rdjsonl.c - reviewdog's rdjsonl: one Diagnostic per line ({message,
 * location{path, range}, severity, source, code{value, url}, suggestions,
 * related_locations}) for `reviewdog -f=rdjsonl`.  Columns are 1-based
 * bytes, as reviewdog counts them; ends are exclusive.  Severities: high
 * -> ERROR, medium -> WARNING, low -> INFO. */
#include "output/ci_common.h"
#include "output/emitter.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static const char *rd_severity(Severity s)
{
    return s >= SEV_HIGH ? "ERROR" : s >= SEV_MEDIUM ? "WARNING" : "INFO";
}

static cJSON *position(unsigned line, unsigned col)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddNumberToObject(p, "line", line);
    cJSON_AddNumberToObject(p, "column", col ? col : 1);
    return p;
}

static cJSON *range_json(SrcRange r, bool with_end)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "start", position(r.line, r.col));
    if (with_end) cJSON_AddItemToObject(o, "end", r.end_line ? position(r.end_line, r.end_col) : position(r.line, r.col));
    return o;
}

static void rd_begin(EmitterStream *s, const RunInfo *info)
{
    (void)s;
    (void)info;
}

static void rd_file(EmitterStream *s, const FileResult *r)
{
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        const char *path = finding_report_path(f);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "message", f->message);
        cJSON *loc = cJSON_AddObjectToObject(o, "location");
        cJSON_AddStringToObject(loc, "path", path);
        cJSON_AddItemToObject(loc, "range", range_json(f->range, true));
        cJSON_AddStringToObject(o, "severity", rd_severity(f->severity));
        cJSON *src = cJSON_AddObjectToObject(o, "source");
        cJSON_AddStringToObject(src, "name", "gpulint");
        cJSON *code = cJSON_AddObjectToObject(o, "code");
        cJSON_AddStringToObject(code, "value", f->rule);
        char *url = rule_doc_url(f->rule);
        cJSON_AddStringToObject(code, "url", url);
        free(url);
        /* the first fix with replacements in the finding's own file */
        for (int j = 0; j < f->nfixes; j++) {
            const Fix *fx = &f->fixes[j];
            if (fx->nreplacements == 0) continue;
            cJSON *sug = cJSON_AddArrayToObject(o, "suggestions");
            for (int k = 0; k < fx->nreplacements; k++) {
                const Replacement *rp = &fx->replacements[k];
                if (rp->range.file && f->range.file && strcmp(rp->range.file, f->range.file) != 0) continue;
                cJSON *x = cJSON_CreateObject();
                cJSON_AddItemToObject(x, "range", range_json(rp->range, true));
                cJSON_AddStringToObject(x, "text", rp->text);
                cJSON_AddItemToArray(sug, x);
            }
            break;
        }
        if (f->nrelated) {
            cJSON *rel = cJSON_AddArrayToObject(o, "related_locations");
            for (int j = 0; j < f->nrelated; j++) {
                if (f->related[j].range.file && f->range.file && strcmp(f->related[j].range.file, f->range.file) != 0)
                    continue;
                cJSON *x = cJSON_CreateObject();
                cJSON_AddStringToObject(x, "message", f->related[j].message);
                cJSON *l = cJSON_AddObjectToObject(x, "location");
                cJSON_AddStringToObject(l, "path", path);
                cJSON_AddItemToObject(l, "range", range_json(f->related[j].range, false));
                cJSON_AddItemToArray(rel, x);
            }
        }
        char *text = cJSON_PrintUnformatted(o);
        cJSON_Delete(o);
        if (!text) {
            s->failed = true;
            continue;
        }
        fputs(text, s->out);
        fputc('\n', s->out);
        cJSON_free(text);
        s->findings_written++;
    }
    fflush(s->out);
}

static bool rd_end(EmitterStream *s, const RunSummary *summary)
{
    (void)summary;
    fflush(s->out);
    return !s->failed;
}

const Emitter rdjsonl_emitter = {"rdjsonl", true, rd_begin, rd_file, rd_end};
