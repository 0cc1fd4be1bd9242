/* uniform_branch.c - if/switch in a kernel whose condition depends only on
 * launch-time values (parameters, __constant__ data, null tests of pointer
 * parameters).  Often free (nvcc unswitches simple cases; a select or an
 * error path costs nothing), costly when it cannot be hoisted.  See
 * docs/rules/uniform-branch.md. */
#include "rules.h"

#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "uniform-branch"

static bool is_uniform(const Branch *b)
{
    if (b->constant || b->is_constexpr) return false;
    unsigned d = b->cond.deps;
    if (d & (DEP_THREAD | DEP_BLOCK | DEP_LOOP | DEP_DATA | DEP_TEMPLATE | DEP_UNKNOWN)) return false;
    return (d & (DEP_PARAM | DEP_CONSTMEM)) != 0;
}

/* A uniform branch worth a finding: not a value select (a `?:`, or an `if`
 * whose paths only assign one register), not a path that only reports an
 * error (printf, assert, trap), not an empty or macro-empty body.  These
 * compile to a select or to code that never runs in a correct launch. */
static bool reportable(const Branch *b)
{
    return is_uniform(b) && b->kind != BRANCH_CONDITIONAL && b->body == BODY_WORK;
}

static bool same_place(const Branch *a, const Branch *b)
{
    return a->range.line == b->range.line && a->range.col == b->range.col;
}

/* A grid-stride loop (`for (i = tid; i < n; i += blockDim.x * gridDim.x)`):
 * each thread runs it for a few elements, so a branch directly in its body
 * is evaluated once per element, as outside a loop. */
static bool grid_stride(const Loop *L)
{
    for (int s = SYM_GDIM_X; s <= SYM_GDIM_Z; s++)
        if (aff_mentions(&L->step, s)) return true;
    return (L->step.deps & DEP_DIM) && (L->init.deps & DEP_THREAD);
}

/* Does loop `li` hold another loop?  Then each iteration does far more work
 * than the heaviest measured body (16 multiply-adds), and a branch is a small
 * share of it. */
static bool holds_inner_loop(const Kernel *k, int li)
{
    for (int i = 0; i < k->nloops; i++)
        for (int p = k->loops[i].parent; p >= 0; p = k->loops[p].parent)
            if (p == li) return true;
    return false;
}

static const char *kind_word(BranchKind k)
{
    return k == BRANCH_IF ? "if" : k == BRANCH_SWITCH ? "switch" : "?:";
}

/* Why a loop's uniform branch cannot be unswitched.  The benchmark generator
 * compares list items with these, so they are the one spelling. */
static const char BLOCKER_BARRIER[] = "a barrier (__syncthreads) in the loop";
static const char BLOCKER_ATOMICS[] = "atomics in the loop";

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    int total = 0;
    for (int i = 0; i < k->nbranches; i++) {
        bool dup = false;
        for (int j = 0; j < i && !dup; j++) dup = same_place(&k->branches[j], &k->branches[i]);
        if (!dup && reportable(&k->branches[i])) total++;
    }
    for (int i = 0; i < k->nbranches; i++) {
        const Branch *b = &k->branches[i];
        if (!reportable(b)) continue;
        bool gs = b->loop >= 0 && grid_stride(&k->loops[b->loop]);
        bool looped = b->loop >= 0 && !gs; /* evaluated per iteration of a loop of the thread's own */
        int in_same_loop = 0;
        if (b->loop >= 0)
            for (int j = 0; j < k->nbranches; j++) {
                bool dup = false;
                for (int q = 0; q < j && !dup; q++) dup = same_place(&k->branches[q], &k->branches[j]);
                if (!dup && k->branches[j].loop == b->loop && reportable(&k->branches[j])) in_same_loop++;
            }
        /* The first blocker that applies (JSON v1 shows one; the list leaves
         * room for all of them). */
        const char *blocks[1];
        int nblocks = 0;
        char conditions[64];
        if (looped) {
            const Loop *L = &k->loops[b->loop];
            if (L->has_barrier) blocks[nblocks++] = BLOCKER_BARRIER;
            else if (L->has_atomic) blocks[nblocks++] = BLOCKER_ATOMICS;
            else if (in_same_loop >= 2) {
                snprintf(conditions, sizeof conditions, "%d uniform conditions in the same loop", in_same_loop);
                blocks[nblocks++] = conditions;
            }
        }
        bool heavy = nblocks && holds_inner_loop(k, b->loop);
        /* With an inner loop each iteration is many times the heaviest
         * measured body (16 multiply-adds: 1.19x, against 1.31x for a light
         * one): the gain extrapolates below 1.05x, info. */
        Severity sev = heavy ? SEV_INFO : nblocks ? SEV_MEDIUM : SEV_LOW;
        const char *names = b->symbols && b->symbols[0] ? b->symbols : b->cond_text;
        const char *plural = strchr(b->symbols ? b->symbols : "", ',') ? "s" : "";
        Finding *f;
        if (looped)
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s' inside a loop: the outcome is the same for every thread and iteration%s%s",
                            kind_word(b->kind), plural, names, nblocks ? "; the compiler cannot hoist it: " : "",
                            !nblocks ? "; nvcc usually unswitches a loop like this itself"
                            : heavy  ? arena_printf(&out->arena, "%s, but the loop also runs an inner loop, so the branch is a small share of each iteration", blocks[0])
                                     : blocks[0]);
        else if (gs)
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s' in a grid-stride loop: evaluated once per element, like a branch outside loops",
                            kind_word(b->kind), plural, names);
        else
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s': the outcome is known at launch", kind_word(b->kind), plural,
                            names);
        if (!f) continue;
        finding_str(out, f, "condition", b->cond_text);
        finding_str(out, f, "symbols", b->symbols ? b->symbols : "");
        finding_bool(out, f, "in_loop", b->loop >= 0);
        if (gs) finding_bool(out, f, "grid_stride_loop", true);
        finding_int(out, f, "loop_depth", b->loop_depth);
        finding_int(out, f, "uniform_branches", total);
        if (nblocks) finding_str_list(out, f, "blocks_unswitching", blocks, nblocks);
        if (b->loop >= 0) finding_int(out, f, "loop_uniform_conditions", in_same_loop);
        if (heavy) finding_bool(out, f, "inner_loop", true);
        finding_predict(out, f);
        if (b->loop >= 0) finding_related(out, f, k->loops[b->loop].header, gs ? "the grid-stride loop" : "the enclosing loop");
        add_call_site(out, f, b->call_depth, b->call_site);
        const GpuLanguage *lang = model_language(m);
        const char *unswitched = looped && !nblocks
                                     ? arena_printf(&out->arena, "; %s a simple case like this by itself, so measure (gpulint --emit-bench%s) before changing it",
                                                    lang->idiom.compiler_unswitches, lang->idiom.bench_caveat)
                                     : "";
        finding_fix(out, f, "make the condition %s and choose %s on the host%s", lang->idiom.compile_time_condition,
                    lang->word.specialized_code, unswitched);
    }
}

/* Runtime flags vs template<bool...> with the finding's structure. */
static bool bench(const Finding *f, BenchParams *p)
{
    int conditions = (int)evidence_int(f, "loop_uniform_conditions", 1);
    if (conditions < 1) conditions = 1;
    if (conditions > 4) conditions = 4;
    bench_def(p, "GL_CONDITIONS", "%d", conditions);
    bench_def(p, "GL_IN_LOOP", "%d", evidence_int(f, "in_loop", 0) && !evidence_int(f, "grid_stride_loop", 0) ? 1 : 0);
    bool blocked = evidence_has_str(f, "blocks_unswitching", BLOCKER_BARRIER) ||
                   evidence_has_str(f, "blocks_unswitching", BLOCKER_ATOMICS);
    bench_def(p, "GL_BARRIER", "%d", blocked ? 1 : 0);
    bench_def(p, "GL_HEAVY_BODY", "0");
    /* what the template stands in for: say it where the result is read */
    bool in_loop = evidence_int(f, "in_loop", 0) && !evidence_int(f, "grid_stride_loop", 0);
    bool atomics = !evidence_has_str(f, "blocks_unswitching", BLOCKER_BARRIER) &&
                   evidence_has_str(f, "blocks_unswitching", BLOCKER_ATOMICS);
    if (in_loop)
        snprintf(p->assumed, sizeof p->assumed, "a loop of 1024 iterations per thread%s",
                 atomics ? "; the atomics in it benchmarked as a barrier (__syncthreads) per iteration" : "");
    if (p->assumed[0]) snprintf(p->note, sizeof p->note, "assumed: %s", p->assumed);
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* Runtime flags against template<bool...>, by where the branch is. */
static const CostTable OUTSIDE_LOOP = {"outside loops (`in_loop=false`), and directly in a grid-stride loop "
                                       "(`grid_stride_loop=true`)", NULL,
                                       COST_POINTS({1, 1.00, "examples/activations.cu:56 (outside a loop)"})};
static const CostTable UNSWITCHED = {"one uniform branch in a simple loop", NULL,
                                     COST_POINTS({1, 1.00, "branch-simple (nvcc unswitches the loop)"})};
static const CostTable BARRIER = {"in a loop with a barrier (`blocks_unswitching` names `__syncthreads`), light body",
                                  "conditions",
                                  COST_POINTS({2, 1.31, "branch-barrier-light"})};
/* Two uniform conditions in a loop with neither barrier nor inner loop: the
 * emitted benchmarks of two corpus findings of this shape (CONDITIONS=2,
 * IN_LOOP=1, BARRIER=0) measured 1.00x on the H100 in two runs
 * (docs/measured/README.md). */
static const CostTable CONDITIONS = {"several uniform conditions in a loop without a barrier (`loop_uniform_conditions`)",
                                     "conditions",
                                     COST_POINTS({2, 1.00, "2 uniform conditions in a loop, no barrier (corpus benchmarks)"})};
static const CostTable *const costs[] = {&OUTSIDE_LOOP, &UNSWITCHED, &BARRIER, &CONDITIONS, NULL};

static void predict(const Finding *f, CostPrediction *out)
{
    const Evidence *blocks = finding_evidence(f, "blocks_unswitching");
    long long conditions = evidence_int(f, "loop_uniform_conditions", 1);
    char what[128] = "";
    if (blocks) evidence_format(blocks, what, sizeof what);
    if (!evidence_int(f, "in_loop", 0))
        cost_predict_from(out, &OUTSIDE_LOOP, 1, "a branch outside loops");
    else if (evidence_int(f, "grid_stride_loop", 0))
        cost_predict_from(out, &OUTSIDE_LOOP, 1, "a branch in a grid-stride loop (once per element, as outside loops)");
    else if (!blocks)
        cost_predict_from(out, &UNSWITCHED, 1, "one uniform branch in a simple loop");
    else if (evidence_int(f, "inner_loop", 0))
        cost_no_measurement(out, "blocked by %s, in a loop that also runs an inner loop: heavier than the heaviest measured body, "
                                 "branch-barrier-heavy (1.19x, 1.31x with a light body): extrapolated below 1.05x", what);
    else if (strstr(what, "barrier"))
        cost_predict_from(out, &BARRIER, (double)conditions, "%lld uniform condition%s in a loop with a barrier", conditions,
                          conditions == 1 ? "" : "s");
    else if (strstr(what, "uniform condition"))
        cost_predict_from(out, &CONDITIONS, (double)conditions, "%lld uniform conditions in a loop without a barrier", conditions);
    else
        cost_no_measurement(out, "blocked by %s", what);
}

const Rule rule_uniform_branch = {
    .id = RULE_ID,
    .summary = "a branch in a kernel whose condition is known at launch (parameters, __constant__ data)",
    .opencl = "branches on kernel arguments and __constant data; the fix is a -D build flag or a separate kernel per case",
    .default_severity = SEV_LOW,
    .check_kernel = check_kernel,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
