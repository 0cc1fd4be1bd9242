/* jit_defaults.c - see jit_defaults.h. */
#include "project/jit_defaults.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* `line` (up to its newline) with `word` as a whole word? */
static bool line_uses(const char *line, const char *word)
{
    size_t n = strlen(word);
    const char *end = strchr(line, '\n');
    if (!end) end = line + strlen(line);
    for (const char *p = line; p + n <= end; p++)
        if (strncmp(p, word, n) == 0 && (p == line || !ident(p[-1])) && !ident(p[n])) return true;
    return false;
}

/* After a directive's keyword at p: the identifier there (into buf). */
static bool directive_word(const char *p, char *buf, size_t n)
{
    while (*p == ' ' || *p == '\t') p++;
    size_t len = 0;
    while (ident(p[len])) len++;
    if (!len || len >= n) return false;
    memcpy(buf, p, len);
    buf[len] = 0;
    return true;
}

/* The directive of a line (after '#'), or NULL. */
static const char *directive(const char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    if (*line != '#') return NULL;
    line++;
    while (*line == ' ' || *line == '\t') line++;
    return line;
}

bool jit_walk_headers(ProjectSet *ps, const char *root, const char *path, int depth, JitTextScan scan,
                      const char *name, void *acc)
{
    const Include *incs;
    int ninc = depth > 0 ? projects_includes_of(ps, path, &incs) : 0;
    for (int i = 0; i < ninc; i++) {
        char header[PATH_MAX];
        if (!projects_resolve_include(ps, root, path, incs[i].spelling, incs[i].angled, header, sizeof header))
            continue;
        long size;
        char *htext = read_file(header, &size);
        if (!htext) continue;
        char *hpath = xstrdup(header);
        bool done = scan(htext, hpath, name, acc) || jit_walk_headers(ps, root, hpath, depth - 1, scan, name, acc);
        free(hpath);
        free(htext);
        if (done) return true;
    }
    return false;
}

/* The file's own text, then its headers'. */
static bool walk_files(ProjectSet *ps, const char *root, const char *path, const char *text, int depth,
                       JitTextScan scan, const char *name, void *acc)
{
    return scan(text, path, name, acc) || jit_walk_headers(ps, root, path, depth, scan, name, acc);
}

static const char *next_line(const char *line)
{
    const char *nl = strchr(line, '\n');
    return nl ? nl + 1 : NULL;
}

/* ------------------------------------------------- #ifndef defaults */

typedef struct {
    char (*out)[JIT_DEFAULT_NAME];
    int n, max;
} Defaults;

static bool defaults_scan(const char *text, const char *file, const char *name, void *acc)
{
    (void)file;
    Defaults *a = acc;
    char guarded[JIT_DEFAULT_NAME] = ""; /* M of the #ifndef M just before */
    for (const char *line = text; line && *line && a->n < a->max; line = next_line(line)) {
        const char *d = directive(line);
        if (!d) continue;
        char word[JIT_DEFAULT_NAME];
        if (strncmp(d, "ifndef", 6) == 0 && directive_word(d + 6, word, sizeof word)) {
            snprintf(guarded, sizeof guarded, "%s", word);
            continue;
        }
        if (strncmp(d, "define", 6) == 0 && guarded[0] && directive_word(d + 6, word, sizeof word) &&
            strcmp(word, guarded) == 0) {
            const char *value = strstr(d, word) + strlen(word);
            bool seen = false;
            for (int i = 0; i < a->n && !seen; i++) seen = strcmp(a->out[i], word) == 0;
            if (!seen && *value != '(' && line_uses(value, name)) snprintf(a->out[a->n++], JIT_DEFAULT_NAME, "%s", word);
        }
        guarded[0] = 0;
    }
    return a->n >= a->max;
}

int jit_defaults_naming(ProjectSet *ps, const char *root, const char *path, const char *text, const char *name,
                        char (*out)[JIT_DEFAULT_NAME], int max)
{
    if (!text || !name[0]) return 0;
    Defaults a = {out, 0, max};
    walk_files(ps, root, path, text, 2, defaults_scan, name, &a);
    return a.n;
}

/* ------------------------------------------------- a flag's branch */

typedef struct {
    char *flag;
    size_t n;
} FlagFound;

/* The F of a condition that is just `defined(F)`, `defined F` (or, with
 * ifdef, `F`), into buf; "" for any other. */
static void condition_flag(const char *p, bool ifdef, char *buf, size_t n)
{
    buf[0] = 0;
    while (*p == ' ' || *p == '\t') p++;
    bool paren = false;
    if (!ifdef) {
        if (strncmp(p, "defined", 7) != 0) return;
        p += 7;
        while (*p == ' ' || *p == '\t') p++;
        if ((paren = *p == '(')) p++;
    }
    char word[JIT_DEFAULT_NAME];
    if (!directive_word(p, word, sizeof word)) return;
    p = strstr(p, word) + strlen(word);
    while (*p == ' ' || *p == '\t') p++;
    if (paren && *p++ != ')') return;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (*p && *p != '\n' && *p != '/') return;
    snprintf(buf, n, "%s", word);
}

/* Does the line declare `name` with an initialiser (`T name[] = {`, `T name = 1;`)? */
static bool declares(const char *line, const char *name)
{
    size_t n = strlen(name);
    const char *end = strchr(line, '\n');
    if (!end) end = line + strlen(line);
    for (const char *p = line; p + n <= end; p++) {
        if (strncmp(p, name, n) != 0 || (p > line && ident(p[-1])) || ident(p[n])) continue;
        const char *q = p + n;
        while (q < end && (*q == ' ' || *q == '\t')) q++;
        if (q < end && *q == '[') {
            while (q < end && *q != ']') q++;
            if (q < end) q++;
            while (q < end && (*q == ' ' || *q == '\t')) q++;
        }
        if (q < end && *q == '=' && q[1] != '=' && p > line) return true;
    }
    return false;
}

/* Does the line start a definition of the function `name` (`T name(T a, T b) {`,
 * its return type before it, its body or nothing after the parameters)? */
static bool defines_function(const char *line, const char *name)
{
    size_t n = strlen(name);
    const char *end = strchr(line, '\n');
    if (!end) end = line + strlen(line);
    const char *p = line;
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *type = p;
    while (p < end && (ident(*p) || *p == ' ' || *p == '\t' || *p == '*')) {
        if (p > type && !ident(p[-1]) && strncmp(p, name, n) == 0 && p[n] == '(') break;
        p++;
    }
    if (p == type || p >= end || strncmp(p, name, n) != 0 || p[n] != '(') return false;
    const char *close = memchr(p, ')', (size_t)(end - p));
    if (!close) return false;
    const char *after = close + 1;
    while (after < end && (*after == ' ' || *after == '\t' || *after == '\r')) after++;
    return after == end || *after == '{';
}

static bool flag_scan(const char *text, const char *file, const char *name, void *acc)
{
    (void)file;
    FlagFound *a = acc;
    enum { MAX_DEPTH = 32 };
    char stack[MAX_DEPTH][JIT_DEFAULT_NAME];
    int depth = 0;
    for (const char *line = text; line && *line; line = next_line(line)) {
        const char *d = directive(line);
        char *top = depth > 0 && depth <= MAX_DEPTH ? stack[depth - 1] : NULL;
        char word[JIT_DEFAULT_NAME];
        if (d && (strncmp(d, "ifdef", 5) == 0 || strncmp(d, "ifndef", 6) == 0 || strncmp(d, "if", 2) == 0)) {
            if (depth < MAX_DEPTH) {
                if (strncmp(d, "ifdef", 5) == 0) condition_flag(d + 5, true, stack[depth], JIT_DEFAULT_NAME);
                else if (strncmp(d, "ifndef", 6) == 0) stack[depth][0] = 0;
                else condition_flag(d + 2, false, stack[depth], JIT_DEFAULT_NAME);
            }
            depth++;
        } else if (d && strncmp(d, "elif", 4) == 0) {
            if (top) condition_flag(d + 4, false, top, JIT_DEFAULT_NAME);
        } else if (d && strncmp(d, "else", 4) == 0) {
            if (top) top[0] = 0;
        } else if (d && strncmp(d, "endif", 5) == 0) {
            if (depth > 0) depth--;
        } else if (top && top[0] &&
                   (d ? strncmp(d, "define", 6) == 0 && directive_word(d + 6, word, sizeof word) && strcmp(word, name) == 0
                      : declares(line, name) || defines_function(line, name))) {
            snprintf(a->flag, a->n, "%s", top);
            return true;
        }
    }
    return false;
}

bool jit_flag_defining(ProjectSet *ps, const char *root, const char *path, const char *text, const char *name,
                       char *flag, size_t n)
{
    if (!text || !name[0] || !n) return false;
    FlagFound a = {flag, n};
    return walk_files(ps, root, path, text, 2, flag_scan, name, &a);
}
