/* jit_options.c - see jit_options.h. */
#include "project/jit_options.h"

#include "util/oom.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static const char *skip_space(const char *p)
{
    while (*p && isspace((unsigned char)*p)) p++;
    return p;
}

/* The opening quote of the string literal that holds `at`, or NULL when
 * `at` is outside one (the line is scanned from its start). */
static const char *literal_start(const char *text, const char *at)
{
    const char *line = at;
    while (line > text && line[-1] != '\n') line--;
    const char *open = NULL;
    for (const char *c = line; c < at; c++) {
        if (open && *c == '\\' && c + 1 < at) {
            c++;
        } else if (*c == '"') {
            open = open ? NULL : c;
        } else if (!open && *c == '/' && c[1] == '/') {
            return NULL; /* a comment */
        } else if (!open && *c == '\'') { /* a character literal: '"' */
            const char *e = c + 1;
            if (*e == '\\') e++;
            if (e < at && e[1] == '\'') c = e + 1;
        }
    }
    return open;
}

/* The closing quote of the literal opened at `open`. */
static const char *literal_end(const char *open)
{
    for (const char *c = open + 1; *c && *c != '\n'; c++) {
        if (*c == '\\' && c[1]) c++;
        else if (*c == '"') return c;
    }
    return NULL;
}

/* The first literal of the run of adjacent literals ("a" "b") that holds
 * the one opened at `open`, and the closing quote of its last (NULL when
 * unterminated). */
static const char *run_first(const char *text, const char *open)
{
    const char *first = open;
    for (;;) {
        const char *c = first;
        while (c > text && isspace((unsigned char)c[-1])) c--;
        if (c == text || c[-1] != '"') return first;
        const char *prev = literal_start(text, c - 1);
        if (!prev) return first;
        first = prev;
    }
}

static const char *run_last(const char *open)
{
    const char *last = literal_end(open);
    while (last) {
        const char *c = skip_space(last + 1);
        if (*c != '"' || !literal_end(c)) break;
        last = literal_end(c);
    }
    return last;
}

/* Conversions (`%d`, not `%%`) in the literal text [from, to). */
static int conversions(const char *from, const char *to)
{
    int n = 0;
    bool inside = false;
    for (const char *c = from; c < to; c++) {
        if (*c == '"') inside = !inside;
        else if (inside && *c == '\\' && c + 1 < to) c++;
        else if (inside && *c == '%') {
            if (c[1] == '%') c++;
            else n++;
        }
    }
    return n;
}

/* A cast `(unsigned int)` before an argument is dropped. */
static const char *skip_casts(const char *a, const char *end)
{
    while (a < end && *a == '(') {
        const char *c = a + 1;
        while (c < end && (isalpha((unsigned char)*c) || *c == ' ' || *c == '_')) c++;
        if (c >= end || *c != ')' || c == a + 1) break;
        a = skip_space(c + 1);
    }
    return a;
}

static bool is_number(const char *a, const char *end)
{
    if (a >= end || !isdigit((unsigned char)*a)) return false;
    for (const char *c = a; c < end; c++)
        if (!isalnum((unsigned char)*c)) return false; /* 0x40, 16u */
    return true;
}

static bool is_identifier(const char *a, const char *end)
{
    if (a >= end || isdigit((unsigned char)*a)) return false;
    for (const char *c = a; c < end; c++)
        if (!ident_char(*c)) return false;
    return true;
}

/* What an argument's text [a, end) is. */
static OptionValue argument_value(const char *a, const char *end, bool string_conversion, char *value, size_t n)
{
    a = skip_casts(skip_space(a), end);
    while (end > a && isspace((unsigned char)end[-1])) end--;
    int len = (int)(end - a);
    if (string_conversion) { /* %s: only a literal says what it is (a type, a name) */
        if (len >= 2 && *a == '"' && end[-1] == '"' && is_identifier(a + 1, end - 1)) {
            snprintf(value, n, "%.*s", len - 2, a + 1);
            return OPTION_LITERAL;
        }
        return OPTION_ABSENT;
    }
    if ((size_t)len + 1 > n) return OPTION_RUN_TIME;
    snprintf(value, n, "%.*s", len, a);
    if (is_number(a, end)) return OPTION_LITERAL;
    if (is_identifier(a, end)) return OPTION_ARGUMENT;
    return OPTION_RUN_TIME;
}

/* The k-th argument after a format string whose literals end at `after`
 * (`fmt", a, b)`): its text [*start, *end); false when there is none. */
static bool argument_span(const char *after, int k, const char **start, const char **end)
{
    const char *c = skip_space(after);
    if (*c != ',') return false;
    int depth = 0, index = 0;
    *start = ++c;
    for (; *c; c++) {
        if (*c == '"') { /* a string argument */
            const char *e = literal_end(c);
            if (!e) return false;
            c = e;
        } else if (*c == '(' || *c == '[' || *c == '{') {
            depth++;
        } else if ((*c == ')' || *c == ']' || *c == '}') && depth > 0) {
            depth--;
        } else if (depth == 0 && (*c == ',' || *c == ')' || *c == ';')) {
            if (index == k) {
                *end = c;
                return true;
            }
            if (*c != ',') return false;
            index++;
            *start = c + 1;
        }
    }
    return false;
}

static OptionValue nth_argument(const char *after, int k, bool string_conversion, char *value, size_t n)
{
    const char *start, *end;
    return argument_span(after, k, &start, &end) ? argument_value(start, end, string_conversion, value, n)
                                                  : OPTION_RUN_TIME;
}

/* The value after `=` at `v`, inside the literal opened at `open`. */
static OptionValue option_at(const char *text, const char *open, const char *v, char *value, size_t n)
{
    if (*v == '%') {
        const char *conv = v + 1;
        while (*conv && strchr("-+ #0123456789.lhzjt", *conv)) conv++;
        bool string_conversion = *conv == 's';
        /* the run of adjacent literals: back to its first, on to its last */
        const char *first = run_first(text, open);
        int k = conversions(first, v);
        const char *last = run_last(open);
        return last ? nth_argument(last + 1, k, string_conversion, value, n) : OPTION_RUN_TIME;
    }
    if (*v == '"') { /* "-D TILE=" + std::to_string(TILE), "-DN=" << n */
        const char *c = skip_space(v + 1);
        if (*c == '+') c = skip_space(c + 1);
        else if (c[0] == '<' && c[1] == '<') c = skip_space(c + 2);
        else return OPTION_RUN_TIME;
        if (strncmp(c, "std::to_string", 14) == 0) c = skip_space(c + 14);
        if (*c == '(') c = skip_space(c + 1);
        const char *e = c;
        while (ident_char(*e)) e++;
        if (e == c) return OPTION_RUN_TIME;
        return argument_value(c, e, false, value, n);
    }
    const char *e = v;
    while (*e && !isspace((unsigned char)*e) && *e != '"' && *e != '\\') e++;
    if (e == v || (size_t)(e - v) + 1 > n) return OPTION_RUN_TIME;
    for (const char *c = v; c < e; c++)
        if (!ident_char(*c) && !strchr(".+-*()", *c)) return OPTION_RUN_TIME;
    snprintf(value, n, "%.*s", (int)(e - v), v);
    return OPTION_LITERAL;
}

/* The text of the argument that a `%s` or `{}` conversion at `v` stands
 * for, inside the literal opened at `open` (`" -D dim_t={}", name_of(x)`):
 * the conversions before it (printf's `%d`, a format library's `{}`, not
 * `%%` or `{{`) tell which argument. */
static bool conversion_argument(const char *text, const char *open, const char *v, char *expr, size_t n)
{
    const char *first = run_first(text, open), *last = run_last(open);
    if (!last) return false;
    int k = 0;
    bool inside = false;
    for (const char *c = first; c < v; c++) {
        if (*c == '"') inside = !inside;
        else if (inside && *c == '\\' && c + 1 < v) c++;
        else if (inside && (*c == '%' || *c == '{') && c[1] == *c) c++;
        else if (inside && (*c == '%' || *c == '{')) k++;
    }
    const char *start, *end;
    if (!argument_span(last + 1, k, &start, &end)) return false;
    start = skip_space(start);
    while (end > start && isspace((unsigned char)end[-1])) end--;
    if (end == start || (size_t)(end - start) + 1 > n) return false;
    snprintf(expr, n, "%.*s", (int)(end - start), start);
    return true;
}

/* The first -D option for the name in a string literal: where its name
 * is, and the literal's opening quote. */
static const char *find_option(const char *text, const char *name, const char **open)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (p[len] != '=') continue;
        bool joined = p - text >= 2 && p[-1] == 'D' && p[-2] == '-'; /* -DNAME= */
        if (p > text && ident_char(p[-1]) && !joined) continue;
        const char *d = p;
        while (d > text && (d[-1] == ' ' || d[-1] == '\t')) d--;
        if (d - text < 2 || d[-2] != '-' || d[-1] != 'D') continue;
        *open = literal_start(text, p);
        if (*open) return p;
    }
    return NULL;
}

bool jit_word_at(const char *text, const char *p, const char *name, size_t len)
{
    return (p == text || !ident_char(p[-1])) && !ident_char(p[len]) && strncmp(p, name, len) == 0;
}

/* The words before `at` on its line, back to the literal's opening quote
 * (`#define `, `typedef float `): do they end with `word` and spaces? */
static bool after_word(const char *open, const char *at, const char *word)
{
    const char *c = at;
    while (c > open + 1 && (c[-1] == ' ' || c[-1] == '\t')) c--;
    size_t len = strlen(word);
    if ((size_t)(c - (open + 1)) < len || strncmp(c - len, word, len) != 0) return false;
    const char *before = c - len; /* the literal's start, a separator or an escaped newline */
    return before == open + 1 || !ident_char(before[-1]) ||
           (before - 2 > open && before[-1] == 'n' && before[-2] == '\\');
}

/* A prefix the host puts before the kernel's text, read as text:
 * `"#define NAME 16\n"` or `"#define NAME " + std::to_string(n)` in a
 * literal, `"typedef float NAME;\n"` in a literal (the type), or a map of
 * definitions the host writes out as #defines, `defines["NAME"] = value;`. */
static OptionValue prefix_value(const char *text, const char *name, char *value, size_t n)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + len, name)) {
        if (!jit_word_at(text, p, name, len)) continue;
        const char *open = literal_start(text, p);
        if (open && after_word(open, p, "#define")) {
            const char *v = p + len;
            while (*v == ' ' || *v == '\t') v++;
            if (*v == '"') return option_at(text, open, v, value, n); /* "#define N " + value */
            if (*v == '\\' && v[1] == 'n') continue;                 /* a flag, no value */
            return option_at(text, open, v, value, n);
        }
        if (open && p[len] == ';') { /* typedef float NAME; */
            const char *w = p;
            while (w > open + 1 && w[-1] == ' ') w--;
            const char *t = w;
            while (t > open + 1 && (ident_char(t[-1]) || t[-1] == ' ')) t--;
            while (*t == ' ') t++;
            if (strncmp(t, "typedef ", 8) != 0) continue;
            const char *type = skip_space(t + 8);
            if (type >= w || (size_t)(w - type) + 1 > n) continue;
            snprintf(value, n, "%.*s", (int)(w - type), type);
            return OPTION_LITERAL;
        }
        if (open == p - 1 && p > text + 1 && p[len] == '"') { /* defines["NAME"] = value; */
            const char *b = p - 2;
            while (b > text && *b == ' ') b--;
            const char *q = skip_space(p + len + 1);
            if (*b != '[' || *q != ']') continue;
            q = skip_space(q + 1);
            if (*q != '=' || q[1] == '=') continue;
            q = skip_space(q + 1);
            if (*q == '"') { /* a literal value */
                const char *e = literal_end(q);
                if (!e || (size_t)(e - q) > n) continue;
                snprintf(value, n, "%.*s", (int)(e - q - 1), q + 1);
                return OPTION_LITERAL;
            }
            if (strncmp(q, "std::to_string", 14) == 0) q = skip_space(q + 14);
            bool call = *q == '(';
            if (call) q = skip_space(q + 1);
            const char *e = q;
            while (*e && *e != ';' && !(call && *e == ')')) e++;
            return argument_value(q, e, false, value, n);
        }
    }
    return OPTION_ABSENT;
}

OptionValue jit_option_value(const char *text, const char *name, char *value, size_t n)
{
    const char *open;
    const char *p = find_option(text, name, &open);
    return p ? option_at(text, open, p + strlen(name) + 1, value, n) : prefix_value(text, name, value, n);
}

bool jit_option_expression(const char *text, const char *name, char *expr, size_t n)
{
    const char *open;
    const char *p = find_option(text, name, &open);
    if (!p) return false;
    const char *v = p + strlen(name) + 1;
    if (*v == '{' || (*v == '%' && v[1] == 's')) return conversion_argument(text, open, v, expr, n);
    return false;
}

int jit_option_siblings(const char *text, const char *name, char (*out)[JIT_OPTION_NAME], int max)
{
    const char *open;
    if (!find_option(text, name, &open)) return 0;
    const char *first = run_first(text, open), *last = run_last(open);
    if (!last) return 0;
    int n = 0;
    for (const char *p = first; p < last && n < max; p++) {
        if (p[0] != '-' || p[1] != 'D' || (p > text && ident_char(p[-1]))) continue;
        const char *s = p + 2;
        while (*s == ' ') s++;
        const char *e = s;
        while (ident_char(*e)) e++;
        if (e == s || isdigit((unsigned char)*s) || (size_t)(e - s) >= JIT_OPTION_NAME) continue;
        if ((size_t)(e - s) == strlen(name) && strncmp(s, name, (size_t)(e - s)) == 0) continue;
        snprintf(out[n++], JIT_OPTION_NAME, "%.*s", (int)(e - s), s);
    }
    return n;
}

/* Is the literal opened at `open` (the first of its run) a branch of `?:`? */
static bool conditional_literal(const char *text, const char *open)
{
    /* alone on a line under a preprocessor line: `#ifdef __APPLE__` */
    const char *line = open;
    while (line > text && (line[-1] == ' ' || line[-1] == '\t')) line--;
    if (line > text && line[-1] == '\n') {
        const char *prev = line - 1;
        while (prev > text && prev[-1] != '\n') prev--;
        prev = skip_space(prev);
        if (*prev == '#') return true;
    }
    const char *c = open;
    while (c > text && isspace((unsigned char)c[-1])) c--;
    if (c > text && (c[-1] == '?' || (c[-1] == ':' && !(c - 1 > text && c[-2] == ':')))) return true;
    const char *e = literal_end(open);
    while (e) { /* the run's last literal, then what follows it */
        const char *n = skip_space(e + 1);
        if (*n != '"') return *n == ':' && n[1] != ':';
        e = literal_end(n);
    }
    return false;
}

/* Does the run of literals [first, last] read as compiler options: every
 * word an option (`-DN`, `-cl-std=CL1.2`), the value of a spaced `-D`/`-I`,
 * or a conversion (`%s`)?  Prose that mentions "-D NAME" is not. */
static bool options_literal(const char *first, const char *last)
{
    bool value_next = false, any = false;
    const char *c = first + 1;
    while (c < last) {
        if (*c == '"') { /* the gap to the next literal of the run */
            c = strchr(c + 1, '"');
            if (!c) return false;
            c++;
            continue;
        }
        if (isspace((unsigned char)*c) || (c[0] == '\\' && (c[1] == 'n' || c[1] == 't'))) {
            c += *c == '\\' ? 2 : 1;
            continue;
        }
        const char *w = c;
        while (c < last && *c != '"' && !isspace((unsigned char)*c) && !(c[0] == '\\' && (c[1] == 'n' || c[1] == 't'))) c++;
        size_t len = (size_t)(c - w);
        if (value_next) {
            value_next = false;
        } else if (*w == '-') {
            value_next = len == 2 && (w[1] == 'D' || w[1] == 'I');
            any = true;
        } else if (*w != '%') {
            return false;
        }
    }
    return any;
}

int jit_unconditional_flags(const char *text, char **out, int max)
{
    int n = 0;
    for (const char *p = strstr(text, "-D"); p && n < max; p = strstr(p + 2, "-D")) {
        const char *name = p + 2;
        while (*name == ' ') name++;
        if (!(isalpha((unsigned char)*name) || *name == '_')) continue;
        if (p > text && (ident_char(p[-1]) || p[-1] == '-')) continue;
        const char *open = literal_start(text, p);
        if (!open) continue;
        const char *first = run_first(text, open), *last = run_last(open);
        if (!last || conditional_literal(text, first) || !options_literal(first, last)) continue;
        const char *e = name;
        while (ident_char(*e)) e++;
        if (*e == '(') { /* a function-like macro: `-D STR(x)=#x` */
            const char *close = e + 1;
            while (ident_char(*close) || *close == ',' || *close == ' ') close++;
            if (*close != ')' || close[1] != '=') continue;
            e = close + 1;
        }
        const char *v = NULL, *ve = NULL;
        if (*e == '=') {
            v = e + 1;
            ve = v;
            bool function_like = e[-1] == ')';
            while (*ve && (ident_char(*ve) || strchr(".+-*()", *ve) || (function_like && *ve == '#'))) ve++;
            if (ve == v && v[0] == '%' && v[1] == 's') ve = v + 2; /* a run-time text: "NAME=%s" */
            if (ve == v || (*ve != ' ' && *ve != '"' && *ve != '\\')) continue; /* %d, "-DN=" + value */
        } else if (*e != ' ' && *e != '"' && *e != '\\') {
            continue;
        }
        char flag[192];
        if (v) snprintf(flag, sizeof flag, "%.*s=%.*s", (int)(e - name), name, (int)(ve - v), v);
        else snprintf(flag, sizeof flag, "%.*s", (int)(e - name), name);
        bool have = false;
        for (int i = 0; i < n && !have; i++) have = strcmp(out[i], flag) == 0;
        if (!have) out[n++] = xstrdup(flag);
    }
    return n;
}

int jit_option_names(const char *text, char (*out)[JIT_OPTION_NAME], int max)
{
    int n = 0;
    for (const char *p = strstr(text, "-D"); p && n < max; p = strstr(p + 2, "-D")) {
        if (p > text && ident_char(p[-1])) continue;
        const char *s = p + 2;
        while (*s == ' ') s++;
        const char *e = s;
        while (ident_char(*e)) e++;
        if (e == s || *e != '=' || isdigit((unsigned char)*s) || (size_t)(e - s) >= JIT_OPTION_NAME) continue;
        if (!literal_start(text, p)) continue;
        bool seen = false;
        for (int i = 0; i < n && !seen; i++) seen = strlen(out[i]) == (size_t)(e - s) && strncmp(out[i], s, (size_t)(e - s)) == 0;
        if (!seen) snprintf(out[n++], JIT_OPTION_NAME, "%.*s", (int)(e - s), s);
    }
    return n;
}

/* A constant's value in the text: `#define NAME value`, or `NAME = value;`
 * in a declaration marked constexpr or const.  The value may use digits,
 * names (other constants, passed on as well), operators and parentheses. */
bool jit_constant_value(const char *text, const char *name, char *value, size_t n)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (!jit_word_at(text, p, name, len)) continue;
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        const char *q = p + len;
        const char *v = NULL, *end = NULL;
        const char *d = line;
        while (*d == ' ' || *d == '\t') d++;
        if (*d == '#') { /* #define NAME value */
            d++;
            while (*d == ' ' || *d == '\t') d++;
            if (strncmp(d, "define", 6) != 0 || d + 6 > p) continue;
            if (*q != ' ' && *q != '\t') continue; /* a function-like macro */
            v = q;
            end = strchr(q, '\n');
            if (!end) end = q + strlen(q);
            for (const char *c = q; c + 1 < end; c++) /* a comment after the value */
                if (c[0] == '/' && (c[1] == '/' || c[1] == '*')) {
                    end = c;
                    break;
                }
        } else {
            while (*q == ' ' || *q == '\t') q++;
            if (*q != '=' || q[1] == '=') continue;
            /* constexpr or const between the statement's start and the name */
            const char *s = p;
            while (s > text && s[-1] != ';' && s[-1] != '{' && s[-1] != '}') s--;
            char head[256];
            snprintf(head, sizeof head, "%.*s", (int)(p - s < 255 ? p - s : 255), s);
            if (!strstr(head, "constexpr") && !strstr(head, "const")) continue;
            v = q + 1;
            end = strchr(v, ';');
            if (!end) continue;
        }
        while (v < end && isspace((unsigned char)*v)) v++;
        while (end > v && isspace((unsigned char)end[-1])) end--;
        if (end <= v || (size_t)(end - v) + 3 > n) continue;
        bool plain = true;
        for (const char *c = v; c < end && plain; c++) {
            plain = isalnum((unsigned char)*c) || strchr("_ +-*/%()<>.", *c);
            /* a member (salt->len, cfg.n) is a run-time value, not a constant */
            if ((c[0] == '-' && c[1] == '>') || (c[0] == '.' && c > v && (isalpha((unsigned char)c[-1]) || c[-1] == '_')))
                plain = false;
        }
        if (!plain) continue;
        snprintf(value, n, "(%.*s)", (int)(end - v), v);
        return true;
    }
    return false;
}
