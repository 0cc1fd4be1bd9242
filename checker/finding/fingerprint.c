/* fingerprint.c - see fingerprint.h. */
#include "finding/fingerprint.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits: a stable hash needing no library. */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* A part, then a separator no source text holds, so that ("ab","c") and
 * ("a","bc") differ. */
static uint64_t part(uint64_t h, const char *s, size_t n)
{
    h = fnv1a(h, s, n);
    return fnv1a(h, "\x1f", 1);
}

/* The code of a line: comments dropped (outside string and character
 * literals), whitespace removed. */
static size_t normalise(const char *line, char *out)
{
    size_t n = 0;
    char quote = 0;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (quote) {
            out[n++] = *p;
            if (*p == '\\' && p[1] && p[1] != '\n') out[n++] = *++p;
            else if (*p == quote) quote = 0;
            continue;
        }
        if (p[0] == '/' && p[1] == '/') break;
        if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            if (!end) break;
            p = end + 1;
            continue;
        }
        if (*p == '"' || *p == '\'') quote = *p;
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\v' && *p != '\f') out[n++] = *p;
    }
    out[n] = 0;
    return n;
}

void fingerprint_compute(const char *rule, const char *file, const char *line_text, const char *flagged,
                         int occurrence, const char *kernel, char *out)
{
    const char *slash = file ? strrchr(file, '/') : NULL;
    const char *name = slash ? slash + 1 : file ? file : "";
    size_t len = line_text ? strlen(line_text) : 0;
    char *code = xmalloc(len + 1);
    size_t ncode = normalise(line_text ? line_text : "", code);
    char occ[32];
    int nocc = snprintf(occ, sizeof occ, "%d", occurrence);
    uint64_t h = 0xcbf29ce484222325ULL;
    h = part(h, "gpulint-fingerprint-1", 21);
    h = part(h, rule, strlen(rule));
    h = part(h, name, strlen(name));
    h = part(h, code, ncode);
    h = part(h, flagged ? flagged : "", flagged ? strlen(flagged) : 0);
    h = part(h, occ, (size_t)nocc);
    h = part(h, kernel ? kernel : "", kernel ? strlen(kernel) : 0);
    free(code);
    snprintf(out, FINGERPRINT_HEX + 1, "%016llx", (unsigned long long)h);
}

/* The files a list's findings are in, read once each. */
typedef struct {
    const char *path;
    char *text;            /* NULL when unreadable */
} SourceText;

static const char *source_of(SourceText **cache, int *n, const char *file, const char *path, const char *contents,
                             size_t size)
{
    for (int i = 0; i < *n; i++)
        if (strcmp((*cache)[i].path, file) == 0) return (*cache)[i].text;
    SourceText *s = VEC_PUSH(*cache, *n);
    s->path = file;
    if (contents && path && strcmp(file, path) == 0) {
        s->text = xmalloc(size + 1);
        memcpy(s->text, contents, size);
        s->text[size] = 0;
    } else {
        s->text = read_file(file, NULL);
    }
    return s->text;
}

/* Start of line `line` (1-based) in text, or NULL. */
static const char *line_start(const char *text, unsigned line)
{
    const char *p = text;
    for (unsigned l = 1; p && l < line; l++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    return p;
}

void findings_fingerprint(FindingList *l, const char *path, const char *contents, size_t size)
{
    SourceText *cache = NULL;
    int ncache = 0;
    StrMap seen = {0};
    for (int i = 0; i < l->n; i++) {
        Finding *f = &l->items[i];
        const char *text = f->range.file ? source_of(&cache, &ncache, f->range.file, path, contents, size) : NULL;
        const char *start = text && f->range.line ? line_start(text, f->range.line) : NULL;
        const char *eol = start ? strchr(start, '\n') : NULL;
        size_t linelen = start ? (eol ? (size_t)(eol - start) : strlen(start)) : 0;
        char *line = xmalloc(linelen + 1);
        if (start) memcpy(line, start, linelen);
        line[linelen] = 0;
        /* the flagged text, when the range is on this one line */
        char *flagged = NULL;
        int occurrence = 0;
        size_t col = f->range.col ? f->range.col - 1 : 0;
        if (start && f->range.end_line == f->range.line && f->range.end_col > f->range.col &&
            f->range.end_col - 1 <= linelen && col < linelen) {
            size_t n = f->range.end_col - 1 - col;
            flagged = xmalloc(n + 1);
            memcpy(flagged, line + col, n);
            flagged[n] = 0;
            for (const char *p = strstr(line, flagged); p && (size_t)(p - line) < col; p = strstr(p + 1, flagged))
                occurrence++;
        }
        char hex[FINGERPRINT_HEX + 1];
        fingerprint_compute(f->rule, f->range.file, line, flagged, occurrence, f->kernel, hex);
        int count = strmap_increment(&seen, hex);
        f->fingerprint = count > 1 ? arena_printf(&l->arena, "%s-%d", hex, count) : arena_strdup(&l->arena, hex);
        free(flagged);
        free(line);
    }
    for (int i = 0; i < ncache; i++) free(cache[i].text);
    free(cache);
    strmap_free(&seen);
}

const char *finding_fingerprint(const Finding *f)
{
    return f->fingerprint;
}
