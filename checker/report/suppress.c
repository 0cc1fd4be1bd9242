/* suppress.c - see suppress.h. */
#include "report/suppress.h"

#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum { NOLINT_LINE, NOLINT_NEXTLINE, NOLINT_BEGIN, NOLINT_END } DirectiveKind;

typedef struct {
    DirectiveKind kind;
    unsigned line;           /* where it is written */
    unsigned first, last;    /* the lines it covers */
    char **names; int nnames; /* gpulint names (prefix removed); none and !bare: nothing */
    bool bare;               /* no list: every rule */
    bool names_gpulint;      /* at least one name is a gpulint rule (for unused reports) */
    char *text;              /* as written, for messages */
    int used;
} Directive;

struct SuppressionSet {
    char *path;
    Directive *d; int n;
};

/* clang-tidy's modules: their checks are not gpulint's to judge. */
static bool is_clang_tidy_name(const char *name)
{
    static const char *const modules[] = {
        "abseil-", "altera-", "android-", "boost-", "bugprone-", "cert-", "clang-analyzer-", "clang-diagnostic-",
        "concurrency-", "cppcoreguidelines-", "darwin-", "fuchsia-", "google-", "hicpp-", "linuxkernel-", "llvm-",
        "llvmlibc-", "misc-", "modernize-", "mpi-", "objc-", "openmp-", "performance-", "portability-",
        "readability-", "zircon-",
    };
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
        if (strncmp(name, modules[i], strlen(modules[i])) == 0) return true;
    return false;
}

static bool matches_some_rule(const char *glob)
{
    for (int i = 0; i < gpulint_nrules; i++)
        if (glob_match_simple(glob, gpulint_rules[i]->id)) return true;
    return false;
}

/* Splits "a, gpulint-b ,c" into the directive's gpulint names. */
static void parse_names(SuppressionSet *s, Directive *dir, const char *list, size_t n, Diagnostics *d)
{
    size_t i = 0;
    while (i <= n) {
        size_t j = i;
        while (j < n && list[j] != ',') j++;
        size_t a = i, b = j;
        while (a < b && isspace((unsigned char)list[a])) a++;
        while (b > a && isspace((unsigned char)list[b - 1])) b--;
        if (b > a && list[a] != '-') { /* negative globs are ignored, as clang-tidy does */
            char *name = xmalloc(b - a + 1);
            memcpy(name, list + a, b - a);
            name[b - a] = 0;
            bool prefixed = strncmp(name, "gpulint-", 8) == 0;
            const char *id = prefixed ? name + 8 : name;
            if (matches_some_rule(id)) {
                *VEC_PUSH(dir->names, dir->nnames) = xstrdup(id);
                dir->names_gpulint = true;
            } else if (prefixed || !is_clang_tidy_name(name)) {
                diag_note(d, s->path, dir->line, 1, "%s names no gpulint rule '%s' (see gpulint --list-rules)",
                          dir->kind == NOLINT_LINE       ? "NOLINT"
                          : dir->kind == NOLINT_NEXTLINE ? "NOLINTNEXTLINE"
                          : dir->kind == NOLINT_BEGIN    ? "NOLINTBEGIN"
                                                         : "NOLINTEND",
                          name);
            }
            free(name);
        }
        i = j + 1;
    }
}

/* Finds the directives in one comment's text (lines counted from `line`). */
static void scan_comment(SuppressionSet *s, const char *c, size_t n, unsigned line, Diagnostics *d)
{
    for (size_t i = 0; i < n; i++) {
        if (c[i] == '\n') line++;
        if (n - i < 6 || memcmp(c + i, "NOLINT", 6) != 0) continue;
        size_t k = i + 6;
        Directive dir;
        memset(&dir, 0, sizeof dir);
        dir.line = line;
        if (n - k >= 8 && memcmp(c + k, "NEXTLINE", 8) == 0) dir.kind = NOLINT_NEXTLINE, k += 8;
        else if (n - k >= 5 && memcmp(c + k, "BEGIN", 5) == 0) dir.kind = NOLINT_BEGIN, k += 5;
        else if (n - k >= 3 && memcmp(c + k, "END", 3) == 0) dir.kind = NOLINT_END, k += 3;
        else dir.kind = NOLINT_LINE;
        if (k < n && (isalnum((unsigned char)c[k]) || c[k] == '_')) { /* NOLINTFOO: another word */
            i = k - 1;
            continue;
        }
        size_t end = k;
        const char *close = k < n && c[k] == '(' ? memchr(c + k, ')', n - k) : NULL;
        if (close) {
            end = (size_t)(close - c) + 1;
            parse_names(s, &dir, c + k + 1, (size_t)(close - c) - k - 1, d);
        } else {
            dir.bare = true; /* "NOLINT (x)" with a blank is a bare NOLINT, as in clang-tidy */
        }
        dir.text = xmalloc(end - i + 1);
        memcpy(dir.text, c + i, end - i);
        dir.text[end - i] = 0;
        dir.first = dir.last = dir.kind == NOLINT_NEXTLINE ? line + 1 : line;
        *VEC_PUSH(s->d, s->n) = dir;
        i = end - 1;
    }
}

/* Lists of two directives are the same when their texts after the keyword
 * are (clang-tidy wants NOLINTEND's list to repeat NOLINTBEGIN's). */
static const char *list_part(const Directive *dir)
{
    const char *p = strchr(dir->text, '(');
    return p ? p : "";
}

/* NOLINTBEGIN ... NOLINTEND become one directive covering the lines. */
static void pair_blocks(SuppressionSet *s, Diagnostics *d)
{
    int *open = NULL, nopen = 0;
    for (int i = 0; i < s->n; i++) {
        Directive *dir = &s->d[i];
        if (dir->kind == NOLINT_BEGIN) {
            *VEC_PUSH(open, nopen) = i;
        } else if (dir->kind == NOLINT_END) {
            int j = nopen - 1;
            while (j >= 0 && strcmp(list_part(&s->d[open[j]]), list_part(dir)) != 0) j--;
            if (j < 0) {
                diag_note(d, s->path, dir->line, 1, "%s has no matching NOLINTBEGIN before it", dir->text);
                continue;
            }
            s->d[open[j]].last = dir->line;
            memmove(open + j, open + j + 1, (size_t)(nopen - j - 1) * sizeof *open);
            nopen--;
        }
    }
    for (int j = 0; j < nopen; j++) {
        Directive *b = &s->d[open[j]];
        diag_note(d, s->path, b->line, 1, "%s has no matching NOLINTEND; it suppresses nothing", b->text);
        b->last = 0;
    }
    free(open);
}

SuppressionSet *suppressions_for_file(const char *path, const SourceText *src, Diagnostics *d)
{
    SuppressionSet *s = xcalloc(1, sizeof *s);
    s->path = xstrdup(path);
    const char *t = src ? src->text : "";
    size_t n = src ? src->size : 0;
    unsigned line = 1;
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (c == '\n') {
            line++;
        } else if (c == '"' || c == '\'') { /* skip the literal: a NOLINT in it is text */
            for (i++; i < n && t[i] != c && t[i] != '\n'; i++)
                if (t[i] == '\\' && i + 1 < n) i++;
            if (i < n && t[i] == '\n') line++;
        } else if (c == '/' && i + 1 < n && t[i + 1] == '/') {
            size_t e = i;
            while (e < n && t[e] != '\n') e++;
            if (memmem(t + i, e - i, "NOLINT", 6)) scan_comment(s, t + i, e - i, line, d);
            i = e - 1;
        } else if (c == '/' && i + 1 < n && t[i + 1] == '*') {
            const char *close = memmem(t + i + 2, n - i - 2, "*/", 2);
            size_t e = close ? (size_t)(close - t) + 2 : n;
            if (memmem(t + i, e - i, "NOLINT", 6)) scan_comment(s, t + i, e - i, line, d);
            for (size_t k = i; k < e; k++) line += t[k] == '\n';
            i = e - 1;
        }
    }
    pair_blocks(s, d);
    return s;
}

static bool names_rule(const Directive *dir, const char *rule)
{
    if (dir->bare) return true;
    for (int i = 0; i < dir->nnames; i++)
        if (glob_match_simple(dir->names[i], rule)) return true;
    return false;
}

bool finding_is_suppressed(SuppressionSet *s, const Finding *f)
{
    if (!s) return false;
    unsigned line = f->range.line;
    for (int i = 0; i < s->n; i++) {
        Directive *dir = &s->d[i];
        if (dir->kind == NOLINT_END) continue;
        if (line < dir->first || line > dir->last) continue;
        if (!names_rule(dir, f->rule)) continue;
        dir->used++;
        return true;
    }
    return false;
}

void suppressions_report_unused(const SuppressionSet *s, Diagnostics *d)
{
    for (int i = 0; s && i < s->n; i++) {
        const Directive *dir = &s->d[i];
        if (dir->kind == NOLINT_END || !dir->names_gpulint || dir->used) continue;
        diag_note(d, s->path, dir->line, 1, "unused suppression %s: it matched no finding", dir->text);
    }
}

void suppressions_free(SuppressionSet *s)
{
    if (!s) return;
    for (int i = 0; i < s->n; i++) {
        for (int j = 0; j < s->d[i].nnames; j++) free(s->d[i].names[j]);
        free(s->d[i].names);
        free(s->d[i].text);
    }
    free(s->d);
    free(s->path);
    free(s);
}
