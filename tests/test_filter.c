/* test_filter.c - fingerprints, rule and path globs, selection and inline
 * suppressions, on in-memory text. */
#include "check.h"
#include "report/select.h"
#include "report/suppress.h"
#include "finding/fingerprint.h"

#include <string.h>

static Finding at(const char *rule, unsigned line, unsigned col, unsigned end_col)
{
    Finding f;
    memset(&f, 0, sizeof f);
    f.rule = rule;
    f.kernel = "k";
    f.range = (SrcRange){"a.cu", line, col, line, end_col};
    return f;
}

static uint64_t fp_of(const char *text, Finding f)
{
    SourceText s;
    source_text_init(&s, text, strlen(text));
    uint64_t h = fingerprint_base(&f, "src/a.cu", &s);
    source_text_free(&s);
    return h;
}

static void test_fingerprints(void)
{
    const char *v1 = "// header\n__global__ void k(float *a) {\n    a[0] = a[0] * 2.0;\n}\n";
    const char *v2 = "// header, edited\n// a new line\n\n__global__ void k(float *a) {\n  a[0]  =  a[0] * 2.0;\n}\n";
    const char *v3 = "// header\n__global__ void k(float *a) {\n    a[0] = a[0] * 3.0;\n}\n";
    uint64_t h1 = fp_of(v1, at("double-literal", 3, 19, 22));
    /* two lines inserted above, a comment edited, blanks changed: the same */
    CHECK(h1 == fp_of(v2, at("double-literal", 5, 19, 22)));
    /* the flagged line changed: another fingerprint */
    CHECK(h1 != fp_of(v3, at("double-literal", 3, 19, 22)));
    /* another rule, another kernel, another path: another fingerprint */
    CHECK(h1 != fp_of(v1, at("uniform-branch", 3, 19, 22)));
    Finding other = at("double-literal", 3, 19, 22);
    other.kernel = "k2";
    CHECK(h1 != fp_of(v1, other));
    SourceText s;
    source_text_init(&s, v1, strlen(v1));
    Finding f = at("double-literal", 3, 19, 22);
    CHECK(fingerprint_base(&f, "src/a.cu", &s) != fingerprint_base(&f, "src/b.cu", &s));
    source_text_free(&s);
    /* two findings on one line differ by the flagged text */
    const char *two = "__global__ void k(float *a) {\n    a[0] = 2.0 * a[0] * 3.0;\n}\n";
    CHECK(fp_of(two, at("double-literal", 2, 12, 15)) != fp_of(two, at("double-literal", 2, 25, 28)));
    char a[17], b[17], c[17];
    fingerprint_format(h1, 1, a);
    fingerprint_format(h1, 2, b);
    fingerprint_format(h1, 1, c);
    CHECK(strlen(a) == 16 && strcmp(a, b) != 0 && strcmp(a, c) == 0);
}

static void test_globs(void)
{
    CHECK(glob_match_simple("uncoalesced-*", "uncoalesced-row"));
    CHECK(!glob_match_simple("uncoalesced-*", "double-literal"));
    CHECK(glob_match_simple("*", "x"));
    CHECK(path_glob_match("third_party/**", "third_party/a/b.cu"));
    CHECK(path_glob_match("third_party", "third_party/a/b.cu"));
    CHECK(!path_glob_match("third_party", "src/third_party_x.cu"));
    CHECK(path_glob_match("*.cuh", "src/a/b.cuh"));
    CHECK(!path_glob_match("src/*.cu", "src/a/b.cu"));
    CHECK(path_glob_match("src/**/*.cu", "src/a/b.cu"));
    CHECK(path_glob_match("src/**/*.cu", "src/b.cu"));
    CHECK(path_glob_match("**/tests/**", "x/tests/y.cu"));
    CHECK(!path_glob_match("tests/**", "x/tests/y.cu"));
}

/* The plain recursive matchers the memoized ones replaced: the reference for
 * what a glob means, run only on inputs short enough for their backtracking. */
static bool ref_simple(const char *g, const char *t)
{
    if (*g == 0) return *t == 0;
    if (*g == '*') {
        for (const char *p = t;; p++) {
            if (ref_simple(g + 1, p)) return true;
            if (!*p) return false;
        }
    }
    return *t && *g == *t && ref_simple(g + 1, t + 1);
}

static bool ref_path(const char *g, const char *p, const char *end)
{
    while (*g) {
        if (g[0] == '*' && g[1] == '*') {
            g += 2;
            if (*g == '/') {
                g++;
                for (const char *q = p;; q++) {
                    if ((q == p || q[-1] == '/') && ref_path(g, q, end)) return true;
                    if (q == end) return false;
                }
            }
            for (const char *q = p;; q++) {
                if (ref_path(g, q, end)) return true;
                if (q == end) return false;
            }
        }
        if (*g == '*') {
            g++;
            for (const char *q = p;; q++) {
                if (ref_path(g, q, end)) return true;
                if (q == end || *q == '/') return false;
            }
        }
        if (p == end) return false;
        if (*g == '?' ? *p == '/' : *g != *p) return false;
        g++, p++;
    }
    return p == end;
}

static bool ref_glob(const char *glob, const char *path)
{
    const char *end = path + strlen(path);
    if (strncmp(glob, "./", 2) == 0) glob += 2;
    if (ref_path(glob, path, end)) return true;
    for (const char *q = path; q < end; q++)
        if (*q == '/' && ref_path(glob, path, q)) return true;
    if (!strchr(glob, '/')) {
        const char *base = strrchr(path, '/');
        if (base && ref_path(glob, base + 1, end)) return true;
    }
    return false;
}

/* Random short globs and paths over a small alphabet: the memoized matchers
 * agree with the reference on every one. */
static void test_globs_agree_with_reference(void)
{
    static const char galpha[] = "ab/*?.";
    static const char palpha[] = "ab/.";
    unsigned seed = 12345;
    int disagree = 0;
    for (int i = 0; i < 20000; i++) {
        char g[10], p[12];
        seed = seed * 1103515245u + 12345u;
        int gl = (int)(seed >> 16) % 9, pl = (int)(seed >> 8) % 11;
        for (int k = 0; k < gl; k++) {
            seed = seed * 1103515245u + 12345u;
            g[k] = galpha[(seed >> 16) % (sizeof galpha - 1)];
        }
        for (int k = 0; k < pl; k++) {
            seed = seed * 1103515245u + 12345u;
            p[k] = palpha[(seed >> 16) % (sizeof palpha - 1)];
        }
        g[gl] = p[pl] = 0;
        disagree += path_glob_match(g, p) != ref_glob(g, p);
        disagree += glob_match_simple(g, p) != ref_simple(g, p);
    }
    CHECK(disagree == 0);
}

/* 32 '*' before a letter the path lacks: exponential for the plain recursion
 * (a 44-byte exclude glob in .gpulint.yaml hung the run), immediate now. */
static void test_globs_many_stars(void)
{
    char g[80], path[200];
    memset(g, '*', 32);
    strcpy(g + 32, "x");
    memset(path, 'a', 150);
    strcpy(path + 150, "/bbbbbbbbbb/cccccccccc.cu");
    CHECK(!path_glob_match(g, path));
    CHECK(!glob_match_simple(g, path));
    strcpy(g + 32, "c.cu");
    CHECK(path_glob_match(g, path));
    CHECK(glob_match_simple(g, path));
    memset(g, 0, sizeof g);
    for (int k = 0; k < 24; k++) memcpy(g + 3 * k, "**/", 3);
    strcpy(g + 72, "z");
    CHECK(!path_glob_match(g, "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y.cu"));
}

static void test_selection(void)
{
    Selection s;
    memset(&s, 0, sizeof s);
    CHECK(selection_enabled(&s, "double-literal"));
    const char *sel[] = {"uncoalesced-*", "double-literal", "-uncoalesced-row"};
    selection_select(&s, sel, 3, true);
    CHECK(selection_enabled(&s, "uncoalesced-adjacent"));
    CHECK(!selection_enabled(&s, "uncoalesced-row"));
    CHECK(selection_enabled(&s, "double-literal"));
    CHECK(!selection_enabled(&s, "uniform-branch"));
    const char *ign[] = {"double-*"};
    selection_ignore(&s, ign, 1);
    CHECK(!selection_enabled(&s, "double-literal"));
    selection_free(&s);
    const char *drop[] = {"-uniform-branch"}; /* only drops: the rest stays */
    selection_select(&s, drop, 1, true);
    CHECK(!selection_enabled(&s, "uniform-branch") && selection_enabled(&s, "double-literal"));
    selection_free(&s);
    const char *all[] = {"all", "-uniform-branch"};
    selection_select(&s, all, 2, true);
    CHECK(!selection_enabled(&s, "uniform-branch") && selection_enabled(&s, "uncoalesced-row"));
    selection_free(&s);
    char err[200];
    CHECK(selection_item_valid("double-literal", err, sizeof err));
    CHECK(selection_item_valid("-uncoalesced-*", err, sizeof err));
    CHECK(!selection_item_valid("no-such-rule", err, sizeof err) && strstr(err, "unknown rule"));
    CHECK(!selection_item_valid("zz*", err, sizeof err) && strstr(err, "matches no rule"));
    Severity sv;
    CHECK(severity_parse("medium", &sv) && sv == SEV_MEDIUM);
    CHECK(!severity_parse("severe", &sv));
    CHECK(SEV_LOW < SEV_MEDIUM && SEV_MEDIUM < SEV_HIGH);
}

int main(void)
{
    test_fingerprints();
    test_globs();
    test_globs_agree_with_reference();
    test_globs_many_stars();
    test_selection();
    return check_summary();
}
