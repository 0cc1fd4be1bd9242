/* select.c - see select.h. */
#include "report/select.h"

#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Iterative, with one backtrack point (the last '*'): O(|g| * |t|) at worst,
 * where the recursive form is exponential in the number of '*'. */
bool glob_match_simple(const char *g, const char *t)
{
    const char *star = NULL, *resume = NULL;
    while (*t) {
        if (*g == '*') {
            star = ++g;
            resume = t;
        } else if (*g == *t) {
            g++, t++;
        } else if (star) {
            g = star;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (*g == '*') g++;
    return *g == 0;
}

static void push(Selection *s, const char *glob, bool on, bool reset)
{
    SelectStep *st = VEC_PUSH(s->steps, s->n);
    st->glob = xstrdup(strcmp(glob, "all") == 0 ? "*" : glob);
    st->on = on;
    st->reset = reset;
}

void selection_select(Selection *s, const char *const *items, int n, bool replace)
{
    /* a list of drops only ("-X") drops from what is selected already */
    bool positive = false;
    for (int i = 0; i < n; i++) positive |= items[i][0] != '-';
    if (replace && positive) push(s, "*", false, true);
    for (int i = 0; i < n; i++) {
        bool off = items[i][0] == '-';
        push(s, items[i] + off, !off, false);
    }
}

void selection_ignore(Selection *s, const char *const *items, int n)
{
    for (int i = 0; i < n; i++) push(s, items[i], false, false);
}

void selection_append(Selection *to, const Selection *from)
{
    for (int i = 0; i < from->n; i++) push(to, from->steps[i].glob, from->steps[i].on, from->steps[i].reset);
}

bool selection_enabled(const Selection *s, const char *rule)
{
    bool on = true;
    for (int i = 0; i < s->n; i++) {
        if (s->steps[i].reset) on = false;
        if (glob_match_simple(s->steps[i].glob, rule)) on = s->steps[i].on;
    }
    return on;
}

void selection_free(Selection *s)
{
    for (int i = 0; i < s->n; i++) free(s->steps[i].glob);
    free(s->steps);
    memset(s, 0, sizeof *s);
}

bool selection_item_valid(const char *item, char *err, size_t n)
{
    const char *g = item[0] == '-' ? item + 1 : item;
    if (strcmp(g, "all") == 0) return true;
    for (int i = 0; i < gpulint_nrules; i++)
        if (glob_match_simple(g, gpulint_rules[i]->id)) return true;
    snprintf(err, n, strchr(g, '*') ? "'%s' matches no rule (see gpulint --list-rules)"
                                    : "unknown rule '%s' (see gpulint --list-rules)",
             g);
    return false;
}

/* A path-glob match in progress.  '*' and '**' make the plain recursion
 * exponential in their number (32 '*' in a 44-byte config glob hung the run),
 * so every (glob position, path position) pair that failed is remembered:
 * each pair is tried once, O(|glob| * |path|) in all. */
typedef struct {
    const char *g0, *p0, *end;
    size_t stride;         /* path positions per glob position */
    unsigned char *failed; /* one bit per pair; NULL: a glob without '*' */
} PathMatch;

static bool path_match_at(PathMatch *m, const char *g, const char *p);

static bool path_match_body(PathMatch *m, const char *g, const char *p)
{
    const char *end = m->end;
    while (*g) {
        if (g[0] == '*' && g[1] == '*') {
            g += 2;
            if (*g == '/') { /* "**" + "/": zero or more whole directories */
                g++;
                for (const char *q = p;; q++) {
                    if ((q == p || q[-1] == '/') && path_match_at(m, g, q)) return true;
                    if (q == end) return false;
                }
            }
            for (const char *q = p;; q++) {
                if (path_match_at(m, g, q)) return true;
                if (q == end) return false;
            }
        }
        if (*g == '*') {
            g++;
            for (const char *q = p;; q++) {
                if (path_match_at(m, g, q)) return true;
                if (q == end || *q == '/') return false;
            }
        }
        if (p == end) return false;
        if (*g == '?' ? *p == '/' : *g != *p) return false;
        g++, p++;
    }
    return p == end;
}

static bool path_match_at(PathMatch *m, const char *g, const char *p)
{
    if (!m->failed) return path_match_body(m, g, p);
    size_t bit = (size_t)(g - m->g0) * m->stride + (size_t)(p - m->p0);
    if (m->failed[bit >> 3] & (1u << (bit & 7))) return false;
    if (path_match_body(m, g, p)) return true;
    m->failed[bit >> 3] |= (unsigned char)(1u << (bit & 7));
    return false;
}

/* Matches the glob against the whole of path[0..end). */
static bool path_match(const char *g, const char *p, const char *end)
{
    size_t glen = strlen(g), stride = (size_t)(end - p) + 1;
    PathMatch m = {g, p, end, stride, NULL};
    /* a glob without '*' cannot backtrack: no table needed */
    if (strchr(g, '*')) {
        size_t bits = (glen + 1) * stride;
        m.failed = xcalloc(bits / 8 + 1, 1);
    }
    bool hit = path_match_at(&m, g, p);
    free(m.failed);
    return hit;
}

bool path_glob_match(const char *glob, const char *path)
{
    const char *end = path + strlen(path);
    if (strncmp(glob, "./", 2) == 0) glob += 2;
    if (path_match(glob, path, end)) return true;
    for (const char *q = path; q < end; q++)
        if (*q == '/' && path_match(glob, path, q)) return true;
    if (!strchr(glob, '/')) {
        const char *base = strrchr(path, '/');
        if (base && path_match(glob, base + 1, end)) return true;
    }
    return false;
}
