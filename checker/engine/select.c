/* select.c - see select.h. */
#include "engine/select.h"

#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool glob_match_simple(const char *g, const char *t)
{
    if (*g == 0) return *t == 0;
    if (*g == '*') {
        for (const char *p = t;; p++) {
            if (glob_match_simple(g + 1, p)) return true;
            if (!*p) return false;
        }
    }
    return *t && *g == *t && glob_match_simple(g + 1, t + 1);
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

/* Matches the glob against the whole of path[0..n). */
static bool path_match(const char *g, const char *p, const char *end)
{
    while (*g) {
        if (g[0] == '*' && g[1] == '*') {
            g += 2;
            if (*g == '/') { /* "**" + "/": zero or more whole directories */
                g++;
                for (const char *q = p;; q++) {
                    if ((q == p || q[-1] == '/') && path_match(g, q, end)) return true;
                    if (q == end) return false;
                }
            }
            for (const char *q = p;; q++) {
                if (path_match(g, q, end)) return true;
                if (q == end) return false;
            }
        }
        if (*g == '*') {
            g++;
            for (const char *q = p;; q++) {
                if (path_match(g, q, end)) return true;
                if (q == end || *q == '/') return false;
            }
        }
        if (p == end) return false;
        if (*g == '?' ? *p == '/' : *g != *p) return false;
        g++, p++;
    }
    return p == end;
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
