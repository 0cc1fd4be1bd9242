/* readme_rules_doc.c - the README's rules table, generated from the rule
 * registry (rules/registry.c): one row per rule in --list-rules order, its
 * id linked to docs/rules/<id>.md, its summary and its default severity,
 * between the lines
 *     <!-- rules:begin ... -->
 *     <!-- rules:end -->
 * so that a new rule reaches the README through its registration line.
 *
 *   readme_rules_doc                    prints the table
 *   readme_rules_doc --check README.md  exit 1 when the README's table differs
 *   readme_rules_doc --update README.md rewrites the README's region */
#include "rules/rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN_MARK "<!-- rules:begin"
#define UPDATE_COMMAND "build/tests/readme_rules_doc --update README.md"
#define BEGIN_LINE BEGIN_MARK " generated from rules/registry.c: " UPDATE_COMMAND " -->\n"
#define END_LINE "<!-- rules:end -->\n"

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

/* A table cell shows the summary as --list-rules prints it: markdown's
 * characters escaped ('__constant__' is not bold, '|' does not end the
 * cell), a line end would end the table. */
static void put_cell(Text *t, const char *s)
{
    for (; *s; s++) {
        if (*s == '\n') put(t, " ");
        else if (strchr("\\`*_|<>[]", *s)) put(t, "\\%c", *s);
        else put(t, "%c", *s);
    }
}

static void render(Text *t)
{
    put(t, "| rule | what it flags | default severity |\n|---|---|---|\n");
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        put(t, "| [%s](docs/rules/%s.md) | ", r->id, r->id);
        put_cell(t, r->summary);
        put(t, " | %s |\n", severity_name(r->default_severity));
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

/* The README with its region replaced by `table`; NULL (and a message) when
 * it has not exactly one region. */
static char *with_table(const char *doc, const char *path, const char *table)
{
    const char *begin = strstr(doc, BEGIN_MARK);
    const char *end = begin ? strstr(begin, END_LINE) : NULL;
    if (!begin || !end || (begin != doc && begin[-1] != '\n') || (end != doc && end[-1] != '\n') ||
        strstr(end + 1, BEGIN_MARK)) {
        fprintf(stderr, "%s: needs exactly one region from a line '%s ... -->' to a line '%.*s'\n", path, BEGIN_MARK,
                (int)strlen(END_LINE) - 1, END_LINE);
        return NULL;
    }
    Text t = {0};
    put(&t, "%.*s%s%s%s", (int)(begin - doc), doc, BEGIN_LINE, table, end);
    return t.s;
}

/* Prints the first line where want and have differ. */
static void first_difference(const char *path, const char *want, const char *have)
{
    int line = 1;
    const char *w = want, *h = have;
    for (; *w && *w == *h; w++, h++)
        if (*w == '\n') line++;
    while (w > want && w[-1] != '\n') w--, h--;
    fprintf(stderr, "%s:%d: differs from the rule registry\n  the registry's: %.*s\n  the README's:   %.*s\n", path,
            line, (int)strcspn(w, "\n"), w, (int)strcspn(h, "\n"), h);
}

static int readme(const char *path, bool update)
{
    char *doc = read_all(path);
    if (!doc) {
        fprintf(stderr, "%s: cannot read\n", path);
        return 1;
    }
    Text table = {0};
    render(&table);
    char *want = with_table(doc, path, table.s);
    int bad = 0;
    if (!want) {
        bad = 1;
    } else if (strcmp(want, doc) != 0) {
        if (update) {
            FILE *f = fopen(path, "wb");
            if (!f || fputs(want, f) == EOF || fclose(f) != 0) {
                fprintf(stderr, "%s: cannot write\n", path);
                bad = 1;
            } else {
                printf("%s: rules table updated\n", path);
            }
        } else {
            first_difference(path, want, doc);
            bad = 1;
        }
    }
    if (!update)
        printf("readme_rules_doc: %d rules, the table %s\n", gpulint_nrules,
               bad ? "differs (" UPDATE_COMMAND " rewrites it)" : "matches");
    free(want);
    free(table.s);
    free(doc);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 3 && (strcmp(argv[1], "--check") == 0 || strcmp(argv[1], "--update") == 0))
        return readme(argv[2], strcmp(argv[1], "--update") == 0);
    if (argc != 1) {
        fprintf(stderr, "usage: readme_rules_doc [--check|--update README.md]\n");
        return 2;
    }
    Text table = {0};
    render(&table);
    fputs(table.s, stdout);
    free(table.s);
    return 0;
}
