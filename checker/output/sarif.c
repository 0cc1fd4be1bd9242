/* sarif.c - SARIF 2.1.0 for GitHub code scanning (docs/ci.md): one run,
 * every rule's metadata, one result per finding with a location relative
 * to the run's root (uriBaseId %SRCROOT%), related locations, fix-its as
 * `fixes`, the fingerprint as partialFingerprints, and the run's errors and
 * notes as tool execution notifications.  A file outside the root (a
 * project elsewhere, a toolkit header) gets an absolute file URI, which
 * code scanning cannot show: a warning on stderr and in the run says how
 * many results have one.  Every reported finding is a result.  Streamed:
 * one result per line. */
#include "output/ci_common.h"
#include "output/emitter.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/repo.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *root;        /* absolute */
    int absolute;            /* results whose location is outside root */
} SarifState;

static const char *level_of(Severity s)
{
    return s >= SEV_HIGH ? "error" : s >= SEV_MEDIUM ? "warning" : "note";
}

static bool print_compact(FILE *out, cJSON *item)
{
    char *text = cJSON_PrintUnformatted(item);
    cJSON_Delete(item);
    if (!text) return false;
    fputs(text, out);
    cJSON_free(text);
    return true;
}

/* "double-literal" -> "DoubleLiteral" */
static void camel_name(const char *id, char *out, size_t n)
{
    size_t k = 0;
    bool up = true;
    for (const char *p = id; *p && k + 1 < n; p++) {
        if (*p == '-') {
            up = true;
            continue;
        }
        out[k++] = up && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        up = false;
    }
    out[k] = 0;
}

static cJSON *text_object(const char *text)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "text", text);
    return o;
}

static cJSON *rule_json(const Rule *r)
{
    cJSON *o = cJSON_CreateObject();
    char name[128], buf[2048];
    camel_name(r->id, name, sizeof name);
    char *url = rule_doc_url(r->id);
    cJSON_AddStringToObject(o, "id", r->id);
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddItemToObject(o, "shortDescription", text_object(r->summary));
    snprintf(buf, sizeof buf, "%s. A GPU performance rule of gpulint; default severity %s.", r->summary,
             severity_name(r->default_severity));
    cJSON_AddItemToObject(o, "fullDescription", text_object(buf));
    cJSON_AddStringToObject(o, "helpUri", url);
    cJSON *help = cJSON_AddObjectToObject(o, "help");
    snprintf(buf, sizeof buf, "%s. The rule's page explains the cost and the fix: %s", r->summary, url);
    cJSON_AddStringToObject(help, "text", buf);
    snprintf(buf, sizeof buf, "**%s**\n\nDefault severity: `%s`. The [rule's page](%s) explains the cost, the fix "
             "and how to measure it with `gpulint --emit-bench`.", r->summary, severity_name(r->default_severity), url);
    cJSON_AddStringToObject(help, "markdown", buf);
    cJSON *dc = cJSON_AddObjectToObject(o, "defaultConfiguration");
    cJSON_AddStringToObject(dc, "level", level_of(r->default_severity));
    cJSON *props = cJSON_AddObjectToObject(o, "properties");
    cJSON *tags = cJSON_AddArrayToObject(props, "tags");
    cJSON_AddItemToArray(tags, cJSON_CreateString("performance"));
    cJSON_AddItemToArray(tags, cJSON_CreateString("gpu"));
    free(url);
    return o;
}

static void sarif_begin(EmitterStream *s, const RunInfo *info)
{
    SarifState *st = xcalloc(1, sizeof *st);
    st->root = info->source_root;
    s->state = st;
    cJSON *tool = cJSON_CreateObject();
    cJSON *driver = cJSON_AddObjectToObject(tool, "driver");
    cJSON_AddStringToObject(driver, "name", "gpulint");
    cJSON_AddStringToObject(driver, "semanticVersion", info->tool_version);
    cJSON_AddStringToObject(driver, "informationUri", GPULINT_RULE_DOCS_URL);
    cJSON *rules = cJSON_AddArrayToObject(driver, "rules");
    for (int i = 0; i < gpulint_nrules; i++) cJSON_AddItemToArray(rules, rule_json(gpulint_rules[i]));
    fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\n"
          "\"tool\":", s->out);
    if (!print_compact(s->out, tool)) s->failed = true;
    cJSON *base = cJSON_CreateObject();
    cJSON *src = cJSON_AddObjectToObject(base, "%SRCROOT%");
    if (info->source_root) {
        char *enc = uri_from_path(info->source_root);
        size_t len = strlen(enc), n = len + 16;
        char *uri = xmalloc(n);
        snprintf(uri, n, "file://%s%s", enc, len && enc[len - 1] == '/' ? "" : "/"); /* an empty root: file:/// */
        cJSON_AddStringToObject(src, "uri", uri);
        free(uri);
        free(enc);
    }
    fputs(",\n\"originalUriBaseIds\":", s->out);
    if (!print_compact(s->out, base)) s->failed = true;
    fputs(",\n\"columnKind\":\"utf16CodeUnits\",\n\"results\":[", s->out);
}

/* The run declares columnKind utf16CodeUnits, and gpulint's columns are
 * byte columns: converted through the line's text.  The last file read is
 * kept (findings come file by file). */
static struct {
    char *path, *text;
    long size;
} last_file;

static unsigned utf16_column(const char *file, unsigned line, unsigned byte_col)
{
    if (!file || !line || byte_col <= 1) return byte_col;
    if (!last_file.path || strcmp(last_file.path, file) != 0) {
        free(last_file.path);
        free(last_file.text);
        last_file.path = xstrdup(file);
        last_file.text = read_file(file, &last_file.size);
    }
    const char *t = last_file.text;
    if (!t) return byte_col;
    long i = 0;
    for (unsigned l = 1; l < line && i < last_file.size; i++)
        if (t[i] == '\n') l++;
    unsigned units = 0;
    for (long k = 0; k < (long)byte_col - 1 && i + k < last_file.size && t[i + k] != '\n'; k++) {
        unsigned char c = (unsigned char)t[i + k];
        if ((c & 0xC0) == 0x80) continue;          /* a continuation byte */
        units += (c & 0xF8) == 0xF0 ? 2 : 1;       /* four bytes: a surrogate pair */
    }
    return units + 1;
}

static cJSON *region_json(SrcRange r, bool with_end)
{
    cJSON *g = cJSON_CreateObject();
    r.col = utf16_column(r.file, r.line, r.col);
    r.end_col = utf16_column(r.file, r.end_line ? r.end_line : r.line, r.end_col);
    unsigned line = r.line ? r.line : 1, col = r.col ? r.col : 1;
    cJSON_AddNumberToObject(g, "startLine", line);
    cJSON_AddNumberToObject(g, "startColumn", col);
    if (with_end) {
        unsigned end_line = r.end_line >= line ? r.end_line : line;
        unsigned end_col = r.end_line ? r.end_col : col;
        if (end_line == line && end_col < col) end_col = col;
        cJSON_AddNumberToObject(g, "endLine", end_line);
        cJSON_AddNumberToObject(g, "endColumn", end_col ? end_col : 1);
    }
    return g;
}

/* A file of finding f (NULL: a run's note): its repository path when it is
 * the finding's own file, else relative to the root (uriBaseId %SRCROOT%),
 * else an absolute file URI; *outside says which. */
static cJSON *artifact_json(const SarifState *st, const Finding *f, const char *file, bool *outside)
{
    cJSON *a = cJSON_CreateObject();
    bool own = f && f->repo_path && f->range.file && strcmp(file, f->range.file) == 0;
    char *rel = own ? xstrdup(f->repo_path) : report_relative(st->root, file);
    *outside = !rel;
    if (rel) {
        char *uri = uri_from_path(rel);
        cJSON_AddStringToObject(a, "uri", uri);
        cJSON_AddStringToObject(a, "uriBaseId", "%SRCROOT%");
        free(uri);
        free(rel);
    } else {
        char *abs = absolute_path(file);
        char *enc = uri_from_path(abs);
        size_t n = strlen(enc) + 8;
        char *uri = xmalloc(n);
        snprintf(uri, n, "file://%s", enc);
        cJSON_AddStringToObject(a, "uri", uri);
        free(uri);
        free(enc);
        free(abs);
    }
    return a;
}

static cJSON *location_json(const SarifState *st, const Finding *f, const char *file, SrcRange r, bool with_end,
                            bool *outside)
{
    cJSON *loc = cJSON_CreateObject();
    cJSON *pl = cJSON_AddObjectToObject(loc, "physicalLocation");
    cJSON_AddItemToObject(pl, "artifactLocation", artifact_json(st, f, file, outside));
    cJSON_AddItemToObject(pl, "region", region_json(r, with_end));
    return loc;
}

static cJSON *result_json(SarifState *st, const Finding *f, const char *file)
{
    bool outside = false, other = false;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "ruleId", f->rule);
    for (int i = 0; i < gpulint_nrules; i++)
        if (strcmp(gpulint_rules[i]->id, f->rule) == 0) cJSON_AddNumberToObject(o, "ruleIndex", i);
    cJSON_AddStringToObject(o, "level", level_of(f->severity));
    cJSON_AddItemToObject(o, "message", text_object(f->message));
    cJSON *locs = cJSON_AddArrayToObject(o, "locations");
    cJSON_AddItemToArray(locs, location_json(st, f, file, f->range, true, &outside));
    st->absolute += outside;
    if (f->fingerprint) {
        cJSON *pf = cJSON_AddObjectToObject(o, "partialFingerprints");
        cJSON_AddStringToObject(pf, "primaryLocationLineHash", f->fingerprint);
    }
    /* the dialect and target of an OpenCL or HIP finding (CUDA's for
     * NVIDIA: none), in the result's property bag */
    const char *language = evidence_str(f, "language", NULL), *target = evidence_str(f, "target", NULL);
    if (language || target) {
        cJSON *props = cJSON_AddObjectToObject(o, "properties");
        if (language) cJSON_AddStringToObject(props, "language", language);
        if (target) cJSON_AddStringToObject(props, "target", target);
    }
    if (f->nrelated) {
        cJSON *rel = cJSON_AddArrayToObject(o, "relatedLocations");
        for (int i = 0; i < f->nrelated; i++) {
            const char *p = f->related[i].range.file ? f->related[i].range.file : file;
            cJSON *loc = location_json(st, f, p, f->related[i].range, false, &other);
            cJSON_AddNumberToObject(loc, "id", i + 1);
            cJSON_AddItemToObject(loc, "message", text_object(f->related[i].message));
            cJSON_AddItemToArray(rel, loc);
        }
    }
    cJSON *fixes = NULL;
    for (int i = 0; i < f->nfixes; i++) {
        const Fix *fx = &f->fixes[i];
        if (fx->nreplacements == 0) continue; /* a suggestion only: SARIF fixes need changes */
        cJSON *changes = cJSON_CreateArray();
        for (int j = 0; j < fx->nreplacements; j++) {
            const Replacement *rp = &fx->replacements[j];
            const char *p = rp->range.file ? rp->range.file : file;
            cJSON *ch = cJSON_CreateObject();
            cJSON_AddItemToObject(ch, "artifactLocation", artifact_json(st, f, p, &other));
            cJSON *reps = cJSON_AddArrayToObject(ch, "replacements");
            cJSON *rj = cJSON_CreateObject();
            cJSON_AddItemToObject(rj, "deletedRegion", region_json(rp->range, true));
            cJSON_AddItemToObject(rj, "insertedContent", text_object(rp->text));
            cJSON_AddItemToArray(reps, rj);
            cJSON_AddItemToArray(changes, ch);
        }
        if (cJSON_GetArraySize(changes) == 0) {
            cJSON_Delete(changes);
            continue;
        }
        if (!fixes) fixes = cJSON_AddArrayToObject(o, "fixes");
        cJSON *fj = cJSON_CreateObject();
        cJSON_AddItemToObject(fj, "description", text_object(fx->description));
        cJSON_AddItemToObject(fj, "artifactChanges", changes);
        cJSON_AddItemToArray(fixes, fj);
    }
    return o;
}

static void sarif_file(EmitterStream *s, const FileResult *r)
{
    SarifState *st = s->state;
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        fputs(s->findings_written++ ? ",\n" : "\n", s->out);
        if (!print_compact(s->out, result_json(st, f, f->range.file ? f->range.file : r->path))) s->failed = true;
    }
    fflush(s->out);
}

static void add_notifications(cJSON *arr, const SarifState *st, const Problem *p, int n, const char *level)
{
    for (int i = 0; i < n; i++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "level", level);
        cJSON_AddItemToObject(x, "message", text_object(p[i].message));
        char *rel = p[i].file ? report_relative(st->root, p[i].file) : NULL;
        if (rel) {
            SrcRange r = {p[i].file, p[i].line, p[i].col, 0, 0};
            cJSON *locs = cJSON_AddArrayToObject(x, "locations");
            bool outside;
            cJSON *loc = location_json(st, NULL, p[i].file, r, false, &outside);
            if (!p[i].line) cJSON_DeleteItemFromObject(cJSON_GetObjectItem(loc, "physicalLocation"), "region");
            cJSON_AddItemToArray(locs, loc);
            free(rel);
        }
        cJSON_AddItemToArray(arr, x);
    }
}

static bool sarif_end(EmitterStream *s, const RunSummary *summary)
{
    static const Diagnostics none;
    const Diagnostics *d = summary->problems ? summary->problems : &none;
    SarifState *st = s->state;
    cJSON *inv = cJSON_CreateObject();
    cJSON_AddBoolToObject(inv, "executionSuccessful", d->nerrors == 0);
    cJSON *notes = cJSON_AddArrayToObject(inv, "toolExecutionNotifications");
    add_notifications(notes, st, d->errors, d->nerrors, "error");
    add_notifications(notes, st, d->notes, d->nnotes, "note");
    if (st->absolute) {
        char msg[PATH_MAX + 256];
        snprintf(msg, sizeof msg,
                 "%d result%s outside %s (%%SRCROOT%%) and named by an absolute file URI, which code scanning "
                 "cannot show: run gpulint from the repository or give a --repo-root that holds them",
                 st->absolute, st->absolute == 1 ? " is" : "s are", st->root ? st->root : "the run's root");
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "level", "warning");
        cJSON_AddItemToObject(x, "message", text_object(msg));
        cJSON_AddItemToArray(notes, x);
        fprintf(stderr, "gpulint: warning: SARIF: %s\n", msg);
    }
    fputs("],\n\"invocations\":[", s->out);
    if (!print_compact(s->out, inv)) s->failed = true;
    fputs("]\n}]}\n", s->out);
    free(st);
    s->state = NULL;
    return !s->failed;
}

const Emitter sarif_emitter = {"sarif", true, sarif_begin, sarif_file, sarif_end};
