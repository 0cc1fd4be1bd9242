/* rule_costs_doc.c - each rule's measured tables (Rule.costs) as the
 * markdown table of its page, docs/rules/<id>.md, between the lines
 *     <!-- costs:begin ... -->
 *     <!-- costs:end -->
 * so that a page cannot state other numbers than the rule predicts with.
 *
 *   rule_costs_doc [ID...]          prints the tables (every rule's, or ID's)
 *   rule_costs_doc --check DIR      exit 1 when a page of DIR (docs/rules)
 *                                   differs from its rule's tables
 *   rule_costs_doc --update DIR     rewrites the pages' generated regions */
#include "rules/rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN_MARK "<!-- costs:begin"
#define BEGIN_LINE BEGIN_MARK " generated from the rule's tables in rules/: build/tests/rule_costs_doc --update docs/rules -->\n"
#define END_LINE "<!-- costs:end -->\n"

typedef struct {
    char *s;
    size_t n, cap;
} Text;

static void put(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->n + (size_t)need + 1 > t->cap) {
        t->cap = (t->n + (size_t)need + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (!t->s) abort();
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
    va_end(ap);
    t->n += (size_t)need;
}

/* One row per measured point; a table with a parameter names its value. */
static void render(const Rule *r, Text *t)
{
    put(t, "| measured shape (evidence) | speedup of the fix | source | severity |\n|---|---|---|---|\n");
    for (const CostTable *const *c = r->costs; c && *c; c++)
        for (int i = 0; i < (*c)->npoints; i++) {
            const CostPoint *p = &(*c)->points[i];
            if ((*c)->param) put(t, "| %s, %s=%g ", (*c)->shape, (*c)->param, p->x);
            else put(t, "| %s ", (*c)->shape);
            put(t, "| %.2fx | `%s` | %s |\n", p->speedup, p->source, severity_name(cost_severity(p->speedup)));
        }
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    Text t = {0};
    char buf[4096];
    size_t n;
    put(&t, "%s", "");
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) put(&t, "%.*s", (int)n, buf);
    fclose(f);
    return t.s;
}

/* The page with its region replaced by `table`; NULL (and a message) when
 * the page has not exactly one region. */
static char *with_table(const char *page, const char *path, const char *table)
{
    const char *begin = strstr(page, BEGIN_MARK);
    const char *end = begin ? strstr(begin, END_LINE) : NULL;
    if (!begin || !end || (begin != page && begin[-1] != '\n') || strstr(end + 1, BEGIN_MARK)) {
        fprintf(stderr, "%s: needs exactly one region from a line '%s ... -->' to a line '%.*s'\n", path, BEGIN_MARK,
                (int)strlen(END_LINE) - 1, END_LINE);
        return NULL;
    }
    Text t = {0};
    put(&t, "%.*s%s%s%s", (int)(begin - page), page, BEGIN_LINE, table, end);
    return t.s;
}

/* Prints the first line where a and b differ. */
static void first_difference(const char *path, const char *want, const char *have)
{
    int line = 1;
    const char *w = want, *h = have;
    for (; *w && *w == *h; w++, h++)
        if (*w == '\n') line++;
    while (w > want && w[-1] != '\n') w--, h--;
    fprintf(stderr, "%s:%d: differs from the rule's tables\n  the rule's: %.*s\n  the page's: %.*s\n", path, line,
            (int)strcspn(w, "\n"), w, (int)strcspn(h, "\n"), h);
}

static int pages(const char *dir, bool update)
{
    int bad = 0, checked = 0;
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        if (!r->costs) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.md", dir, r->id);
        char *page = read_all(path);
        if (!page) {
            fprintf(stderr, "%s: cannot read\n", path);
            bad++;
            continue;
        }
        Text table = {0};
        render(r, &table);
        char *want = with_table(page, path, table.s);
        checked++;
        if (!want) {
            bad++;
        } else if (strcmp(want, page) != 0) {
            if (update) {
                FILE *f = fopen(path, "wb");
                if (!f || fputs(want, f) == EOF || fclose(f) != 0) {
                    fprintf(stderr, "%s: cannot write\n", path);
                    bad++;
                } else {
                    printf("%s: table updated\n", path);
                }
            } else {
                first_difference(path, want, page);
                bad++;
            }
        }
        free(want);
        free(table.s);
        free(page);
    }
    if (checked == 0) {
        fprintf(stderr, "no rule has measured tables: the check is broken\n");
        return 1;
    }
    if (!update)
        printf("rule_costs_doc: %d pages checked, %d differ%s\n", checked, bad,
               bad ? " (build/tests/rule_costs_doc --update docs/rules writes the rules' tables)" : "");
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && (strcmp(argv[1], "--check") == 0 || strcmp(argv[1], "--update") == 0))
        return pages(argv[2], strcmp(argv[1], "--update") == 0);
    if (argc > 1 && argv[1][0] == '-') {
        fprintf(stderr, "usage: rule_costs_doc [ID...] | --check DIR | --update DIR\n");
        return 2;
    }
    int status = 0, printed = 0;
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        bool wanted = argc == 1;
        for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], r->id) == 0;
        if (!wanted || !r->costs) continue;
        Text t = {0};
        render(r, &t);
        if (argc == 2) printf("%s", t.s); /* one rule: the table alone, as on its page */
        else printf("%s## %s\n\n%s", printed++ ? "\n" : "", r->id, t.s);
        free(t.s);
    }
    for (int a = 1; a < argc; a++)
        if (!rule_by_id(argv[a])) {
            fprintf(stderr, "unknown rule '%s'\n", argv[a]);
            status = 2;
        }
    return status;
}
