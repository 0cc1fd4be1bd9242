/* test_cost_model.c - the cost model: table lookup (rules/cost_model.c:
 * exact, log2 interpolation, clamping), each rule's tables and its reading
 * of the evidence (Rule.costs, Rule.predict), the dispatch, the severity
 * thresholds, finding_predict, fix safety, --min-severity's filter and
 * fingerprints. */
#include "finding/fingerprint.h"
#include "rules/cost_model.h"
#include "rules/rules.h"
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CHECK_NEAR(a, b) CHECK(fabs((a) - (b)) < 0.005)

static Finding *make(FindingList *l, const char *rule)
{
    SrcRange r = {"k.cu", 10, 5, 10, 9};
    return finding_new(l, rule, SEV_MEDIUM, r, "k", "test %s %d", rule, l->n);
}

static CostPrediction predict(const Finding *f)
{
    CostPrediction p;
    cost_predict(f, &p);
    return p;
}

static void test_lookup(void)
{
    static const CostPoint t[] = {{4, 1.0, "a"}, {16, 2.0, "b"}, {64, 4.0, "c"}};
    char basis[256];
    CHECK_NEAR(cost_table_lookup(t, 3, 16, "W", basis, sizeof basis), 2.0);
    CHECK(strcmp(basis, "b (2.00x)") == 0);
    /* log2 interpolation: W=8 lies halfway between 4 and 16 */
    CHECK_NEAR(cost_table_lookup(t, 3, 8, "W", basis, sizeof basis), 1.5);
    CHECK(strstr(basis, "interpolated at W=8 between a (1.00x) and b (2.00x)") != NULL);
    CHECK_NEAR(cost_table_lookup(t, 3, 32, "W", basis, sizeof basis), 3.0);
    /* clamped outside the measured range, and said so */
    CHECK_NEAR(cost_table_lookup(t, 3, 1024, "W", basis, sizeof basis), 4.0);
    CHECK(strstr(basis, "W=1024 is beyond the measured W=4..64") != NULL);
    CHECK_NEAR(cost_table_lookup(t, 3, 2, "W", basis, sizeof basis), 1.0);
    CHECK(strstr(basis, "W=2 is below the measured W=4..64") != NULL);
    static const CostPoint one[] = {{2, 1.31, "only"}};
    CHECK_NEAR(cost_table_lookup(one, 1, 1, "conditions", basis, sizeof basis), 1.31);
    CHECK(strstr(basis, "only conditions=2 was measured") != NULL);
}

static void test_thresholds(void)
{
    CHECK_EQ_LL(cost_severity(1.5), SEV_HIGH);
    CHECK_EQ_LL(cost_severity(1.49), SEV_MEDIUM);
    CHECK_EQ_LL(cost_severity(1.15), SEV_MEDIUM);
    CHECK_EQ_LL(cost_severity(1.14), SEV_LOW);
    CHECK_EQ_LL(cost_severity(1.05), SEV_LOW);
    CHECK_EQ_LL(cost_severity(1.04), SEV_INFO);
    CHECK_EQ_LL(cost_severity(0.55), SEV_INFO);
    Severity s;
    CHECK(severity_parse("info", &s) && s == SEV_INFO);
    CHECK(severity_parse("high", &s) && s == SEV_HIGH);
    CHECK(!severity_parse("critical", &s));
    CHECK(strcmp(severity_name(SEV_INFO), "info") == 0);
}

static void test_rules(FindingList *l)
{
    /* uncoalesced-row: 32 sectors a request read from the 32x8 point for a
     * transposed 2-D mapping, from its own 256x1 point for a lane per row */
    Finding *r = make(l, "uncoalesced-row");
    finding_str(l, r, "mapping", "transposed-2d");
    finding_int(l, r, "sectors_per_request", 32);
    finding_str(l, r, "block_shape", "32x8x1");
    CostPrediction q = predict(r);
    CHECK(q.known);
    CHECK_NEAR(q.speedup, 4.55);
    finding_str(l, r, "mapping", "lane-row");
    finding_str(l, r, "block_shape", "256x1x1");
    q = predict(r);
    CHECK(q.known);
    CHECK_NEAR(q.speedup, 8.17);
    CHECK(strstr(q.basis, "row2d-f32-256x1") != NULL);
    /* a block per column: the lane-per-row point, and no claim beside
     * global accesses the benchmark does not have */
    Finding *bc = make(l, "uncoalesced-row");
    finding_str(l, bc, "mapping", "block-column");
    finding_int(l, bc, "sectors_per_request", 32);
    finding_str(l, bc, "block_shape", "1024x1x1");
    finding_int(l, bc, "other_accesses", 0);
    q = predict(bc);
    CHECK(q.known);
    CHECK_NEAR(q.speedup, 8.17);
    CHECK(strstr(q.basis, "a block per column") != NULL);
    Finding *bc2 = make(l, "uncoalesced-row");
    finding_str(l, bc2, "mapping", "block-column");
    finding_int(l, bc2, "sectors_per_request", 32);
    finding_str(l, bc2, "block_shape", "1024x1x1");
    finding_int(l, bc2, "other_accesses", 3);
    q = predict(bc2);
    CHECK(!q.known);

    /* a runtime row width, but each thread reads 9 of its elements: W=9 */
    Finding *wk = make(l, "uncoalesced-row");
    finding_int(l, wk, "element_bytes", 4);
    finding_int(l, wk, "walk_length", 9);
    q = predict(wk);
    CHECK(q.known);
    CHECK_NEAR(q.speedup, 0.99 + (log2(9) - 3) * (1.39 - 0.99));
    CHECK(strstr(q.basis, "reads 9 elements of its row") != NULL);

    /* uncoalesced-adjacent: copy shape by K, loads flat, stores flat to K=4 */
    Finding *f = make(l, "uncoalesced-adjacent");
    finding_int(l, f, "K", 4);
    finding_int(l, f, "element_bytes", 4);
    finding_str(l, f, "access", "load");
    finding_bool(l, f, "copy_shape", true);
    CostPrediction p = predict(f);
    CHECK(p.known);
    CHECK_NEAR(p.speedup, 2.08);
    CHECK(strstr(p.basis, "adjacent-K4-copy") != NULL);
    finding_int(l, f, "K", 3); /* between K=2 (1.14) and K=4 (2.08) in log2 */
    p = predict(f);
    CHECK_NEAR(p.speedup, 1.14 + (log2(3) - 1) * (2.08 - 1.14));
    finding_int(l, f, "element_bytes", 8); /* K=2 doubles read as K=4 floats */
    finding_int(l, f, "K", 2);
    CHECK_NEAR(predict(f).speedup, 2.08);
    finding_bool(l, f, "copy_shape", false);
    finding_int(l, f, "element_bytes", 4);
    CHECK_NEAR(predict(f).speedup, 1.00);
    finding_str(l, f, "access", "store"); /* stores alone: flat to K=4, then the K=8 jump */
    finding_int(l, f, "K", 4);
    p = predict(f);
    CHECK(p.known);
    CHECK_NEAR(p.speedup, 1.00);
    CHECK(strstr(p.basis, "adjacent-K4-stores") != NULL);
    finding_int(l, f, "K", 8);
    CHECK_NEAR(predict(f).speedup, 4.85);
    finding_int(l, f, "K", 4); /* 4 halves: read as K=2 floats, the same 8 bytes per lane */
    finding_int(l, f, "element_bytes", 2);
    CHECK_NEAR(predict(f).speedup, 1.01);
    finding_int(l, f, "K", 2); /* 2 halves: 4 bytes per lane, as close as floats' */
    p = predict(f);
    CHECK(!p.known);
    CHECK(strncmp(p.basis, COST_NO_MEASUREMENT, strlen(COST_NO_MEASUREMENT)) == 0);

    /* uncoalesced-row: constant W, runtime W at the benchmarked 64 */
    f = make(l, "uncoalesced-row");
    finding_int(l, f, "element_bytes", 4);
    finding_int(l, f, "row_width_value", 16);
    CHECK_NEAR(predict(f).speedup, 1.39);
    finding_int(l, f, "row_width_value", 8);
    CHECK_NEAR(predict(f).speedup, 0.99); /* measured: a row of 8 floats is one sector */
    finding_int(l, f, "row_width_value", 11);
    CHECK_NEAR(predict(f).speedup, 0.99 + (log2(11) - 3) * (1.39 - 0.99));
    Finding *g = make(l, "uncoalesced-row");
    finding_int(l, g, "element_bytes", 4);
    finding_str(l, g, "row_width", "cols");
    p = predict(g);
    CHECK_NEAR(p.speedup, 2.76);
    CHECK(strstr(p.basis, "runtime width assumed 64") != NULL);

    /* oversized-element: struct sizes, alignment, single fields, subword */
    f = make(l, "oversized-element");
    finding_str(l, f, "kind", "struct");
    finding_int(l, f, "size", 48);
    finding_int(l, f, "alignment", 4);
    const char *whole[] = {"whole"};
    finding_str_list(l, f, "fields", whole, 1);
    CHECK_NEAR(predict(f).speedup, 2.98 + 0.585 * (4.71 - 2.98));
    finding_int(l, f, "size", 18); /* below the smallest measured 20 B: clamped */
    CHECK_NEAR(predict(f).speedup, 1.01);
    finding_int(l, f, "alignment", 8);
    CHECK(!predict(f).known);
    finding_int(l, f, "alignment", 4);
    const char *field[] = {"weight"};
    finding_str_list(l, f, "fields", field, 1);
    CHECK(!predict(f).known);
    g = make(l, "oversized-element");
    finding_str(l, g, "kind", "subword");
    finding_int(l, g, "size", 2);
    CHECK_NEAR(predict(g).speedup, 2.09); /* no share given: all the requests */
    finding_int(l, g, "size", 1);
    finding_int(l, g, "subword_share_percent", 50); /* a byte next to an int */
    CHECK_NEAR(predict(g).speedup, 1.65);
    finding_int(l, g, "subword_share_percent", 25); /* a byte beside three word streams */
    CHECK_NEAR(predict(g).speedup, 1.10);
    finding_int(l, g, "subword_share_percent", 35); /* log2-interpolated between 25% and 50% */
    CHECK_NEAR(predict(g).speedup, 1.10 + (log2(35) - log2(25)) / (log2(50) - log2(25)) * (1.65 - 1.10));
    finding_int(l, g, "subword_share_percent", 71); /* log2-interpolated toward the pure copy */
    CHECK_NEAR(predict(g).speedup, 1.65 + (log2(71) - log2(50)) / (log2(100) - log2(50)) * (3.67 - 1.65));

    /* double-literal: the expression class */
    f = make(l, "double-literal");
    finding_str(l, f, "literal", "0.5");
    finding_str(l, f, "float_operand", "v * (1.0f + tanhf(inner))");
    finding_str(l, f, "expression", "v * (1.0f + tanhf(inner)) * 0.5");
    CHECK_NEAR(predict(f).speedup, 1.00); /* one exact operation: narrowed */
    finding_bool(l, f, "result_in_double", true);
    CHECK_NEAR(predict(f).speedup, 5.77); /* a chain */
    g = make(l, "double-literal");
    finding_str(l, g, "literal", "1e-3");
    finding_str(l, g, "float_operand", "x");
    finding_str(l, g, "expression", "x + 1e-3");
    CHECK_NEAR(predict(g).speedup, 5.82); /* not exact in float */
    finding_str(l, g, "expression", "x > 1e-3");
    CHECK(!predict(g).known);
    finding_str(l, g, "double_math_call", "exp");
    CHECK_NEAR(predict(g).speedup, 3.03);
    finding_str(l, g, "double_math_call", "sin");
    CHECK(!predict(g).known);

    /* fixed-block-16x16, specialize-constant, uniform-branch */
    f = make(l, "fixed-block-16x16");
    finding_str(l, f, "context", "row-reuse");
    CHECK_NEAR(predict(f).speedup, 1.48);
    finding_str(l, f, "context", "ignores-2d");
    CHECK(!predict(f).known);
    f = make(l, "specialize-constant");
    long long v31[] = {31}, v4[] = {2, 4};
    finding_int_list(l, f, "values", v31, 1);
    finding_str(l, f, "local_array", "w");
    CHECK_NEAR(predict(f).speedup, 4.41);
    g = make(l, "specialize-constant");
    finding_int_list(l, g, "values", v4, 2);
    CHECK_NEAR(predict(g).speedup, 1.10);
    f = make(l, "uniform-branch");
    finding_bool(l, f, "in_loop", false);
    CHECK_NEAR(predict(f).speedup, 1.00);
    finding_bool(l, f, "in_loop", true);
    const char *barrier[] = {"a barrier (__syncthreads) in the loop"};
    finding_str_list(l, f, "blocks_unswitching", barrier, 1);
    CHECK_NEAR(predict(f).speedup, 1.31);
    const char *atomics[] = {"atomics in the loop"};
    finding_str_list(l, f, "blocks_unswitching", atomics, 1);
    CHECK(!predict(f).known);
}

/* A rule's tables and its predict come together (a rule not measured yet
 * has neither), and are well-formed: points in increasing x, a table
 * without a parameter is one point, and a source fits in the rule page's
 * table (rule_costs_doc shows it in backticks). */
static void test_rule_tables(void)
{
    int ntables = 0;
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        CHECK((r->predict == NULL) == (r->costs == NULL));
        CHECK(!r->costs || r->costs[0] != NULL);
        for (const CostTable *const *c = r->costs; c && *c; c++, ntables++) {
            const CostTable *t = *c;
            CHECK(t->shape && t->shape[0] && !strchr(t->shape, '|'));
            CHECK(t->npoints >= 1);
            CHECK(t->param || t->npoints == 1);
            for (int j = 0; j < t->npoints; j++) {
                const CostPoint *p = &t->points[j];
                CHECK(p->speedup > 0);
                CHECK(p->source && p->source[0] && !strpbrk(p->source, "|`"));
                if (j) CHECK(p->x > t->points[j - 1].x);
            }
        }
    }
    CHECK(ntables >= 30);
}

/* Every measured prediction names a point of its own rule's tables: a
 * table predict reads is one the rule lists (and its page shows). */
static void test_basis_names_rule_point(const FindingList *l)
{
    int known = 0;
    for (int i = 0; i < l->n; i++) {
        const Finding *f = &l->items[i];
        CostPrediction p = predict(f);
        if (!p.known) continue;
        known++;
        bool named = false;
        const Rule *r = rule_by_id(f->rule);
        for (const CostTable *const *c = r ? r->costs : NULL; c && *c && !named; c++)
            for (int j = 0; j < (*c)->npoints && !named; j++) named = strstr(p.basis, (*c)->points[j].source) != NULL;
        if (!named) fprintf(stderr, "%s: basis names no point of its rule: %s\n", f->rule, p.basis);
        CHECK(named);
    }
    CHECK(known >= 5);
}

/* A rule without measurements keeps its own severity, and says why. */
static void test_dispatch(FindingList *l)
{
    Finding *f = make(l, "no-such-rule");
    CostPrediction p = predict(f);
    CHECK(!p.known);
    CHECK(strcmp(p.basis, COST_NO_MEASUREMENT " (rule no-such-rule has no measurements)") == 0);
}

/* Fix safety has one source, the rule's fixes_are_safe. */
static void test_fix_safety(void)
{
    CHECK(rule_fixes_are_safe("double-literal"));
    CHECK(!rule_fixes_are_safe("uncoalesced-row"));
    CHECK(!rule_fixes_are_safe("no-such-rule"));
    CHECK(!rule_fixes_are_safe(NULL));
    for (int i = 0; i < gpulint_nrules; i++)
        CHECK(rule_fixes_are_safe(gpulint_rules[i]->id) == gpulint_rules[i]->fixes_are_safe);
}

/* finding_predict: severity from the prediction, the rule's own when none
 * applies, and assumed benchmark parameters as evidence. */
static void test_finding_predict(FindingList *l)
{
    Finding *f = make(l, "uniform-branch");
    finding_bool(l, f, "in_loop", false);
    finding_predict(l, f);
    CHECK(f->predicted.present && f->predicted.known);
    CHECK_EQ_LL(f->severity, SEV_INFO);
    CHECK(strcmp(f->predicted.gpu, COST_MODEL_GPU) == 0);
    Finding *g = make(l, "fixed-block-16x16");
    finding_str(l, g, "context", "other");
    finding_predict(l, g);
    CHECK(g->predicted.present && !g->predicted.known);
    CHECK_EQ_LL(g->severity, SEV_MEDIUM); /* as the rule made it */
    Finding *r = make(l, "uncoalesced-row");
    finding_int(l, r, "element_bytes", 4);
    finding_str(l, r, "row_width", "cols");
    finding_predict(l, r);
    CHECK_EQ_LL(r->severity, SEV_HIGH);
    CHECK(strcmp(evidence_str(r, "bench_assumed", ""), "W=64 (runtime row width 'cols')") == 0);
    finding_predict(l, NULL); /* a duplicate finding_new returned */
}

static void test_min_severity(void)
{
    FindingList l;
    findings_init(&l);
    Severity sev[] = {SEV_INFO, SEV_LOW, SEV_MEDIUM, SEV_HIGH, SEV_INFO};
    for (int i = 0; i < 5; i++) make(&l, "uniform-branch")->severity = sev[i];
    CHECK(!finding_passes_min_severity(&l.items[0], SEV_LOW));
    CHECK(finding_passes_min_severity(&l.items[0], SEV_INFO));
    CHECK(finding_passes_min_severity(&l.items[3], SEV_HIGH));
    CHECK_EQ_LL(findings_filter_min_severity(&l, SEV_MEDIUM), 3);
    CHECK_EQ_LL(l.n, 2);
    CHECK_EQ_LL(l.items[0].severity, SEV_MEDIUM);
    CHECK_EQ_LL(l.items[1].severity, SEV_HIGH);
    findings_free(&l);
}


int main(void)
{
    FindingList l;
    findings_init(&l);
    test_lookup();
    test_thresholds();
    test_rules(&l);
    test_rule_tables();
    test_basis_names_rule_point(&l);
    test_dispatch(&l);
    test_fix_safety();
    test_finding_predict(&l);
    test_min_severity();
    findings_free(&l);
    return check_summary();
}
