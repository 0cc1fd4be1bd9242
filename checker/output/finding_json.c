/* finding_json.c - see finding_json.h. */
#include "output/finding_json.h"

#include "util/oom.h"
#include "util/utf8.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

static cJSON *range_fields(cJSON *o, SrcRange r)
{
    cJSON_AddStringToObject(o, "file", r.file ? r.file : "");
    cJSON_AddNumberToObject(o, "line", r.line);
    cJSON_AddNumberToObject(o, "column", r.col);
    cJSON_AddNumberToObject(o, "end_line", r.end_line ? r.end_line : r.line);
    cJSON_AddNumberToObject(o, "end_column", r.end_col ? r.end_col : r.col);
    return o;
}

/* The one place evidence becomes JSON. */
static cJSON *evidence_json(const Finding *f)
{
    cJSON *ev = cJSON_CreateObject();
    for (int i = 0; i < f->nevidence; i++) {
        const Evidence *e = &f->evidence[i];
        if (e->kind == EV_INT) cJSON_AddNumberToObject(ev, e->key, (double)e->i);
        else if (e->kind == EV_BOOL) cJSON_AddBoolToObject(ev, e->key, e->i != 0);
        else if (e->kind == EV_STR) cJSON_AddStringToObject(ev, e->key, e->s);
        else { /* lists: a comma-joined string in JSON v1 (docs/json-schema.md) */
            size_t n = (size_t)evidence_format(e, NULL, 0) + 1;
            char *text = xmalloc(n);
            evidence_format(e, text, n);
            cJSON_AddStringToObject(ev, e->key, text);
            free(text);
        }
    }
    return ev;
}

cJSON *finding_to_json(const Finding *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", f->id ? f->id : "");
    cJSON_AddStringToObject(o, "fingerprint", f->fingerprint ? f->fingerprint : "");
    cJSON_AddStringToObject(o, "rule", f->rule);
    cJSON_AddStringToObject(o, "severity", severity_name(f->severity));
    range_fields(o, f->range);
    cJSON_AddStringToObject(o, "kernel", f->kernel ? f->kernel : "");
    cJSON_AddStringToObject(o, "message", f->message);
    cJSON_AddItemToObject(o, "evidence", evidence_json(f));
    cJSON *rel = cJSON_AddArrayToObject(o, "related");
    for (int i = 0; i < f->nrelated; i++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "file", f->related[i].range.file);
        cJSON_AddNumberToObject(x, "line", f->related[i].range.line);
        cJSON_AddNumberToObject(x, "column", f->related[i].range.col);
        cJSON_AddStringToObject(x, "message", f->related[i].message);
        cJSON_AddItemToArray(rel, x);
    }
    cJSON *fixes = cJSON_AddArrayToObject(o, "fixes");
    for (int i = 0; i < f->nfixes; i++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "description", f->fixes[i].description);
        cJSON *reps = cJSON_AddArrayToObject(x, "replacements");
        for (int j = 0; j < f->fixes[i].nreplacements; j++) {
            const Replacement *rp = &f->fixes[i].replacements[j];
            cJSON *y = range_fields(cJSON_CreateObject(), rp->range);
            cJSON_AddStringToObject(y, "text", rp->text);
            cJSON_AddItemToArray(reps, y);
        }
        cJSON_AddItemToArray(fixes, x);
    }
    if (f->predicted.present) {
        cJSON *p = cJSON_AddObjectToObject(o, "predicted");
        cJSON_AddStringToObject(p, "gpu", f->predicted.gpu ? f->predicted.gpu : "");
        if (f->predicted.known) cJSON_AddNumberToObject(p, "speedup", f->predicted.speedup);
        else cJSON_AddNullToObject(p, "speedup");
        cJSON_AddStringToObject(p, "basis", f->predicted.basis ? f->predicted.basis : "");
        cJSON_AddStringToObject(p, "level", "pattern"); /* read from the rule's pattern benchmarks, not this kernel */
    }
    if (f->measured.present) {
        cJSON *m = cJSON_AddObjectToObject(o, "measured");
        cJSON_AddStringToObject(m, "gpu", f->measured.gpu ? f->measured.gpu : "");
        cJSON_AddNumberToObject(m, "speedup", f->measured.speedup);
        cJSON *sp = cJSON_AddArrayToObject(m, "spread");
        cJSON_AddItemToArray(sp, cJSON_CreateNumber(f->measured.spread_lo));
        cJSON_AddItemToArray(sp, cJSON_CreateNumber(f->measured.spread_hi));
        if (f->measured.variant) cJSON_AddStringToObject(m, "variant", f->measured.variant);
        if (f->measured.verdict) cJSON_AddStringToObject(m, "verdict", f->measured.verdict);
    }
    return o;
}

char *json_print_utf8(const cJSON *item)
{
    char *text = cJSON_Print(item);
    if (!text) return NULL;
    /* Invalid bytes can only sit inside strings (cJSON writes the structure
     * in ASCII), so replacing them keeps the document's shape. */
    char *clean = utf8_sanitize(text);
    cJSON_free(text);
    return clean;
}
