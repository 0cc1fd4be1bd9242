/* instantiation_decls.c - see instantiation_decls.h. */
#include "project/instantiation_decls.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Past whitespace, comments and line continuations from i. */
static size_t skip_blank(const char *t, size_t n, size_t i)
{
    while (i < n) {
        if (isspace((unsigned char)t[i])) i++;
        else if (t[i] == '\\' && i + 1 < n && (t[i + 1] == '\n' || t[i + 1] == '\r')) i += 2;
        else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
            while (i < n && t[i] != '\n') i++;
        } else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
            i += 2;
            while (i + 1 < n && !(t[i] == '*' && t[i + 1] == '/')) i++;
            i = i + 2 < n ? i + 2 : n;
        } else {
            break;
        }
    }
    return i;
}

/* Past a quoted literal starting at i (the quote). */
static size_t skip_quoted(const char *t, size_t n, size_t i)
{
    char q = t[i++];
    while (i < n && t[i] != q && t[i] != '\n') i += t[i] == '\\' && i + 1 < n ? 2 : 1;
    return i < n ? i + 1 : n;
}

/* Past a raw string R"d(...)d" whose quote is at i. */
static size_t skip_raw(const char *t, size_t n, size_t i)
{
    size_t d = i + 1;
    while (d < n && t[d] != '(' && d - i < 18) d++;
    if (d >= n || t[d] != '(') return skip_quoted(t, n, i);
    size_t dl = d - i - 1;
    for (size_t j = d + 1; j + dl + 1 < n; j++)
        if (t[j] == ')' && memcmp(t + j + 1, t + i + 1, dl) == 0 && t[j + 1 + dl] == '"') return j + dl + 2;
    return n;
}

/* Is the logical line of offset `at` (continuation lines joined) a
 * preprocessor directive? */
static bool in_directive(const char *t, size_t at)
{
    size_t b = at;
    for (;;) {
        while (b > 0 && t[b - 1] != '\n') b--;
        /* the line before continues into this one */
        size_t e = b >= 2 ? b - 2 : 0;
        if (b >= 2 && t[e] == '\r' && e > 0) e--;
        if (b >= 2 && t[e] == '\\') {
            b = e;
            continue;
        }
        break;
    }
    while (t[b] == ' ' || t[b] == '\t') b++;
    return t[b] == '#';
}

/* Does an unescaped newline lie between `from` and `to`? */
static bool ends_logical_line(const char *t, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (t[i] == '\n' && !(i > 0 && (t[i - 1] == '\\' || (t[i - 1] == '\r' && i > 1 && t[i - 2] == '\\'))))
            return true;
    return false;
}

int explicit_instantiation_offsets(const char *t, size_t n, size_t **offsets)
{
    *offsets = NULL;
    int count = 0;
    enum { OTHER, MEMBER_OR_SCOPE, EXTERN } prev = OTHER;
    for (size_t i = skip_blank(t, n, 0); i < n; i = skip_blank(t, n, i)) {
        char c = t[i];
        if (c == '"' || c == '\'') {
            i = skip_quoted(t, n, i);
            prev = OTHER;
        } else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)t[i + 1]))) {
            /* a number, digit separators (1'000) and exponents included */
            while (i < n && (ident_char(t[i]) || t[i] == '.' || t[i] == '\'' ||
                             ((t[i] == '+' || t[i] == '-') && (t[i - 1] == 'e' || t[i - 1] == 'E' ||
                                                                t[i - 1] == 'p' || t[i - 1] == 'P'))))
                i++;
            prev = OTHER;
        } else if (ident_char(c)) {
            size_t s = i;
            while (i < n && ident_char(t[i])) i++;
            size_t len = i - s;
            if (i < n && t[i] == '"' && t[i - 1] == 'R' && len <= 3) { /* R"( u8R"( LR"( */
                i = skip_raw(t, n, i);
                prev = OTHER;
                continue;
            }
            if (len == 8 && memcmp(t + s, "template", 8) == 0) {
                size_t next = skip_blank(t, n, i);
                /* an instantiation names a class key or a type next, on the
                 * same logical line when inside a #define */
                bool named = next < n && (isalpha((unsigned char)t[next]) || t[next] == '_') &&
                             !(in_directive(t, s) && ends_logical_line(t, i, next));
                if (prev != MEMBER_OR_SCOPE && prev != EXTERN && named) *VEC_PUSH(*offsets, count) = s;
                prev = OTHER;
            } else {
                prev = len == 6 && memcmp(t + s, "extern", 6) == 0 ? EXTERN : OTHER;
            }
        } else {
            bool member = c == '.' || (c == '-' && i + 1 < n && t[i + 1] == '>') ||
                          (c == ':' && i + 1 < n && t[i + 1] == ':');
            i += member && c != '.' ? 2 : 1;
            prev = member ? MEMBER_OR_SCOPE : OTHER;
        }
    }
    return count;
}

char *declare_instantiations(const char *text, size_t n, const size_t *offsets, int count, size_t *out_n)
{
    static const char word[] = "extern ";
    size_t wl = sizeof word - 1;
    char *out = xmalloc(n + (size_t)count * wl + 1);
    size_t o = 0, from = 0;
    for (int k = 0; k < count; k++) {
        memcpy(out + o, text + from, offsets[k] - from);
        o += offsets[k] - from;
        memcpy(out + o, word, wl);
        o += wl;
        from = offsets[k];
    }
    memcpy(out + o, text + from, n - from);
    o += n - from;
    out[o] = 0;
    *out_n = o;
    return out;
}

static char *declared(const char *text, size_t n, size_t *out_n)
{
    size_t *offsets;
    int count = explicit_instantiation_offsets(text, n, &offsets);
    char *out = count ? declare_instantiations(text, n, offsets, count, out_n) : NULL;
    free(offsets);
    return out;
}

static void add_buffer(DeclaredTexts *out, const char *path, char *contents, size_t size)
{
    FrontendBuffer *b = VEC_PUSH(out->items, out->n);
    b->path = xstrdup(path);
    b->contents = contents;
    b->size = (unsigned long)size;
}

static const FrontendBuffer *open_buffer(const FrontendBuffer *open, int nopen, const char *path)
{
    for (int i = 0; i < nopen; i++)
        if (strcmp(open[i].path, path) == 0) return &open[i];
    return NULL;
}

void declared_texts_build(const char *const *paths, int n, const char *main_path, const char *text, size_t size,
                          const FrontendBuffer *open, int nopen, DeclaredTexts *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++) {
        if (main_path && strcmp(paths[i], main_path) == 0) {
            char *raw = text ? NULL : read_file(main_path, NULL);
            if (text || raw) out->main_text = declared(text ? text : raw, text ? size : strlen(raw), &out->main_size);
            free(raw);
            continue;
        }
        const FrontendBuffer *ob = open_buffer(open, nopen, paths[i]);
        long len = 0;
        char *raw = ob ? NULL : read_file(paths[i], &len);
        if (!ob && !raw) continue;
        size_t new_size;
        char *t = ob ? declared(ob->contents, ob->size, &new_size) : declared(raw, (size_t)len, &new_size);
        free(raw);
        if (t) add_buffer(out, paths[i], t, new_size);
    }
    /* the editor's other open files as they are (they replace the list) */
    for (int i = 0; i < nopen && out->n; i++) {
        bool rewritten = false;
        for (int j = 0; j < out->n && !rewritten; j++) rewritten = strcmp(out->items[j].path, open[i].path) == 0;
        if (rewritten) continue;
        char *copy = xmalloc(open[i].size + 1);
        memcpy(copy, open[i].contents, open[i].size);
        copy[open[i].size] = 0;
        add_buffer(out, open[i].path, copy, open[i].size);
    }
}

void declared_texts_free(DeclaredTexts *d)
{
    for (int i = 0; i < d->n; i++) {
        free((char *)d->items[i].path);
        free((char *)d->items[i].contents);
    }
    free(d->items);
    free(d->main_text);
    memset(d, 0, sizeof *d);
}
