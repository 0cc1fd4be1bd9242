/* report.c - text and JSON output; the JSON schema is in docs/json-schema.md. */
#include "output/report.h"
#include "util/oom.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

void report_text(FILE *out, const RunResult *r)
{
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        fprintf(out, "%s:%u:%u: warning: %s [%s]\n", f->range.file, f->range.line, f->range.col, f->message, f->rule);
        fprintf(out, "    note: severity %s; kernel %s\n", severity_name(f->severity), f->kernel ? f->kernel : "?");
        if (f->nevidence) {
            fprintf(out, "    note: evidence:");
            for (int j = 0; j < f->nevidence; j++) {
                char v[512];
                evidence_format(&f->evidence[j], v, sizeof v);
                fprintf(out, "%s %s=%s", j ? "," : "", f->evidence[j].key, v);
            }
            fputc('\n', out);
        }
        for (int j = 0; j < f->nrelated; j++) {
            const Related *rel = &f->related[j];
            fprintf(out, "    %s:%u:%u: note: %s\n", rel->range.file, rel->range.line, rel->range.col, rel->message);
        }
        for (int j = 0; j < f->nfixes; j++) {
            const Fix *fx = &f->fixes[j];
            fprintf(out, "    note: fix: %s", fx->description);
            for (int q = 0; q < fx->nreplacements; q++) {
                const Replacement *rp = &fx->replacements[q];
                fprintf(out, "%s%u:%u: \"%s\"", q ? ", " : " [fix-it ", rp->range.line, rp->range.col, rp->text);
            }
            fprintf(out, "%s\n", fx->nreplacements ? "]" : "");
        }
        if (f->measured.present)
            fprintf(out, "    note: measured on %s: %s %.2fx faster (spread %.2f-%.2f), %s\n", f->measured.gpu,
                    f->measured.variant ? f->measured.variant : "the fix", f->measured.speedup, f->measured.spread_lo,
                    f->measured.spread_hi, f->measured.verdict ? f->measured.verdict : "");
    }
}

static void problem_line(FILE *err, const Problem *p, const char *level)
{
    if (p->line)
        fprintf(err, "%s:%u:%u: %s: %s\n", p->file ? p->file : "gpulint", p->line, p->col, level, p->message);
    else
        fprintf(err, "%s: %s: %s\n", p->file ? p->file : "gpulint", level, p->message);
}

void report_problems_text(FILE *err, const RunResult *r)
{
    for (int i = 0; i < r->nnotes; i++) problem_line(err, &r->notes[i], "note");
    for (int i = 0; i < r->nerrors; i++) problem_line(err, &r->errors[i], "error");
}

void report_summary(FILE *err, const RunResult *r)
{
    int bysev[3] = {0, 0, 0};
    for (int i = 0; i < r->findings.n; i++) bysev[r->findings.items[i].severity]++;
    fprintf(err, "gpulint: %d finding%s (%d high, %d medium, %d low), %d error%s; %d file%s, %d kernel%s, %.2f s\n",
            r->findings.n, r->findings.n == 1 ? "" : "s", bysev[SEV_HIGH], bysev[SEV_MEDIUM], bysev[SEV_LOW],
            r->nerrors, r->nerrors == 1 ? "" : "s", r->files, r->files == 1 ? "" : "s", r->kernels,
            r->kernels == 1 ? "" : "s", r->seconds);
}

static cJSON *range_fields(cJSON *o, SrcRange r)
{
    cJSON_AddStringToObject(o, "file", r.file ? r.file : "");
    cJSON_AddNumberToObject(o, "line", r.line);
    cJSON_AddNumberToObject(o, "column", r.col);
    cJSON_AddNumberToObject(o, "end_line", r.end_line ? r.end_line : r.line);
    cJSON_AddNumberToObject(o, "end_column", r.end_col ? r.end_col : r.col);
    return o;
}

cJSON *finding_to_json(const Finding *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", f->id ? f->id : "");
    cJSON_AddStringToObject(o, "rule", f->rule);
    cJSON_AddStringToObject(o, "severity", severity_name(f->severity));
    range_fields(o, f->range);
    cJSON_AddStringToObject(o, "kernel", f->kernel ? f->kernel : "");
    cJSON_AddStringToObject(o, "message", f->message);
    cJSON *ev = cJSON_AddObjectToObject(o, "evidence");
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

static cJSON *problems_json(const Problem *p, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "file", p[i].file ? p[i].file : "");
        if (p[i].line) {
            cJSON_AddNumberToObject(x, "line", p[i].line);
            cJSON_AddNumberToObject(x, "column", p[i].col);
        }
        cJSON_AddStringToObject(x, "message", p[i].message);
        cJSON_AddItemToArray(a, x);
    }
    return a;
}

bool report_json(FILE *out, const RunResult *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "version", GPULINT_JSON_VERSION);
    cJSON *tool = cJSON_AddObjectToObject(root, "tool");
    cJSON_AddStringToObject(tool, "name", "gpulint");
    cJSON_AddStringToObject(tool, "version", GPULINT_VERSION);
    cJSON *fs = cJSON_AddArrayToObject(root, "findings");
    for (int i = 0; i < r->findings.n; i++) cJSON_AddItemToArray(fs, finding_to_json(&r->findings.items[i]));
    cJSON_AddItemToObject(root, "errors", problems_json(r->errors, r->nerrors));
    cJSON_AddItemToObject(root, "notes", problems_json(r->notes, r->nnotes));
    cJSON *st = cJSON_AddObjectToObject(root, "stats");
    cJSON_AddNumberToObject(st, "files", r->files);
    cJSON_AddNumberToObject(st, "kernels", r->kernels);
    cJSON_AddNumberToObject(st, "seconds", r->seconds);
    char *s = cJSON_Print(root);
    cJSON_Delete(root);
    if (!s) return false;
    fputs(s, out);
    fputc('\n', out);
    cJSON_free(s);
    return true;
}
