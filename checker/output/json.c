/* json.c - the JSON report (docs/json-schema.md): one document, written as
 * the files are analysed.  The document is byte for byte what one
 * cJSON_Print of the whole would give (tab-indented): each part is printed
 * by cJSON on its own and indented to its depth, which is exact because a
 * formatted cJSON text only ever indents with tabs after its newlines. */
#include "output/emitter.h"
#include "output/finding_json.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

/* Prints `item` (consumed) as a value nested `depth` levels deep. */
static bool print_at_depth(FILE *out, cJSON *item, int depth)
{
    char *text = json_print_utf8(item);
    cJSON_Delete(item);
    if (!text) return false;
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n')
            for (int d = 0; d < depth; d++) fputc('\t', out);
    }
    free(text);
    return true;
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

static void json_begin(EmitterStream *s, const RunInfo *info)
{
    fprintf(s->out, "{\n\t\"version\":\t%d,\n\t\"tool\":\t", GPULINT_JSON_VERSION);
    cJSON *tool = cJSON_CreateObject();
    cJSON_AddStringToObject(tool, "name", "gpulint");
    cJSON_AddStringToObject(tool, "version", info->tool_version);
    if (!print_at_depth(s->out, tool, 1)) s->failed = true;
    fputs(",\n\t\"findings\":\t[", s->out);
}

static cJSON *strings_json(const char *const *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
    return a;
}

/* One entry of `files`: how far the file's analysis got. */
static cJSON *file_status_json(const FileResult *r)
{
    cJSON *x = cJSON_CreateObject();
    cJSON_AddStringToObject(x, "path", r->path);
    cJSON_AddStringToObject(x, "status", file_status_name(r->status));
    cJSON_AddItemToObject(x, "reasons", strings_json(r->reasons, r->nreasons));
    cJSON_AddItemToObject(x, "missing_headers", strings_json(r->missing_headers, r->nmissing_headers));
    cJSON_AddNumberToObject(x, "seconds", r->seconds);
    cJSON_AddNumberToObject(x, "cpu_seconds", r->cpu_seconds);
    cJSON_AddNumberToObject(x, "kernels", r->kernels);
    /* only for files not analysed as their own translation unit */
    if (r->through) cJSON_AddStringToObject(x, "analysed_through", r->through);
    if (r->context) cJSON_AddStringToObject(x, "context", r->context);
    return x;
}

static void json_file(EmitterStream *s, const FileResult *r)
{
    if (!s->state) s->state = cJSON_CreateArray();
    cJSON_AddItemToArray(s->state, file_status_json(r));
    for (int i = 0; i < r->findings.n; i++) {
        if (s->findings_written++) fputs(", ", s->out);
        if (!print_at_depth(s->out, finding_to_json(&r->findings.items[i]), 2)) s->failed = true;
    }
    fflush(s->out); /* a reader of the stream sees each file as it is done */
}

static bool json_end(EmitterStream *s, const RunSummary *summary)
{
    static const Diagnostics none;
    const Diagnostics *d = summary->problems ? summary->problems : &none;
    fputs("],\n\t\"errors\":\t", s->out);
    if (!print_at_depth(s->out, problems_json(d->errors, d->nerrors), 1)) s->failed = true;
    fputs(",\n\t\"notes\":\t", s->out);
    if (!print_at_depth(s->out, problems_json(d->notes, d->nnotes), 1)) s->failed = true;
    fputs(",\n\t\"stats\":\t", s->out);
    cJSON *st = cJSON_CreateObject();
    cJSON_AddNumberToObject(st, "files", summary->files);
    cJSON_AddNumberToObject(st, "kernels", summary->kernels);
    cJSON_AddNumberToObject(st, "seconds", summary->seconds);
    if (!print_at_depth(s->out, st, 1)) s->failed = true;
    fputs(",\n\t\"files\":\t", s->out);
    cJSON *files = s->state ? s->state : cJSON_CreateArray();
    s->state = NULL;
    if (!print_at_depth(s->out, files, 1)) s->failed = true;
    fputs("\n}\n", s->out);
    return !s->failed;
}

const Emitter json_emitter = {"json", true, json_begin, json_file, json_end};
