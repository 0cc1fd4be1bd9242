/* test_bench_params.c - specific mappings of rules' benchmark generators:
 * evidence onto the template parameters they document (bench/README.md).
 * What holds for every registered rule (each finding of its positive cases
 * gets a benchmark or says why, with parameters its template reads, covering
 * those without a default) is checked by tests/rule_files_test.py (ctest
 * rules.registered): a new rule needs no entry here. */
#include "rules/rules.h"
#include "check.h"

#include <string.h>

static const char *def(const BenchParams *p, const char *name)
{
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->defs[i].name, name) == 0) return p->defs[i].value;
    return NULL;
}

#define CHECK_DEF(p, name, want)                                                                   \
    do {                                                                                           \
        const char *_v = def(p, name);                                                             \
        if (_v && strcmp(_v, want) == 0) check_passed++;                                           \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: %s = %s, expected %s\n", __FILE__, __LINE__, name, _v ? _v : "(absent)", want); \
        }                                                                                          \
    } while (0)

static Finding *make(FindingList *l, const char *rule)
{
    SrcRange r = {"k.cu", 10, 5, 10, 9};
    return finding_new(l, rule, SEV_HIGH, r, "k", "test %s %d", rule, l->n);
}

static bool gen(const char *rule, const Finding *f, BenchParams *p)
{
    memset(p, 0, sizeof *p);
    return rule_by_id(rule)->bench(f, p);
}

int main(void)
{
    FindingList l;
    findings_init(&l);
    BenchParams p;

    Finding *f = make(&l, "uncoalesced-adjacent");
    finding_int(&l, f, "K", 4);
    finding_int(&l, f, "element_bytes", 8);
    finding_str(&l, f, "element_type", "const double");
    finding_str(&l, f, "access", "store");
    CHECK(gen("uncoalesced-adjacent", f, &p));
    CHECK_DEF(&p, "GL_STORE", "1");
    finding_bool(&l, f, "copy_shape", true);
    CHECK(gen("uncoalesced-adjacent", f, &p));
    CHECK_DEF(&p, "GL_STORE", "2");
    finding_bool(&l, f, "copy_shape", false);
    CHECK(gen("uncoalesced-adjacent", f, &p));
    CHECK_DEF(&p, "GL_K", "4");
    CHECK_DEF(&p, "GL_ELEM", "double");
    CHECK_DEF(&p, "GL_STORE", "1");

    f = make(&l, "uncoalesced-row");
    finding_int(&l, f, "element_bytes", 4);
    finding_int(&l, f, "row_width_value", 16);
    CHECK(gen("uncoalesced-row", f, &p));
    CHECK_DEF(&p, "GL_W", "16");
    CHECK_DEF(&p, "GL_W_CONST", "1");
    CHECK_DEF(&p, "GL_ELEM", "float");
    f = make(&l, "uncoalesced-row");
    finding_str(&l, f, "row_width", "width");
    finding_int(&l, f, "element_bytes", 4);
    CHECK(gen("uncoalesced-row", f, &p));
    CHECK_DEF(&p, "GL_W", "64");
    CHECK_DEF(&p, "GL_W_CONST", "0");
    CHECK(strstr(p.note, "width") != NULL);
    /* 1-byte elements: the same bytes per row as the cost model reads them */
    f = make(&l, "uncoalesced-row");
    finding_str(&l, f, "row_width", "codes.stride_[0]");
    finding_int(&l, f, "element_bytes", 1);
    finding_str(&l, f, "element_type", "unsigned char");
    CHECK(gen("uncoalesced-row", f, &p));
    CHECK_DEF(&p, "GL_W", "16");
    CHECK_DEF(&p, "GL_ELEM", "float");
    CHECK(strstr(p.note, "1-byte rows of W=64 benchmarked as W=16 floats") != NULL);

    f = make(&l, "oversized-element");
    finding_int(&l, f, "size", 24);
    finding_str(&l, f, "kind", "struct");
    const char *const one_field[] = {"weight"};
    finding_str_list(&l, f, "fields", one_field, 1);
    finding_int(&l, f, "alignment", 8);
    CHECK(gen("oversized-element", f, &p));
    CHECK_DEF(&p, "GL_STRUCT_BYTES", "24");
    CHECK_DEF(&p, "GL_STRUCT_ALIGN", "8");
    CHECK_DEF(&p, "GL_FIELDS_ALL", "0");
    const char *const whole[] = {"whole"};
    finding_str_list(&l, f, "fields", whole, 1);
    CHECK(gen("oversized-element", f, &p));
    CHECK_DEF(&p, "GL_FIELDS_ALL", "1");
    f = make(&l, "oversized-element");
    finding_int(&l, f, "size", 1);
    finding_str(&l, f, "kind", "subword");
    CHECK(gen("oversized-element", f, &p));
    CHECK_DEF(&p, "GL_SUBWORD", "1");

    f = make(&l, "double-literal");
    finding_str(&l, f, "literal", "4.0");
    finding_str(&l, f, "float_operand", "t");
    finding_str(&l, f, "expression", "-(4.0)/t");
    finding_str(&l, f, "double_math_call", "exp");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "exp(-(4.0)/(x))");
    CHECK_DEF(&p, "GL_EXPR_FIXED(x)", "expf(-(4.0f)/(x))");
    CHECK_DEF(&p, "GL_EXPR_FAST(x)", "__expf(-(4.0f)/(x))");
    f = make(&l, "double-literal");
    finding_str(&l, f, "literal", "1.5");
    finding_str(&l, f, "float_operand", "in[i]");
    finding_str(&l, f, "expression", "in[i] * 1.5");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "(x) * 1.5");
    CHECK_DEF(&p, "GL_EXPR_FIXED(x)", "(x) * 1.5f");
    CHECK_DEF(&p, "GL_HAS_FAST_MATH_VARIANT", "0");
    f = make(&l, "double-literal"); /* other variables in the expression: the canonical shape */
    finding_str(&l, f, "literal", "0.5");
    finding_str(&l, f, "float_operand", "v");
    finding_str(&l, f, "expression", "v * scale * 0.5");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "(x) * 0.5");

    /* a result that feeds further double arithmetic: the whole chain on x,
     * every literal of it made float */
    f = make(&l, "double-literal");
    finding_str(&l, f, "literal", "1.");
    finding_str(&l, f, "float_operand", "expval");
    finding_str(&l, f, "expression", "expval + 1.");
    finding_bool(&l, f, "result_in_double", true);
    finding_str(&l, f, "chain", "in_diff[index] * expval / (expval + 1.)");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "(x) * (x) / ((x) + 1.)");
    CHECK_DEF(&p, "GL_EXPR_FIXED(x)", "(x) * (x) / ((x) + 1.f)");
    CHECK(strstr(p.note, "whole double chain") != NULL);
    f = make(&l, "double-literal");
    finding_str(&l, f, "literal", "0.5");
    finding_str(&l, f, "float_operand", "tanh(0.5 * in[index])");
    finding_str(&l, f, "expression", "0.5 * tanh(0.5 * in[index])");
    finding_bool(&l, f, "result_in_double", true);
    finding_str(&l, f, "chain", "0.5 * tanh(0.5 * p.in[i]) + 0.5");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "0.5 * tanh(0.5 * (x)) + 0.5");
    CHECK_DEF(&p, "GL_EXPR_FIXED(x)", "0.5f * tanhf(0.5f * (x)) + 0.5f");
    f = make(&l, "double-literal"); /* a cast in the chain: the literal's own operation */
    finding_str(&l, f, "literal", "0.1");
    finding_str(&l, f, "float_operand", "v");
    finding_str(&l, f, "expression", "v * 0.1");
    finding_bool(&l, f, "result_in_double", true);
    finding_str(&l, f, "chain", "(double)w + v * 0.1");
    CHECK(gen("double-literal", f, &p));
    CHECK_DEF(&p, "GL_EXPR_AS_WRITTEN(x)", "(x) * 0.1");

    f = make(&l, "fixed-block-16x16");
    finding_str(&l, f, "context", "row-reuse");
    CHECK(gen("fixed-block-16x16", f, &p));
    CHECK_DEF(&p, "GL_CONTEXT", "1");
    CHECK_DEF(&p, "GL_SHAPE_X", "16");

    f = make(&l, "specialize-constant");
    const long long values[] = {3, 7, 5};
    finding_int_list(&l, f, "values", values, 3);
    CHECK(gen("specialize-constant", f, &p));
    CHECK_DEF(&p, "GL_K", "7");
    CHECK_DEF(&p, "GL_HAS_LOCAL_ARRAY", "0");
    f = make(&l, "specialize-constant");
    finding_str(&l, f, "local_array", "w");
    finding_int(&l, f, "array_size", 32);
    CHECK(gen("specialize-constant", f, &p));
    CHECK_DEF(&p, "GL_K", "31");
    CHECK_DEF(&p, "GL_HAS_LOCAL_ARRAY", "1");
    CHECK_DEF(&p, "GL_MAX", "32");

    f = make(&l, "uniform-branch");
    finding_bool(&l, f, "in_loop", true);
    const char *const conditions[] = {"3 uniform conditions in the same loop"};
    finding_str_list(&l, f, "blocks_unswitching", conditions, 1);
    finding_int(&l, f, "loop_uniform_conditions", 3);
    CHECK(gen("uniform-branch", f, &p));
    CHECK_DEF(&p, "GL_CONDITIONS", "3");
    CHECK_DEF(&p, "GL_IN_LOOP", "1");
    CHECK_DEF(&p, "GL_BARRIER", "0");
    f = make(&l, "uniform-branch");
    finding_bool(&l, f, "in_loop", true);
    const char *const barrier[] = {"a barrier (__syncthreads) in the loop"};
    finding_str_list(&l, f, "blocks_unswitching", barrier, 1);
    CHECK(gen("uniform-branch", f, &p));
    CHECK_DEF(&p, "GL_BARRIER", "1");
    CHECK_DEF(&p, "GL_CONDITIONS", "1");
    f = make(&l, "uniform-branch");
    finding_bool(&l, f, "in_loop", true);
    const char *const atomics[] = {"atomics in the loop"};
    finding_str_list(&l, f, "blocks_unswitching", atomics, 1);
    CHECK(gen("uniform-branch", f, &p));
    CHECK_DEF(&p, "GL_BARRIER", "1");

    /* every rule has a generator */
    for (int i = 0; i < gpulint_nrules; i++) CHECK(gpulint_rules[i]->bench != NULL);
    /* and a well-formed interface: one check, options that fit the context
     * and are found by name */
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        CHECK((r->check_kernel != NULL) != (r->check_model != NULL));
        CHECK(r->noptions >= 0 && r->noptions <= RULE_MAX_OPTIONS);
        for (int j = 0; j < r->noptions; j++) CHECK(rule_option_index(r, r->options[j].name) == j);
    }
    CHECK(rule_option_index(rule_by_id("specialize-constant"), "max-specialized-value") == 0);
    CHECK(rule_option_index(rule_by_id("specialize-constant"), "no-such-option") == -1);
    CHECK(rule_by_id("double-literal")->fixes_are_safe);
    findings_free(&l);
    return check_summary();
}
