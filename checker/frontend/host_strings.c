/* host_strings.c - finds OpenCL programs written as string literals in C/C++
 * host files (see host_strings.h and docs/opencl.md, "Kernels in host
 * strings").
 *
 * A lexer rather than libclang: a host file's libclang parse costs its whole
 * include closure (<CL/cl.h>, the C++ library) and needs the project's
 * flags, while the literals only need C's lexical rules: comments, character
 * literals (so '"' starts nothing), pp-numbers (1'000), raw strings with
 * delimiters, escapes, line splices, adjacent literals and directives.  Files
 * that never spell "kernel" are not lexed at all.
 *
 * Recognised forms: adjacent literals "..." "\n" R"x(...)x" (one program;
 * escapes decoded; text after a \0 is not seen by clCreateProgramWithSource
 * and is dropped), and the argument of a stringizing macro
 * (`#define STR(x) #x`, `#define STR(...) #__VA_ARGS__`), copied as written.
 * A program is kept when it has a `kernel`/`__kernel` word followed by a
 * parameter list and a body, and says `void` (so fragments that a host
 * program glues together at run time, "__kernel void " + name, are not). */
#include "frontend/host_strings.h"
#include "frontend/frontend.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *s;
    size_t n;
    HostStrings *hs;
    char **macros; int nmacros;  /* stringizing macros defined so far */
    HostProgram cur;             /* the program being read */
    bool cur_ended;              /* a \0 was met: the rest is not part of it */
} Lexer;

static bool is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Length of a line splice (backslash, newline) at i, 0 if none. */
static size_t splice_at(const Lexer *L, size_t i)
{
    if (i + 1 < L->n && L->s[i] == '\\' && L->s[i + 1] == '\n') return 2;
    if (i + 2 < L->n && L->s[i] == '\\' && L->s[i + 1] == '\r' && L->s[i + 2] == '\n') return 3;
    return 0;
}

/* Skips a comment starting at i (which is "//" or "/ *"). */
static size_t skip_comment(const Lexer *L, size_t i)
{
    if (L->s[i + 1] == '/') {
        while (i < L->n && L->s[i] != '\n') {
            size_t sp = splice_at(L, i);
            i += sp ? sp : 1;
        }
        return i;
    }
    const char *end = NULL;
    for (size_t j = i + 2; j + 1 < L->n; j++)
        if (L->s[j] == '*' && L->s[j + 1] == '/') {
            end = L->s + j + 2;
            break;
        }
    return end ? (size_t)(end - L->s) : L->n;
}

static bool comment_at(const Lexer *L, size_t i)
{
    return i + 1 < L->n && L->s[i] == '/' && (L->s[i + 1] == '/' || L->s[i + 1] == '*');
}

static size_t skip_space(const Lexer *L, size_t i)
{
    while (i < L->n) {
        size_t sp = splice_at(L, i);
        if (sp) i += sp;
        else if (isspace((unsigned char)L->s[i])) i++;
        else if (comment_at(L, i)) i = skip_comment(L, i);
        else break;
    }
    return i;
}

/* A character literal (escape aware; ends at the line's end when unclosed). */
static size_t skip_char_literal(const Lexer *L, size_t i)
{
    for (i++; i < L->n && L->s[i] != '\'' && L->s[i] != '\n'; i++)
        if (L->s[i] == '\\' && i + 1 < L->n) i++;
    return i < L->n ? i + 1 : i;
}

/* Length of a string-literal prefix at i ("", u8, L, u, U, with R) that a
 * quote follows; -1 when none.  *raw: it ends in R. */
static int literal_prefix(const Lexer *L, size_t i, bool *raw)
{
    static const char *const prefixes[] = {"u8R", "LR", "uR", "UR", "R", "u8", "L", "u", "U", ""};
    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
        size_t len = strlen(prefixes[k]);
        if (i + len < L->n && strncmp(L->s + i, prefixes[k], len) == 0 && L->s[i + len] == '"') {
            *raw = len && prefixes[k][len - 1] == 'R';
            return (int)len;
        }
    }
    return -1;
}

static void problem(Lexer *L, size_t offset, const char *fmt, const char *arg)
{
    HostProblem *p = VEC_PUSH(L->hs->problems, L->hs->nproblems);
    p->offset = (unsigned)offset;
    size_t n = strlen(fmt) + (arg ? strlen(arg) : 0) + 1;
    p->message = xmalloc(n);
    snprintf(p->message, n, fmt, arg ? arg : "");
}

static void emit(Lexer *L, char c, size_t host_off, size_t host_len, PieceKind kind)
{
    HostProgram *p = &L->cur;
    if (L->cur_ended) return;
    if (c == 0) { /* clCreateProgramWithSource reads up to the first NUL */
        L->cur_ended = true;
        return;
    }
    int n = p->size;
    *VEC_PUSH(p->text, n) = c;
    n = p->size;
    *VEC_PUSH(p->host_off, n) = (unsigned)host_off;
    n = p->size;
    *VEC_PUSH(p->host_len, n) = (unsigned char)(host_len > 255 ? 255 : host_len);
    n = p->size;
    *VEC_PUSH(p->kind, n) = (unsigned char)kind;
    p->size++;
}

static void program_free(HostProgram *p)
{
    free(p->text);
    free(p->host_off);
    free(p->host_len);
    free(p->kind);
    free(p->line_starts);
    memset(p, 0, sizeof *p);
}

static bool has_word_at(const char *t, int n, int i, const char *w)
{
    int len = (int)strlen(w);
    return i + len <= n && strncmp(t + i, w, (size_t)len) == 0 && (i == 0 || !is_ident(t[i - 1])) &&
           (i + len == n || !is_ident(t[i + len]));
}

static int skip_blanks(const char *t, int n, int i)
{
    while (i < n && isspace((unsigned char)t[i])) i++;
    return i;
}

/* After an identifier at i: its end, or -1 when there is none. */
static int ident_end(const char *t, int n, int i)
{
    if (i >= n || !(isalpha((unsigned char)t[i]) || t[i] == '_')) return -1;
    while (i < n && is_ident(t[i])) i++;
    return i;
}

/* `__attribute__((...))` at i: the index after it (i when there is none). */
static int skip_attribute(const char *t, int n, int i)
{
    if (!has_word_at(t, n, i, "__attribute__")) return i;
    int j = skip_blanks(t, n, i + 13), depth = 0;
    for (; j < n; j++) {
        if (t[j] == '(') depth++;
        else if (t[j] == ')' && --depth == 0) return j + 1;
        else if (depth == 0) return i;
    }
    return i;
}

/* A kernel definition's head: `kernel`/`__kernel` [attributes] `void` NAME
 * `(`, or `void kernel NAME (`. */
bool frontend_text_defines_opencl_kernel(const char *t, size_t size)
{
    int n = (int)size;
    for (int i = 0; i < n; i++) {
        bool underscores = has_word_at(t, n, i, "__kernel");
        if (!underscores && !has_word_at(t, n, i, "kernel")) continue;
        int j = skip_blanks(t, n, i + (underscores ? 8 : 6));
        for (int k = skip_attribute(t, n, j); k != j; k = skip_attribute(t, n, j)) j = skip_blanks(t, n, k);
        bool void_before = false;
        for (int b = i - 1; b >= 4 && isspace((unsigned char)t[b]); b--)
            if (!isspace((unsigned char)t[b - 1])) void_before = has_word_at(t, n, b - 4, "void");
        if (!void_before) {
            if (!has_word_at(t, n, j, "void")) continue;
            j = skip_blanks(t, n, j + 4);
        }
        int e = ident_end(t, n, j);
        if (e < 0) continue;
        e = skip_blanks(t, n, e);
        if (e < n && t[e] == '(') return true;
    }
    return false;
}

/* Mentions the word kernel (a problem in such text is worth reporting). */
static bool mentions_kernel(const char *t, size_t n)
{
    for (size_t i = 0; i + 6 <= n; i++)
        if (has_word_at(t, (int)n, (int)i, "kernel") || has_word_at(t, (int)n, (int)i, "__kernel")) return true;
    return false;
}

/* The text a program of this scan's dialect is marked by (`__global__` for
 * a run-time compiled CUDA/HIP program, host_strings_rtc.c). */
static bool mentions(const Lexer *L, const char *t, size_t n)
{
    return L->hs->cuda ? rtc_mentions_kernel(t, n) : mentions_kernel(t, n);
}

static void finish_program(Lexer *L, size_t begin, size_t end)
{
    HostProgram *p = &L->cur;
    if (p->size && (L->hs->cuda ? rtc_kernel_source(p->text, p->size) : frontend_text_defines_opencl_kernel(p->text, p->size))) {
        int n = p->size;
        *VEC_PUSH(p->text, n) = 0; /* NUL-terminated; not counted in size */
        p->host_begin = (unsigned)begin;
        p->host_end = (unsigned)end;
        *VEC_PUSH(p->line_starts, p->nlines) = 0;
        for (int i = 0; i < p->size; i++)
            if (p->text[i] == '\n') *VEC_PUSH(p->line_starts, p->nlines) = (unsigned)i + 1;
        *VEC_PUSH(L->hs->programs, L->hs->nprograms) = *p;
        memset(p, 0, sizeof *p);
    } else {
        program_free(p);
    }
    L->cur_ended = false;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes the escape at i (a backslash) into the program; returns the index
 * after it. */
static size_t decode_escape(Lexer *L, size_t i)
{
    size_t sp = splice_at(L, i);
    if (sp) return i + sp; /* a splice spells nothing */
    if (i + 1 >= L->n) return L->n;
    char c = L->s[i + 1], out;
    size_t j = i + 2;
    switch (c) {
    case 'n': out = '\n'; break;
    case 't': out = '\t'; break;
    case 'r': out = '\r'; break;
    case 'a': out = '\a'; break;
    case 'b': out = '\b'; break;
    case 'f': out = '\f'; break;
    case 'v': out = '\v'; break;
    case 'x': {
        unsigned v = 0;
        while (j < L->n && hex_value(L->s[j]) >= 0) v = v * 16 + (unsigned)hex_value(L->s[j++]);
        out = (char)v;
        break;
    }
    case 'u': case 'U': { /* universal names: not OpenCL source in practice */
        size_t digits = c == 'u' ? 4 : 8;
        while (j < L->n && j < i + 2 + digits && hex_value(L->s[j]) >= 0) j++;
        out = '?';
        break;
    }
    default:
        if (c >= '0' && c <= '7') {
            unsigned v = 0;
            j = i + 1;
            while (j < L->n && j < i + 4 && L->s[j] >= '0' && L->s[j] <= '7') v = v * 8 + (unsigned)(L->s[j++] - '0');
            out = (char)v;
        } else {
            out = c; /* \\ \" \' \? and unknown escapes */
        }
    }
    emit(L, out, i, j - i, PIECE_ESCAPED);
    return j;
}

/* One literal at i (prefix included) into the program; returns the index
 * after it, or L->n with a problem recorded when it is not closed. */
static size_t read_literal(Lexer *L, size_t i, size_t seq_begin, bool *broken)
{
    bool raw = false;
    int plen = literal_prefix(L, i, &raw);
    size_t q = i + (size_t)plen + 1; /* after the quote */
    if (raw) {
        size_t d = q;
        while (d < L->n && d - q <= 16 && L->s[d] != '(' && !isspace((unsigned char)L->s[d]) && L->s[d] != ')' &&
               L->s[d] != '\\' && L->s[d] != '"')
            d++;
        if (d >= L->n || L->s[d] != '(') {
            if (mentions(L, L->s + i, L->n - i < 4096 ? L->n - i : 4096))
                problem(L, i, "malformed raw string literal (its delimiter must be at most 16 characters, then '('): %s",
                        "the kernel code in it is not analysed");
            *broken = true;
            return d < L->n ? d : L->n;
        }
        char close[20];
        size_t dlen = d - q;
        close[0] = ')';
        memcpy(close + 1, L->s + q, dlen);
        close[dlen + 1] = '"';
        close[dlen + 2] = 0;
        size_t body = d + 1, end = body;
        const char *hit = NULL;
        for (; end + dlen + 2 <= L->n; end++)
            if (L->s[end] == ')' && strncmp(L->s + end, close, dlen + 2) == 0) {
                hit = L->s + end;
                break;
            }
        if (!hit) {
            if (mentions(L, L->s + body, L->n - body)) {
                char what[40];
                snprintf(what, sizeof what, "%.*s", (int)(d - i + 1), L->s + i);
                problem(L, i, "unterminated raw string literal %s (no closing delimiter before the end of the file): "
                              "the kernel code in it is not analysed", what);
            }
            *broken = true;
            return L->n;
        }
        for (size_t k = body; k < end; k++) emit(L, L->s[k], k, 1, PIECE_RAW);
        return end + dlen + 2;
    }
    size_t j = q;
    while (j < L->n && L->s[j] != '"') {
        if (L->s[j] == '\n') {
            size_t line_end = j;
            if (mentions(L, L->s + seq_begin, line_end - seq_begin))
                problem(L, i, "string literal not closed before the end of its line: %s",
                        "the kernel code in it is not analysed");
            *broken = true;
            return j;
        }
        if (L->s[j] == '\\') j = decode_escape(L, j);
        else {
            emit(L, L->s[j], j, 1, PIECE_ESCAPED);
            j++;
        }
    }
    if (j >= L->n) {
        if (mentions(L, L->s + seq_begin, L->n - seq_begin))
            problem(L, i, "string literal not closed before the end of the file: %s", "the kernel code in it is not analysed");
        *broken = true;
        return L->n;
    }
    return j + 1;
}

/* Adjacent literals from i: one program. */
static size_t read_literal_sequence(Lexer *L, size_t i)
{
    size_t begin = i, end = i;
    bool broken = false, raw;
    for (;;) {
        end = read_literal(L, i, begin, &broken);
        if (broken) break;
        size_t k = skip_space(L, end);
        if (k >= L->n || literal_prefix(L, k, &raw) < 0) break;
        i = k;
    }
    if (broken) program_free(&L->cur);
    else finish_program(L, begin, end);
    L->cur_ended = false;
    return end;
}

/* NAME( ... ) of a stringizing macro at i (the name); copied as written. */
static size_t read_macro_argument(Lexer *L, size_t name_end, size_t open)
{
    int depth = 0;
    size_t j = open;
    while (j < L->n) {
        char c = L->s[j];
        bool raw;
        if (comment_at(L, j)) {
            j = skip_comment(L, j);
            continue;
        }
        if (c == '\'') {
            j = skip_char_literal(L, j);
            continue;
        }
        if (c == '"' || ((c == 'R' || c == 'L' || c == 'u' || c == 'U') && literal_prefix(L, j, &raw) >= 0 &&
                         (j == 0 || !is_ident(L->s[j - 1])))) {
            int plen = literal_prefix(L, j, &raw);
            size_t k = j + (size_t)plen + 1;
            while (k < L->n && L->s[k] != '"' && L->s[k] != '\n') k += L->s[k] == '\\' ? 2 : 1;
            j = k < L->n ? k + 1 : k;
            continue;
        }
        if (c == '(') depth++;
        if (c == ')' && --depth == 0) break;
        j++;
    }
    if (j >= L->n) {
        if (mentions(L, L->s + open, L->n - open)) {
            char name[64];
            size_t b = name_end;
            while (b > 0 && is_ident(L->s[b - 1]) && name_end - b < 60) b--;
            snprintf(name, sizeof name, "%.*s", (int)(name_end - b), L->s + b);
            problem(L, b, "the argument of %s( is not closed before the end of the file: the kernel code in it is not "
                          "analysed", name);
        }
        return L->n;
    }
    for (size_t k = open + 1; k < j; k++) emit(L, L->s[k], k, 1, PIECE_MACRO);
    finish_program(L, open + 1, j);
    return j + 1;
}

static bool is_stringizing_macro(const Lexer *L, const char *name, size_t len)
{
    for (int i = 0; i < L->nmacros; i++)
        if (strlen(L->macros[i]) == len && strncmp(L->macros[i], name, len) == 0) return true;
    return false;
}

/* After '#' at line start: records `#define NAME(p) #p`; returns where to go
 * on (after the name for #define, so strings in its body are found; the end
 * of the line for other directives). */
static size_t read_directive(Lexer *L, size_t i)
{
    size_t j = i + 1;
    while (j < L->n && (L->s[j] == ' ' || L->s[j] == '\t')) j++;
    size_t w = j;
    while (j < L->n && is_ident(L->s[j])) j++;
    if (j - w == 6 && strncmp(L->s + w, "define", 6) == 0) {
        j = skip_space(L, j);
        size_t name = j;
        while (j < L->n && is_ident(L->s[j])) j++;
        size_t name_end = j;
        if (j < L->n && L->s[j] == '(') {
            const char *close = memchr(L->s + j, ')', L->n - j);
            const char *eol = memchr(L->s + j, '\n', L->n - j);
            if (close && (!eol || close < eol)) {
                char params[128]; /* without spaces: "x", "..." */
                size_t plen = 0;
                for (const char *q = L->s + j + 1; q < close && plen < sizeof params - 1; q++)
                    if (!isspace((unsigned char)*q)) params[plen++] = *q;
                params[plen] = 0;
                size_t k = (size_t)(close - L->s) + 1;
                while (k < L->n && (L->s[k] == ' ' || L->s[k] == '\t')) k++;
                if (k < L->n && L->s[k] == '#' && (k + 1 >= L->n || L->s[k + 1] != '#')) {
                    k++;
                    while (k < L->n && (L->s[k] == ' ' || L->s[k] == '\t')) k++;
                    size_t a = k;
                    while (k < L->n && is_ident(L->s[k])) k++;
                    char arg[64];
                    snprintf(arg, sizeof arg, "%.*s", (int)(k - a < 63 ? k - a : 63), L->s + a);
                    size_t after = skip_space(L, k);
                    bool ends_line = after >= L->n || memchr(L->s + k, '\n', after - k) != NULL;
                    bool names_param = (strcmp(arg, "__VA_ARGS__") == 0 && strstr(params, "...")) ||
                                       (arg[0] && strcmp(params, arg) == 0);
                    if (ends_line && names_param) {
                        char *m = xmalloc(name_end - name + 1);
                        memcpy(m, L->s + name, name_end - name);
                        m[name_end - name] = 0;
                        *VEC_PUSH(L->macros, L->nmacros) = m;
                        return k;
                    }
                }
            }
        }
        return name_end;
    }
    while (j < L->n && L->s[j] != '\n') {
        size_t sp = splice_at(L, j);
        if (sp) j += sp;
        else if (comment_at(L, j)) j = skip_comment(L, j);
        else j++;
    }
    return j;
}

static void lex(Lexer *L)
{
    size_t i = 0;
    bool line_start = true;
    while (i < L->n) {
        char c = L->s[i];
        size_t sp = splice_at(L, i);
        bool raw;
        if (sp) {
            i += sp;
        } else if (c == '\n') {
            line_start = true;
            i++;
        } else if (isspace((unsigned char)c)) {
            i++;
        } else if (comment_at(L, i)) {
            i = skip_comment(L, i);
        } else if (c == '#' && line_start) {
            i = read_directive(L, i);
            line_start = false;
        } else if (c == '"') {
            line_start = false;
            i = read_literal_sequence(L, i);
        } else if (c == '\'') {
            line_start = false;
            i = skip_char_literal(L, i);
        } else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < L->n && isdigit((unsigned char)L->s[i + 1]))) {
            line_start = false; /* a pp-number: 1'000, 1e+5, 0x1p-3 */
            while (i < L->n && (is_ident(L->s[i]) || L->s[i] == '.' || L->s[i] == '\'' ||
                                ((L->s[i] == '+' || L->s[i] == '-') && strchr("eEpP", L->s[i - 1]))))
                i++;
        } else if (is_ident(c)) {
            line_start = false;
            if (literal_prefix(L, i, &raw) > 0) {
                i = read_literal_sequence(L, i);
                continue;
            }
            size_t j = i;
            while (j < L->n && is_ident(L->s[j])) j++;
            if (j < L->n && L->s[j] == '\'') { /* u8'x', L'x' */
                i = skip_char_literal(L, j);
                continue;
            }
            if (L->nmacros && is_stringizing_macro(L, L->s + i, j - i)) {
                size_t k = skip_space(L, j);
                if (k < L->n && L->s[k] == '(') {
                    i = read_macro_argument(L, j, k);
                    continue;
                }
            }
            i = j;
        } else {
            line_start = false;
            i++;
        }
    }
}

static HostStrings *scan(const char *text, size_t size, bool cuda)
{
    HostStrings *hs = xcalloc(1, sizeof *hs);
    hs->cuda = cuda;
    hs->host_text = xmalloc(size + 1);
    memcpy(hs->host_text, text, size);
    hs->host_text[size] = 0;
    hs->host_size = size;
    *VEC_PUSH(hs->host_line_starts, hs->nhost_lines) = 0;
    for (size_t i = 0; i < size; i++)
        if (text[i] == '\n') *VEC_PUSH(hs->host_line_starts, hs->nhost_lines) = (unsigned)i + 1;
    /* most host files never spell the word: nothing to lex */
    if (cuda ? !rtc_mentions_kernel(text, size) : !mentions_kernel(text, size)) return hs;
    Lexer L;
    memset(&L, 0, sizeof L);
    L.s = hs->host_text;
    L.n = size;
    L.hs = hs;
    lex(&L);
    program_free(&L.cur);
    for (int i = 0; i < L.nmacros; i++) free(L.macros[i]);
    free(L.macros);
    return hs;
}

HostStrings *host_strings_scan(const char *text, size_t size)
{
    return scan(text, size, false);
}

HostStrings *host_strings_scan_cuda(const char *text, size_t size)
{
    return scan(text, size, true);
}

void host_strings_free(HostStrings *hs)
{
    if (!hs) return;
    for (int i = 0; i < hs->nprograms; i++) program_free(&hs->programs[i]);
    for (int i = 0; i < hs->nproblems; i++) free(hs->problems[i].message);
    free(hs->programs);
    free(hs->problems);
    free(hs->host_line_starts);
    free(hs->host_text);
    free(hs);
}
