/* replay_fix.c - a finding's fix applied to a copy of the user's file for
 * its replay: the rule's fix-its as they are, or a scalar parameter made a
 * compile-time constant of its launch value (what a template parameter or
 * `if constexpr` gives the compiler).  The user's files are only read. */
#include "bench/replay.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    size_t start, end;
    const char *text;
} TextEdit;

/* The byte offset of 1-based line and byte column, or (size_t)-1. */
static size_t offset_of(const char *src, size_t n, unsigned line, unsigned col)
{
    long off = text_offset(src, (long)n, line, col);
    return off < 0 ? (size_t)-1 : (size_t)off;
}

static int by_start_desc(const void *a, const void *b)
{
    const TextEdit *x = a, *y = b;
    return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

/* The edits applied to src into out (edits may not overlap). */
static bool apply_edits(const char *src, size_t n, TextEdit *edits, int nedits, Buf *out, const char **why)
{
    qsort(edits, (size_t)nedits, sizeof *edits, by_start_desc);
    for (int i = 1; i < nedits; i++)
        if (edits[i].end > edits[i - 1].start) {
            *why = "the fix's edits overlap";
            return false;
        }
    size_t at = 0;
    for (int i = nedits - 1; i >= 0; i--) {
        buf_add(out, src + at, edits[i].start - at);
        buf_add(out, edits[i].text, strlen(edits[i].text));
        at = edits[i].end;
    }
    buf_add(out, src + at, n - at);
    return true;
}

bool replay_apply_fixits(const Finding *f, const char *path, const char *src, size_t n, Buf *out, const char **why)
{
    const Fix *fix = NULL;
    for (int i = 0; i < f->nfixes && !fix; i++)
        if (f->fixes[i].nreplacements > 0) fix = &f->fixes[i];
    if (!fix) {
        *why = "the finding has no fix-it to apply";
        return false;
    }
    TextEdit *edits = xcalloc((size_t)fix->nreplacements, sizeof *edits);
    bool ok = true;
    for (int i = 0; i < fix->nreplacements && ok; i++) {
        const Replacement *r = &fix->replacements[i];
        if (!r->range.file || strcmp(r->range.file, path) != 0) {
            *why = "the fix edits another file (a macro's definition in a header)";
            ok = false;
            break;
        }
        size_t s = offset_of(src, n, r->range.line, r->range.col);
        size_t e = offset_of(src, n, r->range.end_line, r->range.end_col);
        if (s == (size_t)-1 || e == (size_t)-1 || e < s ||
            (r->original && (strlen(r->original) != e - s || memcmp(src + s, r->original, e - s) != 0))) {
            *why = "the file no longer holds the text the fix replaces";
            ok = false;
            break;
        }
        edits[i] = (TextEdit){s, e, r->text ? r->text : ""};
    }
    if (ok) ok = apply_edits(src, n, edits, fix->nreplacements, out, why);
    free(edits);
    return ok;
}

/* Skips a comment, string or character literal at src[i]; returns the
 * offset after it, or i when there is none. */
static size_t skip_lexeme(const char *src, size_t n, size_t i)
{
    if (i + 1 < n && src[i] == '/' && src[i + 1] == '/') {
        while (i < n && src[i] != '\n') i++;
        return i;
    }
    if (i + 1 < n && src[i] == '/' && src[i + 1] == '*') {
        const char *end = NULL;
        for (size_t j = i + 2; j + 1 < n && !end; j++)
            if (src[j] == '*' && src[j + 1] == '/') end = src + j + 2;
        return end ? (size_t)(end - src) : n;
    }
    if (src[i] == '"' || src[i] == '\'') {
        char q = src[i++];
        while (i < n && src[i] != q) i += src[i] == '\\' ? 2 : 1;
        return i < n ? i + 1 : n;
    }
    return i;
}

/* The matching close of the bracket at src[open], or (size_t)-1. */
static size_t matching(const char *src, size_t n, size_t open)
{
    char o = src[open], c = o == '(' ? ')' : o == '{' ? '}' : '>';
    int depth = 0;
    for (size_t i = open; i < n;) {
        size_t j = skip_lexeme(src, n, i);
        if (j != i) { i = j; continue; }
        if (src[i] == o) depth++;
        else if (src[i] == c && --depth == 0) return i;
        i++;
    }
    return (size_t)-1;
}

/* The ']' matching the '[' at src[open], looking no further than end. */
static size_t matching_square(const char *src, size_t end, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < end;) {
        size_t j = skip_lexeme(src, end, i);
        if (j != i) { i = j; continue; }
        if (src[i] == '[') depth++;
        else if (src[i] == ']' && --depth == 0) return i;
        i++;
    }
    return (size_t)-1;
}

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

bool replay_specialize(const char *src, size_t n, unsigned kline, unsigned kcol, const char *param,
                       const char *type, const char *value, Buf *out, const char **why)
{
    size_t name = offset_of(src, n, kline, kcol);
    if (name == (size_t)-1) {
        *why = "the kernel's definition is not where the model saw it";
        return false;
    }
    size_t i = name;
    while (i < n && ident_char(src[i])) i++;
    while (i < n && isspace((unsigned char)src[i])) i++;
    if (i < n && src[i] == '<') { /* an explicit specialization's arguments */
        size_t close = matching(src, n, i);
        if (close == (size_t)-1) { *why = "the kernel's template arguments could not be read"; return false; }
        for (i = close + 1; i < n && isspace((unsigned char)src[i]); i++) {}
    }
    if (i >= n || src[i] != '(') {
        *why = "the kernel's parameter list is not written out (a macro makes it)";
        return false;
    }
    size_t close = matching(src, n, i);
    if (close == (size_t)-1) { *why = "the kernel's parameter list could not be read"; return false; }
    /* the parameter's name: an identifier equal to param at depth 1, followed
     * by ',' ')' '=' or '[' */
    size_t at = (size_t)-1, plen = strlen(param);
    int depth = 0;
    for (size_t j = i; j < close;) {
        size_t k = skip_lexeme(src, n, j);
        if (k != j) { j = k; continue; }
        char c = src[j];
        if (c == '(' || c == '<' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == '>' || c == ']' || c == '}') depth--;
        if (depth == 1 && ident_char(c) && (j == 0 || !ident_char(src[j - 1]))) {
            size_t e = j;
            while (e < close && ident_char(src[e])) e++;
            size_t after = e;
            while (after < close && isspace((unsigned char)src[after])) after++;
            if (e - j == plen && memcmp(src + j, param, plen) == 0 &&
                (after == close || src[after] == ',' || src[after] == '=' || src[after] == '['))
                at = j;
            j = e;
            continue;
        }
        j++;
    }
    if (at == (size_t)-1) {
        *why = "the parameter is not named in the kernel's parameter list as written";
        return false;
    }
    size_t body = close + 1;
    while (body < n && src[body] != '{' && src[body] != ';') {
        size_t k = skip_lexeme(src, n, body);
        body = k != body ? k : body + 1;
    }
    if (body >= n || src[body] != '{') {
        *why = "the kernel's body could not be found after its parameters";
        return false;
    }
    Buf renamed = {0}, constant = {0};
    buf_printf(&renamed, "%s_gpulint_runtime_value", param);
    const char *t = strncmp(type, "const ", 6) == 0 ? type + 6 : type;
    buf_printf(&constant, " constexpr %s %s = (%s)(%s); /* gpulint replay: the launch's value as a compile-time constant */", t,
               param, t, value);
    TextEdit edits[2] = {{at, at + plen, renamed.data}, {body + 1, body + 1, constant.data}};
    bool ok = apply_edits(src, n, edits, 2, out, why);
    free(renamed.data);
    free(constant.data);
    return ok;
}

bool replay_transpose(const char *src, size_t n, const long long *ranges, int nranges, long long w, long long t,
                      Buf *out, const char **why)
{
    int nedits = nranges / 4 + 1;
    TextEdit *edits = xcalloc((size_t)nedits, sizeof *edits);
    Buf *texts = xcalloc((size_t)nedits, sizeof *texts);
    bool ok = true;
    for (int i = 0; i + 3 < nranges && ok; i += 4) {
        size_t s = offset_of(src, n, (unsigned)ranges[i], (unsigned)ranges[i + 1]);
        size_t e = offset_of(src, n, (unsigned)ranges[i + 2], (unsigned)ranges[i + 3]);
        size_t open = s;
        while (open < e && open < n && src[open] != '[') open++;
        if (s == (size_t)-1 || e == (size_t)-1 || e <= s || open >= e || src[e - 1] != ']' ||
            matching_square(src, e, open) != e - 1) {
            *why = "an access is not written as ptr[index] (a macro or pointer arithmetic)";
            ok = false;
            break;
        }
        Buf *b = &texts[i / 4];
        buf_printf(b, "gpulint_transposed((");
        buf_add(b, src + open + 1, e - 1 - (open + 1));
        buf_printf(b, "), %lldLL, %lldLL)", w, t);
        edits[i / 4] = (TextEdit){open + 1, e - 1, b->data};
    }
    if (ok) {
        Buf *h = &texts[nedits - 1];
        buf_printf(h, "/* gpulint replay: an index as if the data were stored transposed (row-major [rows][w] read as "
                      "[w][t]): a permutation of [0, w*t) */\n"
                      "template <class I> __device__ __forceinline__ I gpulint_transposed(I i, long long w, long long t)\n"
                      "{\n    return (I)(((long long)i %% w) * t + (long long)i / w);\n}\n");
        edits[nedits - 1] = (TextEdit){0, 0, h->data};
        ok = apply_edits(src, n, edits, nedits, out, why);
    }
    for (int i = 0; i < nedits; i++) free(texts[i].data);
    free(texts);
    free(edits);
    return ok;
}
