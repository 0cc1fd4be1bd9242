/* jit_sources.c - see jit_sources.h. */
#include "project/jit_sources.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define SOURCE_SUFFIX "_cl_src"

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Adds the stem of each `<stem>_cl_src` in [from, to) to out, unless it is
 * `self` or already there. */
static int add_sources(const char *from, const char *to, const char *self, char (*out)[JIT_SOURCE_STEM], int n,
                       int max)
{
    size_t suffix = strlen(SOURCE_SUFFIX);
    for (const char *p = from; p < to && n < max;) {
        if (!ident_char(*p)) {
            p++;
            continue;
        }
        const char *s = p;
        while (p < to && ident_char(*p)) p++;
        size_t len = (size_t)(p - s);
        if (len <= suffix || strncmp(p - suffix, SOURCE_SUFFIX, suffix) != 0 || len - suffix >= JIT_SOURCE_STEM) continue;
        char stem[JIT_SOURCE_STEM];
        snprintf(stem, sizeof stem, "%.*s", (int)(len - suffix), s);
        bool seen = strcmp(stem, self) == 0;
        for (int i = 0; i < n && !seen; i++) seen = strcmp(out[i], stem) == 0;
        if (!seen) snprintf(out[n++], JIT_SOURCE_STEM, "%s", stem);
    }
    return n;
}

/* `{a_cl_src, b_cl_src, <at>`: the list's `{`, or NULL when what comes
 * before `at` is not a list of names. */
static const char *list_start(const char *text, const char *at)
{
    for (const char *c = at; c > text; c--) {
        char b = c[-1];
        if (b == '{') return c - 1;
        if (!ident_char(b) && !isspace((unsigned char)b) && b != ',' && b != ':') return NULL;
    }
    return NULL;
}

/* `name.emplace_back(<at>` or `name.push_back(<at>`: the container's name
 * into name; false otherwise. */
static bool added_to(const char *text, const char *at, char *name, size_t n)
{
    const char *c = at;
    while (c > text && isspace((unsigned char)c[-1])) c--;
    if (c == text || c[-1] != '(') return false;
    c--;
    static const char *const adders[] = {"emplace_back", "push_back"};
    for (int k = 0; k < 2; k++) {
        size_t len = strlen(adders[k]);
        if ((size_t)(c - text) < len + 2 || strncmp(c - len, adders[k], len) != 0 || c[-len - 1] != '.') continue;
        const char *e = c - len - 1, *s = e;
        while (s > text && ident_char(s[-1])) s--;
        if (s == e || (size_t)(e - s) >= n) return false;
        snprintf(name, n, "%.*s", (int)(e - s), s);
        return true;
    }
    return false;
}

/* The braced initialiser of the container `name` declared before `at`
 * (`sources{a_cl_src}`, `sources = {a_cl_src}`): its `{`, or NULL. */
static const char *initialiser(const char *text, const char *at, const char *name, const char **end)
{
    size_t len = strlen(name);
    const char *best = NULL;
    for (const char *p = strstr(text, name); p && p < at; p = strstr(p + len, name)) {
        if ((p > text && ident_char(p[-1])) || ident_char(p[len])) continue;
        const char *c = p + len;
        while (isspace((unsigned char)*c)) c++;
        if (*c == '=') {
            c++;
            while (isspace((unsigned char)*c)) c++;
        }
        if (*c != '{') continue;
        const char *close = strchr(c, '}');
        if (close && close < at) best = c, *end = close;
    }
    return best;
}

int jit_sources_before(const char *text, const char *stem, char (*out)[JIT_SOURCE_STEM], int max)
{
    char own[JIT_SOURCE_STEM + 8];
    snprintf(own, sizeof own, "%s" SOURCE_SUFFIX, stem);
    size_t len = strlen(own);
    int n = 0;
    for (const char *p = strstr(text, own); p && n < max; p = strstr(p + len, own)) {
        if ((p > text && ident_char(p[-1])) || ident_char(p[len])) continue;
        const char *open = list_start(text, p);
        if (open) {
            n = add_sources(open + 1, p, stem, out, n, max);
            continue;
        }
        char name[64];
        const char *end = NULL;
        const char *init = added_to(text, p, name, sizeof name) ? initialiser(text, p, name, &end) : NULL;
        if (init) n = add_sources(init + 1, end, stem, out, n, max);
    }
    return n;
}
