/* opencl_build_texts.c - see opencl_build_texts.h. */
#include "frontend/opencl_build_texts.h"
#include "frontend/dialect.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEADER_BYTES (256 * 1024)

bool build_text_word_at(const char *text, const char *at, size_t len)
{
    bool before = at > text && (isalnum((unsigned char)at[-1]) || at[-1] == '_');
    bool after = isalnum((unsigned char)at[len]) || at[len] == '_';
    return !before && !after;
}

const char *build_text_skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* At p, `name(...)` then `{`, after a word or `*` (its return type): a
 * function's definition, not a call. */
static bool function_definition(const char *text, const char *p, size_t len)
{
    const char *q = build_text_skip_space(p + len);
    if (*q != '(') return false;
    const char *b = p;
    while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r')) b--;
    if (b == text || !(isalnum((unsigned char)b[-1]) || b[-1] == '_' || b[-1] == '*')) return false;
    int depth = 0;
    for (; *q; q++) {
        if (*q == '(') depth++;
        else if (*q == ')' && --depth == 0) break;
        else if (*q == ';' || *q == '{' || *q == '}') return false;
    }
    return *q == ')' && *build_text_skip_space(q + 1) == '{';
}

/* Does the text define `name`: `typedef ... name;`, `} name;`,
 * `#define name` or a function `name(...) {`? */
static bool defines(const char *text, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (!build_text_word_at(text, p, len)) continue;
        if (function_definition(text, p, len)) return true;
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        const char *d = line;
        while (*d == ' ' || *d == '\t') d++;
        if (*d == '#') {
            d = build_text_skip_space(d + 1);
            if (strncmp(d, "define", 6) == 0 && build_text_skip_space(d + 6) == p) return true;
            continue;
        }
        if (*build_text_skip_space(p + len) != ';') continue;
        const char *b = p;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r')) b--;
        if (b > text && b[-1] == '}') return true;
        /* typedef in the same statement: no ';' or '{' between it and the name */
        for (const char *q = p; q > text && q[-1] != ';' && q[-1] != '{' && q[-1] != '}'; q--)
            if (q >= text + 7 && strncmp(q - 7, "typedef", 7) == 0 && build_text_word_at(text, q - 7, 7)) return true;
    }
    return false;
}

static bool header_like(const char *name)
{
    static const char *const exts[] = {".h", ".hpp", ".hh", ".hxx", ".inc"};
    const char *dot = strrchr(name, '.');
    if (!dot || name[0] == '.') return false;
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return is_opencl_path(name); /* and OpenCL C's own files */
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is the text C++ (a host header beside the kernels): `namespace`,
 * `template` or `class` outside comments?  OpenCL C has none of them, and
 * putting such a header before a kernel adds errors, not definitions. */
static bool cxx_text(const char *t)
{
    static const char *const words[] = {"namespace", "template", "class"};
    for (const char *p = t; *p;) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *w = p;
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
                if ((size_t)(p - w) == strlen(words[i]) && strncmp(w, words[i], (size_t)(p - w)) == 0) return true;
        } else {
            p++;
        }
    }
    return false;
}

/* The #if depth at `at` (a leading include guard's #ifndef does not
 * count), or, with at NULL, whether the text defines a kernel at depth 0
 * (returned as 1): a program of its own, not a part a host puts before
 * other files. */
static int if_depth(const char *text, const char *at)
{
    int depth = 0;
    bool guard_next = false; /* the line after a leading #ifndef X: #define X */
    for (const char *line = text; line && *line;) {
        const char *eol = strchr(line, '\n');
        if (at && (!eol || at < eol + 1)) return depth;
        const char *d = line;
        while (*d == ' ' || *d == '\t') d++;
        bool guard = guard_next;
        guard_next = false;
        if (*d == '#') {
            d = build_text_skip_space(d + 1);
            if (strncmp(d, "if", 2) == 0) {
                depth++;
                guard_next = depth == 1 && strncmp(d, "ifndef", 6) == 0;
            } else if (strncmp(d, "endif", 5) == 0 && depth > 0) {
                depth--;
            } else if (guard && strncmp(d, "define", 6) == 0) {
                depth--; /* an include guard: its body counts as outside */
            }
        } else if (!at && depth <= 0 && (strncmp(d, "__kernel", 8) == 0 || strncmp(d, "kernel ", 7) == 0)) {
            return 1;
        }
        line = eol ? eol + 1 : NULL;
    }
    return at ? depth : 0;
}

static void add_candidates(struct BuildCandidates *c, const char *dir, const char *self)
{
    DIR *d = opendir(dir);
    if (!d) return;
    char **files = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (header_like(e->d_name)) *VEC_PUSH(files, n) = xstrdup(e->d_name);
    closedir(d);
    if (n) qsort(files, (size_t)n, sizeof *files, by_name);
    for (int i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", dir, files[i]);
        free(files[i]);
        if (self && strcmp(full, self) == 0) continue;
        long size = 0;
        char *text = read_file(full, &size);
        if (text && size <= MAX_HEADER_BYTES && !cxx_text(text))
            *VEC_PUSH(c->items, c->n) = (BuildCandidate){xstrdup(full), text, if_depth(text, NULL) != 0};
        else
            free(text);
    }
    free(files);
}

struct BuildCandidates *build_candidates_load(const char *dir, const char *parent, const char *self_path)
{
    struct BuildCandidates *c = xcalloc(1, sizeof *c);
    char *self = realpath(self_path, NULL); /* dir is absolute */
    add_candidates(c, dir, self);
    if (strcmp(parent, dir) != 0) add_candidates(c, parent, self);
    free(self);
    return c;
}

/* Does the text guard a definition of `name` as a default the build's
 * -D can override: `#ifndef name` (or `#if !defined(name)`)? */
static bool guards_default(const char *text, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (!build_text_word_at(text, p, len)) continue;
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        const char *d = build_text_skip_space(line);
        if (*d != '#') continue;
        d = build_text_skip_space(d + 1);
        if ((strncmp(d, "ifndef", 6) == 0 && build_text_skip_space(d + 6) == p) ||
            (strncmp(d, "if", 2) == 0 && strstr(d, "!defined") && strstr(d, "!defined") < p))
            return true;
    }
    return false;
}

/* Does the candidate give the undeclared identifier `name`: a function it
 * defines, or, in an OpenCL source file (not a header: a kernel includes
 * the headers it wants), a default behind #ifndef that the host puts
 * before this file with it?  A header's default, an unguarded #define, or
 * a file with kernels of its own belongs to another program the host
 * builds (this one's values come from its host: jit_variant.c). */

static bool gives_identifier(const BuildCandidate *c, const char *name)
{
    if (c->own_kernels) return false;
    size_t len = strlen(name);
    /* a function defined outside any #if: one the host's options choose
     * (interp2 under #if INTERP_ORDER == 1) comes with its values */
    for (const char *p = strstr(c->text, name); p; p = strstr(p + 1, name))
        if (build_text_word_at(c->text, p, len) && function_definition(c->text, p, len) && if_depth(c->text, p) <= 0) return true;
    return is_opencl_path(c->path) && guards_default(c->text, name) && defines(c->text, name);
}

const BuildCandidate *build_candidates_defining(const struct BuildCandidates *c, const char *name, bool type)
{
    for (int i = 0; i < c->n; i++)
        if (type ? defines(c->items[i].text, name) : gives_identifier(&c->items[i], name)) return &c->items[i];
    return NULL;
}

void build_candidates_free(struct BuildCandidates *c)
{
    for (int i = 0; c && i < c->n; i++) {
        free(c->items[i].path);
        free(c->items[i].text);
    }
    if (c) free(c->items);
    free(c);
}
