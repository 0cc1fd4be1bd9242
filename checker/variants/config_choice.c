/* config_choice.c - see config_choice.h. */
#include "variants/config_choice.h"
#include "variants/directive_lexer.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 64
#define MAX_ALTERNATIVES 16
#define MAX_CONDITION 512

/* One #if group open at the #error: the condition of each branch so far. */
typedef struct {
    unsigned if_line;
    int nbranches;             /* #if, then one per #elif/#else */
    char first[MAX_CONDITION]; /* the #if's condition (#ifdef X: "defined X", #ifndef X: "!defined X") */
    char elifs[4][MAX_CONDITION];
    int nelifs;
} Group;

/* The directive text after '#' and the keyword, comments removed. */
static void clean_condition(const char *from, size_t len, char *out, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < n;) {
        if (from[i] == '/' && i + 1 < len && from[i + 1] == '/') break;
        if (from[i] == '/' && i + 1 < len && from[i + 1] == '*') {
            i += 2;
            while (i + 1 < len && !(from[i] == '*' && from[i + 1] == '/')) i++;
            i += 2;
            out[o++] = ' ';
            continue;
        }
        if (from[i] == '\\' && i + 1 < len && (from[i + 1] == '\n' || from[i + 1] == '\r')) {
            i++;
            continue;
        }
        out[o++] = from[i] == '\n' || from[i] == '\r' || from[i] == '\t' ? ' ' : from[i];
        i++;
    }
    out[o] = '\0';
}


/* `defined X`, `defined(X)`, optionally in parentheses. */
static bool take_defined(DirLexer *lx, char *name, size_t n)
{
    DirLexer save = *lx;
    bool paren = dir_take(lx, "(");
    char word[16];
    if (!dir_take_word(lx, word, sizeof word, true) || strcmp(word, "defined") != 0) goto fail;
    bool inner = dir_take(lx, "(");
    if (!dir_take_word(lx, name, n, true)) goto fail;
    if (inner && !dir_take(lx, ")")) goto fail;
    if (paren && !dir_take(lx, ")")) goto fail;
    return true;
fail:
    *lx = save;
    return false;
}

/* The names of a condition made only of `defined X` joined by `||`
 * (negated: only of `!defined X` joined by `&&`). */
static int alternatives_of(const char *cond, bool negated, char names[][64], int max)
{
    DirLexer lx = {cond};
    int n = 0;
    for (;;) {
        if (negated && !dir_take(&lx, "!")) return 0;
        if (n == max || !take_defined(&lx, names[n], 64)) return 0;
        n++;
        dir_skip_space(&lx);
        if (!*lx.p) return n;
        if (!dir_take(&lx, negated ? "&&" : "||")) return 0;
    }
}

static bool contains_word_part(const char *name, const char *part)
{
    size_t n = strlen(part);
    for (const char *p = name; *p; p++)
        if (strncasecmp(p, part, n) == 0) return true;
    return false;
}

int platform_score(const char *name)
{
    if (contains_word_part(name, "CUDA") || contains_word_part(name, "NVCC")) return 2;
    static const char *const others[] = {"HIP", "HCC", "ROCM", "SYCL", "OPENCL", "OCL", "OMP", "OPENMP", "TBB",
                                         "METAL", "VULKAN", "KOKKOS", "ACC", "CPU", "SERIAL", "HOST"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        if (contains_word_part(name, others[i])) return 0;
    return 1;
}

static bool choose(char names[][64], int n, char *name, size_t size)
{
    int best = -1, best_score = 0;
    for (int i = 0; i < n; i++) {
        int s = platform_score(names[i]);
        if (s > best_score) best = i, best_score = s;
    }
    if (best < 0) return false;
    snprintf(name, size, "%s", names[best]);
    return true;
}

/* The alternatives an #error at the top of `g` leaves unchosen (0: none
 * that gpulint reads as such). */
static int alternatives_of_group(const Group *g, char names[][64])
{
    if (g->nbranches == 1) { /* #if !defined(A) && !defined(B)  #error */
        int count = alternatives_of(g->first, true, names, MAX_ALTERNATIVES);
        return count >= 2 ? count : 0;
    }
    /* in an #elif or #else: the #if's alternatives, then each #elif's */
    int count = alternatives_of(g->first, false, names, MAX_ALTERNATIVES);
    if (count == 0) return 0;
    for (int i = 0; i < g->nelifs && count < MAX_ALTERNATIVES; i++) {
        char more[MAX_ALTERNATIVES][64];
        int k = alternatives_of(g->elifs[i], false, more, MAX_ALTERNATIVES);
        for (int j = 0; j < k && count < MAX_ALTERNATIVES; j++) memcpy(names[count++], more[j], 64);
    }
    return count;
}

/* Called for each #error inside an #if group (its line, the innermost
 * group, the nesting depth); true stops the walk. */
typedef bool (*EachError)(void *ctx, unsigned line, const Group *g, int depth);

/* Walks the directives of `text`.  With error_line > 0: up to the #error
 * on that line, the #if group open there in *g, true when there is one.
 * With error_line 0: `each` for every #error inside a group. */
static bool walk_directives(const char *text, size_t size, unsigned error_line, EachError each, void *ctx, Group *g)
{
    Group *stack = xcalloc(MAX_DEPTH, sizeof *stack);
    int depth = 0, overflow = 0;
    bool found = false, stop = false;
    unsigned line = 1;
    size_t i = 0;
    while (i < size && !found && !stop) {
        unsigned start_line = line;
        size_t start = i;
        /* one logical line: backslash-newline continues it */
        while (i < size && text[i] != '\n') {
            if (text[i] == '\\' && i + 1 < size && text[i + 1] == '\n') {
                i += 2;
                line++;
                continue;
            }
            i++;
        }
        size_t end = i;
        if (i < size) i++, line++;
        size_t p = start;
        while (p < end && (text[p] == ' ' || text[p] == '\t')) p++;
        if (p >= end || text[p] != '#') continue;
        p++;
        while (p < end && (text[p] == ' ' || text[p] == '\t')) p++;
        size_t kw = p;
        while (p < end && isalpha((unsigned char)text[p])) p++;
        size_t kwlen = p - kw;
        const char *k = text + kw;
        char cond[MAX_CONDITION];
        clean_condition(text + p, end - p, cond, sizeof cond);
        bool at_line = error_line >= start_line && error_line < line + (i >= size);
#define IS(word) (kwlen == strlen(word) && strncmp(k, word, kwlen) == 0)
        if (IS("if") || IS("ifdef") || IS("ifndef")) {
            if (depth == MAX_DEPTH) {
                overflow++;
                continue;
            }
            Group *gr = &stack[depth++];
            memset(gr, 0, sizeof *gr);
            gr->if_line = start_line;
            gr->nbranches = 1;
            if (IS("if")) snprintf(gr->first, sizeof gr->first, "%s", cond);
            else snprintf(gr->first, sizeof gr->first, "%sdefined %.*s", IS("ifndef") ? "!" : "", MAX_CONDITION - 16, cond);
        } else if (IS("elif") || IS("else")) {
            if (overflow || depth == 0) continue;
            Group *gr = &stack[depth - 1];
            gr->nbranches++;
            if (IS("elif") && gr->nelifs < 4) snprintf(gr->elifs[gr->nelifs++], MAX_CONDITION, "%s", cond);
        } else if (IS("endif")) {
            if (overflow) overflow--;
            else if (depth) depth--;
        } else if (IS("error")) {
            bool in_group = depth > 0 && !overflow;
            if (error_line == 0) {
                if (in_group) stop = each(ctx, start_line, &stack[depth - 1], depth);
            } else if (at_line) {
                if (in_group) *g = stack[depth - 1];
                found = in_group;
                stop = true;
            }
        }
#undef IS
    }
    free(stack);
    return found;
}

bool config_choice_in_text(const char *text, size_t size, unsigned error_line, char *name, size_t n,
                           unsigned *if_line)
{
    if (error_line == 0) return false;
    Group *g = xcalloc(1, sizeof *g);
    char names[MAX_ALTERNATIVES][64];
    bool ok = walk_directives(text, size, error_line, NULL, NULL, g) &&
              choose(names, alternatives_of_group(g, names), name, n);
    if (ok && if_line) *if_line = g->if_line;
    free(g);
    return ok;
}

typedef struct {
    bool (*is_defined)(void *ctx, const char *name);
    void *ctx;
    const char *path;
    ConfigChoice *out;
    int n, max;
} Prescan;

static bool prescan_one(void *ctx, unsigned line, const Group *g, int depth)
{
    Prescan *ps = ctx;
    if (depth != 1) return false; /* a nested chain may sit in a part the build leaves out */
    char names[MAX_ALTERNATIVES][64];
    int count = alternatives_of_group(g, names);
    for (int i = 0; i < count; i++)
        if (ps->is_defined(ps->ctx, names[i])) return false; /* the build picks one */
    ConfigChoice *c = &ps->out[ps->n];
    memset(c, 0, sizeof *c);
    if (!choose(names, count, c->name, sizeof c->name)) return false;
    snprintf(c->file, sizeof c->file, "%s", ps->path);
    c->error_line = line;
    c->if_line = g->if_line;
    return ++ps->n == ps->max;
}

/* The text of the #error directive on `line` (1-based), for the note. */
static void error_text_at(const char *text, size_t size, unsigned line, char *out, size_t n)
{
    const char *t = text, *end = text + size;
    for (unsigned l = 1; l < line && t; l++) {
        t = memchr(t, '\n', (size_t)(end - t));
        if (t) t++;
    }
    out[0] = '\0';
    if (!t) return;
    const char *nl = memchr(t, '\n', (size_t)(end - t));
    if (!nl) nl = end;
    const char *e = t;
    while (e < nl && *e != 'e') e++; /* past '#' and blanks to "error" */
    if (nl - e < 5 || strncmp(e, "error", 5) != 0) return;
    e += 5;
    while (e < nl && (*e == ' ' || *e == '\t')) e++;
    size_t len = (size_t)(nl - e);
    snprintf(out, n, "%.*s", (int)(len < n - 1 ? len : n - 1), e);
}

int config_choice_prescan(const char *path, const char *text, size_t size,
                          bool (*is_defined)(void *ctx, const char *name), void *ctx, ConfigChoice *out, int max)
{
    if (max <= 0) return 0;
    Prescan ps = {is_defined, ctx, path, out, 0, max};
    walk_directives(text, size, 0, prescan_one, &ps, NULL);
    for (int i = 0; i < ps.n; i++) error_text_at(text, size, out[i].error_line, out[i].message, sizeof out[i].message);
    return ps.n;
}

static bool is_error_directive(const Diag *d)
{
    return d->level == DIAG_ERROR && d->preprocessor && d->file && d->line > 0;
}

bool config_choice_for(const FrontendReport *rep, const char *path, const char *contents, size_t size,
                       const char *root, ConfigChoice *out)
{
    for (int i = 0; i < rep->ndiags; i++) {
        const Diag *d = &rep->diags[i];
        if (!is_error_directive(d)) continue;
        bool main_file = strcmp(d->file, path) == 0;
        if (!main_file && !(root && path_is_under(d->file, root))) continue;
        long n = 0;
        char *owned = NULL;
        const char *text = main_file && contents ? contents : (owned = read_file(d->file, &n));
        size_t len = main_file && contents ? size : (size_t)n;
        if (!text) continue;
        memset(out, 0, sizeof *out);
        bool ok = config_choice_in_text(text, len, d->line, out->name, sizeof out->name, &out->if_line);
        free(owned);
        if (!ok) continue;
        snprintf(out->file, sizeof out->file, "%s", d->file);
        out->error_line = d->line;
        snprintf(out->message, sizeof out->message, "%s", d->message ? d->message : "");
        return true;
    }
    return false;
}

bool config_choice_still_fails(const FrontendReport *rep, const ConfigChoice *c)
{
    for (int i = 0; i < rep->ndiags; i++) {
        const Diag *d = &rep->diags[i];
        if (is_error_directive(d) && d->line == c->error_line && strcmp(d->file, c->file) == 0) return true;
    }
    return false;
}
