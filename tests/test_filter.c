/* test_filter.c - fingerprints, rule and path globs, selection and inline
 * suppressions, on in-memory text. */
#include "check.h"
#include "engine/select.h"
#include "engine/suppress.h"
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
    test_selection();
    return check_summary();
}
