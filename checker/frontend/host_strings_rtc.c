/* host_strings_rtc.c - CUDA/HIP kernels a file writes as string literals
 * for a run-time compiler (NVRTC, hiprtc), and the headers it hands that
 * compiler from memory (see host_strings.h, docs/projects.md).
 *
 *     static const char *src = R"(extern "C" __global__ void saxpy(...) {...})";
 *     names.push_back("real.h");  sources.push_back("typedef float real;");
 *     hiprtcCreateProgram(&prog, src, "saxpy.cu", 1, sources.data(), names.data());
 *
 * The program is found by host_strings.c's lexer (cuda mode); the headers
 * here, read as text: the call's fifth and sixth arguments name two arrays,
 * whose string literals (pushed with push_back/emplace_back, or listed in a
 * braced initialiser) pair up in order. */
#include "frontend/host_strings.h"
#include "util/call_args.h"
#include "util/oom.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RTC_MAX_HEADERS 16

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static bool word_at(const char *t, int n, int i, const char *w)
{
    int len = (int)strlen(w);
    return i + len <= n && strncmp(t + i, w, (size_t)len) == 0 && (i == 0 || !ident_char(t[i - 1])) &&
           (i + len == n || !ident_char(t[i + len]));
}

static int skip_blanks(const char *t, int n, int i)
{
    while (i < n && isspace((unsigned char)t[i])) i++;
    return i;
}

/* `__launch_bounds__(...)` or `__attribute__((...))` at i: the index after
 * it (i when there is none). */
static int skip_qualifier(const char *t, int n, int i)
{
    if (!word_at(t, n, i, "__launch_bounds__") && !word_at(t, n, i, "__attribute__")) return i;
    int j = i;
    while (j < n && ident_char(t[j])) j++;
    j = skip_blanks(t, n, j);
    int depth = 0;
    for (; j < n; j++) {
        if (t[j] == '(') depth++;
        else if (t[j] == ')' && --depth == 0) return j + 1;
        else if (depth == 0) return i;
    }
    return i;
}

bool rtc_kernel_source(const char *t, int n)
{
    for (int i = 0; i + 10 <= n; i++) {
        if (!word_at(t, n, i, "__global__")) continue;
        int j = skip_blanks(t, n, i + 10);
        for (int k = skip_qualifier(t, n, j); k != j; k = skip_qualifier(t, n, j)) j = skip_blanks(t, n, k);
        if (!word_at(t, n, j, "void")) continue;
        j = skip_blanks(t, n, j + 4);
        for (int k = skip_qualifier(t, n, j); k != j; k = skip_qualifier(t, n, j)) j = skip_blanks(t, n, k);
        int e = j;
        while (e < n && ident_char(t[e])) e++;
        if (e == j) continue;
        e = skip_blanks(t, n, e);
        if (e >= n || t[e] != '(') continue;
        int depth = 0; /* a definition: its body after the parameters, not `;` */
        for (; e < n; e++) {
            if (t[e] == '(') depth++;
            else if (t[e] == ')' && --depth == 0) break;
        }
        e = skip_blanks(t, n, e + 1);
        if (e < n && t[e] == '{') return true;
    }
    return false;
}

bool rtc_mentions_kernel(const char *t, size_t n)
{
    for (size_t i = 0; i + 10 <= n; i++)
        if (t[i] == '_' && strncmp(t + i, "__global__", 10) == 0) return true;
    return false;
}

/* ---------------------------------------------------------------- headers */

/* The string literal (ordinary or raw) at p, decoded, appended to out;
 * the index after it, or -1 when p holds none. */
static long literal_at(const char *t, long n, long p, char **out, size_t *len)
{
    if (p < n && t[p] == 'R' && p + 1 < n && t[p + 1] == '"') { /* R"delim( ... )delim" */
        long open = p + 2, paren = open;
        while (paren < n && t[paren] != '(' && paren - open < 16) paren++;
        if (paren >= n || t[paren] != '(') return -1;
        char close[24];
        snprintf(close, sizeof close, ")%.*s\"", (int)(paren - open), t + open);
        const char *end = strstr(t + paren + 1, close);
        if (!end || end - t > n) return -1;
        size_t add = (size_t)(end - (t + paren + 1));
        *out = xrealloc(*out, *len + add + 1);
        memcpy(*out + *len, t + paren + 1, add);
        *len += add;
        (*out)[*len] = '\0';
        return (long)(end - t) + (long)strlen(close);
    }
    if (p >= n || t[p] != '"') return -1;
    *out = xrealloc(*out, *len + (size_t)(n - p) + 1);
    for (long i = p + 1; i < n && t[i] != '\n'; i++) {
        char c = t[i];
        if (c == '"') {
            (*out)[*len] = '\0';
            return i + 1;
        }
        if (c == '\\' && i + 1 < n) {
            char e = t[++i];
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == '0' ? '\0' : e;
            if (c == '\0') continue; /* the run-time compiler stops at a NUL: keep the text readable */
        }
        (*out)[(*len)++] = c;
    }
    return -1;
}

/* Adjacent literals at p ("a" "b" R"(c)"), decoded into *out (malloc'd);
 * the index after them, or -1. */
static long literal_run(const char *t, long n, long p, char **out)
{
    size_t len = 0;
    *out = xcalloc(1, 1);
    long at = -1;
    for (;;) {
        long q = skip_blanks(t, (int)n, (int)p);
        long next = literal_at(t, n, q, out, &len);
        if (next < 0) break;
        at = p = next;
    }
    if (at < 0) {
        free(*out);
        *out = NULL;
    }
    return at;
}

/* The string literals of the array `name`, in order: `name.push_back(...)`
 * / `emplace_back(...)` calls, else a braced initialiser `name[] = {...}`,
 * `name{...}`, `name = {...}`. */
static int array_literals(const char *t, long n, const char *name, char **out, int max)
{
    int count = 0;
    size_t len = strlen(name);
    for (const char *p = strstr(t, name); p && count < max; p = strstr(p + len, name)) {
        long i = (long)(p - t);
        if ((i > 0 && ident_char(t[i - 1])) || ident_char(p[len])) continue;
        long j = skip_blanks(t, (int)n, (int)(i + (long)len));
        if (t[j] == '.' && (strncmp(t + j + 1, "push_back", 9) == 0 || strncmp(t + j + 1, "emplace_back", 12) == 0)) {
            const char *open = strchr(t + j, '(');
            if (!open) continue;
            char *lit = NULL;
            if (literal_run(t, n, (long)(open - t) + 1, &lit) >= 0) out[count++] = lit;
            continue;
        }
        if (t[j] == '[') { /* name[] = { */
            while (j < n && t[j] != ']') j++;
            j = skip_blanks(t, (int)n, (int)j + 1);
        }
        if (t[j] == '=') j = skip_blanks(t, (int)n, (int)j + 1);
        if (t[j] != '{') continue;
        for (long k = j + 1; k < n && count < max;) {
            char *lit = NULL;
            long next = literal_run(t, n, k, &lit);
            if (next < 0) break;
            out[count++] = lit;
            k = skip_blanks(t, (int)n, (int)next);
            if (t[k] != ',') break;
            k++;
        }
        if (count) break;
    }
    return count;
}

/* The identifier an argument names (`sources.data()`, `&names[0]`,
 * `(const char **)names`), into buf. */
static bool argument_name(const char *a, const char *end, char *buf, size_t n)
{
    while (a < end && (isspace((unsigned char)*a) || *a == '&')) a++;
    if (a < end && *a == '(') { /* a cast */
        const char *c = memchr(a, ')', (size_t)(end - a));
        if (!c) return false;
        a = c + 1;
        while (a < end && isspace((unsigned char)*a)) a++;
    }
    const char *e = a;
    while (e < end && ident_char(*e)) e++;
    if (e == a || (size_t)(e - a) >= n) return false;
    snprintf(buf, n, "%.*s", (int)(e - a), a);
    return true;
}

int rtc_header_sources(const char *text, size_t size, const char *dir, char **paths, char **texts, int max)
{
    long n = (long)size;
    for (const char *call = strstr(text, "rtcCreateProgram"); call; call = strstr(call + 16, "rtcCreateProgram")) {
        const char *open = call + 16;
        while (*open == ' ') open++;
        if (*open != '(') continue;
        const char *args[7];
        int nargs = call_arguments(open, args, 6) + 1;
        char sources[64], names[64];
        if (nargs != 7 || !argument_name(args[4], args[5] - 1, sources, sizeof sources) ||
            !argument_name(args[5], args[6] - 1, names, sizeof names))
            continue;
        char *src[RTC_MAX_HEADERS], *name[RTC_MAX_HEADERS];
        int lim = max < RTC_MAX_HEADERS ? max : RTC_MAX_HEADERS;
        int ns = array_literals(text, n, sources, src, lim), nn = array_literals(text, n, names, name, lim);
        int count = ns < nn ? ns : nn;
        for (int i = 0; i < count; i++) {
            size_t len = strlen(dir) + strlen(name[i]) + 2;
            paths[i] = xmalloc(len);
            snprintf(paths[i], len, "%s/%s", dir, name[i]);
            texts[i] = src[i];
        }
        for (int i = count; i < ns; i++) free(src[i]);
        for (int i = 0; i < nn; i++) free(name[i]);
        if (count) return count;
    }
    return 0;
}
