/* kernel_text.c - see kernel_text.h. */
#include "project/kernel_text.h"

#include "frontend/file_language.h"
#include "util/fileio.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

const char *path_extension(const char *path)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot : "";
}

bool path_is_cpp_header(const char *path)
{
    const char *e = path_extension(path);
    return strcmp(e, ".h") == 0 || strcmp(e, ".hh") == 0 || strcmp(e, ".hpp") == 0 || strcmp(e, ".hxx") == 0;
}

static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Whether the word at p (len n) is `__global__`, or one of aliases[0..naliases)
 * followed by `void` (a kernel declared through `#define GLOBAL __global__`). */
static bool kernel_word_at(const char *text, const char *p, const char *const *aliases, int naliases)
{
    if (p != text && is_word_char(p[-1])) return false;
    if (strncmp(p, "__global__", 10) == 0 && !is_word_char(p[10])) return true;
    for (int k = 0; k < naliases; k++) {
        size_t n = strlen(aliases[k]);
        if (strncmp(p, aliases[k], n) != 0 || is_word_char(p[n])) continue;
        const char *q = p + n;
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
        if (strncmp(q, "void", 4) == 0 && !is_word_char(q[4])) return true;
    }
    return false;
}

bool text_defines_kernel(const char *text, const char *const *aliases, int naliases)
{
    enum { CODE, LINE_COMMENT, BLOCK_COMMENT, STRING, CHAR } st = CODE;
    bool line_start = true, directive = false;
    for (const char *p = text; *p; p++) {
        char c = *p;
        if (c == '\\' && p[1] == '\n') { /* a continued line stays what it was */
            p++;
            continue;
        }
        if (c == '\n') {
            if (st == LINE_COMMENT || st == STRING || st == CHAR) st = CODE;
            line_start = true;
            directive = false;
            continue;
        }
        switch (st) {
        case LINE_COMMENT: continue;
        case BLOCK_COMMENT:
            if (c == '*' && p[1] == '/') { st = CODE; p++; }
            continue;
        case STRING:
        case CHAR:
            if (c == '\\' && p[1]) p++;
            else if (c == (st == STRING ? '"' : '\'')) st = CODE;
            continue;
        case CODE: break;
        }
        if (c == ' ' || c == '\t' || c == '\r') continue;
        if (line_start && c == '#') directive = true;
        line_start = false;
        if (c == '/' && p[1] == '/') { st = LINE_COMMENT; p++; continue; }
        if (c == '/' && p[1] == '*') { st = BLOCK_COMMENT; p++; continue; }
        if (c == '"') { st = STRING; continue; }
        if (c == '\'') { st = CHAR; continue; }
        if (!directive && (c == '_' || isalpha((unsigned char)c)) && kernel_word_at(text, p, aliases, naliases))
            return true;
    }
    return false;
}

bool text_defines_cuda_kernel(const char *text)
{
    return text_defines_kernel(text, NULL, 0);
}

/* `#define NAME __global__` (the directive's text after '#', blanks
 * skipped): NAME, a kernel alias, in the arena; else NULL.  Projects that
 * compile the same headers as host C++ spell kernels so, under a compiler
 * guard (`#ifdef __CUDACC__ ... #else #define GLOBAL #endif`). */
const char *kernel_alias_defined(Arena *arena, const char *q)
{
    if (strncmp(q, "define", 6) != 0 || (q[6] != ' ' && q[6] != '\t')) return NULL;
    q += 6;
    while (*q == ' ' || *q == '\t') q++;
    size_t n = 0;
    while (is_word_char(q[n])) n++;
    const char *body = q + n;
    if (!n || isdigit((unsigned char)q[0]) || (*body != ' ' && *body != '\t')) return NULL;
    while (*body == ' ' || *body == '\t') body++;
    if (strncmp(body, "__global__", 10) != 0 || is_word_char(body[10])) return NULL;
    for (body += 10; *body == ' ' || *body == '\t' || *body == '\r'; body++) {}
    if (*body && !(body[0] == '/' && (body[1] == '/' || body[1] == '*'))) return NULL;
    return arena_strndup(arena, q, n);
}

/* The kernel aliases that `path` and the files it includes with quotes,
 * found next to their includer, define: up to 32 files, 4 levels deep. */
static void nearby_kernel_aliases(Arena *arena, const char *path, int depth, StrMap *seen, const char ***aliases,
                                  int *naliases)
{
    if (depth > 4 || seen->n >= 32 || strmap_increment(seen, path) > 1) return;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > KERNEL_TEXT_MAX_BYTES) return;
    long size;
    char *text = read_file(path, &size);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        if (*q++ == '#') {
            while (*q == ' ' || *q == '\t') q++;
            const char *alias = kernel_alias_defined(arena, q);
            if (alias) *VEC_PUSH(*aliases, *naliases) = alias;
            if (strncmp(q, "include", 7) == 0) {
                for (q += 7; *q == ' ' || *q == '\t'; q++) {}
                const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
                const char *slash = strrchr(path, '/');
                char near[PATH_MAX];
                if (end && end > q + 1 && q[1] != '/' &&
                    snprintf(near, sizeof near, "%.*s%.*s", slash ? (int)(slash - path + 1) : 0, path,
                             (int)(end - q - 1), q + 1) < (int)sizeof near)
                    nearby_kernel_aliases(arena, near, depth + 1, seen, aliases, naliases);
            }
        }
        line = next;
    }
    free(text);
}

/* Whether some "void" follows an upper-case word (`GLOBAL void f(`): the
 * only shape an alias-declared kernel has; a cheap test before the
 * neighbours are read. */
static bool word_before_void(const char *text)
{
    for (const char *p = strstr(text, "void"); p; p = strstr(p + 4, "void")) {
        if (is_word_char(p[4])) continue;
        const char *q = p;
        while (q > text && (q[-1] == ' ' || q[-1] == '\t')) q--;
        if (q == p) continue;
        int caps = 0;
        while (q > text && (isupper((unsigned char)q[-1]) || isdigit((unsigned char)q[-1]) || q[-1] == '_')) q--, caps++;
        if (caps >= 2 && !(q > text && is_word_char(q[-1]))) return true;
    }
    return false;
}

bool is_cuda_kernel_header(const char *path)
{
    if (!path_is_cpp_header(path)) return false;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > KERNEL_TEXT_MAX_BYTES) return false;
    long size;
    char *text = read_file(path, &size);
    bool yes = text && text_defines_cuda_kernel(text);
    if (text && !yes && word_before_void(text)) { /* kernels through an alias the header or its neighbours define */
        Arena arena = {0};
        StrMap seen;
        memset(&seen, 0, sizeof seen);
        const char **aliases = NULL;
        int naliases = 0;
        nearby_kernel_aliases(&arena, path, 0, &seen, &aliases, &naliases);
        yes = naliases && text_defines_kernel(text, aliases, naliases);
        free(aliases);
        strmap_free(&seen);
        arena_free(&arena);
    }
    free(text);
    return yes;
}

bool is_hip_source(const char *path)
{
    const char *e = path_extension(path);
    if (!path_is_cpp_header(path) && strcmp(e, ".cpp") != 0 && strcmp(e, ".cc") != 0 && strcmp(e, ".cxx") != 0 &&
        strcmp(e, ".c++") != 0)
        return false;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > KERNEL_TEXT_MAX_BYTES) return false;
    long size;
    char *text = read_file(path, &size);
    bool yes = text && text_defines_cuda_kernel(text) && source_includes_hip_header(text, (size_t)size, path);
    free(text);
    return yes;
}

bool text_defines_kernel_template(const char *text)
{
    for (const char *k = strstr(text, "__global__"); k; k = strstr(k + 10, "__global__")) {
        const char *from = k - text > 300 ? k - 300 : text;
        for (const char *t = k; t > from;) {
            t--;
            if (*t == ';' || *t == '{' || *t == '}') break;
            if (strncmp(t, "template", 8) == 0 && (t == text || !isalnum((unsigned char)t[-1]))) return true;
        }
    }
    return false;
}

/* `] NAME(` with NAME a macro that names device code (XGBOOST_DEVICE,
 * HOST_DEVICE_FN): a lambda whose attributes a project macro spells. */
static int device_macro_lambdas(const char *text, int max)
{
    int n = 0;
    for (const char *p = strchr(text, ']'); p && n < max; p = strchr(p + 1, ']')) {
        const char *q = p + 1;
        while (*q == ' ' || *q == '\t') q++;
        const char *name = q;
        while (isalnum((unsigned char)*q) || *q == '_') q++;
        /* __device__ itself is text_device_lambdas' own case */
        if (q - name < 6 || isdigit((unsigned char)*name) || (q - name == 10 && strncmp(name, "__device__", 10) == 0))
            continue;
        const char *e = q;
        while (*q == ' ' || *q == '\t') q++;
        if (*q != '(') continue;
        for (const char *c = name; c + 6 <= e; c++)
            if (strncasecmp(c, "device", 6) == 0) {
                n++;
                break;
            }
    }
    return n;
}

int text_device_lambdas(const char *text, int max)
{
    int n = device_macro_lambdas(text, max);
    for (const char *d = strstr(text, "__device__"); d && n < max; d = strstr(d + 10, "__device__")) {
        const char *p = d;
        for (;;) {
            while (p > text && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' || p[-1] == '\r')) p--;
            if (p - text >= 8 && strncmp(p - 8, "__host__", 8) == 0) p -= 8;
            else if (p - text >= 7 && strncmp(p - 7, "mutable", 7) == 0) p -= 7;
            else break;
        }
        if (p > text && p[-1] == ')') { /* the parameter list */
            int depth = 0;
            do {
                p--;
                depth += *p == ')' ? 1 : *p == '(' ? -1 : 0;
            } while (p > text && depth > 0);
            while (p > text && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n')) p--;
        }
        if (p > text && p[-1] == ']') n++;
    }
    return n;
}
