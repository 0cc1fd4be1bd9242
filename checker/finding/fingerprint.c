/* fingerprint.c - see fingerprint.h and docs/fingerprints.md. */
#include "finding/fingerprint.h"
#include "util/fnv1a.h"
#include "util/mix64.h"

#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <string.h>

#define MAX_RANGE_BYTES 256  /* of the flagged text */
#define MAX_LINES 8          /* of the flagged lines */

void source_text_init(SourceText *s, const char *text, size_t size)
{
    memset(s, 0, sizeof *s);
    s->text = text;
    s->size = size;
    *VEC_PUSH(s->line_start, s->nlines) = 0;
    for (size_t i = 0; i < size; i++)
        if (text[i] == '\n' && i + 1 < size) *VEC_PUSH(s->line_start, s->nlines) = i + 1;
    if (size == 0) s->nlines = 0;
}

void source_text_free(SourceText *s)
{
    free(s->line_start);
    memset(s, 0, sizeof *s);
}

const char *source_line(const SourceText *s, unsigned line, size_t *len)
{
    if (!s || line == 0 || (int)line > s->nlines) return NULL;
    size_t start = s->line_start[line - 1];
    size_t end = start;
    while (end < s->size && s->text[end] != '\n') end++;
    if (end > start && s->text[end - 1] == '\r') end--;
    *len = end - start;
    return s->text + start;
}

static uint64_t fnv_byte(uint64_t h, unsigned char c)
{
    return fnv1a64(h, &c, 1);
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    for (; s && *s; s++) h = fnv_byte(h, (unsigned char)*s);
    return fnv_byte(h, 0x1f); /* field separator */
}

static bool is_blank_char(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The text with every blank removed: indentation and spacing changes do
 * not change a fingerprint. */
static uint64_t fnv_normalised(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_blank_char(p[i])) h = fnv_byte(h, (unsigned char)p[i]);
    return h;
}

static bool line_is_blank(const SourceText *s, unsigned line)
{
    size_t n;
    const char *p = source_line(s, line, &n);
    for (size_t i = 0; p && i < n; i++)
        if (!is_blank_char(p[i])) return false;
    return true;
}

/* Offset of (line, byte column), clamped to the file. */
static size_t offset_of(const SourceText *s, unsigned line, unsigned col)
{
    if (line == 0 || (int)line > s->nlines) return s->size;
    size_t off = s->line_start[line - 1] + (col > 0 ? col - 1 : 0);
    return off < s->size ? off : s->size;
}


uint64_t fingerprint_base(const Finding *f, const char *repo_path, const SourceText *src)
{
    uint64_t h = fnv_str(FNV1A64_SEED, "gpulint-fingerprint-v1");
    h = fnv_str(h, f->rule);
    h = fnv_str(h, repo_path ? repo_path : f->range.file);
    h = fnv_str(h, f->kernel ? f->kernel : "");
    if (src && src->nlines > 0 && f->range.line > 0 && (int)f->range.line <= src->nlines) {
        unsigned first = f->range.line;
        unsigned last = f->range.end_line >= first ? f->range.end_line : first;
        if (last - first >= MAX_LINES) last = first + MAX_LINES - 1;
        /* the flagged text itself: two findings on one line differ */
        size_t a = offset_of(src, f->range.line, f->range.col);
        size_t b = f->range.end_line ? offset_of(src, f->range.end_line, f->range.end_col) : a;
        if (b < a) b = a;
        if (b - a > MAX_RANGE_BYTES) b = a + MAX_RANGE_BYTES;
        h = fnv_byte(fnv_normalised(h, src->text + a, b - a), 0x1f);
        unsigned above = first;
        while (above > 1 && line_is_blank(src, above - 1)) above--;
        size_t n;
        const char *p = above > 1 ? source_line(src, above - 1, &n) : NULL;
        h = fnv_byte(p ? fnv_normalised(h, p, n) : h, 0x1f);
        for (unsigned l = first; l <= last; l++)
            if ((p = source_line(src, l, &n))) h = fnv_byte(fnv_normalised(h, p, n), '\n');
        h = fnv_byte(h, 0x1f);
        unsigned below = last + 1;
        while ((int)below <= src->nlines && line_is_blank(src, below)) below++;
        p = source_line(src, below, &n);
        h = fnv_byte(p ? fnv_normalised(h, p, n) : h, 0x1f);
    }
    return mix64(h);
}

void fingerprint_format(uint64_t base, int occurrence, char out[17])
{
    uint64_t h = base;
    if (occurrence > 1) {
        char n[24];
        snprintf(n, sizeof n, "%d", occurrence);
        h = mix64(fnv_str(fnv_str(FNV1A64_SEED, "occurrence"), n) ^ base);
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

const char *finding_fingerprint(const Finding *f)
{
    return f->fingerprint;
}
