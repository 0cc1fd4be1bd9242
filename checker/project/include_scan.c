/* include_scan.c - see include_scan.h. */
#include "project/include_scan.h"
#include "frontend/frontend.h"
#include "util/fileio.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The name of `#ifdef X` (after the keyword) or `#if defined(X)` / `#if
 * defined X` alone, when X has no leading underscore; else NULL. */
static const char *guard_name(Arena *arena, const char *q, bool ifdef)
{
    while (*q == ' ' || *q == '\t') q++;
    if (!ifdef) {
        if (strncmp(q, "defined", 7) != 0) return NULL;
        q += 7;
        while (*q == ' ' || *q == '\t') q++;
    }
    bool paren = !ifdef && *q == '(';
    if (paren) q++;
    while (*q == ' ' || *q == '\t') q++;
    size_t n = 0;
    while (isalnum((unsigned char)q[n]) || q[n] == '_') n++;
    if (n == 0 || q[0] == '_' || isdigit((unsigned char)q[0])) return NULL;
    const char *rest = q + n;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (paren && *rest++ != ')') return NULL;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (*rest && !(rest[0] == '/' && (rest[1] == '/' || rest[1] == '*'))) return NULL; /* more than one test */
    return arena_strndup(arena, q, n);
}

static bool directive_is(const char *q, const char *word)
{
    size_t n = strlen(word);
    return strncmp(q, word, n) == 0 && !isalnum((unsigned char)q[n]) && q[n] != '_';
}

#define MAX_GUARD_DEPTH 64

bool gpu_markers(const char *text, bool *kernels)
{
    static const char *const kernel_markers[] = {"__global__", "__launch_bounds__", "<<<", "cudaLaunchKernel",
                                                 "cudaLaunchCooperativeKernel", "cuLaunchKernel"};
    static const char *const device_markers[] = {"__device__", "__shared__", "__constant__"};
    *kernels = false;
    for (size_t i = 0; i < sizeof kernel_markers / sizeof kernel_markers[0] && !*kernels; i++)
        *kernels = strstr(text, kernel_markers[i]) != NULL;
    if (*kernels) return true;
    for (size_t i = 0; i < sizeof device_markers / sizeof device_markers[0]; i++)
        if (strstr(text, device_markers[i])) return true;
    return false;
}

void scan_includes(Arena *arena, char *text, IncludeList *out)
{
    IncludeList tmp = {NULL, 0, false, NULL, 0, false, 0, false, false, NULL, 0};
    tmp.gpu_code = gpu_markers(text, &tmp.kernel_code);
    /* the #if groups open at the current line: each one's guard (NULL: none,
     * or its #else/#elif part, which runs when the guard is undefined) */
    const char *guards[MAX_GUARD_DEPTH];
    int depth = 0;
    const char *define_name = NULL; /* the #define whose continuation lines follow */
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        const char *macro = define_name; /* the macro this line is part of */
        if (*q == '#') {
            q++;
            while (*q == ' ' || *q == '\t') q++;
            if (directive_is(q, "ifdef") || directive_is(q, "ifndef") || directive_is(q, "if")) {
                const char *g = directive_is(q, "ifdef") ? guard_name(arena, q + 5, true)
                                : directive_is(q, "if")  ? guard_name(arena, q + 2, false)
                                                         : NULL;
                if (depth < MAX_GUARD_DEPTH) guards[depth] = g;
                depth++;
            } else if (directive_is(q, "else") || directive_is(q, "elif")) {
                if (depth > 0 && depth <= MAX_GUARD_DEPTH) guards[depth - 1] = NULL;
            } else if (directive_is(q, "endif")) {
                if (depth > 0) depth--;
            } else if (directive_is(q, "error")) {
                tmp.has_error = true;
            } else if (directive_is(q, "define")) {
                q += 6;
                while (*q == ' ' || *q == '\t') q++;
                if (frontend_is_toolkit_config_macro(q)) tmp.defines_toolkit_config = true;
                size_t n = 0;
                while (isalnum((unsigned char)q[n]) || q[n] == '_') n++;
                if (n) *VEC_PUSH(tmp.defines, tmp.ndefines) = macro = arena_strndup(arena, q, n);
            } else if (strncmp(q, "include", 7) == 0 && (q[7] == ' ' || q[7] == '\t' || q[7] == '<' || q[7] == '"')) {
                q += 7;
                while (*q == ' ' || *q == '\t') q++;
                char close = *q == '<' ? '>' : *q == '"' ? '"' : 0;
                const char *end = close ? strchr(q + 1, close) : NULL;
                if (end && end > q + 1) {
                    Include *inc = VEC_PUSH(tmp.items, tmp.n);
                    inc->spelling = arena_strndup(arena, q + 1, (size_t)(end - q - 1));
                    inc->angled = close == '>';
                    inc->guard = NULL;
                    for (int d = 0; d < depth && d < MAX_GUARD_DEPTH && !inc->guard; d++) inc->guard = guards[d];
                }
            }
        }
        /* a body with GPU code, not a macro that names a marker itself */
        bool kernels;
        if (macro && gpu_markers(line, &kernels) && !gpu_markers(macro, &kernels) &&
            (!tmp.ngpu_macros || strcmp(tmp.gpu_macros[tmp.ngpu_macros - 1], macro) != 0))
            *VEC_PUSH(tmp.gpu_macros, tmp.ngpu_macros) = macro;
        size_t len = strlen(line);
        define_name = macro && len && line[len - 1] == '\\' ? macro : NULL;
        line = next;
    }
    *out = tmp;
}

bool text_uses_words(const char *path, const char *contents, size_t size, const char *const *words, int nwords)
{
    long len = (long)size;
    char *owned = contents ? NULL : read_file(path, &len);
    const char *text = contents ? contents : owned;
    bool used = false;
    for (int i = 0; text && i < nwords && !used; i++) {
        size_t n = strlen(words[i]);
        for (const char *p = memmem(text, (size_t)len, words[i], n); p && !used;
             p = memmem(p + 1, (size_t)len - (size_t)(p + 1 - text), words[i], n))
            used = (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
                   (p + n >= text + len || !(isalnum((unsigned char)p[n]) || p[n] == '_'));
    }
    free(owned);
    return used;
}
