/* lsp_diagnostics.c - see lsp_diagnostics.h. */
#include "lsp/lsp_diagnostics.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

int lsp_severity(Severity s)
{
    switch (s) {
    case SEV_HIGH:
    case SEV_MEDIUM:
        return 2;
    case SEV_LOW:
        return 3;
    default: /* an "info" level below low */
        return 4;
    }
}

char *lsp_rule_href(const char *base, const char *rule)
{
    if (!base || !*base) return NULL;
    size_t n = strlen(base) + strlen(rule) + 8;
    char *h = xmalloc(n);
    size_t bl = strlen(base);
    snprintf(h, n, "%s%s%s.md", base, base[bl - 1] == '/' ? "" : "/", rule);
    return h;
}

cJSON *lsp_range_json(LspPos a, LspPos b)
{
    cJSON *r = cJSON_CreateObject();
    cJSON *s = cJSON_AddObjectToObject(r, "start");
    cJSON_AddNumberToObject(s, "line", a.line);
    cJSON_AddNumberToObject(s, "character", a.character);
    cJSON *e = cJSON_AddObjectToObject(r, "end");
    cJSON_AddNumberToObject(e, "line", b.line);
    cJSON_AddNumberToObject(e, "character", b.character);
    return r;
}

static bool pos_parse(const cJSON *o, LspPos *p)
{
    const cJSON *l = cJSON_GetObjectItemCaseSensitive(o, "line");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "character");
    if (!cJSON_IsNumber(l) || !cJSON_IsNumber(c) || l->valuedouble < 0 || c->valuedouble < 0 ||
        l->valuedouble > 4e9 || c->valuedouble > 4e9)
        return false;
    p->line = (unsigned)l->valuedouble;
    p->character = (unsigned)c->valuedouble;
    return true;
}

bool lsp_range_parse(const cJSON *range, LspPos *a, LspPos *b)
{
    return pos_parse(cJSON_GetObjectItemCaseSensitive(range, "start"), a) &&
           pos_parse(cJSON_GetObjectItemCaseSensitive(range, "end"), b);
}

/* ------------------------------------------------- findings -> Diagnostic */

/* Text of files other than the document (related locations, fix-its in
 * headers), read from disk once per file. */
typedef struct {
    char *path;
    char *text;
    long len;
} OtherFile;

typedef struct {
    const char *path, *text;
    size_t len;
    const DiagnosticSetup *s;
    OtherFile other;
    LspFileMatch same;       /* whether a finding's file is the document */
    const void *same_arg;
} Converter;

static bool is_document(Converter *c, const char *file)
{
    return !file || c->same(file, c->same_arg);
}

static const char *text_of(Converter *c, const char *file, size_t *len)
{
    if (is_document(c, file)) {
        *len = c->len;
        return c->text;
    }
    if (!c->other.path || strcmp(c->other.path, file) != 0) {
        free(c->other.path);
        free(c->other.text);
        c->other.path = xstrdup(file);
        c->other.text = read_file(file, &c->other.len);
    }
    *len = c->other.text ? (size_t)c->other.len : 0;
    return c->other.text;
}

static cJSON *range_of(Converter *c, SrcRange r)
{
    size_t len;
    const char *text = text_of(c, r.file, &len);
    if (!text) { /* an unreadable file: byte columns are the best guess */
        LspPos a = {r.line ? r.line - 1 : 0, r.col ? r.col - 1 : 0};
        LspPos b = {r.end_line ? r.end_line - 1 : a.line, r.end_col ? r.end_col - 1 : a.character};
        return lsp_range_json(a, b);
    }
    LspPos a = lsp_pos_of_linecol(text, len, r.line, r.col, c->s->enc);
    LspPos b = r.end_line ? lsp_pos_of_linecol(text, len, r.end_line, r.end_col, c->s->enc) : a;
    if (b.line < a.line || (b.line == a.line && b.character < a.character)) b = a;
    return lsp_range_json(a, b);
}

static char *uri_of(Converter *c, const char *file)
{
    return lsp_path_to_uri(is_document(c, file) ? c->path : file);
}

/* "<message>\nkernel K; evidence: key=value, ..." plus a line per fix
 * that is a suggestion only. */
static char *message_of(const Finding *f)
{
    size_t cap = strlen(f->message) + 256, n = 0;
    char *m = xmalloc(cap);
#define APPEND(...)                                                             \
    do {                                                                        \
        int w_ = snprintf(NULL, 0, __VA_ARGS__);                                \
        if (n + (size_t)w_ + 1 > cap) m = xrealloc(m, cap = 2 * (n + (size_t)w_ + 1)); \
        n += (size_t)snprintf(m + n, cap - n, __VA_ARGS__);                     \
    } while (0)
    APPEND("%s\n", f->message);
    if (f->kernel) APPEND("kernel %s", f->kernel);
    for (int i = 0; i < f->nevidence; i++) {
        const Evidence *e = &f->evidence[i];
        size_t vn = (size_t)evidence_format(e, NULL, 0) + 1;
        char *v = xmalloc(vn);
        evidence_format(e, v, vn);
        APPEND("%s%s=%s", i ? ", " : f->kernel ? "; evidence: " : "evidence: ", e->key, v);
        free(v);
    }
    for (int i = 0; i < f->nfixes; i++)
        if (f->fixes[i].nreplacements == 0) APPEND("\nsuggestion: %s", f->fixes[i].description);
#undef APPEND
    if (n > 0 && m[n - 1] == '\n') m[--n] = 0;
    return m;
}

static cJSON *fix_json(Converter *c, const Fix *fx)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "title", fx->description);
    const char *file = fx->replacements[0].range.file;
    char *uri = uri_of(c, file);
    cJSON_AddStringToObject(o, "uri", uri);
    free(uri);
    cJSON *edits = cJSON_AddArrayToObject(o, "edits");
    for (int i = 0; i < fx->nreplacements; i++) {
        const Replacement *rp = &fx->replacements[i];
        bool same = !rp->range.file || !file || strcmp(rp->range.file, file) == 0 ||
                    (is_document(c, rp->range.file) && is_document(c, file));
        if (!same) {
            /* one WorkspaceEdit could span files; no rule makes such fixes */
            cJSON_Delete(o);
            return NULL;
        }
        cJSON *e = cJSON_CreateObject();
        cJSON_AddItemToObject(e, "range", range_of(c, rp->range));
        cJSON_AddStringToObject(e, "newText", rp->text);
        cJSON_AddItemToArray(edits, e);
    }
    return o;
}

static cJSON *diagnostic_of(Converter *c, const Finding *f)
{
    cJSON *d = cJSON_CreateObject();
    cJSON_AddItemToObject(d, "range", range_of(c, f->range));
    cJSON_AddNumberToObject(d, "severity", lsp_severity(f->severity));
    cJSON_AddStringToObject(d, "code", f->rule);
    char *href = lsp_rule_href(c->s->docs_base, f->rule);
    if (href) cJSON_AddStringToObject(cJSON_AddObjectToObject(d, "codeDescription"), "href", href);
    free(href);
    cJSON_AddStringToObject(d, "source", LSP_SOURCE);
    char *msg = message_of(f);
    cJSON_AddStringToObject(d, "message", msg);
    free(msg);
    if (f->nrelated) {
        cJSON *rel = cJSON_AddArrayToObject(d, "relatedInformation");
        for (int i = 0; i < f->nrelated; i++) {
            cJSON *r = cJSON_CreateObject();
            cJSON *loc = cJSON_AddObjectToObject(r, "location");
            char *uri = uri_of(c, f->related[i].range.file);
            cJSON_AddStringToObject(loc, "uri", uri);
            free(uri);
            cJSON_AddItemToObject(loc, "range", range_of(c, f->related[i].range));
            cJSON_AddStringToObject(r, "message", f->related[i].message);
            cJSON_AddItemToArray(rel, r);
        }
    }
    cJSON *data = cJSON_AddObjectToObject(d, "data");
    cJSON_AddStringToObject(data, "fingerprint", f->fingerprint ? f->fingerprint : f->id ? f->id : "");
    cJSON_AddStringToObject(data, "rule", f->rule);
    cJSON_AddBoolToObject(data, "safe", rule_fixes_are_safe(f->rule));
    cJSON *fixes = cJSON_AddArrayToObject(data, "fixes");
    for (int i = 0; i < f->nfixes; i++) {
        if (f->fixes[i].nreplacements == 0) continue;
        cJSON *fx = fix_json(c, &f->fixes[i]);
        if (fx) cJSON_AddItemToArray(fixes, fx);
    }
    return d;
}

static bool same_path(const char *file, const void *path)
{
    return strcmp(file, path) == 0;
}

cJSON *lsp_diagnostics_from_result(const FileResult *r, const char *path, const char *text, size_t len,
                                   const DiagnosticSetup *s, int *elsewhere)
{
    return lsp_diagnostics_in(r, path, same_path, path, text, len, s, elsewhere);
}

cJSON *lsp_diagnostics_in(const FileResult *r, const char *path, LspFileMatch same, const void *same_arg,
                          const char *text, size_t len, const DiagnosticSetup *s, int *elsewhere)
{
    Converter c = {path, text, len, s, {NULL, NULL, 0}, same, same_arg};
    cJSON *out = cJSON_CreateArray();
    *elsewhere = 0;
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        if (!is_document(&c, f->range.file)) {
            (*elsewhere)++;
            continue;
        }
        cJSON_AddItemToArray(out, diagnostic_of(&c, f));
    }
    free(c.other.path);
    free(c.other.text);
    return out;
}

/* ---------------------------------------------------------- code actions */

static int pos_cmp(LspPos a, LspPos b)
{
    if (a.line != b.line) return a.line < b.line ? -1 : 1;
    return a.character < b.character ? -1 : a.character > b.character;
}

static bool kind_wanted(const cJSON *only, const char *kind)
{
    if (!cJSON_IsArray(only)) return true;
    const cJSON *k;
    cJSON_ArrayForEach(k, only) {
        /* "quickfix" asks for quickfix and quickfix.*; "" for everything */
        if (cJSON_IsString(k) && strncmp(kind, k->valuestring, strlen(k->valuestring)) == 0) return true;
    }
    return false;
}

static cJSON *action(const char *title, const cJSON *diag, bool preferred)
{
    cJSON *a = cJSON_CreateObject();
    cJSON_AddStringToObject(a, "title", title);
    cJSON_AddStringToObject(a, "kind", "quickfix");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(a, "diagnostics"), cJSON_Duplicate(diag, true));
    if (preferred) cJSON_AddBoolToObject(a, "isPreferred", true);
    return a;
}

/* A WorkspaceEdit {changes: {uri: edits}} taking ownership of edits. */
static void set_edit(cJSON *a, const char *uri, cJSON *edits)
{
    cJSON *we = cJSON_AddObjectToObject(a, "edit");
    cJSON_AddItemToObject(cJSON_AddObjectToObject(we, "changes"), uri, edits);
}

static cJSON *text_edit(LspPos a, LspPos b, const char *text)
{
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, "range", lsp_range_json(a, b));
    cJSON_AddStringToObject(e, "newText", text);
    return e;
}

/* Appends ", rule" to a NOLINT(...) list already on the line, or
 * " // NOLINT(rule)" at the line's end. */
static cJSON *suppress_line_edit(const Document *d, unsigned line, const char *rule, PosEncoding enc)
{
    char buf[256];
    LspPos end = lsp_line_end(d->text, d->len, line, enc);
    size_t start = lsp_offset_of(d->text, d->len, (LspPos){line, 0}, enc);
    size_t stop = lsp_offset_of(d->text, d->len, end, enc);
    const char *nolint = NULL;
    for (size_t i = start; i + 7 <= stop; i++)
        if (memcmp(d->text + i, "NOLINT(", 7) == 0) nolint = d->text + i;
    const char *close = nolint ? memchr(nolint, ')', (size_t)(d->text + stop - nolint)) : NULL;
    if (close) {
        snprintf(buf, sizeof buf, ", %s", rule);
        LspPos at = lsp_pos_of_offset(d->text, d->len, (size_t)(close - d->text), enc);
        return text_edit(at, at, buf);
    }
    snprintf(buf, sizeof buf, " // NOLINT(%s)", rule);
    return text_edit(end, end, buf);
}

static void add_suppressions(cJSON *out, const Document *d, const cJSON *diag, const char *rule, LspPos start,
                             PosEncoding enc)
{
    char title[256], text[256];
    snprintf(title, sizeof title, "Suppress %s on this line (// NOLINT)", rule);
    cJSON *a = action(title, diag, false);
    cJSON *edits = cJSON_CreateArray();
    cJSON_AddItemToArray(edits, suppress_line_edit(d, start.line, rule, enc));
    set_edit(a, d->uri, edits);
    cJSON_AddItemToArray(out, a);

    snprintf(title, sizeof title, "Suppress %s in this file (// NOLINTBEGIN ... NOLINTEND)", rule);
    a = action(title, diag, false);
    edits = cJSON_CreateArray();
    LspPos top = {0, 0};
    snprintf(text, sizeof text, "// NOLINTBEGIN(%s)\n", rule);
    cJSON_AddItemToArray(edits, text_edit(top, top, text));
    LspPos bottom = lsp_text_end(d->text, d->len, enc);
    bool ends_with_newline = d->len > 0 && (d->text[d->len - 1] == '\n' || d->text[d->len - 1] == '\r');
    snprintf(text, sizeof text, "%s// NOLINTEND(%s)\n", ends_with_newline ? "" : "\n", rule);
    cJSON_AddItemToArray(edits, text_edit(bottom, bottom, text));
    set_edit(a, d->uri, edits);
    cJSON_AddItemToArray(out, a);
}

static void add_doc_action(cJSON *out, const cJSON *diag, const char *rule)
{
    const cJSON *cd = cJSON_GetObjectItemCaseSensitive(diag, "codeDescription");
    const cJSON *href = cJSON_GetObjectItemCaseSensitive(cd, "href");
    if (!cJSON_IsString(href)) return;
    char title[256];
    snprintf(title, sizeof title, "Open the documentation of %s", rule);
    cJSON *a = action(title, diag, false);
    cJSON *cmd = cJSON_AddObjectToObject(a, "command");
    cJSON_AddStringToObject(cmd, "title", title);
    cJSON_AddStringToObject(cmd, "command", LSP_CMD_OPEN_DOCS);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(cmd, "arguments"), cJSON_CreateString(href->valuestring));
    cJSON_AddItemToArray(out, a);
}

cJSON *lsp_code_actions(const Document *d, const cJSON *diagnostics, LspPos start, LspPos end, const cJSON *only,
                        PosEncoding enc)
{
    cJSON *out = cJSON_CreateArray();
    if (!kind_wanted(only, "quickfix")) return out;
    const cJSON *diag;
    cJSON_ArrayForEach(diag, diagnostics) {
        LspPos a, b;
        if (!lsp_range_parse(cJSON_GetObjectItemCaseSensitive(diag, "range"), &a, &b)) continue;
        if (pos_cmp(a, end) > 0 || pos_cmp(start, b) > 0) continue;
        const cJSON *data = cJSON_GetObjectItemCaseSensitive(diag, "data");
        const cJSON *rule = cJSON_GetObjectItemCaseSensitive(data, "rule");
        if (!cJSON_IsString(rule)) continue;
        bool safe = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(data, "safe"));
        const cJSON *fx;
        bool first = true;
        cJSON_ArrayForEach(fx, cJSON_GetObjectItemCaseSensitive(data, "fixes")) {
            const cJSON *title = cJSON_GetObjectItemCaseSensitive(fx, "title");
            const cJSON *uri = cJSON_GetObjectItemCaseSensitive(fx, "uri");
            const cJSON *edits = cJSON_GetObjectItemCaseSensitive(fx, "edits");
            if (!cJSON_IsString(title) || !cJSON_IsString(uri) || !cJSON_IsArray(edits)) continue;
            cJSON *a = action(title->valuestring, diag, safe && first);
            set_edit(a, uri->valuestring, cJSON_Duplicate(edits, true));
            cJSON_AddItemToArray(out, a);
            first = false;
        }
        add_suppressions(out, d, diag, rule->valuestring, a, enc);
        add_doc_action(out, diag, rule->valuestring);
    }
    return out;
}

/* Whether two diagnostics say the same (one finding seen from the header's
 * own analysis and from an includer's). */
static bool same_diagnostic(const cJSON *a, const cJSON *b)
{
    static const char *const keys[] = {"code", "range", "message"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a, keys[i]), cJSON_GetObjectItemCaseSensitive(b, keys[i]),
                           true))
            return false;
    return true;
}

void lsp_diagnostics_add_unique(cJSON *out, const cJSON *diags)
{
    const cJSON *x, *y;
    cJSON_ArrayForEach(x, diags) {
        bool seen = false;
        cJSON_ArrayForEach(y, out) {
            if ((seen = same_diagnostic(x, y))) break;
        }
        if (!seen) cJSON_AddItemToArray(out, cJSON_Duplicate(x, true));
    }
}
