/* lsp_documents.c - see lsp_documents.h. */
#include "lsp/lsp_documents.h"
#include "model/language.h"
#include "util/oom.h"
#include "util/utf8.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bytes of the code point at s[0..n) and the UTF-16 code units it
 * stands for; an invalid or truncated sequence is one byte, one unit. */
static size_t code_point(const unsigned char *s, size_t n, unsigned *units)
{
    size_t k = utf8_sequence_length(s, n);
    *units = k == 4 ? 2 : 1;
    return k ? k : 1;
}

size_t lsp_units(const char *text, size_t n, PosEncoding enc)
{
    if (enc == POS_UTF8) return n;
    size_t units = 0;
    for (size_t i = 0; i < n;) {
        unsigned u;
        i += code_point((const unsigned char *)text + i, n - i, &u);
        units += u;
    }
    return units;
}

static bool is_eol(char c)
{
    return c == '\n' || c == '\r';
}

/* Byte offset where 0-based `line` starts; len (and *past = true) when the
 * text has fewer lines. */
static size_t line_start(const char *text, size_t len, unsigned line, bool *past)
{
    *past = false;
    size_t i = 0;
    for (unsigned l = 0; l < line; l++) {
        while (i < len && !is_eol(text[i])) i++;
        if (i >= len) {
            *past = true;
            return len;
        }
        if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n') i++;
        i++;
    }
    return i;
}

static size_t line_end_from(const char *text, size_t len, size_t start)
{
    while (start < len && !is_eol(text[start])) start++;
    return start;
}

size_t lsp_offset_of(const char *text, size_t len, LspPos p, PosEncoding enc)
{
    bool past;
    size_t i = line_start(text, len, p.line, &past);
    if (past) return len;
    size_t end = line_end_from(text, len, i);
    if (enc == POS_UTF8) return i + p.character < end ? i + p.character : end;
    size_t units = 0;
    while (i < end) {
        unsigned u;
        size_t step = code_point((const unsigned char *)text + i, end - i, &u);
        if (units + u > p.character) break; /* stop before, never inside, a code point */
        units += u;
        i += step;
    }
    return i;
}

LspPos lsp_pos_of_offset(const char *text, size_t len, size_t offset, PosEncoding enc)
{
    if (offset > len) offset = len;
    LspPos p = {0, 0};
    size_t start = 0;
    for (size_t i = 0; i < offset; i++) {
        if (!is_eol(text[i])) continue;
        if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n') {
            if (i + 1 == offset) break; /* between \r and \n: still on this line */
            i++;
        }
        p.line++;
        start = i + 1;
    }
    size_t end = line_end_from(text, len, start);
    p.character = (unsigned)lsp_units(text + start, (offset < end ? offset : end) - start, enc);
    return p;
}

LspPos lsp_pos_of_linecol(const char *text, size_t len, unsigned line, unsigned col, PosEncoding enc)
{
    bool past;
    size_t start = line_start(text, len, line > 0 ? line - 1 : 0, &past);
    if (past) return lsp_text_end(text, len, enc);
    size_t end = line_end_from(text, len, start);
    size_t off = col > 0 ? start + col - 1 : start;
    if (off > end) off = end;
    LspPos p = {line > 0 ? line - 1 : 0, (unsigned)lsp_units(text + start, off - start, enc)};
    return p;
}

LspPos lsp_line_end(const char *text, size_t len, unsigned line, PosEncoding enc)
{
    bool past;
    size_t start = line_start(text, len, line, &past);
    if (past) return lsp_text_end(text, len, enc);
    size_t end = line_end_from(text, len, start);
    LspPos p = {line, (unsigned)lsp_units(text + start, end - start, enc)};
    return p;
}

LspPos lsp_text_end(const char *text, size_t len, PosEncoding enc)
{
    return lsp_pos_of_offset(text, len, len, enc);
}

/* ------------------------------------------------------------------ URIs */

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

char *lsp_uri_to_path(const char *uri)
{
    if (strncmp(uri, "file://", 7) != 0) return NULL;
    const char *p = uri + 7;
    if (strncmp(p, "localhost/", 10) == 0) p += 9;
    if (*p != '/') return NULL; /* another host */
    char *out = xmalloc(strlen(p) + 1);
    size_t n = 0;
    for (; *p; p++) {
        int h, l;
        if (*p == '%' && (h = hex_value(p[1])) >= 0 && (l = hex_value(p[2])) >= 0) {
            char c = (char)(h * 16 + l);
            if (c == 0) { /* a NUL cannot be in a path */
                free(out);
                return NULL;
            }
            out[n++] = c;
            p += 2;
        } else if (*p == '?' || *p == '#') {
            break;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
    return out;
}

char *lsp_path_to_uri(const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    char *out = xmalloc(strlen(path) * 3 + 8);
    size_t n = (size_t)sprintf(out, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        unsigned char c = *p;
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' ||
                     c == '-' || c == '.' || c == '_' || c == '~';
        if (plain) {
            out[n++] = (char)c;
        } else {
            out[n++] = '%';
            out[n++] = hex[c >> 4];
            out[n++] = hex[c & 15];
        }
    }
    out[n] = 0;
    return out;
}

/* ------------------------------------------------------------- documents */

Document *documents_find(DocumentSet *s, const char *uri)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->items[i]->uri, uri) == 0) return s->items[i];
    return NULL;
}

/* Documents of a GPU language are analysed: by the editor's languageId
 * (cuda, cuda-cpp, opencl, opencl-c) or the file's extension (.cu .cuh .cl
 * .clh .opencl), both from the language table (model/language.h). */
static bool gpu_language(const char *language, const char *path)
{
    return language_for_editor_id(language) || language_for_path(path);
}

static void document_free(Document *d)
{
    free(d->uri);
    free(d->path);
    free(d->language);
    free(d->text);
    free(d->canonical);
    cJSON_Delete(d->diagnostics);
    cJSON_Delete(d->contributed);
    for (int i = 0; i < d->nincluded; i++) free(d->included[i]);
    free(d->included);
    for (int i = 0; i < d->nwaiting; i++) cJSON_Delete(d->waiting[i]);
    free(d->waiting);
    free(d);
}

Document *documents_open(DocumentSet *s, const char *uri, const char *language, int version, const char *text,
                         size_t len)
{
    Document *d = xcalloc(1, sizeof *d);
    Document *old = documents_find(s, uri);
    if (old) { /* pull requests waiting on the old text wait for the new one's result */
        d->waiting = old->waiting;
        d->nwaiting = old->nwaiting;
        old->waiting = NULL;
        old->nwaiting = 0;
    }
    documents_close(s, uri);
    d->uri = xstrdup(uri);
    d->path = lsp_uri_to_path(uri);
    if (!d->path) {
        /* untitled:Untitled-1 and other schemes: a name in the current
         * directory, with the extension the language implies */
        const char *base = strrchr(uri, '/') ? strrchr(uri, '/') + 1 : strchr(uri, ':') ? strchr(uri, ':') + 1 : uri;
        const GpuLanguage *implied = language_for_editor_id(language);
        if (!implied) implied = language_info(LANG_CUDA);
        const char *ext = gpu_language(NULL, base) ? "" : implied->extensions[0];
        size_t n = strlen(base) + strlen(ext) + 1;
        d->path = xmalloc(n);
        snprintf(d->path, n, "%s%s", base, ext);
    }
    d->canonical = realpath(d->path, NULL);
    if (!d->canonical) d->canonical = xstrdup(d->path);
    d->language = xstrdup(language ? language : "");
    d->version = version;
    d->text = xmalloc(len + 1);
    memcpy(d->text, text, len);
    d->text[len] = 0;
    d->len = len;
    d->lintable = gpu_language(language, d->path);
    d->failed_version = -1;
    d->result_version = -1;
    *VEC_PUSH(s->items, s->n) = d;
    return d;
}

void documents_close(DocumentSet *s, const char *uri)
{
    for (int i = 0; i < s->n; i++) {
        if (strcmp(s->items[i]->uri, uri) != 0) continue;
        document_free(s->items[i]);
        memmove(&s->items[i], &s->items[i + 1], (size_t)(s->n - i - 1) * sizeof *s->items);
        s->n--;
        return;
    }
}

void documents_free(DocumentSet *s)
{
    for (int i = 0; i < s->n; i++) document_free(s->items[i]);
    free(s->items);
    memset(s, 0, sizeof *s);
}

void document_apply_change(Document *d, bool has_range, LspPos start, LspPos end, const char *text, size_t len,
                           PosEncoding enc)
{
    size_t a = 0, b = d->len;
    if (has_range) {
        a = lsp_offset_of(d->text, d->len, start, enc);
        b = lsp_offset_of(d->text, d->len, end, enc);
        if (b < a) { /* a reversed range: the spec has none, clients may */
            size_t t = a;
            a = b;
            b = t;
        }
    }
    size_t n = d->len - (b - a) + len;
    char *out = xmalloc(n + 1);
    memcpy(out, d->text, a);
    memcpy(out + a, text, len);
    memcpy(out + a + len, d->text + b, d->len - b);
    out[n] = 0;
    free(d->text);
    d->text = out;
    d->len = n;
}
